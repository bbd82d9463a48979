"""A bot's look at a day in space under 《専門設計図》: the best assignment of the waiting guests
to the ship's segments. At most 3 guests and 4 segments, so every order is tried (the pure
rules of engine/modules/specialised_blueprints/rules.py, on no copy of the game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.modules.specialised_blueprints import play
from engine.modules.specialised_blueprints import rules as sb
from engine.modules.specialised_blueprints.commands import PlaceGuest
from engine.modules.specialised_blueprints.decisions import VisitBuild, VisitSegment
from engine.rules import ships

if TYPE_CHECKING:
    from engine.ctx import Ctx
    from engine.state import Player

Price = Callable[[sb.Visit], float]  # what one guest's visit is worth to the bot, in VP


def best(ctx: Ctx, dec: VisitSegment, price: Price) -> tuple[float, PlaceGuest | None]:
    """The most the rest of this day in space can bring, and the placement that starts it."""
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    bps = play.segments(ctx, ship)
    extra, times = play.extra(ctx, p), play.times(ctx, p)
    tokens = ctx.c.guest_tokens
    memo: dict[tuple[tuple[str, ...], tuple[int, ...]], float] = {}

    def rest(waiting: list[str], used: list[int]) -> float:
        key = (tuple(sorted(waiting)), tuple(sorted(used)))
        if not waiting:
            return 0.0
        if key not in memo:
            memo[key] = max(_one(waiting, used, c, i)[0]
                            for c, i in sb.choices(bps, waiting, used, extra))
        return memo[key]

    def _one(waiting: list[str], used: list[int], colour: str, at: int
             ) -> tuple[float, None]:
        visit, w, u = sb.place(bps, ship.guests, waiting, used, colour, at, tokens, extra,
                               times)
        return price(visit) + rest(w, u), None

    top, first = float("-inf"), None
    for c, i in sb.choices(bps, dec.waiting, dec.used, extra):
        v = _one(dec.waiting, dec.used, c, i)[0]
        if v > top:
            top, first = v, PlaceGuest(c, i)
    return (0.0, None) if first is None else (top, first)


def can_build(ctx: Ctx, p: Player) -> bool:
    """Whether a segment's build could be carried out now (a ship at home, a blueprint paid)."""
    probe = VisitBuild(p.seat, action="build_segments", granted=True)
    return bool(ships.segment_options(ctx, p, probe))

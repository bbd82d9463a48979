"""Rachel's phase 1 (航行) and her final-round move (最終ラウンド).

Days in space: 1 reputation per guest. Destinations: the token on the engine goes to the
leftmost empty upgrade space of that colour for 1 VP and no effect (a full colour passes it on
to the cruise's next destination, or it is discarded), then every guest scores VP, with no ads
paid or gained. The return is everyone's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.rules import travel
from engine.rules.economy import gain_reputation
from engine.rules.rachel import bonus, deck
from engine.state import Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

TOKEN_VP = 1


def _say(ctx: Ctx, p: Player, text: str) -> None:
    ctx.log("rachel", p.seat, text)


def open_space(ctx: Ctx, colour: str) -> str | None:
    """The leftmost upgrade space of that colour her tokens have not covered."""
    taken = deck.rs(ctx).upgrades
    spaces = sorted((u for u in ctx.c.upgrades if u.colour == colour), key=lambda u: u.index)
    return next((u.id for u in spaces if u.id not in taken), None)


def upgrades_of(ctx: Ctx, colour: str) -> int:
    return sum(1 for u in deck.rs(ctx).upgrades if ctx.c.upgrade(u).colour == colour)


def _later_space(ctx: Ctx, ship: Ship) -> bool:
    assert ship.cruise is not None
    later = ctx.c.cruise_tile(ship.cruise).destinations_after(ship.stop)
    return any(open_space(ctx, s) for s in later)


def travel_all(ctx: Ctx, p: Player) -> None:
    for i, ship in enumerate(p.ships):
        if ship.cruise is not None:
            move(ctx, p, i)


def move(ctx: Ctx, p: Player, i: int, to: int | None = None) -> None:
    ship = p.ships[i]
    stop = travel.advance(ctx, ship, to)
    if stop == "return":
        travel.come_home(ctx, p, ship)  # the pilot's funding bonus comes to her as VP
    elif stop == "space":
        n = len(ship.guests)
        gain_reputation(ctx, p, n)
        _say(ctx, p, f"Rachel's ship {i + 1} has a day in space: +{n} reputation "
             f"({n} guest{'s' if n != 1 else ''}).")
    else:
        destination(ctx, p, i, stop)


def destination(ctx: Ctx, p: Player, i: int, colour: str) -> None:
    ship = p.ships[i]
    if ship.token:
        space = open_space(ctx, colour)
        if space is not None:
            deck.rs(ctx).upgrades.append(space)
            ship.token = None
            p.vp += TOKEN_VP
            _say(ctx, p, f"Rachel places her upgrade token on her {names.colour_name(colour)} "
                 f"upgrade space {ctx.c.upgrade(space).index}: +{TOKEN_VP} VP (no effect for "
                 "her).")
        elif not _later_space(ctx, ship):
            ship.token = None
            _say(ctx, p, f"Her {names.colour_name(colour)} upgrade spaces are full and no "
                 "later destination has room: Rachel discards the upgrade token.")
    each = travel.TOUR_VP + upgrades_of(ctx, colour)
    n = len(ship.guests)
    p.vp += n * each
    p.guests_toured += n
    _say(ctx, p, f"Rachel's ship {i + 1} reaches {names.destination(colour)}: {n} guest"
         f"{'s' if n != 1 else ''} x {each} VP = {n * each} VP.")


def stop_vp(ctx: Ctx, p: Player, ship: Ship, k: int) -> int:
    """The VP she would score by moving this ship straight to stop k."""
    assert ship.cruise is not None
    stop = ctx.c.cruise_tile(ship.cruise).stops[k]
    if stop == "return":
        extra = deck.row(ctx, deck.EXPERT).expert_funding if ship.pilot not in (None, "worker") \
            else 0
        return (1 + extra) * bonus.funding_vp(p) if ship.pilot else 0
    if stop == "space":
        return 0
    placed = 1 if ship.token and open_space(ctx, stop) else 0
    return TOKEN_VP * placed + len(ship.guests) * (travel.TOUR_VP + upgrades_of(ctx, stop)
                                                   + placed)


def final_travel(ctx: Ctx, seat: int) -> None:
    """Each ship in flight goes to the later stop that scores her the most (the first of
    equals)."""
    p = ctx.player(seat)
    for i, ship in enumerate(p.ships):
        if ship.cruise is None or ship.final_moved:
            continue
        stops = range(ship.stop + 1, len(ctx.c.cruise_tile(ship.cruise).stops))
        best = max(stops, key=lambda k: (stop_vp(ctx, p, ship, k), -k))
        ship.final_moved = True
        _say(ctx, p, f"Final round: Rachel's ship {i + 1} moves to its stop {best + 1}, the one "
             "worth the most VP to her.")
        move(ctx, p, i, to=best)

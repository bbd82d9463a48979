"""『技術革新』's other contents in play: the upgrade tokens in the bottom launch-tower places
(which places: GameOptions.tower_replace; 『快適空間』's tokens too), and what each does when
flipped for a cruise. Its agenda cards, experts, cockpit and engine use kinds the base rules
already carry out."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from engine.describe import gain_text
from engine.modules.advancements import tower
from engine.modules.advancements.decisions import PrefabSegment
from engine.rules import ships
from engine.rules.gains import apply_gain
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


@functools.cache
def _own_tokens(module: str) -> tuple[str, ...]:
    """The token ids of one expansion's tower_tokens.toml (both may be in the data set)."""
    from engine.modules.expansion_data import load_file

    return tuple(t.id for t in load_file(module, "tower_tokens.toml").token)  # type: ignore[attr-defined]


def bottom_tokens(ctx: Ctx, p: Player) -> list[str]:
    """The 4 bottom tokens of a player: each expansion's upgrade tokens in the places
    GameOptions.tower_replace gives it (tower.places; both expansions share this hook, whichever
    is in play); Rachel keeps the base ones (the book). A token the data set lacks (a game saved
    before 快適空間's tokens were wired) leaves its places as they were."""
    if p.kind == RACHEL:
        return list(tower.BASE_BOTTOM)
    present = {t.id for t in ctx.c.tower_tokens}
    out = list(tower.BASE_BOTTOM)
    for module, where in tower.places(ctx.s.options.tower_replace,
                                      ctx.s.options.modules).items():
        ids = [t for t in _own_tokens(module) if t in present]
        if ids:
            for place, token in zip(sorted(where), ids, strict=True):
                out[place] = token
    return out


def label(ctx: Ctx, tid: str) -> str:
    t = ctx.c.tower_token(tid)
    if t.effect.kind == "gain":
        return f"{t.name}: {gain_text(t.effect.gain)}"
    return f"{t.name}: a segment at {t.effect.amount} money off"


def short(ctx: Ctx, tid: str) -> str:
    t = ctx.c.tower_token(tid)
    if t.effect.kind == "gain":
        g = t.effect.gain
        return "+".join(f"{v}{k}" for k, v in (("$", g.money), ("ad", g.ads), ("VP", g.vp),
                                                ("rep", g.reputation), ("card", g.agenda))
                        if v) or t.name[:5]
    return f"seg-{t.effect.amount}"


def flip(ctx: Ctx, p: Player, tid: str) -> None:
    t = ctx.c.tower_token(tid)
    if t.effect.kind == "gain":
        apply_gain(ctx, p, t.effect.gain, f"the {t.name} token")
    else:  # segment_token
        ctx.push(PrefabSegment(p.seat, action="build_segments", granted=True,
                               off=t.effect.amount))


def possible(ctx: Ctx, p: Player, tid: str) -> bool:
    t = ctx.c.tower_token(tid)
    if t.effect.kind == "gain":
        return True
    probe = PrefabSegment(p.seat, action="build_segments", granted=True, off=t.effect.amount)
    return bool(ships.segment_options(ctx, p, probe))

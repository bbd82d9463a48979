"""『技術革新』's other contents in play: the upgrade tokens in the bottom launch-tower places
(which places: GameOptions.tower_replace), and what each does when flipped for a cruise. Its
agenda cards, experts, cockpit and engine use kinds the base rules already carry out."""

from __future__ import annotations

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


def replaced(ctx: Ctx) -> tuple[int, ...]:
    return ctx.s.options.tower_replace or tower.DEFAULT_REPLACED


def bottom_tokens(ctx: Ctx, p: Player) -> list[str]:
    """The 4 bottom tokens of a player; Rachel keeps the base ones (the book)."""
    return tower.tower_bottom(replaced(ctx), [t.id for t in ctx.c.tower_tokens],
                              rachel=p.kind == RACHEL)


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
                                                ("rep", g.reputation)) if v) or t.name[:5]
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

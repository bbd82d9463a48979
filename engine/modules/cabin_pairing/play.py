"""《客室斡旋》 in play: where a paired segment may be built, a ship's cabins from its halves,
and Perfect Fit's discount; Rachel ignores pairing (the book). The arithmetic is in rules.py.
《専門設計図》's segments are built by this rule too: that module's `extend` installs these same
functions (each reads a blueprint's half cabin through `Components.cabin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.modules.cabin_pairing import rules
from engine.rules import modifiers
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx


def halves(ctx: Ctx, ship: Ship) -> tuple[str | None, list[str]]:
    """The cockpit's half (None for most) and each segment's, cockpit side first."""
    segs = [ctx.c.cabin(b) for b in ship.segments]
    return ctx.c.cockpit_cabin(ship.cockpit), [h for h in segs if h is not None]


def blueprint_of(ctx: Ctx, bp: str) -> str | None:
    if bp.startswith("display:"):
        return ctx.s.board.blueprint_display[int(bp.split(":")[1])]
    return bp


def spots(ctx: Ctx, p: Player, ship: Ship, bp: str) -> list[int]:
    if p.kind == RACHEL:
        return [-1]
    real = blueprint_of(ctx, bp)
    new = ctx.c.cabin(real) if real else None
    if new is None:  # a base blueprint (a data set without the module's): no pairing
        return [-1]
    cockpit, segs = halves(ctx, ship)
    return rules.build_spots(cockpit, segs, new)


def cabins(ctx: Ctx, p: Player, ship: Ship) -> int:
    cockpit, segs = halves(ctx, ship)
    return rules.ship_cabins(cockpit, segs, paired=p.kind != RACHEL)


def off(ctx: Ctx, p: Player, ship: Ship, bp: str, at: int) -> int:
    """Perfect Fit (adv03, played for this Build Ship Segments): money off a segment that
    completes two cabins at once."""
    if at < 0 or p.kind == RACHEL:
        return 0
    amount = modifiers.amount(ctx, p, "pairing_discount")
    new = ctx.c.cabin(bp)
    if not amount or new is None:
        return 0
    cockpit, segs = halves(ctx, ship)
    return amount if rules.cabins_completed(cockpit, segs, new, at) == 2 else 0

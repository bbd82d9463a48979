"""The blueprint display: the setup pick, Acquire Blueprints, slide and refill (製図)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command, SetupBlueprint
from engine.decisions import StartingBlueprint

if TYPE_CHECKING:
    from engine.ctx import Ctx

HOLD_LIMIT = 5


def slide_and_refill(ctx: Ctx) -> None:
    """Slide the display down (slot 0 is the bottom), then refill bottom to top from the tray."""
    b = ctx.s.board
    kept = [x for x in b.blueprint_display if x]
    while len(kept) < len(b.blueprint_display) and b.blueprint_deck:
        kept.append(b.blueprint_deck.pop(0))
    b.blueprint_display = kept + [None] * (len(b.blueprint_display) - len(kept))


def options(ctx: Ctx, dec: StartingBlueprint) -> list[Command]:
    return [SetupBlueprint(i) for i, x in enumerate(ctx.s.board.blueprint_display) if x]


def take(ctx: Ctx, seat: int, slot: int) -> str:
    b = ctx.s.board
    bp = b.blueprint_display[slot]
    assert bp is not None
    b.blueprint_display[slot] = None
    p = ctx.player(seat)
    p.blueprints.append(bp)
    ctx.log("blueprint", seat, f"{p.name} takes the {ctx.c.blueprint(bp).name} blueprint.")
    return bp


def apply(ctx: Ctx, dec: StartingBlueprint, cmd: SetupBlueprint) -> None:
    take(ctx, dec.seat, cmd.slot)

"""Technologies: permanent effects, free to their developers and by fee to others (技術)."""

from __future__ import annotations

from engine.ctx import Ctx
from engine.rules import network
from engine.state import Player


def invented(ctx: Ctx) -> list[tuple[int, str]]:
    b = ctx.s.board
    return [(i, t) for i, t in enumerate(b.technologies) if b.tech_owners[i]]


def usable_free(ctx: Ctx, p: Player, kind: str) -> bool:
    """A technology of this kind the player can use at no cost (own development under it)."""
    b = ctx.s.board
    for i, t in invented(ctx):
        if ctx.c.technology(t).effect.kind == kind and p.seat in b.tech_owners[i]:
            return True
    return False


def tech_amount(ctx: Ctx, p: Player, kind: str) -> int:
    """The effect amount when the player may use it now without paying (developers, or paid)."""
    b = ctx.s.board
    for i, t in invented(ctx):
        eff = ctx.c.technology(t).effect
        if eff.kind == kind and not network.unpaid_owners(ctx, p.seat, b.tech_owners[i]):
            return eff.amount
    return 0


def segment_discount(ctx: Ctx, p: Player) -> int:
    return tech_amount(ctx, p, "segment_discount")

"""Technologies: permanent effects, free to their developers and by fee to others (技術)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.places import technology_place, unpaid_owners
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def invented(ctx: Ctx) -> list[tuple[int, str]]:
    b = ctx.s.board
    return [(i, t) for i, t in enumerate(b.technologies) if b.tech_owners[i]]


def usable(ctx: Ctx, p: Player, slot: int) -> bool:
    """Developers use it free; others once they have paid for it this turn (`slot` from 0)."""
    owners = ctx.s.board.tech_owners[slot]
    return bool(owners) and not unpaid_owners(
        ctx, p.seat, technology_place(slot + 1), owners)


def tech_amount(ctx: Ctx, p: Player, kind: str, flag: bool = False) -> int:
    # Cheapest tests first (invented, then the kind, then fees): a hot path of legal().
    if kind not in ctx.c.technology_kinds:
        return 0
    total = 0
    b = ctx.s.board
    owners = b.tech_owners
    by_id = ctx.c.technology
    for i, t in enumerate(b.technologies):
        if not owners[i]:
            continue
        eff = by_id(t).effect
        if eff.kind == kind and usable(ctx, p, i):
            total += eff.amount if not flag else 1
    return total

"""What the bots see in the technology tracks: a developer of a technology gains as its
marker moves (the fee others pay grows by each money icon passed, and the last space enhances
the effect its developers use), so using one's own technology, or Prototype Run on it, shows
as a gain and not only as its immediate effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.modules.advanced_technologies import rules
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

ENHANCED = 2.0  # an enhanced technology for its developer, early in a game
FEE = 0.5  # each money icon passed: about one more fee paid to each developer


def value(ctx: Ctx, p: Player, late: float) -> float:
    b = ctx.s.board
    if not b.tech_markers or late >= 1:
        return 0.0
    total = 0.0
    for slot, owners in enumerate(b.tech_owners):
        if p.seat not in owners:
            continue
        tech = ctx.c.advanced(b.technologies[slot])
        if tech is None:
            continue
        marker = b.tech_markers[slot]
        total += ENHANCED * marker / max(1, rules.last(tech))
        total += FEE * rules.surcharge(tech, marker)
    return total * (1 - late)

"""Whether a piece may bump its owner's own piece: a question placement and the NPC both ask."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import expert_abilities, upgrades
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def may_bump_own(ctx: Ctx, p: Player, piece: str) -> bool:
    """An upgrade lets any piece bump its owner's; the expert tile only experts."""
    if p.kind == RACHEL:
        return False  # no upgrade or expert ability works for Rachel
    if upgrades.has_effect(ctx, p, "bump_own"):
        return True
    return piece != "worker" and expert_abilities.ability(ctx) == "bump_own"

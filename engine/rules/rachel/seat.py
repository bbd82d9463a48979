"""Rachel's seat: the rules that differ for her, gathered for `engine.registry` (her turn,
funding bonuses taken at once, her final scoring, her final moves and goals)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.rachel import KIND, bonus, goals, travel
from engine.rules.rachel import scoring as own_scoring
from engine.rules.rachel import turn as own_turn

if TYPE_CHECKING:
    from engine.ctx import Ctx

turn = own_turn.step
funding = bonus.grant
scoring = own_scoring.adjust
final_travel = travel.final_travel


def goals_at_end(ctx: Ctx, seat: int) -> None:
    goals.check(ctx, ctx.player(seat))


__all__ = ["KIND", "final_travel", "funding", "goals_at_end", "scoring", "turn"]

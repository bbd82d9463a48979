"""Where Rachel plugs into the shared turn machine and rules: registries keyed by her seat
kind, filled once when `engine.flow` imports this module."""

from __future__ import annotations

from engine.ctx import Ctx
from engine.rules import endgame, funding, scoring
from engine.rules.rachel import KIND, bonus, goals, travel, turn
from engine.rules.rachel import scoring as own_scoring

step = turn.step


def _goals(ctx: Ctx, seat: int) -> None:
    goals.check(ctx, ctx.player(seat))


funding.AUTO_FUNDING[KIND] = bonus.grant
scoring.OWN_SCORING[KIND] = own_scoring.adjust
endgame.BOT_FINAL_TRAVEL[KIND] = travel.final_travel
endgame.BOT_GOALS[KIND] = _goals

__all__ = ["KIND", "step"]

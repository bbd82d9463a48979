"""Rachel's phase 3 (経営目標を達成): three fixed goals with targets by difficulty.

Her goal 1, 2, 3 stand for your left, middle and right goal: achieving one takes that cube to
the progress track and moves that goal's tracker to the top. Yours never make hers harder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import progress
from engine.rules.goals import TOP
from engine.rules.rachel import deck
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

NAMES = ("developments placed", "segments built", "ships launched")


def counts(p: Player) -> tuple[int, int, int]:
    return (p.developments_placed, sum(len(s.segments) for s in p.ships),
            sum(1 for s in p.ships if s.launched_once))


def check(ctx: Ctx, p: Player) -> None:
    """Every goal she meets is achieved. The player's phase 3 achieves one (1手番で複数個の達成は
    できません), but hers reads 「経営目標を1つでも達成していた場合、対応する進行キューブを…配置」:
    "if she has achieved even one", worded for several at once (re-read in stop 57's audit,
    where 3 of 30 random games at normal met two in one turn)."""
    b = ctx.s.board
    for j, (have, need) in enumerate(zip(counts(p), deck.targets(ctx), strict=True)):
        if not p.goal_cubes[j] or have < need:
            continue
        p.goal_cubes[j] = False
        p.goals_done.append(j)
        b.goal_achievers[j] += 1
        ctx.log("goal", p.seat, f"Rachel achieves her goal {j + 1} ({need} {NAMES[j]}): "
                "a wing shows.")
        progress.place_cube(ctx, p.seat, "company goal")
        if b.goal_trackers[j] < TOP:
            b.goal_trackers[j] = TOP
            goal = ctx.c.goal_tile(b.goal_tile).goals[j]
            ctx.log("goal", -1, f"'{goal.name}' moves to the top: it now needs "
                    f"{goal.thresholds[TOP]}.")

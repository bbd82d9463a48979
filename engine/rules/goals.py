"""Phase 3, company goals: at most one per turn, each once per player (経営目標の達成)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import AchieveGoal, Command, Done
from engine.decisions import GoalChoice
from engine.rules import modifiers, progress
from engine.rules.metrics import metric
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

TOP = 3


def threshold(ctx: Ctx, goal: int) -> int:
    b = ctx.s.board
    g = ctx.c.goal_tile(b.goal_tile).goals[goal]
    # 4 players: the third and later achievers of a goal need its top threshold.
    if len(ctx.s.players) == 4 and b.goal_achievers[goal] >= 2:
        return g.thresholds[TOP]
    return g.thresholds[b.goal_trackers[goal]]


def achievable(ctx: Ctx, p: Player, bonus: int = 0) -> list[int]:
    goals = ctx.c.goal_tile(ctx.s.board.goal_tile).goals
    off = modifiers.amount(ctx, p, "goal_discount") + bonus
    # Rules 3: a lowered threshold never falls to 0 (Quarterly Review, a stand-in, let a bot
    # reach "Cruise veteran" with no cruise completed).
    least = 1 if off and ctx.s.rules >= 3 else 0
    return [j for j, g in enumerate(goals)
            if j not in p.goals_done and p.goal_cubes[j]
            and metric(ctx, p, g.metric) + off >= max(threshold(ctx, j), least + off)]


def offer(ctx: Ctx, seat: int) -> None:
    p = ctx.player(seat)
    # A phase-3 card that lowers thresholds is worth a pause even when nothing is met yet.
    card_off = max((ctx.c.agenda(c).effect.amount for c in p.hand
                    if ctx.c.agenda(c).timing == "phase3"), default=0)
    if achievable(ctx, p, card_off if ctx.s.turn.seat == seat else 0):
        ctx.push(GoalChoice(seat))


def options(ctx: Ctx, dec: GoalChoice) -> list[Command]:
    return [*(AchieveGoal(j) for j in achievable(ctx, ctx.player(dec.seat))), Done()]


def apply(ctx: Ctx, dec: GoalChoice, cmd: Command) -> None:
    if isinstance(cmd, Done):
        return
    assert isinstance(cmd, AchieveGoal)
    achieve(ctx, ctx.player(dec.seat), cmd.goal)


def achieve(ctx: Ctx, p: Player, j: int) -> None:
    b = ctx.s.board
    goal = ctx.c.goal_tile(b.goal_tile).goals[j]
    need = threshold(ctx, j)
    p.goal_cubes[j] = False
    p.goals_done.append(j)
    b.goal_achievers[j] += 1
    ctx.log("goal", p.seat, f"{p.name} achieves the goal '{goal.name}' ({need}+): a wing shows.")
    progress.place_cube(ctx, p.seat, "company goal")
    if b.goal_trackers[j] < TOP:
        before = goal.thresholds[b.goal_trackers[j]]
        b.goal_trackers[j] += 1
        after = goal.thresholds[b.goal_trackers[j]]
        # A track may print one number twice: "(2+) ... now needs 2" read as a slip.
        ctx.log("goal", -1, f"'{goal.name}' moves up a step and still needs {after}."
                if after == before else f"'{goal.name}' now needs {after}.")

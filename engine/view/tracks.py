"""Company goals, the progress track with its AGM marks, reputation."""

from __future__ import annotations

import msgspec

from engine.ctx import Ctx
from engine.game import Game
from engine.rules import goals, network, progress, scoring
from engine.rules.economy import REP_MAX
from engine.rules.metrics import metric


class GoalView(msgspec.Struct, frozen=True):
    index: int
    name: str
    metric: str  # "segments built"
    thresholds: tuple[int, ...]
    step: int  # the index of the marked threshold
    needs: int  # what the goal needs now
    counts: tuple[int, ...]  # per seat: its count of the metric
    done: tuple[bool, ...]  # per seat: the goal met


class SectionView(msgspec.Struct, frozen=True):
    """One section of the progress track: its spaces, each a cube's owner or empty."""

    mark: str  # what filling it starts: "AGM1", "AGM2", "END"
    start: int  # first space, 0-based
    end: int  # one past its last space
    cubes: tuple[int | None, ...]  # a seat, NEUTRAL, or None (empty)
    neutral_ahead: tuple[bool, ...]  # an empty space a neutral cube will fill (intro setup)


class ProgressView(msgspec.Struct, frozen=True):
    sections: tuple[SectionView, ...]
    beyond: tuple[int, ...]  # cubes placed past the end mark
    placed: int  # cubes on the track
    length: int  # spaces to the end mark


class ReputationView(msgspec.Struct, frozen=True):
    seat: int
    level: int
    fee: int  # what the seat pays per development of another owner it uses
    top: int  # the track's last space


class TracksView(msgspec.Struct, frozen=True):
    goals: tuple[GoalView, ...]
    progress: ProgressView
    reputation: tuple[ReputationView, ...]
    # The track itself: the VP each level scores at the end (0..top), and the bonus printed
    # on each space 1..top that a drop past it gives ("resource", "ad", "money").
    reputation_vp: tuple[int, ...] = ()
    reputation_icons: tuple[str, ...] = ()


def progress_view(ctx: Ctx) -> ProgressView:
    b = ctx.s.board
    bounds = progress.section_bounds(ctx)
    sections = []
    for i, (a, z) in enumerate(bounds):
        cubes = tuple(b.progress[k] if k < len(b.progress) else None for k in range(a, z))
        ahead = tuple(k >= len(b.progress) and k in b.neutral_progress for k in range(a, z))
        mark = f"AGM{i + 1}" if i < len(bounds) - 1 else "END"
        sections.append(SectionView(mark, a, z, cubes, ahead))
    length = bounds[-1][1]
    return ProgressView(tuple(sections), tuple(b.progress[length:]), len(b.progress), length)


def tracks(game: Game) -> TracksView:
    ctx = Ctx(game.state, game.comps)
    b = game.state.board
    players = game.state.players
    tile = game.comps.goal_tile(b.goal_tile)
    goal_views = tuple(
        GoalView(j, g.name, g.metric.replace("_", " "), tuple(g.thresholds), b.goal_trackers[j],
                 goals.threshold(ctx, j), tuple(metric(ctx, p, g.metric) for p in players),
                 tuple(j in p.goals_done for p in players))
        for j, g in enumerate(tile.goals))
    # The fee by reputation, or none where an upgrade or an ability waives it.
    reps = tuple(ReputationView(p.seat, p.reputation, network.fee_each(ctx, p), REP_MAX)
                 for p in players)
    table = game.comps.board.reputation_vp
    return TracksView(goal_views, progress_view(ctx), reps,
                      tuple(scoring.vp_at_reputation(table, i) for i in range(REP_MAX + 1)),
                      tuple(game.comps.board.reputation_icons))

"""The score sheet, the AGM just held, and every seat's VP over the turns."""

from __future__ import annotations

import msgspec

from engine.ctx import Ctx
from engine.game import Game
from engine.rules import progress, scoring
from engine.rules.metrics import wings

# One seat's column of the score sheet: the rules' own line is already plain, frozen facts
# (the categories as the sheet names them, then the tie-breaks).
ScoreRowView = scoring.ScoreLine


class ScoreView(msgspec.Struct, frozen=True):
    final: bool  # the game is over; else the final categories as if it ended now
    rows: tuple[ScoreRowView, ...]  # by seat
    ranking: tuple[int, ...]  # seats, best first, ties broken
    unlaunched_penalty: int  # VP a ship never launched costs
    vp_series: tuple[tuple[int, ...], ...]  # per seat: VP after each turn, then now


class AgmRowView(msgspec.Struct, frozen=True):
    seat: int
    cubes: int  # in the section just scored
    top_reputation: bool  # the best reputation: one cube more
    wings: int


class AgmView(msgspec.Struct, frozen=True):
    year: int  # 1-based: the AGM just held
    rows: tuple[AgmRowView, ...]


def scores(game: Game) -> ScoreView:
    ctx = Ctx(game.state, game.comps)
    lines = scoring.sheet(ctx)
    rows = tuple(lines)
    return ScoreView(game.is_over, rows, tuple(scoring.ranking(ctx, lines)),
                     scoring.UNLAUNCHED_PENALTY,
                     tuple((*p.vp_history, p.vp) for p in game.state.players))


def agm(game: Game) -> AgmView:
    s = game.state
    ctx = Ctx(s, game.comps)
    section = s.agm_done - 1
    top = scoring.top_reputation(ctx)
    return AgmView(section + 1, tuple(
        AgmRowView(p.seat, progress.cubes_in_section(ctx, section, p.seat), p.reputation == top,
                   wings(p)) for p in s.players))

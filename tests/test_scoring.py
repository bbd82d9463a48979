"""Rulebook examples for goals, AGMs and the final score sheet (issue: end of game)."""

from __future__ import annotations

import msgspec
from helpers import finish_setup, new_game, set_turn

from engine.commands import AchieveGoal, BuildDevelopment, PlaceWorker, TakeAction
from engine.ctx import Ctx
from engine.game import Game
from engine.rules import goals, scoring
from engine.state import Ship


def blueprints_worth(g, vp: int, n: int) -> list[str]:
    return [b.id for b in g.comps.blueprints if b.vp == vp][:n]


def cockpit(g, metric: str, vp: int, per: int) -> str:
    return next(c.id for c in g.comps.cockpits if c.condition.metric == metric
                and c.condition.vp == vp and c.condition.per == per)


def greens_ships(g: Game) -> list[Ship]:
    """The book's Green: three ships whose cockpits score 8 + 9 + 8, the third never launched
    (-5), with segments worth 16 VP."""
    segs = blueprints_worth(g, 2, 8)
    return [
        Ship(cockpit=cockpit(g, "segments_built", 1, 1), engine="en05", segments=segs[:3],
             launched_once=True),
        Ship(cockpit=cockpit(g, "developments_placed", 3, 2), engine="en06", segments=segs[3:6],
             launched_once=True),
        Ship(cockpit=cockpit(g, "ships_with_3_segments", 4, 1), engine="en07",
             segments=segs[6:8], launched_once=False),
    ]


def test_final_scoring_example_green_183():
    g = finish_setup(new_game(players=3, seed=2))
    s = g.state
    green = s.players[2]
    others = [p for p in s.players if p is not green]
    green.ships = greens_ships(g)
    green.vp = 115
    green.money, green.food, green.oxygen, green.fuel, green.ads = 4, 2, 2, 1, 1
    green.hand, green.blueprints = [], ["bp01"]
    green.developments_left = [1, 2, 0]  # 6 placed; only the left column is empty
    green.developments_placed = 6
    green.reputation = 16
    for p in others:
        p.reputation = 10
    green.goal_cubes = [False, False, True]  # two goals achieved: 3 wings
    s.board.progress = [others[0].seat] * 6 + [others[1].seat] * 6 + \
        [green.seat, others[0].seat, green.seat, others[1].seat, others[0].seat, others[1].seat]
    line = scoring.sheet(Ctx(s, g.comps), final=False)[green.seat]
    assert line.others == 3  # 4 money + 5 resources + 1 ad + 1 blueprint = 11
    assert line.progress == 9  # (2 cubes + 1 for the highest reputation) x 3 wings
    assert line.reputation == 15
    assert line.segments == 16
    assert line.developments == 5
    assert line.cockpits == 20  # 8 + 9 + 8 - 5
    assert line.total == 183


def test_the_cockpit_tie_break_counts_the_unlaunched_penalty():
    # 最終勝利点: a tie on VP, cubes and reputation goes to the most VP "from cockpits": the
    # sheet's figure, 20 = 8 + 9 + 8 - 5 for the book's Green, not the 25 of the conditions.
    g = finish_setup(new_game(players=2, seed=2))
    s = g.state
    green, blue = s.players
    green.ships = greens_ships(g)
    green.developments_placed = 6
    ctx = Ctx(s, g.comps)
    mine = scoring.sheet(ctx, final=False)[green.seat]
    assert mine.cockpits == mine.cockpit_vp == 20
    # Blue ties Green on VP, cubes and reputation with 21 from cockpits, every ship launched.
    mine = msgspec.structs.replace(mine, total=150, cubes_on_track=6, reputation_level=10)
    theirs = msgspec.structs.replace(mine, seat=blue.seat, cockpits=21, cockpit_vp=21)
    assert scoring.ranking(ctx, [mine, theirs]) == [blue.seat, green.seat]


def test_agm_example_4_1_2_with_the_reputation_tie():
    g = finish_setup(new_game(players=4, seed=2))
    s = g.state
    pink, blue, green, yellow = s.players
    blue.goal_cubes = [False, True, True]  # 2 wings
    pink.reputation = green.reputation = 9
    blue.reputation, yellow.reputation = 4, 3
    s.board.progress_sections = [7, 7, 7]  # the scenario's own track: tuned data must not move it
    s.board.progress = [blue.seat, green.seat, blue.seat] + [yellow.seat] * 4
    vp = [p.vp for p in s.players]
    scoring.run_agm(Ctx(s, g.comps), 0)
    gained = [p.vp - v for p, v in zip(s.players, vp, strict=True)]
    assert gained[blue.seat] == 4
    assert gained[pink.seat] == 1
    assert gained[green.seat] == 2
    assert gained[yellow.seat] == 4


def test_goal_example_fifth_development_moves_tracker_to_6():
    g = finish_setup(new_game(players=3, seed=2, setup="intro"))
    s = g.state
    blue = s.players[1]
    goal = next(i for i, x in enumerate(g.comps.goal_tile(s.board.goal_tile).goals)
                if x.metric == "developments_placed")
    assert goals.threshold(Ctx(s, g.comps), goal) == 5
    blue.developments_left = [2, 2, 1]  # 4 placed
    blue.developments_placed = 4
    blue.money = 20
    s.board.stations[0] = ["build_development", "hire_expert"]
    s.board.occupants = [None] * 6
    blue.break_room = ["worker"]
    set_turn(g, blue.seat)
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "build_development"))
    site = next(c.site for c in g.legal() if isinstance(c, BuildDevelopment))
    g.apply(BuildDevelopment("food", site, 0))
    g.apply(next(c for c in g.legal() if type(c).__name__ == "Done"))
    cubes = len(s.board.progress)
    assert g.pending.kind == "goal"
    g.apply(AchieveGoal(goal))
    assert len(s.board.progress) == cubes + 1 and s.board.progress[-1] == blue.seat
    assert blue.goal_cubes[goal] is False
    assert goals.threshold(Ctx(s, g.comps), goal) == 6


def test_four_players_third_achiever_needs_the_top_threshold():
    g = finish_setup(new_game(players=4, seed=2))
    s = g.state
    s.board.goal_achievers = [2, 0, 0]
    s.board.goal_trackers = [2, 0, 0]
    top = g.comps.goal_tile(s.board.goal_tile).goals[0].thresholds[3]
    assert goals.threshold(Ctx(s, g.comps), 0) == top


def test_one_goal_per_turn_and_each_goal_once(monkeypatch):
    g = finish_setup(new_game(players=3, seed=4))
    s = g.state
    p = s.players[0]
    ctx = Ctx(s, g.comps)
    monkeypatch.setattr(goals, "metric", lambda ctx, p, name: 99)  # every goal met
    goals.achieve(ctx, p, 0)
    assert goals.achievable(ctx, p) == [1, 2]


def test_ties_break_on_cubes_then_reputation_then_cockpit_then_later_seat():
    g = finish_setup(new_game(players=3, seed=4))
    ctx = Ctx(g.state, g.comps)
    mk = scoring.ScoreLine
    lines = [mk(0, "a", 0, 0, 0, 0, 0, 0, 0, 100, 5, 3, 0),
             mk(1, "b", 0, 0, 0, 0, 0, 0, 0, 100, 5, 3, 0),
             mk(2, "c", 0, 0, 0, 0, 0, 0, 0, 100, 5, 2, 9)]
    assert scoring.ranking(ctx, lines) == [1, 0, 2]


def test_a_goal_whose_next_step_prints_the_same_number_says_it_still_needs_it():
    # Stand-in tracks print a number twice ("Research budget" 1, 2, 2, 3): the log read
    # "achieves the goal 'Research budget' (2+)" then "'Research budget' now needs 2".
    g = finish_setup(new_game(players=2, seed=4))
    s = g.state
    tile = g.comps.goal_tile(s.board.goal_tile)
    for j, goal in enumerate(tile.goals):
        t = goal.thresholds
        steps = [(k, t[k], t[k + 1]) for k in range(len(t) - 1)]
        for k, before, after in steps:
            s.board.goal_trackers[j] = k
            ctx = Ctx(s, g.comps)
            p = s.players[0]
            p.goal_cubes[j] = True
            goals.achieve(ctx, p, j)
            said = [e.text for e in ctx.events if e.seat == -1]
            assert said == [f"'{goal.name}' moves up a step and still needs {after}."
                            if after == before else f"'{goal.name}' now needs {after}."]

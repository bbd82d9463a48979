"""The bench's think-time figures time what they say: the expert's main choices, early to late."""

from __future__ import annotations

import pytest

from bench import bots, speed
from bench.games import options, random_game
from bench.timing import Row, table


# A greedy 4-player game to its end is some 20 s.
@pytest.mark.parametrize("players", [1, pytest.param(4, marks=pytest.mark.slow)])
def test_the_expert_is_timed_on_main_choices_spread_over_a_game(players: int) -> None:
    games = bots.main_choices(players, 1000, 4)
    assert len(games) == 4
    assert all(g.pending is not None and g.pending.kind == "phase2" for g in games)
    assert all(g.options.players == players and not g.is_over for g in games)
    turns = [g.state.turn.number for g in games]
    # From the fifth turn on, in order, reaching late into the game (the costly choices).
    assert turns == sorted(turns) and turns[0] >= 5 and turns[-1] >= turns[0] + 10


def test_the_random_game_floor_carries_out_the_same_game() -> None:
    """The floor beside a random game is its own commands carried out alone: the same game."""
    game, log = random_game(options(2, 5))
    again, times = speed.bare_replay(2, 5, log)
    assert again.is_over and again.state_hash() == game.state_hash()
    assert len(times) == len(log) and all(t >= 0 for t in times)


def test_the_table_sets_each_figure_beside_its_floor() -> None:
    text = table([Row("random game, 4p", 60.0, "ms/game", 3, "target < 25 ms", 15.0),
                  Row("undo", 2.0, "ms/undo", 3)])
    head, _, game, undo = text.splitlines()
    assert head.split()[-3:] == ["floor", "/floor", "note"]
    assert game.split()[-7:-3] == ["3", "15.0", "4.0x", "target"]
    assert undo.split()[-1] == "3"  # no floor: the columns stay empty

"""The bench's think-time figures time what they say: the expert's main choices, early to late."""

from __future__ import annotations

from bench import bots


def test_the_expert_is_timed_on_main_choices_spread_over_a_solo_game() -> None:
    games = bots.solo_main_choices(1000, 4)
    assert len(games) == 4
    assert all(g.pending is not None and g.pending.kind == "phase2" for g in games)
    assert all(g.options.players == 1 and not g.is_over for g in games)
    turns = [g.state.turn.number for g in games]
    # From the fifth turn on, in order, reaching late into the game (the costly choices).
    assert turns == sorted(turns) and turns[0] >= 5 and turns[-1] >= turns[0] + 10

"""Seats a bot plays: every kind the new-game screen offers has a bot, saved and reloaded."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game, GameOptions
from engine.bots.expert import ExpertBot
from engine.bots.greedy import GreedyBot
from engine.bots.planner import PlannerBot
from engine.bots.random_bot import RandomBot
from engine.bots.seats import bot_for
from engine.errors import IllegalOptions
from engine.options import SEAT_KINDS
from galcruise_tui.screens.newgame import SEAT_CHOICES


def test_every_seat_kind_but_human_has_a_bot() -> None:
    assert [kind for _, kind in SEAT_CHOICES] == ["human", "greedy", "planner", "expert",
                                                  "random"]
    assert set(SEAT_KINDS) == {kind for _, kind in SEAT_CHOICES}
    assert isinstance(bot_for("random", 1), RandomBot)
    assert isinstance(bot_for("greedy", 1), GreedyBot)
    assert isinstance(bot_for("planner", 1), PlannerBot)
    assert isinstance(bot_for("expert", 1), ExpertBot)
    with pytest.raises(ValueError, match="no bot plays a 'human' seat"):
        bot_for("human", 1)


@pytest.mark.parametrize("kind", ["random", "greedy", "planner"])
def test_a_bot_seat_plays_legal_moves_and_repeats_them(kind: str) -> None:
    opts = GameOptions(players=3, seed=12, seats=("human", kind, kind))
    game = Game.new(opts)
    assert [p.kind for p in game.state.players] == ["human", kind, kind]
    moves = []
    while game.state.turns_taken < 6:
        dec = game.pending
        assert dec is not None
        kind_here = opts.seat_kinds()[dec.seat]
        if kind_here == "human":
            cmd = RandomBot(len(moves)).choose(game)
        else:
            # The app makes a fresh bot for each move, seeded by the options and the move number.
            cmd = bot_for(kind_here, opts.seed + len(moves)).choose(game)
            assert cmd in game.legal()
            assert bot_for(kind_here, opts.seed + len(moves)).choose(game) == cmd
        game.apply(cmd)
        moves.append(cmd)
    assert game.state.turns_taken == 6


def test_bot_seat_kinds_survive_a_save_and_unknown_ones_are_refused() -> None:
    opts = GameOptions(players=4, seed=5, seats=("human", "greedy", "planner", "random"))
    back = msgspec.json.decode(msgspec.json.encode(opts), type=GameOptions)
    assert back.seat_kinds() == ("human", "greedy", "planner", "random")
    with pytest.raises(msgspec.ValidationError, match="Invalid enum value 'genius'"):
        msgspec.json.decode(b'{"players": 2, "seats": ["human", "genius"]}', type=GameOptions)
    with pytest.raises(IllegalOptions):
        GameOptions(players=2, seats=("greedy",)).validate()

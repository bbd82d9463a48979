"""Random-legal play over many seeds with invariants after every command; replays agree."""

from __future__ import annotations

import os

import pytest

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.invariants import check

SEEDS = int(os.environ.get("GALCRUISE_PROPERTY_SEEDS", "200"))
TURNS = 60  # per player


def play(players: int, seed: int, check_every: bool = True) -> tuple[Game, list]:
    game = Game.new(GameOptions(players=players, seed=seed))
    bot = RandomBot(seed)
    log = []
    while not game.is_over and game.state.turn.number <= TURNS * players:
        cmd = bot.choose(game)
        game.apply(cmd)
        log.append(cmd)
        if check_every:
            problems = check(game)
            assert not problems, f"seed {seed}, {players}p, command {len(log)} {cmd}: {problems}"
    return game, log


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    launches = returns = 0
    for seed in range(SEEDS):
        game, _ = play(players, seed)
        launches += any(p.launches for p in game.state.players)
        returns += any(p.cruises_completed for p in game.state.players)
    assert launches >= 0.9 * SEEDS
    assert returns >= 0.9 * SEEDS


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_same_seed_and_commands_replay_to_the_same_hash(players: int) -> None:
    for seed in range(5):
        game, log = play(players, seed, check_every=False)
        again = Game.new(GameOptions(players=players, seed=seed))
        for cmd in log:
            again.apply(cmd)
        assert again.state_hash() == game.state_hash()

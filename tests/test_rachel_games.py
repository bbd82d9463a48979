"""Random-legal solo games against Rachel at every difficulty: they end, invariants hold after
every command, she never waits for a command, and a replay gives the same position."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.commands import Command
from engine.invariants import check

GAMES = 100  # issue 5: 100 seeded solo games per difficulty
MAX_TURNS = 400
MIX = ("hard", "easy", "normal", "easy", "hard", "normal")


def options(difficulty: str, seed: int) -> GameOptions:
    mix = MIX if difficulty == "custom" else ()
    return GameOptions(players=1, seed=seed, seats=("random",), difficulty=difficulty,  # type: ignore[arg-type]
                       custom_mix=mix)


def play(opts: GameOptions) -> tuple[Game, list[Command], list[str]]:
    game = Game.new(opts)
    bot = RandomBot(opts.seed)
    log: list[Command] = []
    texts: list[str] = []
    while not game.is_over and game.state.turn.number <= MAX_TURNS:
        cmd = bot.choose(game)
        texts += [e.text for e in game.apply(cmd)]
        log.append(cmd)
        problems = check(game)
        if game.is_over:
            # A final total may go below 0 (-5 per ship never launched): not a broken state.
            problems = [x for x in problems if not x.endswith("negative money/ads/VP")
                        or min(p.money for p in game.state.players) < 0]
        assert not problems, f"{opts}, command {len(log)} {cmd}: {problems}"
        assert game.is_over or game.pending is not None and game.pending.seat == 0
    return game, log, texts


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard", "custom"])
def test_random_solo_games_end_with_both_scores(difficulty: str) -> None:
    launched = 0
    for seed in range(GAMES):
        game, _log, _texts = play(options(difficulty, seed))
        assert game.is_over, f"{difficulty} seed {seed}: not over"
        sheet = game.score_sheet()
        assert [line.total for line in sheet] == game.scores() and len(sheet) == 2
        assert sheet[1].others == 0
        rachel = game.state.players[1]
        launched += rachel.launches > 0
        assert len(rachel.ships) <= 3
    assert launched >= 0.9 * GAMES  # she flies ships in almost every game


@pytest.mark.parametrize("difficulty", ["easy", "hard", "custom"])
def test_replaying_the_commands_gives_the_same_position_and_log(difficulty: str) -> None:
    for seed in (1, 7):
        opts = options(difficulty, seed)
        game, log, texts = play(opts)
        again = Game.new(opts)
        replayed: list[str] = []
        for cmd in log:
            replayed += [e.text for e in again.apply(cmd)]
        assert again.state_hash() == game.state_hash()
        assert replayed == texts


def test_difficulties_differ_from_the_same_seed() -> None:
    hashes = {d: Game.new(options(d, 3)).state_hash() for d in ("easy", "normal", "hard")}
    assert len(set(hashes.values())) == 3  # the options are part of the state

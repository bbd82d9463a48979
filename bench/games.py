"""Playing whole games with a bot, keeping the command log: shared by every bench mode."""

from __future__ import annotations

from collections.abc import Callable

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.commands import Command

PLAYER_COUNTS = (1, 2, 3, 4)
DIFFICULTIES = ("easy", "normal", "hard")
MAX_COMMANDS = 20_000  # a random game takes about 1,500; more means the engine is looping


def options(players: int, seed: int, difficulty: str = "normal") -> GameOptions:
    return GameOptions(players=players, seed=seed, difficulty=difficulty)  # type: ignore[arg-type]


def random_game(opts: GameOptions, bot_seed: int | None = None,
                each: Callable[[Game, Command], None] | None = None) -> tuple[Game, list[Command]]:
    """Play random-legal commands to the end; `each` sees the game after every command."""
    game = Game.new(opts)
    bot = RandomBot(opts.seed if bot_seed is None else bot_seed)
    log: list[Command] = []
    while not game.is_over and len(log) < MAX_COMMANDS:
        cmd = bot.choose(game)
        game.apply(cmd)
        log.append(cmd)
        if each is not None:
            each(game, cmd)
    return game, log


def replay(opts: GameOptions, log: list[Command]) -> Game:
    game = Game.new(opts)
    for cmd in log:
        game.apply(cmd)
    return game

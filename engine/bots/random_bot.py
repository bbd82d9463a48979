"""A bot that picks uniformly among the legal commands: for fuzzing, tests and benchmarks.

It avoids the free commands (agenda-for-resource, reputation drop) most of the time so that
games move forward instead of burning cards, but still plays them sometimes.
"""

from __future__ import annotations

from engine.commands import Command, DropReputation, PlayAgendaResource
from engine.game import Game
from engine.rng import Rng


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed ^ 0x5EED_B07)

    def choose(self, game: Game) -> Command:
        legal = game.legal()
        core = [c for c in legal if not isinstance(c, (PlayAgendaResource, DropReputation))]
        if core and (len(core) == len(legal) or self.rng.below(10) != 0):
            return core[self.rng.below(len(core))]
        return legal[self.rng.below(len(legal))]


def play(game: Game, seed: int, max_commands: int = 100_000, max_turns: int | None = None) -> int:
    """Play random commands until the game ends (or a limit); returns commands applied."""
    bot = RandomBot(seed)
    n = 0
    while not game.is_over and n < max_commands:
        if max_turns is not None and game.state.turn.number > max_turns:
            break
        game.apply(bot.choose(game))
        n += 1
    return n

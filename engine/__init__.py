"""galcruise rules engine: deterministic, seeded, headless. Imports nothing of the UI."""

from engine.errors import GameError, IllegalCommand, IllegalOptions
from engine.game import Game
from engine.options import GameOptions

ENGINE_VERSION = "0.1.0"

__all__ = ["ENGINE_VERSION", "Game", "GameError", "GameOptions", "IllegalCommand",
           "IllegalOptions"]

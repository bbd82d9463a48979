"""galcruise rules engine: deterministic, seeded, headless. Imports nothing of the UI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine._compiled import use_source_when_stale
from engine.errors import GameError, IllegalCommand, IllegalOptions  # (neither compiled)
from engine.options import GameOptions

use_source_when_stale()  # before any module mypyc may have compiled is imported

if TYPE_CHECKING:
    from engine.game import Game


def __getattr__(name: str) -> Any:  # noqa: ANN401
    # The rules load on first use, so listing saves or reading options stays light.
    if name == "Game":
        from engine.game import Game

        return Game
    raise AttributeError(name)


ENGINE_VERSION = "0.1.0"

__all__ = ["ENGINE_VERSION", "Game", "GameError", "GameOptions", "IllegalCommand",
           "IllegalOptions"]

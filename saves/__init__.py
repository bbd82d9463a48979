"""Game files: atomic autosave, undo and redo, and a folder of saves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from saves.envelope import FORMAT_VERSION, GameFile, SaveError
from saves.paths import data_root, sanitize
from saves.reader import read_game_file
from saves.store import SaveInfo, Store

if TYPE_CHECKING:
    from saves.session import Session


def __getattr__(name: str) -> Any:  # noqa: ANN401
    # The session pulls in the whole rules engine; the title screen only lists saves.
    if name == "Session":
        from saves.session import Session

        return Session
    raise AttributeError(name)

__all__ = ["FORMAT_VERSION", "GameFile", "SaveError", "SaveInfo", "Session", "Store",
           "data_root", "read_game_file", "sanitize"]

"""Game files: atomic autosave, undo and redo, and a folder of saves."""

from saves.envelope import FORMAT_VERSION, GameFile, SaveError
from saves.paths import data_root
from saves.reader import read_game_file
from saves.session import Session, sanitize
from saves.store import SaveInfo, Store

__all__ = ["FORMAT_VERSION", "GameFile", "SaveError", "SaveInfo", "Session", "Store",
           "data_root", "read_game_file", "sanitize"]

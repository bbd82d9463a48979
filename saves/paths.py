"""Where galcruise keeps its files: platformdirs' user data dir unless told otherwise."""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

from saves.envelope import SaveError

ENV = "GALCRUISE_HOME"
SUFFIX = ".json"
NAME_MAX = 64


def data_root(cli_dir: str | Path | None = None) -> Path:
    """--data-dir beats $GALCRUISE_HOME beats the platform's user data dir."""
    if cli_dir:
        return Path(cli_dir).expanduser()
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("galcruise", appauthor=False)


def saves_dir(root: Path) -> Path:
    return root / "saves"


def sanitize(name: str) -> str:
    """A save name safe as a file name: no separators, no traversal, no hidden files."""
    # Dots and spaces go from both ends together: " . . a" must not become ". a", a hidden
    # file, nor "a." (Windows drops trailing dots).
    clean = re.sub(r"[^A-Za-z0-9 _.\-]", "_", name).strip(" .").replace("..", "_")
    clean = clean[:NAME_MAX].strip(" .")
    if not re.search(r"[A-Za-z0-9]", clean):
        raise SaveError(f"{name!r}: a save name needs letters or digits.")
    return clean

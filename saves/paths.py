"""Where galcruise keeps its files: platformdirs' user data dir unless told otherwise."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV = "GALCRUISE_HOME"


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

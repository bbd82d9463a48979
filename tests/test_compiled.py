"""The engine compiled by mypyc (setup.py) plays the same game as the engine as Python."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine.flow
from bench.games import random_game
from engine import GameOptions

ROOT = Path(__file__).resolve().parent.parent
GAME = "from bench.games import random_game; from engine import GameOptions; import engine.flow"


def _hash_as_python(players: int, seed: int) -> tuple[str, str]:
    """A random game's final state hash, and where engine.flow came from, in a process that
    runs the engine as Python (GALCRUISE_PURE=1 at run time)."""
    code = (f"{GAME}; g, _ = random_game(GameOptions(players={players}, seed={seed})); "
            "print(g.state_hash()); print(engine.flow.__file__)")
    env = {**os.environ, "GALCRUISE_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.split()
    return out[0], out[1]


@pytest.mark.parametrize("players,seed", [(1, 71), (4, 72)])
def test_compiled_and_python_engines_end_a_game_in_the_same_state(players: int,
                                                                 seed: int) -> None:
    game, log = random_game(GameOptions(players=players, seed=seed))
    assert game.is_over and len(log) > 100
    pure_hash, pure_flow = _hash_as_python(players, seed)
    assert pure_flow.endswith(".py")  # the other process really ran the rules as Python
    assert game.state_hash() == pure_hash


def test_ci_runs_the_compiled_engine() -> None:
    # A compile that fails falls back to Python without a word at install: CI, whose machine
    # can compile, says so here (a type error in a compiled module, say).
    if os.environ.get("CI") != "true" or os.environ.get("GALCRUISE_PURE") == "1":
        pytest.skip("only in CI, where the compile must have run")
    assert not engine.flow.__file__.endswith(".py"), engine.flow.__file__

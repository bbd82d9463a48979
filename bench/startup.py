"""App cold start: a fresh interpreter until the first screen is mounted, galcruise against a
bare Textual app, each run headless through `run_test` in its own subprocess."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench.timing import Row

READY = "ready"

BARE = """
import asyncio
from textual.app import App
from textual.widgets import Static

class Bare(App[None]):
    def compose(self):
        yield Static("hello")

async def main() -> None:
    app = Bare()
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        await pilot.pause()
        print("ready", type(app.screen).__name__, flush=True)

asyncio.run(main())
"""

GALCRUISE = """
import asyncio
from galcruise_tui.app import GalcruiseApp

async def main() -> None:
    app = GalcruiseApp()
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        while type(app.screen).__name__ == "Screen":  # the default screen, before on_mount
            await pilot.pause()
        await pilot.pause()
        print("ready", type(app.screen).__name__, flush=True)

asyncio.run(main())
"""


def _cold_start(script: str, home: str) -> tuple[float, str]:
    """Seconds from spawning the interpreter to the child's 'ready' line; and the screen."""
    env = dict(os.environ, GALCRUISE_HOME=home)
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - t
    _, err = proc.communicate(timeout=60)
    if not line.startswith(READY):
        tail = err.strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"app did not start: {tail[0]}")
    return elapsed, line.split()[1]


def startup_rows(repeats: int) -> list[Row]:
    """Bare and galcruise starts taken in turns (after one of each to warm the file cache), so
    a burst of load on the shared machine falls on both; the ratio is the median of each
    pair's ratio, which such a burst moves least."""
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as home:
        try:
            _cold_start(BARE, home)
            _cold_start(GALCRUISE, home)
            bare: list[float] = []
            runs: list[tuple[float, str]] = []
            for _ in range(repeats):
                bare.append(_cold_start(BARE, home)[0])
                runs.append(_cold_start(GALCRUISE, home))
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            return [Row("app cold start", float("nan"), "ms", 0, f"failed: {e}")]
    g = statistics.median(t for t, _ in runs)
    b = statistics.median(bare)
    ratio = statistics.median(t / b1 for (t, _), b1 in zip(runs, bare, strict=True))
    return [
        Row("bare Textual app cold start", b * 1e3, "ms", repeats, "to first screen mounted"),
        Row("galcruise app cold start", g * 1e3, "ms", repeats, f"to {runs[0][1]} mounted"),
        Row("galcruise / bare cold start", ratio, "x", repeats,
            "median of interleaved pairs; target <= 1.2x"),
    ]

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
import time
from textual.app import App
from textual.widgets import Static

class Bare(App[None]):
    def compose(self):
        yield Static("hello")

async def main() -> None:
    app = Bare()
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        await pilot.pause()
        print("ready", type(app.screen).__name__, time.process_time(), flush=True)

asyncio.run(main())
"""

GALCRUISE = """
import asyncio
import time
from galcruise_tui.app import GalcruiseApp

async def main() -> None:
    app = GalcruiseApp()
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        while type(app.screen).__name__ == "Screen":  # the default screen, before on_mount
            await pilot.pause()
        await pilot.pause()
        print("ready", type(app.screen).__name__, time.process_time(), flush=True)

asyncio.run(main())
"""


def _cold_start(script: str, home: str) -> tuple[float, float, str]:
    """Seconds from spawning the interpreter to the child's 'ready' line, the CPU seconds the
    child had used by then (all its threads: what load on the machine changes least), and
    the screen shown."""
    # Both apps start with their bytecode cached, as every start after a player's first does.
    # Without this, where PYTHONDONTWRITEBYTECODE is set (this machine sets it), Textual came
    # compiled from its install and galcruise (an editable install) was compiled on every run.
    env = dict(os.environ, GALCRUISE_HOME=home,
               PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
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
    _, screen, cpu = line.split()
    return elapsed, float(cpu), screen


def startup_rows(repeats: int) -> list[Row]:
    """Bare and galcruise starts taken in turns (after one of each to warm the file and
    bytecode caches), so a burst of load on the shared machine falls on both. The ratios are
    medians of each pair's ratio (the wall one is what a player waits on an idle machine; the
    CPU one, interpreter start included, moves less with load) and the fastest CPU start of
    each against the other, which load moves least of all."""
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as home:
        try:
            _cold_start(BARE, home)
            _cold_start(GALCRUISE, home)
            bare: list[tuple[float, float, str]] = []
            runs: list[tuple[float, float, str]] = []
            for _ in range(repeats):
                bare.append(_cold_start(BARE, home))
                runs.append(_cold_start(GALCRUISE, home))
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            return [Row("app cold start", float("nan"), "ms", 0, f"failed: {e}")]
    pairs = list(zip(runs, bare, strict=True))
    wall = statistics.median(g[0] / b[0] for g, b in pairs)
    cpu = statistics.median(g[1] / b[1] for g, b in pairs)
    return [
        Row("bare Textual app cold start", statistics.median(b[0] for b in bare) * 1e3, "ms",
            repeats, "to first screen mounted"),
        Row("galcruise app cold start", statistics.median(g[0] for g in runs) * 1e3, "ms",
            repeats, f"to {runs[0][2]} mounted; floor: the bare Textual app",
            statistics.median(b[0] for b in bare) * 1e3),
        Row("galcruise / bare cold start, wall", wall, "x", repeats,
            "median of interleaved pairs; target <= 1.2x"),
        Row("galcruise / bare cold start, CPU", cpu, "x", repeats,
            "the same in the child's CPU time, which load moves less"),
        Row("galcruise / bare cold start, best CPU", min(g[1] for g in runs) /
            min(b[1] for b in bare), "x", repeats,
            "fastest against fastest: load only ever adds, so this is the steadiest"),
    ]

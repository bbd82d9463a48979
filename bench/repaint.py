"""Key press to repaint at 160x48: the key that completes a move, posted headless, timed until
the move is applied (with its autosave) and the screen has painted again. Two cases: solo
against Rachel, and a 2-player game with both seats human (the bar and footer change hands).

The figure runs from the key's arrival to the last frame the app writes for it, in the app's
CPU time. Between keys the loop only sleeps: Textual's pilot.pause(), which the earlier
figure waited with, posts a callback to every widget on the screen each time, work that a
player's terminal never asks for (about a third of the old figure, which is kept beside)."""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from typing import Any

from bench.timing import Row

SIZE = (160, 48)
CASES = (("solo", 1), ("two humans", 2))
SETTLE = 0.2  # seconds of wall time after a key: every frame of a move is written well within


class _Frames:
    """The app's frames (Textual's `_display`): the CPU and wall time of each one written."""

    def __init__(self, app: Any) -> None:
        self.times: list[tuple[float, float]] = []
        self._write = app._display
        app._display = self._display

    def _display(self, screen: Any, update: Any) -> None:
        self.times.append((time.process_time(), time.perf_counter()))
        self._write(screen, update)


async def _start(app: Any, pilot: Any, players: int) -> Any:
    from galcruise_tui.screens.game import GameScreen

    await pilot.press("n")
    await pilot.pause()
    # Solo against Rachel: her turns run inside the move, no bot thread. Two humans: every
    # seat decides by keys, so the viewer, the bar and the footer change between moves.
    app.screen.query_one("#players").value = players
    await pilot.pause()
    for seat in range(1, players):
        app.screen.query_one(f"#kind{seat}").value = "human"
    await pilot.pause()
    await pilot.press("ctrl+n")
    await pilot.pause()
    assert isinstance(app.screen, GameScreen)
    return app.screen


async def _measure(presses: int, players: int) -> list[tuple[float, float]]:
    """(CPU, wall) seconds from the key that completes a move to the move's last frame."""
    return await _moves(presses, players, with_pilot=False)


async def _measure_with_pilot(presses: int, players: int) -> list[float]:
    """The earlier figure: CPU from the key through the pilot's waits for the screen."""
    return [cpu for cpu, _ in await _moves(presses, players, with_pilot=True)]


async def _moves(presses: int, players: int, with_pilot: bool) -> list[tuple[float, float]]:
    from galcruise_tui.app import GalcruiseApp
    from galcruise_tui.widgets.decision import DecisionBar

    app = GalcruiseApp(bot_delay=0, seed=3)
    out: list[tuple[float, float]] = []
    async with app.run_test(headless=True, size=SIZE) as pilot:
        screen = await _start(app, pilot, players)
        frames = _Frames(app)
        bar = screen.query_one(DecisionBar)
        for i in range(presses):
            # The last key of a choice applies a command and redraws every pane.
            keys = bar.keys_for(screen.game.legal()[i % len(screen.game.legal())])
            for key in keys[:-1]:
                if with_pilot:
                    await _press(app, pilot, key)
                else:
                    await _post(app, key, frames)
            before = screen.session.length
            if with_pilot:
                cpu, wall = time.process_time(), time.perf_counter()
                await _press(app, pilot, keys[-1])
                for _ in range(10_000):
                    if screen.session.length != before:
                        break
                    await pilot.pause(0.0005)
                await pilot.pause()
                out.append((time.process_time() - cpu, time.perf_counter() - wall))
                continue
            cpu, wall = await _post(app, keys[-1], frames)
            assert screen.session.length != before, "the key did not play a move"
            last_cpu, last_wall = frames.times[-1]
            out.append((last_cpu - cpu, last_wall - wall))
    return out


def _key(app: Any, key: str) -> Any:
    """The Key event a terminal would send the app for `key`."""
    from textual import events

    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    return event


async def _post(app: Any, key: str, frames: _Frames) -> tuple[float, float]:
    """Post `key` as the terminal would and let the app run until it has long settled."""
    event = _key(app, key)
    frames.times.clear()
    cpu, wall = time.process_time(), time.perf_counter()
    app.post_message(event)
    while time.perf_counter() - wall < SETTLE:
        await asyncio.sleep(0.002)
    assert frames.times, f"no frame was written after {key!r}"
    return cpu, wall


async def _press(app: Any, pilot: Any, key: str) -> None:
    app.post_message(_key(app, key))
    await pilot.pause()


def repaint_rows(presses: int) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as home:
        old = os.environ.get("GALCRUISE_HOME")
        os.environ["GALCRUISE_HOME"] = home
        try:
            for label, players in CASES:
                times = asyncio.run(_measure(presses, players))
                piloted = asyncio.run(_measure_with_pilot(presses, players))
                cpu = statistics.median(c for c, _ in times) * 1e3
                wall = statistics.median(w for _, w in times) * 1e3
                rows += [Row(f"key press to repaint at 160x48, {label}", cpu, "ms", len(times),
                             "a move by keys, with autosave, to its last frame; CPU time; "
                             "target < 50 ms"),
                         Row("  the same, wall time (headless)", wall, "ms", len(times),
                             "includes Textual's waits for its next refresh tick"),
                         Row("  the same through the pilot's waits, CPU",
                             statistics.median(piloted) * 1e3, "ms", len(piloted),
                             "the earlier figure: pilot.pause() posts to every widget")]
        finally:
            if old is None:
                del os.environ["GALCRUISE_HOME"]
            else:
                os.environ["GALCRUISE_HOME"] = old
    return rows

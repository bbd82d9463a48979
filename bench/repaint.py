"""Key press to repaint at 160x48: the key that completes a move, posted headless, timed until
the move is applied (with its autosave) and the screen has painted again. Two cases: solo
against Rachel, and a 2-player game with both seats human (the bar and footer change hands)."""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time

from bench.timing import Row

SIZE = (160, 48)
CASES = (("solo", 1), ("two humans", 2))


async def _measure(presses: int, players: int) -> list[tuple[float, float]]:
    from galcruise_tui.app import GalcruiseApp
    from galcruise_tui.screens.game import GameScreen
    from galcruise_tui.widgets.decision import DecisionBar

    app = GalcruiseApp(bot_delay=0, seed=3)
    out: list[tuple[float, float]] = []
    async with app.run_test(headless=True, size=SIZE) as pilot:
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
        screen = app.screen
        bar = screen.query_one(DecisionBar)
        for i in range(presses):
            # The last press of a choice applies a command and redraws every pane.
            keys = bar.keys_for(screen.game.legal()[i % len(screen.game.legal())])
            for key in keys[:-1]:
                await _press(app, pilot, key)
            before = screen.session.length
            # CPU time: the app's own work (handling, layout, paint), not the idle waits
            # between Textual's refresh ticks that a headless pilot also sits through.
            t, w = time.process_time(), time.perf_counter()
            await _press(app, pilot, keys[-1])
            for _ in range(10_000):
                if screen.session.length != before:
                    break
                await pilot.pause(0.0005)
            await pilot.pause()  # handled, laid out and painted
            out.append((time.process_time() - t, time.perf_counter() - w))
    return out


async def _press(app, pilot, key: str) -> None:  # noqa: ANN001
    from textual import events

    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app.post_message(event)
    await pilot.pause()


def repaint_rows(presses: int) -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as home:
        old = os.environ.get("GALCRUISE_HOME")
        os.environ["GALCRUISE_HOME"] = home
        try:
            for label, players in CASES:
                times = asyncio.run(_measure(presses, players))
                cpu = statistics.median(c for c, _ in times) * 1e3
                wall = statistics.median(w for _, w in times) * 1e3
                rows += [Row(f"key press to repaint at 160x48, {label}", cpu, "ms", len(times),
                             "a move by keys, with autosave; CPU time; target < 50 ms"),
                         Row("  the same, wall time (headless)", wall, "ms", len(times),
                             "includes the pilot's waits between refresh ticks")]
        finally:
            if old is None:
                del os.environ["GALCRUISE_HOME"]
            else:
                os.environ["GALCRUISE_HOME"] = old
    return rows

"""Tables: from a move landing in the store to its repaint in another app, and the store's
moves per second.

The other app is a real one in its own process (headless, 80x24), watching the table: its
timer polls the store as a player's would. This process plays both seats' moves straight into
the store and notes the wall clock just before each; the watcher notes the clock once the move
is on its screen (applied, laid out, painted). The pause between moves is random, so a move
lands anywhere in the watcher's poll interval, as a person's would.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.timing import Row

WATCHER = r"""
import asyncio, sys, time
from pathlib import Path
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.screens.lobby import open_table
from galcruise_tui.screens.scores import ScoreScreen

home, store, table, target = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

async def main():
    app = GalcruiseApp(data_dir=home, bot_delay=0, name="watcher", store=store)
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        open_table(app, table, None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        seen = screen.session.length
        print("ready", flush=True)
        while seen < target:
            await asyncio.sleep(0.001)
            if isinstance(app.screen, ScoreScreen):
                app.pop_screen()
            n = screen.session.length
            if n != seen:
                await pilot.pause()  # handled, laid out and painted
                print(n, time.time(), flush=True)
                seen = n

asyncio.run(main())
"""


def table_rows(moves: int, seed: int) -> list[Row]:
    from engine import GameOptions
    from saves.tables import FILE_NAME, Secrets, TableStore

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as tmp:
        root = Path(tmp)
        store_path = root / FILE_NAME
        st = TableStore(store_path)
        opts = GameOptions(players=2, seed=seed, names=("alice", "bob"),
                           seats=("human", "human"))
        table = st.create(opts, "2026-01-01T00:00:00Z")
        mine = Secrets(root / "players")
        secrets = [st.claim(table, s, mine) for s in (0, 1)]
        watcher = subprocess.Popen(
            [sys.executable, "-c", WATCHER, str(root / "watcher"), str(store_path), table,
             str(moves)], stdout=subprocess.PIPE, text=True,
            cwd=Path(__file__).resolve().parent.parent)
        assert watcher.stdout is not None
        if watcher.stdout.readline().strip() != "ready":
            raise RuntimeError("the watching app did not start")
        rng = random.Random(seed)
        lags: list[float] = []
        for _ in range(moves):
            time.sleep(rng.uniform(0.05, 0.3))
            game, log = st.game(table)
            if game.is_over:
                break
            seat = game.pending.seat  # type: ignore[union-attr]
            cmd = game.legal()[rng.randrange(len(game.legal()))]
            t0 = time.time()
            st.move(table, seat, secrets[seat], cmd, len(log))
            n, t1 = watcher.stdout.readline().split()
            assert int(n) == len(log) + 1
            lags.append(float(t1) - t0)
        watcher.wait(timeout=30)
        rows.append(Row("table: a move to its repaint in another app", statistics.median(lags)
                        * 1e3, "ms", len(lags), f"median; max {max(lags) * 1e3:.0f} ms; "
                        "target: median < 300 ms, never > 1 s"))
        # Store throughput: one writer, every move checked against the rules and committed.
        t = st.create(opts, "2026-01-01T00:00:01Z")
        secrets = [st.claim(t, s, mine) for s in (0, 1)]
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < 2.0:
            game, log = st.game(t)
            if game.is_over:
                break
            seat = game.pending.seat  # type: ignore[union-attr]
            st.move(t, seat, secrets[seat], game.legal()[0], len(log))
            done += 1
        took = time.perf_counter() - start
        rows.append(Row("table store: moves per second, one writer", done / took, "/s", done,
                        "BEGIN IMMEDIATE, rules check, commit (WAL); wall time"))
        st.close()
    return rows

"""A finished table game in the Replays list, watched from the store; a game still being
played never listed nor replayed (its log would show every hand)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from helpers import store_moves
from textual.widgets import OptionList, Static

from engine import GameOptions
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.load import LoadScreen
from galcruise_tui.screens.replay import ReplayScreen
from saves.tables import FILE_NAME, Secrets, TableStore

# Seat 2 is a free seat that bob takes: it keeps its colour's name in the game.
TRIO = GameOptions(players=3, seed=3, names=("alice", "Blue", "Green"),
                   seats=("human", "human", "random"))


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "TEXTUAL_THEME", "GALCRUISE_STORE", "GALCRUISE_HOME"):
        monkeypatch.delenv(name, raising=False)


def finished_table(store: TableStore, tmp_path: Path) -> str:
    """A table played to the end, its free seat 2 taken by bob."""
    table = store.create(TRIO, "2026-01-01T00:00:00Z", open_seats=(1,))
    store.claim(table, 1, Secrets(tmp_path / "bob"), "bob")
    store_moves(store, table)
    return table


def app_for(tmp_path: Path, name: str = "carol") -> GalcruiseApp:
    return GalcruiseApp(data_dir=tmp_path / name, bot_delay=0, seed=1, name=name,
                        store=tmp_path / FILE_NAME)


def prompts(app: GalcruiseApp) -> list[str]:
    return [str(o.prompt) for o in app.screen.query_one("#load-list", OptionList)._options]


def test_a_finished_table_is_in_the_replays_list_and_plays_there(tmp_path: Path) -> None:
    store = TableStore(tmp_path / FILE_NAME)
    try:
        done = finished_table(store, tmp_path)
        playing = store.create(TRIO, "2026-01-02T00:00:00Z")
        score = " - ".join(str(v) for v in store.game(done)[0].scores())
    finally:
        store.close()

    async def main() -> None:
        # carol sat at neither table: the lobby lets her watch them, and so does Replays.
        app = app_for(tmp_path)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            shown = prompts(app)
            assert "[b]Finished tables[/b]" in shown
            row = next(p for p in shown if done in p)
            assert row.startswith(f"table {done} · alice vs bob (Blue) vs Green (random bot) · "
                                  f"finished · {score} VP")
            assert not any(playing in p for p in shown)  # still played: never listed
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.replay.length > 0 and screen.replay.game.is_over is False
            await pilot.press("right")
            await pilot.pause()
            status = str(screen.query_one("#replay-status", Static).render())
            assert f"Replay table {done}: move 1/{screen.replay.length}" in status

    asyncio.run(main())


def test_a_table_still_being_played_is_never_replayed(tmp_path: Path) -> None:
    store = TableStore(tmp_path / FILE_NAME)
    try:
        playing = store.create(TRIO, "2026-01-02T00:00:00Z")
    finally:
        store.close()

    async def main() -> None:
        app = app_for(tmp_path, "alice")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert prompts(app) == ["No saved games yet."]
            err = app.open_table_replay(playing)
            await pilot.pause()
            assert err is not None and "still being played" in err
            assert isinstance(app.screen, LoadScreen)

    asyncio.run(main())


def test_the_replays_list_makes_no_table_store(tmp_path: Path) -> None:
    async def main() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            assert prompts(app) == ["No saved games yet."]

    asyncio.run(main())
    assert not (tmp_path / FILE_NAME).exists()


def test_the_lobby_replays_a_finished_table_and_only_a_finished_one(tmp_path: Path) -> None:
    from galcruise_tui.screens.lobby import LobbyScreen
    from galcruise_tui.widgets.keybar import KeyBar

    store = TableStore(tmp_path / FILE_NAME)
    try:
        done = finished_table(store, tmp_path)
        playing = store.create(TRIO, "2026-01-02T00:00:00Z")
    finally:
        store.close()

    def keys(app: GalcruiseApp) -> list[str]:
        return [f"{e.display} {e.description}" for e in app.screen.query_one(KeyBar).entries]

    async def main() -> None:
        app = app_for(tmp_path, "alice")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            assert sorted((r.table, r.over) for r in lobby.rows) == sorted(
                [(done, True), (playing, False)])
            # Both are alice's, in the order of their ids: the cursor goes to each by keys.
            first = lobby.rows[0].table
            to_playing, to_done = ("down", "up") if first == done else ("up", "down")
            if first == playing:
                await pilot.press("down")
                await pilot.pause()
            assert lobby._row() is not None and lobby._row().table == done
            assert "r Replay" in keys(app)
            await pilot.press(to_playing)
            await pilot.pause()
            assert lobby._row().table == playing and "r Replay" not in keys(app)
            await pilot.press("r")  # a game still played: nothing opens
            await pilot.pause()
            assert app.screen is lobby
            await pilot.press(to_done, "r")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert app.screen.replay.title == f"table {done}"
            await pilot.press("q")
            await pilot.pause()
            assert app.screen is lobby  # back where the replay was opened

    asyncio.run(main())

"""The app with damaged and hostile files in its saves folder: it starts, lists them, loads
what can be loaded (from the backup where the main copy is bad), plays a move and quits, and
a refused write shows as "not saved: why" while the game goes on."""

from __future__ import annotations

import asyncio
import errno
import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from engine import GameOptions
from engine.bots.random_bot import RandomBot
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.screens.load import LoadScreen
from galcruise_tui.screens.title import TitleScreen
from saves import Session, Store
from saves import session as session_module
from saves.atomic import backup_path

Body = Callable[[GalcruiseApp, object], Awaitable[None]]


@pytest.fixture(autouse=True)
def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLORTERM", "truecolor")


def make_save(home: Path, name: str = "g", n: int = 21,
              names: tuple[str, ...] = ()) -> tuple[Store, Session]:
    st = Store(home)
    opts = GameOptions(players=2, seed=5, names=names, seats=("human", "human"),
                       free_undo=True)
    s = Session.new(opts, name=name, store=st)
    bot = RandomBot(5)
    for _ in range(n):
        s.apply(bot.choose(s.game))
    return st, s


def run(home: Path, body: Body) -> None:
    async def main() -> None:
        app = GalcruiseApp(bot_delay=0, seed=1, data_dir=home)
        async with app.run_test(size=(100, 30)) as pilot:
            assert isinstance(app.screen, TitleScreen)
            await body(app, pilot)

    asyncio.run(main())


async def load_by_name(app: GalcruiseApp, pilot, name: str) -> GameScreen:  # noqa: ANN001
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(app.screen, LoadScreen)
    options = app.screen.query_one("#load-list", OptionList)
    index = next(i for i in range(options.option_count)
                 if str(options.get_option_at_index(i).prompt).startswith(name))
    for _ in range(index):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen), "the save did not open"
    return screen


async def play_a_move(pilot, screen: GameScreen) -> None:  # noqa: ANN001
    n = screen.session.length
    screen.play(RandomBot(9).choose(screen.game))
    await pilot.pause()
    assert screen.session.length == n + 1


def status(screen: GameScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def leave(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
    await pilot.press("q")
    await pilot.pause()
    if not isinstance(app.screen, TitleScreen):  # a refused save asks for q once more
        await pilot.press("q")
        await pilot.pause()
    assert isinstance(app.screen, TitleScreen)


def deep_json() -> bytes:
    return (b'{"format": "galcruise-save", "format_version": 1, "commands": '
            + b"[" * 100_000 + b"]" * 100_000 + b"}")


def non_utf8(good: bytes) -> bytes:
    at = good.index(b'"Pink"') + 2
    return good[:at] + b"\xff" + good[at + 1:]


@pytest.mark.parametrize("damage", ["non_utf8", "deep", "dev_zero", "folder"])
def test_a_damaged_main_file_with_a_good_backup_plays_on(tmp_path: Path, damage: str) -> None:
    home = tmp_path / "home"
    st, s = make_save(home)
    good_backup = backup_path(s.path).read_bytes()
    if damage == "non_utf8":
        s.path.write_bytes(non_utf8(s.path.read_bytes()))
    elif damage == "deep":
        s.path.write_bytes(deep_json())
    else:
        s.path.unlink()
        if damage == "dev_zero":
            s.path.symlink_to("/dev/zero")
        else:
            s.path.mkdir()

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option_at_index(0).prompt).startswith("c  Continue: g")
        screen = await load_by_name(app, pilot, "g")
        assert screen.session.length == s.length - 1  # the backup, one move behind
        await play_a_move(pilot, screen)
        if damage == "folder":
            assert "not saved: Is a directory (g.json)" in status(screen)
        else:
            assert "not saved" not in status(screen)
        await leave(app, pilot)

    run(home, body)
    # The damaged main file never replaces the good backup.
    if damage == "folder":
        assert backup_path(s.path).read_bytes() == good_backup
    else:
        assert Session.load(backup_path(s.path)).length >= s.length - 1
        assert s.path.is_file() and not s.path.is_symlink()
        assert Session.load(s.path).length == s.length
    assert not [p for p in st.root.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC])
def test_a_refused_write_shows_not_saved_and_loses_no_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    home = tmp_path / "home"
    st, s = make_save(home)
    real = session_module.write_atomic

    def refused(*args: object, **kw: object) -> None:
        raise OSError(code, os.strerror(code))

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await load_by_name(app, pilot, "g")
        monkeypatch.setattr(session_module, "write_atomic", refused)
        for _ in range(3):
            await play_a_move(pilot, screen)
        assert f"not saved: {os.strerror(code)} (g.json)" in status(screen)
        await pilot.press("q")  # leaving now would lose moves: asked once
        await pilot.pause()
        assert app.screen is screen
        monkeypatch.setattr(session_module, "write_atomic", real)  # writable again
        await play_a_move(pilot, screen)
        assert "not saved" not in status(screen)
        await leave(app, pilot)

    run(home, body)
    assert Session.load(s.path).length == s.length + 4


def test_an_illegal_redo_is_dropped_and_r_plays_the_legal_part(tmp_path: Path) -> None:
    home = tmp_path / "home"
    st, s = make_save(home)
    s.undo()
    s.undo()
    doc = json.loads(s.path.read_bytes())
    doc["redo"].insert(1, {"type": "place_worker", "piece": "worker", "station": 9})
    s.path.write_text(json.dumps(doc))

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await load_by_name(app, pilot, "g")
        assert len(screen.session.file.redo) == 1
        await pilot.press("r")
        await pilot.pause()
        assert screen.session.length == s.length + 1 and not screen.session.can_redo
        await pilot.press("r")  # nothing left: nothing happens
        await pilot.pause()
        await play_a_move(pilot, screen)
        await leave(app, pilot)

    run(home, body)


def test_names_with_markup_and_escapes_never_break_a_screen(tmp_path: Path) -> None:
    home = tmp_path / "home"
    st, s = make_save(home, names=("[/]", "[link=https://x]y"))
    _, other = make_save(home, name="evil", n=5)
    doc = json.loads(other.path.read_bytes())
    doc["seats"] = ["\x1b]0;owned\x07\x1b[2J[/]", "Blue"]
    other.path.write_text(json.dumps(doc))

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        await pilot.press("l")
        await pilot.pause()
        options = app.screen.query_one("#load-list", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt)
                   for i in range(options.option_count)]
        shown = " ".join(prompts)
        assert "[/]" in shown and "[link=https://x]y" in shown and "\x1b" not in shown
        await pilot.press("escape")
        await pilot.pause()
        screen = await load_by_name(app, pilot, "g ")
        assert screen.game.state.players[0].name == "[/]"
        await play_a_move(pilot, screen)
        await leave(app, pilot)

    run(home, body)


def test_planted_temp_links_are_not_written_through_by_the_app(tmp_path: Path) -> None:
    home = tmp_path / "home"
    st, s = make_save(home)
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    (st.root / ".g.json.tmp").symlink_to(victim)
    (st.root / ".g.json.bak.tmp").symlink_to(victim)

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await load_by_name(app, pilot, "g")
        await play_a_move(pilot, screen)
        await leave(app, pilot)

    run(home, body)
    assert victim.read_text() == "keep me"
    assert Session.load(s.path).length == s.length + 1


def test_a_bloated_file_is_refused_in_a_sentence_and_the_others_load(tmp_path: Path) -> None:
    home = tmp_path / "home"
    st, s = make_save(home, name="good")
    _, big = make_save(home, name="bloat", n=3)
    doc = json.loads(big.path.read_bytes())
    doc["undo_log"] = [{"at": 1, "undone": 0}] * 2_500_000
    big.path.write_text(json.dumps(doc, separators=(",", ":")))
    backup_path(big.path).unlink()

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        # The list reads headers only; the bound is met when the game is opened.
        with pytest.raises(AssertionError, match="did not open"):
            await load_by_name(app, pilot, "bloat")
        error = str(app.screen.query_one("#load-error", Static).render())
        assert "bloat.json" in error and "length <= 2000" in error
        await pilot.press("escape")
        await pilot.pause()
        screen = await load_by_name(app, pilot, "good")
        await play_a_move(pilot, screen)
        await leave(app, pilot)

    run(home, body)


def test_a_save_played_on_by_another_galcruise_is_kept_and_save_as_goes_on(
        tmp_path: Path) -> None:
    # QA s58: the same save open in two terminals: each autosave wrote its game over the other.
    st, s = make_save(tmp_path)

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await load_by_name(app, pilot, "g")
        elsewhere = Session.load(s.path)
        elsewhere.apply(RandomBot(4).choose(elsewhere.game))  # the other terminal moves
        theirs = s.path.read_bytes()
        await play_a_move(pilot, screen)
        assert "not saved: g.json was saved by another galcruise since" in status(screen)
        assert s.path.read_bytes() == theirs
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"mine", "enter")
        await pilot.pause()
        assert app.screen is screen and "not saved" not in status(screen)
        assert Session.load(st.path_for("mine")).length == s.length + 1
        await leave(app, pilot)
        assert s.path.read_bytes() == theirs

    run(tmp_path, body)

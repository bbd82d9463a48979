"""The app by keyboard: Pilot tests from the title screen, with bots in the other seats."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import Game
from engine import commands as C
from engine.bots.random_bot import RandomBot
from engine.describe import describe
from engine.view import view
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.screens.scores import ScoreScreen
from galcruise_tui.screens.title import TitleScreen
from galcruise_tui.widgets import render
from galcruise_tui.widgets.decision import DecisionBar


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))
    # The theme follows the terminal's colours (TERM=xterm means 16): pin a truecolor one so
    # snapshots do not depend on the shell the tests run in.
    monkeypatch.setenv("COLORTERM", "truecolor")
    for name in ("NO_COLOR", "TEXTUAL_THEME"):
        monkeypatch.delenv(name, raising=False)


def run(coro_fn: Callable, size: tuple[int, int] = (80, 24), seed: int = 21,
        data_dir: Path | None = None) -> None:
    async def main() -> None:
        app = GalcruiseApp(bot_delay=0, seed=seed, data_dir=data_dir)
        async with app.run_test(size=size) as pilot:
            await coro_fn(app, pilot)

    asyncio.run(main())


async def new_game(app: GalcruiseApp, pilot, players: int = 2,  # noqa: ANN001
                   kinds: tuple[str, ...] = ()) -> GameScreen:
    await pilot.press("n")
    await pilot.pause()
    if players != 2:
        app.screen.query_one("#players").value = players
        await pilot.pause()
    for i, kind in enumerate(kinds):
        app.screen.query_one(f"#kind{i}").value = kind
    await pilot.press("ctrl+n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await settle(app, pilot, screen)
    return screen


async def settle(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
    """Wait for the bots; close AGM score sheets as a player would, with Enter."""
    for _ in range(5000):
        if isinstance(app.screen, ScoreScreen):
            if screen.game.is_over:
                return
            await pilot.press("enter")
            continue
        if screen.human_turn() or screen.game.is_over:
            return
        await pilot.pause(0.005)
    raise AssertionError("the bots never handed the game back")


async def type_keys(pilot, *keys: str) -> None:  # noqa: ANN001
    """Key presses as the terminal driver sends them, each processed before the next.

    `pilot.press` also waits for the whole process to look idle (wall clock against CPU time)
    after every key, which makes a game of a thousand presses take minutes; waiting for the
    screen to handle its messages is enough for the decision bar.
    """
    from textual import events

    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)
        # The key hops app -> screen -> focused widget; one wait per hop sees it handled.
        for _ in range(3):
            await pilot._wait_for_screen()


async def choose(app: GalcruiseApp, pilot, screen: GameScreen, cmd: C.Command) -> None:  # noqa: ANN001
    n = screen.session.length
    await type_keys(pilot, *screen.query_one(DecisionBar).keys_for(cmd))
    for _ in range(1000):  # the choice travels as a message; wait until it is applied
        if screen.session.length > n:
            break
        await pilot.pause(0.001)
    assert screen.session.file.commands[n] == cmd
    await settle(app, pilot, screen)


async def play_until(app: GalcruiseApp, pilot, screen: GameScreen,  # noqa: ANN001
                     done: Callable[[Game], bool], seed: int = 7, limit: int = 3000) -> int:
    bot = RandomBot(seed)
    moves = 0
    while not done(screen.game) and not screen.game.is_over and moves < limit:
        await choose(app, pilot, screen, bot.choose(screen.game))
        moves += 1
    return moves


def bar_texts(screen: GameScreen) -> list[str]:
    return [e.text for e in screen.query_one(DecisionBar).entries]


# --- behaviour -------------------------------------------------------------------------------
def test_new_game_reaches_the_first_decision_in_words() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        g = screen.game
        assert g.options.seed == 21 and g.options.seat_kinds() == ("human", "human")
        assert g.pending is not None and g.pending.kind == "setup_development"
        waiting = str(screen.query_one("#waiting").render())
        assert waiting.startswith(f"{g.state.players[g.pending.seat].name}: place a starting")
        texts = bar_texts(screen)
        # 3 rows x 3 open connections: grouped by row, each group's commands in words.
        assert texts == ["Start with a food development", "Start with an oxygen development",
                         "Start with a fuel development"]
        assert all("(" not in t or "stations" in t for t in texts)
        assert not any("Struct" in t or "=" in t for t in texts)

    run(body)


def test_options_by_number_walk_the_setup_and_phase_two() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        g = screen.game
        first = g.pending.seat
        want = screen.query_one(DecisionBar).entries[0].commands[0]
        # The food group: a letter, since digits are the connections' numbers in it.
        await pilot.press("a")
        if screen.game.pending.kind == "setup_development":
            await pilot.press(str(want.connection))
        g = screen.game
        assert isinstance(want, C.SetupDevelopment)
        assert g.state.board.connections[want.connection - 1] == [first] or \
            first in g.state.board.connections[want.connection - 1]
        assert g.pending.kind == "setup_blueprint" and g.pending.seat == first
        # Every setup pick by number until the first turn.
        while g.pending.kind.startswith("setup"):
            for key in screen.query_one(DecisionBar).keys_for(g.legal()[0]):
                await pilot.press(key)
            g = screen.game
        assert g.pending.kind == "phase2"
        bar = screen.query_one(DecisionBar)
        assert bar.entries[0].head == "Place a worker" and "on station" in bar_texts(screen)[0]
        assert screen.session.length == 4  # 2 players x (development + blueprint)

    run(body)


def test_nested_build_development_with_a_payment_split() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)

        def can_build(g: Game) -> bool:
            return any(isinstance(c, C.TakeAction) and c.action == "build_development"
                       for c in g.legal())

        await play_until(app, pilot, screen, can_build)
        g = screen.game
        seat = g.pending.seat
        take = next(c for c in g.legal() if isinstance(c, C.TakeAction)
                    and c.action == "build_development")
        await choose(app, pilot, screen, take)
        g = screen.game
        assert g.pending.kind == "act" and g.pending.action == "build_development"
        builds = [c for c in g.legal() if isinstance(c, C.BuildDevelopment)]
        # The split with the most resources paid, so both parts of the payment show.
        cmd = max(builds, key=lambda c: (c.resources, c.row, c.site))
        text = describe(g, cmd)
        assert f"pay {cmd.resources} {cmd.row} + " in text
        p = g.state.players[seat]
        before = (p.money, p.resource(cmd.row), p.developments_left[:])
        keys = screen.query_one(DecisionBar).keys_for(cmd)
        assert len(keys) >= 2  # row, then site and payment: a walk through groups
        for key in keys:
            await pilot.press(key)
        p = screen.game.state.players[seat]
        row = ("food", "oxygen", "fuel").index(cmd.row)
        assert p.developments_left[row] == before[2][row] - 1
        assert p.resource(cmd.row) == before[1] - cmd.resources
        money_paid = int(text.rsplit("+ ", 1)[1].split(" money")[0])
        assert p.money == before[0] - money_paid

    run(body)


def test_a_bumped_human_chooses_a_funding_bonus_off_turn() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, players=3, kinds=("human", "human", "human"))

        def bump_possible(g: Game) -> bool:
            occ = g.state.board.occupants
            return any(isinstance(c, C.PlaceWorker) and occ[c.station - 1] is not None
                       and occ[c.station - 1].seat >= 0 for c in g.legal())

        await play_until(app, pilot, screen, bump_possible)
        g = screen.game
        place = next(c for c in g.legal() if isinstance(c, C.PlaceWorker)
                     and g.state.board.occupants[c.station - 1] is not None
                     and g.state.board.occupants[c.station - 1].seat >= 0)
        victim = g.state.board.occupants[place.station - 1].seat
        await choose(app, pilot, screen, place)
        g = screen.game
        assert g.pending.kind == "funding" and g.pending.seat == victim
        assert "funding bonus" in str(screen.query_one("#waiting").render())
        money = g.state.players[victim].money
        bonus = next(c for c in g.legal() if c == C.FundingBonus("money"))
        assert "Funding bonus: 1 money" in bar_texts(screen) or any(
            t.startswith("Funding bonus: 2 money") for t in bar_texts(screen))
        await choose(app, pilot, screen, bonus)
        assert screen.game.state.players[victim].money == money + 1

    run(body, seed=5)


def test_undo_and_redo_by_keys() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)
        assert screen.check_action("redo", ()) is False  # hidden: nothing to redo
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 3)
        n, h = screen.session.length, screen.game.state_hash()
        await pilot.press("u")
        await settle(app, pilot, screen)
        assert screen.session.length < n
        assert screen.check_action("redo", ()) is True
        await pilot.press("r")
        await settle(app, pilot, screen)
        assert screen.session.length == n and screen.game.state_hash() == h

    run(body)


def test_save_as_quit_and_load_mid_game(tmp_path: Path) -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 4)
        h = screen.game.state_hash()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"my cruise")
        await pilot.press("enter")
        await pilot.pause()
        saved = app.store.path_for("my cruise")
        assert saved.exists() and screen.session.path == saved
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")
        await pilot.pause()
        names = [str(o.prompt) for o in app.screen.query_one("#load-list")._options]
        index = next(i for i, t in enumerate(names) if t.startswith("my cruise"))
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.game.state_hash() == h

    run(body)


def test_continue_after_quit_picks_up_the_autosave() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 2)
        h = screen.game.state_hash()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.game.state_hash() == h

    run(body)


def test_the_palette_finds_a_move_by_its_words() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)
        await play_until(app, pilot, screen, lambda g: g.pending.kind == "phase2")
        n = screen.session.length
        assert C.CallMeeting() in screen.game.legal()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"call a meeting")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await settle(app, pilot, screen)
        assert screen.session.file.commands[n] == C.CallMeeting()

    run(body)


def test_a_damaged_save_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    (home / "saves" / "broken.json").write_text('{"format_version": 1, "commands": [')
    (home / "saves" / "garbage.json").write_bytes(b"\x00\xff not json at all")

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")
        await pilot.pause()
        prompts = [str(o.prompt) for o in app.screen.query_one("#load-list")._options]
        assert len(prompts) == 2 and all(t.startswith("✗ ") for t in prompts)
        err = app.open_saved(str(home / "saves" / "garbage.json"), replay=False, switch=False)
        assert err is not None and "garbage.json" in err and "Traceback" not in err
        err = app.open_saved(str(home / "saves" / "broken.json"), replay=True, switch=False)
        assert err is not None and "broken.json" in err

    run(body, data_dir=home)


def test_a_keymap_file_rebinds_undo(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir(parents=True)
    (home / "keymap.toml").write_text('undo = "z"\n')

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 2)
        n = screen.session.length
        assert "z" not in screen.query_one(DecisionBar).keys  # never an option key
        await pilot.press("z")
        await settle(app, pilot, screen)
        assert screen.session.length < n

    run(body, data_dir=home)


def test_a_complete_two_player_game_by_keys_against_a_bot() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot)  # seat 2 is a bot by default
        assert screen.game.options.seat_kinds() == ("human", "greedy")
        await play_until(app, pilot, screen, lambda g: False, limit=5000)
        game = screen.game
        assert game.is_over
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        sheet = str(app.screen.query_one("#sheet").render())
        for p, score in zip(game.state.players, game.scores(), strict=True):
            assert f"{p.name}" in sheet
            assert f" {score}" in sheet
        winner = "Winner: "
        assert winner in sheet
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)

    run(body, seed=6)  # a seed whose game is short: 286 moves by keys


def test_a_planner_seat_chosen_on_the_new_game_screen_plays_its_turns() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, players=3, kinds=("human", "planner", "random"))
        assert screen.game.options.seat_kinds() == ("human", "planner", "random")
        await play_until(app, pilot, screen, lambda g: g.state.turns_taken >= 7)
        g = screen.game
        assert g.state.turns_taken >= 7 and screen.human_turn()
        actors = screen.session.actors
        # Each bot made its own setup picks and played its turns through the app.
        assert actors.count(1) >= 5 and actors.count(2) >= 5
        header = render.player_board(view(g), 1).splitlines()[0]
        assert "(planner)" not in header  # a bot seat is a player, not an engine-run one

    run(body, seed=8)


def test_a_complete_solo_game_against_rachel_by_keys() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, players=1)
        game = screen.game
        assert [p.kind for p in game.state.players] == ["human", "rachel"]
        await play_until(app, pilot, screen, lambda g: False, limit=5000)
        assert game.is_over and all(a == 0 for a in screen.session.actors)
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        sheet = str(app.screen.query_one("#sheet").render())
        for p, score in zip(game.state.players, game.scores(), strict=True):
            assert p.name in sheet and f" {score}" in sheet
        assert "Winner: " in sheet

    run(body, seed=32)  # a seed whose solo game is short: 194 moves by keys


# --- snapshots (re-record with `pytest --snapshot-update` when the component data change) ------
SIZES = [(80, 24), (160, 48)]


def finished_game_file(home: Path) -> Path:
    """A seeded game played to the end by bots, saved where the app looks."""
    from engine import GameOptions
    from saves import Session, Store

    s = Session.new(GameOptions(players=2, seed=3, seats=("human", "random")),
                    name="finished", store=Store(home))
    bot = RandomBot(3)
    path, s.path = s.path, None  # write once at the end: the same file, far faster
    while not s.game.is_over:
        s.apply(bot.choose(s.game))
    s.path = path
    s.save()
    assert path is not None
    return path


async def two_humans(pilot) -> None:  # noqa: ANN001
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#kind1").value = "human"
    await pilot.pause()
    await pilot.press("ctrl+n")
    await pilot.pause()
    for key in ("1", "1", "1", "1", "1", "1"):  # both players' setup picks
        await pilot.press(key)
    await pilot.press("1")  # open "Place a worker"
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_snapshot_title(snap_compare, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_snapshot_new_game(snap_compare, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_snapshot_game(snap_compare, size: tuple[int, int]) -> None:  # noqa: ANN001
    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), run_before=two_humans,
                        terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "160x48"])
def test_snapshot_final_score_sheet(snap_compare, tmp_path: Path,  # noqa: ANN001
                                    size: tuple[int, int]) -> None:
    home = tmp_path / "home"
    path = finished_game_file(home)

    async def open_sheet(pilot) -> None:  # noqa: ANN001
        from galcruise_tui.screens.scores import ScoreScreen
        from saves import Session

        pilot.app.push_screen(ScoreScreen(Session.load(path).game, final=True))
        await pilot.pause()

    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1, data_dir=home),
                        run_before=open_sheet, terminal_size=size)


def test_snapshot_replay(snap_compare, tmp_path: Path) -> None:  # noqa: ANN001
    home = tmp_path / "home"
    finished_game_file(home)
    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1, data_dir=home),
                        press=["r", "enter", "n", "n", "n", "right", "right"],
                        terminal_size=(120, 36))


def test_snapshot_help(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), press=["question_mark"],
                        terminal_size=(120, 36))


def test_a_solo_game_starts_with_a_custom_mix_and_plays_by_keys() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#players").value = 1
        await pilot.pause()
        app.screen.query_one("#difficulty").value = "custom"
        await pilot.pause()
        assert app.screen.query_one("#mix-row0").display
        # Every setting within the screen's width (three to a row, the third was off it).
        box = app.screen.query_one("#new-box")
        for i in range(6):
            row = app.screen.query_one(f"#mix-row{i}")
            box.scroll_to_widget(row, animate=False)
            await pilot.pause()
            region = app.screen.query_one(f"#mix{i}").region
            assert row.display and 0 < region.width and region.right <= 80, (i, region)
        app.screen.query_one("#mix0").value = "hard"
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        opts = screen.game.options
        assert opts.players == 1 and opts.difficulty == "custom"
        assert opts.custom_mix == ("hard",) + ("normal",) * 5
        # Rachel, when the engine seats her, plays inside `apply`: only seat 0 ever decides.
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 4)
        assert all(a == 0 for a in screen.session.actors)
        assert screen.game.state.turn.number >= 4

    run(body, seed=9)


# --- the key bar, the drawings, the terminal's colours --------------------------------------
def key_bar(app: GalcruiseApp) -> list[str]:
    from galcruise_tui.widgets.keybar import KeyBar

    return [f"{e.display} {e.description}" for e in app.screen.query_one(KeyBar).entries]


def test_the_key_bar_shows_the_keys_that_work_now() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        assert key_bar(app) == ["n New game", "l Load", "t Tables", "r Replays", "q Quit", "? Help"]
        screen = await new_game(app, pilot, kinds=("human", "human"))
        common = ["^s Save as", "l Log", "q Quit to title", "h Hint", "? Help"]
        assert key_bar(app) == ["tab Next pane", *common]  # nothing to undo yet
        await choose(app, pilot, screen, screen.game.legal()[0])
        assert key_bar(app) == ["tab Next pane", "u Undo", *common]
        await pilot.press("u")
        await settle(app, pilot, screen)
        assert key_bar(app) == ["tab Next pane", "r Redo", *common]
        # Back is a key only inside a group of the decision bar.
        bar = screen.query_one(DecisionBar)
        assert [e.text for e in bar.entries] == ["Start with a food development",
                                                 "Start with an oxygen development",
                                                 "Start with a fuel development"]
        await type_keys(pilot, "a")
        assert bar.in_group and key_bar(app)[0] == "esc Back"
        await type_keys(pilot, "escape")
        assert not bar.in_group and key_bar(app) == ["tab Next pane", "r Redo", *common]

    run(body, size=(160, 48))


def test_a_click_on_the_key_bar_presses_the_key() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        from galcruise_tui.screens.help import HelpScreen
        from galcruise_tui.widgets.keybar import KeyBar

        line = app.screen.query_one(KeyBar).render().plain
        assert line.startswith(" n New game  l Load  t Tables  r Replays  q Quit  ? Help ")
        assert line.endswith("▏^p palette ") and len(line) == 80
        await pilot.click(KeyBar, offset=(line.index(" ? ") + 1, 0))
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)

    run(body)


def test_a_drawing_renders_only_the_lines_that_changed() -> None:
    from textual.app import App, ComposeResult

    from galcruise_tui.widgets.drawing import Drawing

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Drawing(id="d")

    async def main() -> None:
        app = One()
        async with app.run_test(size=(20, 8)) as pilot:
            d = app.query_one(Drawing)

            def rows() -> list[str]:
                return [d.render_line(y).text.rstrip() for y in range(d.size.height)]

            d.show("[b]top[/b]\nmiddle\n[reverse]low[/reverse]")
            await pilot.pause()
            assert rows() == ["top", "middle", "low"] and d.rendered == 3
            d.show("[b]top[/b]\nMIDDLE\n[reverse]low[/reverse]")
            await pilot.pause()
            assert rows() == ["top", "MIDDLE", "low"] and d.rendered == 4
            d.show("[b]top[/b]\nMIDDLE\n[reverse]low[/reverse]")  # the same: nothing to do
            assert d.rendered == 4
            # A line longer than the width wraps; the drawing grows and lays out again.
            d.show("[b]top[/b]\nMIDDLE\nlow low low low low low")
            await pilot.pause()
            assert rows() == ["top", "MIDDLE", "low low low low low", "low"]
            assert d.size.height == 4 and d.rendered == 5
            # A tag across lines cannot be parsed line by line: the whole markup is.
            d.show("[b]a\nb[/b]")
            await pilot.pause()
            assert rows() == ["a", "b"] and list(d.render_line(1))[0].style.bold
            await pilot.resize_terminal(12, 8)
            await pilot.pause()
            d.show("top\nmiddle")
            await pilot.pause()
            assert rows() == ["top", "middle"] and d.size.width == 12

    asyncio.run(main())


def test_the_board_drawings_parse_line_by_line_as_a_whole() -> None:
    """The drawing's cache parses each markup line alone: every tag closes on its line."""
    from rich.text import Text

    from engine import GameOptions
    from galcruise_tui.widgets.drawing import parse_lines
    from galcruise_tui.widgets.panes import DRAW

    checked = 0
    for players in (1, 3):
        game = Game.new(GameOptions(players=players, seed=11))
        bot = RandomBot(5)
        for move in range(120):
            if move % 30 == 0:
                for draw in DRAW.values():
                    markup = draw(view(game, None, 0))
                    lines = parse_lines(markup.split("\n"))
                    whole = Text.from_markup(markup).split("\n", allow_blank=True)
                    assert lines is not None and len(lines) == len(whole)
                    assert [(t.plain, t.spans) for t in lines] == \
                        [(t.plain, t.spans) for t in whole]
                    checked += 1
            game.apply(bot.choose(game))
    assert checked == 2 * 4 * len(DRAW)  # two games, four looks, every pane


def test_the_theme_follows_the_terminal_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    from galcruise_tui.app import theme_for

    assert theme_for("truecolor", {}) is None and theme_for("256", {}) is None
    assert theme_for("standard", {}) == "ansi-dark"
    assert theme_for("truecolor", {"NO_COLOR": "1"}) == "ansi-dark"
    assert theme_for("standard", {"TEXTUAL_THEME": "nord", "NO_COLOR": "1"}) is None
    monkeypatch.setenv("TERM", "xterm-16color")
    monkeypatch.delenv("COLORTERM")
    app = GalcruiseApp(bot_delay=0)
    assert app.console.color_system == "standard" and app.theme == "ansi-dark"
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("NO_COLOR", "1")
    app = GalcruiseApp(bot_delay=0)
    # Textual picks its NO_COLOR filter by the theme: NoColor drops colour, Monochrome greys.
    assert app.theme == "ansi-dark"
    assert [type(f).__name__ for f in app._filters] == ["ANSIToTruecolor", "NoColor"]


def test_h_shows_the_experts_three_best_choices_without_playing_them() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        n, h = screen.session.length, screen.game.state_hash()
        expected = app.thinker.hints(screen.game.copy(), screen.game.options.seed + n)
        await pilot.press("h")
        for _ in range(3000):  # the worker process thinks; the screen stays live meanwhile
            if not screen.hinting:
                break
            await pilot.pause(0.01)
        from galcruise_tui.screens.game import THINKING

        assert THINKING not in [str(x.message) for x in app._notifications]  # answered
        hint = screen.hint_shown()
        # Best first, each led by its keys: a rank ("1.") beside them was read as a key.
        lines = hint.splitlines()
        best = expected[0][1]
        for i, (cmd, worth) in enumerate(expected):
            assert lines[i].startswith(
                f"press {' '.join(screen.query_one(DecisionBar).keys_for(cmd))}  "), lines
            # The first is the best; the others say how far behind it, in VP.
            assert lines[i].endswith("(best)" if i == 0 else "(as good)" if best - worth < 0.05
                                     else f"({best - worth:.1f} VP behind)"), lines
        assert "VP behind: how far the expert reckons a choice falls behind its best" in hint
        assert screen.session.length == n and screen.game.state_hash() == h  # nothing played
        await choose(app, pilot, screen, expected[0][0])  # the move takes the hint away
        assert not screen.hint_shown() and not screen.query_one("#hint").display
        # So does an undo: the hint, asked again, spoke of the position taken back.
        await pilot.press("h")
        for _ in range(3000):
            if not screen.hinting:
                break
            await pilot.pause(0.01)
        assert screen.hint_shown().startswith("press ")
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.length == n
        assert not screen.hint_shown() and not screen.query_one("#hint").display

    run(body, size=(100, 30))


def test_esc_puts_a_hint_away_before_it_steps_back_and_a_new_hint_replaces_the_old() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        bar = screen.query_one(DecisionBar)
        group = next(i for i, e in enumerate(bar.entries) if e.prefix is not None)
        bar.pick(group)  # inside a group, where Esc steps back
        await pilot.pause()
        assert bar.in_group

        async def hint() -> None:
            await pilot.press("h")
            for _ in range(3000):
                if not screen.hinting:
                    break
                await pilot.pause(0.01)

        def hints() -> int:
            return int(bool(screen.hint_shown())) + \
                sum(str(x.message).startswith("press ") for x in app._notifications)

        await hint()
        await hint()
        assert hints() == 1  # asked twice, shown once
        await pilot.press("escape")
        assert hints() == 0 and bar.in_group  # the hint went; the group stayed open
        await pilot.press("escape")
        assert not bar.in_group

    run(body, size=(100, 30))


def test_at_80x24_the_hint_stands_above_the_options_and_says_what_worth_is() -> None:
    # QA s53 Q4: a notice over the right half of the options, "(worth 71.5)" unexplained, and
    # nothing said Esc closes it.
    from test_tui_panes import open_game, session_after

    from engine import GameOptions

    def main_choice(g: Game) -> bool:
        return g.pending is not None and g.pending.kind == "phase2" and g.state.turns_taken > 3

    session = session_after(GameOptions(players=1, seed=5), main_choice)

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        bar = screen.query_one(DecisionBar)
        await pilot.press("h")
        for _ in range(3000):
            if not screen.hinting:
                break
            await pilot.pause(0.01)
        await pilot.pause()
        box = screen.query_one("#hint")
        assert box.display and box.region.bottom <= screen.query_one("#decision").region.y
        assert "Esc closes it, so does your move" in str(box.border_title)
        shown = "\n".join(s.text for s in app.screen._compositor.render_strips())
        # One row says what the gaps are (the whole took three of the boards' rows); help
        # says it whole.
        (note,) = [line for line in shown.splitlines() if "VP behind: " in line]
        assert "VP behind: the expert's estimate against its best, a round on, bumps " \
            "included." in note  # solo: what the expert counts
        for e in bar.entries:  # every option still whole in view, none under the hint
            assert e.text in shown, (e.text, shown)
        rows = [line for line in shown.splitlines() if line.rstrip().endswith(
            ("(best)", "(as good)", "VP behind)"))]
        assert len(rows) == 3 and all(r.lstrip().startswith("press ") for r in rows), rows
        await pilot.press("escape")
        assert not box.display and not screen.hint_shown()

    open_game(session, (80, 24), body)


def _whole_keys(app: GalcruiseApp) -> str:
    """The key line, after checking that each key on it shows whole: its key and its word
    (or the word's short form), never cut in the middle."""
    from galcruise_tui.widgets.keybar import SHORTER, KeyBar

    bar = app.screen.query_one(KeyBar)
    line = bar.render().plain
    assert len(line) == app.size.width, line
    for start, end, entry in bar._spans:
        said = line[start:end].strip(" ▏")
        words = {f"{entry.display} {entry.description}",
                 f"{entry.display} {SHORTER.get(entry.description, entry.description)}"}
        if entry is bar.palette:
            words.add(entry.display)  # the palette key may go without its word
        assert said in words, (said, line)
    assert " ? Help " in line or "? Help " in line, line  # the help key always stays
    return line


def test_a_search_bot_thinking_shows_a_spinner_and_no_pause_to_skip() -> None:
    # "(a bot is thinking; space skips the pause)" stood still for a second of the expert's
    # search, when space skipped nothing (QA s57).
    import threading

    from test_tui_panes import open_game, session_after

    from engine import GameOptions

    opts = GameOptions(players=2, seed=5, seats=("human", "expert"))
    session = session_after(opts, lambda g: g.state.turns_taken > 2, seat=0)
    go_on = threading.Event()

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        def slow(kind: str, seed: int, game: Game) -> C.Command:
            go_on.wait(10)  # a search that lasts until the test has looked
            return game.legal()[0]

        app.thinker.choose = slow  # the worker process's search, held open
        try:
            n = screen.session.length
            while screen.human_turn():
                await choose_by_keys(pilot, screen, screen.game.legal()[0])
            def waiting() -> str:
                return str(screen.query_one("#waiting").render())

            for _ in range(3000):
                if "is thinking" in waiting():
                    break
                await pilot.pause(0.01)
            assert "space Skip" not in _whole_keys(app)
            seen = {waiting()}
            for _ in range(2):  # each step of the timer turns the spinner
                screen._spin_on()
                await pilot.pause()
                seen.add(waiting())
            assert len(seen) == 3 and all("is thinking" in x for x in seen), seen
        finally:
            go_on.set()
        for _ in range(3000):
            if screen.human_turn() and screen.session.length > n:
                break
            await pilot.pause(0.01)
        assert screen._spin is None and "is thinking" not in \
            str(screen.query_one("#waiting").render())

    open_game(session, (80, 24), body)


def test_the_key_line_at_80_columns_shows_whole_keys_while_a_bot_thinks_and_in_a_group() -> None:
    # QA s53: "... space Skip pause ? Hel▏^p" while a bot thought at 80x24.
    from test_tui_panes import open_game, session_after

    from engine import GameOptions

    # A greedy bot about to move, with a pause before it: the key line offers the skip.
    opts = GameOptions(players=2, seed=5, seats=("human", "greedy"))
    session = session_after(opts, lambda g: g.state.turns_taken > 2, seat=0)

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        bar = screen.query_one(DecisionBar)
        await choose_by_keys(pilot, screen, screen.game.legal()[0])
        assert screen.thinking
        line = _whole_keys(app)
        assert "space Skip" in line and "u Undo" in line, line
        app.bot_delay = 0  # the bot's other moves this turn need no pause of 5 s each
        await pilot.press("space")  # the bot moves; a human's choice again
        for _ in range(3000):
            if screen.human_turn():
                break
            await pilot.pause(0.01)
        group = next((i for i, e in enumerate(bar.entries) if e.prefix is not None), None)
        if group is not None:
            bar.pick(group)
            await pilot.pause()
        line = _whole_keys(app)
        assert "h Hint" in line, line
        assert group is None or "esc Back" in line, line

    open_game(session, (80, 24), body, bot_delay=5)


async def choose_by_keys(pilot, screen: GameScreen, cmd: C.Command) -> None:  # noqa: ANN001
    n = screen.session.length
    await type_keys(pilot, *screen.query_one(DecisionBar).keys_for(cmd))
    for _ in range(1000):
        if screen.session.length > n:
            return
        await pilot.pause(0.001)

"""Tables in the app: two apps (two people at their own terminals) on one store, each seeing
only its own hand; the lobby; moves that race; undo at a table; the log's face-down draws."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from test_tui import type_keys
from textual.widgets import Static

from engine import Game, GameOptions
from engine.bots.greedy import GreedyBot
from engine.events import Event
from engine.view import view
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.screens.lobby import LobbyScreen
from galcruise_tui.screens.scores import ScoreScreen
from galcruise_tui.text import plain
from galcruise_tui.widgets.decision import DecisionBar
from galcruise_tui.widgets.drawing import Drawing
from galcruise_tui.widgets.log import GameLog
from galcruise_tui.widgets.panes import Boards
from galcruise_tui.words import tidy
from saves import SaveError
from saves.tables import FILE_NAME, TableStore

# Seed 9: a 301-move game in which one seat draws an agenda card face down.
PAIR = GameOptions(players=2, seed=9, names=("alice", "bob"), seats=("human", "human"))


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")
    for name in ("NO_COLOR", "TEXTUAL_THEME", "GALCRUISE_STORE", "GALCRUISE_HOME"):
        monkeypatch.delenv(name, raising=False)


def new_table(tmp_path: Path, options: GameOptions = PAIR, opens: tuple[int, ...] = ()) -> str:
    st = TableStore(tmp_path / FILE_NAME)
    try:
        return st.create(options, "2026-01-01T00:00:00Z", open_seats=opens)
    finally:
        st.close()


def app_for(tmp_path: Path, name: str) -> GalcruiseApp:
    return GalcruiseApp(data_dir=tmp_path / name, bot_delay=0, seed=1, name=name,
                        store=tmp_path / FILE_NAME)


async def sit(app: GalcruiseApp, pilot, key: str = "enter") -> GameScreen:  # noqa: ANN001
    """From the title: t opens the lobby, Enter (or w) takes the first row."""
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(app.screen, LobbyScreen)
    await pilot.press(key)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen), app.screen.query_one("#lobby-error").render()
    return app.screen


@asynccontextmanager
async def alice_and_bob(tmp_path: Path, size: tuple[int, int] = (100, 30)
                        ) -> AsyncIterator[list[tuple[GalcruiseApp, Any, GameScreen]]]:
    """Two apps on the table's store, alice and bob, each seated at the first row."""
    a, b = app_for(tmp_path, "alice"), app_for(tmp_path, "bob")
    async with a.run_test(size=size) as pa, b.run_test(size=size) as pb:
        yield [(a, pa, await sit(a, pa)), (b, pb, await sit(b, pb))]


async def caught_up(pilots: list, screens: list[GameScreen]) -> None:  # noqa: ANN001
    """Wait until every app shows the same number of moves (their timers poll the store)."""
    for _ in range(2000):
        if len({s.session.length for s in screens}) == 1:
            return
        await pilots[0].pause(0.01)
    raise AssertionError([s.session.length for s in screens])


def hand_shown(screen: GameScreen) -> str:
    screen.query_one(Boards).select("hand")
    return screen.query_one("#text-hand", Drawing).markup_shown or ""


async def dismiss_sheets(pairs: list) -> None:  # noqa: ANN001
    for app, pilot, screen in pairs:
        while isinstance(app.screen, ScoreScreen) and not screen.game.is_over:
            await pilot.press("enter")
            await pilot.pause()


async def play(pairs: list, limit: int, check_hands_every: int = 20) -> int:  # noqa: ANN001
    """The deciding person's app plays greedy's choice by keys; the other app follows."""
    moves = 0
    screens = [s for _, _, s in pairs]
    pilots = [p for _, p, _ in pairs]
    while moves < limit and not screens[0].game.is_over:
        await dismiss_sheets(pairs)
        mover = next(((a, p, s) for a, p, s in pairs if s.human_turn()), None)
        if mover is None:
            await pilots[0].pause(0.01)
            continue
        _, pilot, screen = mover
        n = screen.session.length
        cmd = GreedyBot(n).choose(screen.game)
        await type_keys(pilot, *screen.query_one(DecisionBar).keys_for(cmd))
        for _ in range(1000):
            if screen.session.length > n:
                break
            await pilot.pause(0.001)
        await caught_up(pilots, screens)
        assert len({s.game.state_hash() for s in screens}) == 1
        moves += 1
        if moves % check_hands_every == 0:
            check_hands(screens)
    return moves


def check_hands(screens: list[GameScreen]) -> None:
    """Each app shows its own seat's hand, and no card of the other's that it does not hold."""
    game = screens[0].game
    for screen in screens:
        me = screen.viewer
        assert me is not None and me >= 0
        shown = hand_shown(screen)
        mine = {game.comps.agenda(c).name for c in game.state.players[me].hand}
        theirs = {game.comps.agenda(c).name for p in game.state.players if p.seat != me
                  for c in p.hand} - mine
        assert plain(game.state.players[me].name) in shown
        assert all(name in shown for name in mine)
        assert not any(f"[b]{name}[/b]" in shown for name in theirs), (me, theirs)


def hidden_events(store_path: Path, table: str) -> list[tuple[Game, Event]]:
    st = TableStore(store_path)
    try:
        _, moves = st.commands(table)
        game = st.start(table)
    finally:
        st.close()
    out = []
    for _, cmd in moves:
        out += [(game, e) for e in game.apply(cmd) if e.hidden]
    return out


def test_two_apps_play_a_table_each_seeing_only_its_own_hand(tmp_path: Path) -> None:
    """The Done-when test: a whole 2-player game by keys in two apps on one store."""
    table = new_table(tmp_path)

    async def main() -> None:
        async with alice_and_bob(tmp_path, (80, 24)) as pairs:
            (a, pa, sa), (b, pb, sb) = pairs
            assert (sa.viewer, sb.viewer) == (0, 1)
            moves = await play(pairs, 5000)
            assert sa.game.is_over and sb.game.is_over and moves > 100
            for app, pilot, screen in pairs:
                await pilot.pause()
                assert isinstance(app.screen, ScoreScreen)
                lines = [t.plain for t in screen.query_one(GameLog).texts]
                # Face-down draws: the drawer's log names the cards, the other's counts them.
                hidden = hidden_events(tmp_path / FILE_NAME, table)
                assert hidden
                for game, e in hidden:
                    text = plain(tidy(view(game), e.text if e.seat == screen.viewer else e.hidden),
                                 2000)
                    assert any(line.endswith(text) for line in lines), text
        st = TableStore(tmp_path / FILE_NAME)
        assert st.game(table)[0].is_over
        st.close()

    asyncio.run(main())


def test_the_lobby_joins_a_free_seat_and_a_race_and_an_undo_show_in_both_apps(
        tmp_path: Path) -> None:
    table = new_table(tmp_path, PAIR, opens=(1,))

    async def main() -> None:
        a, b = app_for(tmp_path, "alice"), app_for(tmp_path, "carol")
        async with a.run_test(size=(80, 24)) as pa, b.run_test(size=(80, 24)) as pb:
            sa = await sit(a, pa)
            await pb.press("t")
            await pb.pause()
            lobby = b.screen
            assert isinstance(lobby, LobbyScreen)
            assert [r.seat for r in lobby.rows] == [1]  # a free seat to join
            assert "Enter joins" in lobby.rows[0].text
            await pb.press("enter")
            await pb.pause()
            sb = b.screen
            assert isinstance(sb, GameScreen) and sb.viewer == 1
            st = TableStore(tmp_path / FILE_NAME)
            assert [s.name for s in st.info(table).seats] == ["alice", "carol"]
            pairs = [(a, pa, sa), (b, pb, sb)]
            await play(pairs, 12, check_hands_every=4)
            # A watcher sees the table and no hand.
            c = app_for(tmp_path, "dave")
            async with c.run_test(size=(80, 24)) as pc:
                sc = await sit(c, pc, key="w")
                assert sc.viewer == -1 and not sc.human_turn()
                assert hand_shown(sc) == "Watching: no hand is shown."
                await play(pairs, 3)
                await caught_up([pc, pa], [sc, sa])
            # Undo: the mover takes back a move that revealed nothing; the other app follows.
            mover = next(s for s in (sa, sb) if s.human_turn())
            other = sb if mover is sa else sa
            for _ in range(50):
                if mover.session.can_undo:
                    break
                await play(pairs, 1)
                mover = next(s for s in (sa, sb) if s.human_turn())
                other = sb if mover is sa else sa
            assert mover.session.can_undo and not other.session.can_undo
            n = mover.session.length
            mover.action_undo()
            assert mover.session.length == n - 1
            await caught_up([pa, pb], [sa, sb])
            assert other.game.state_hash() == mover.game.state_hash()
            # Both logs say whose move it was (carol at the free seat named bob: both
            # names) and what it did.
            name = ("alice", "carol (bob)")[mover.viewer]
            for screen in (mover, other):
                said = [t.plain for t in screen.query_one(GameLog).texts if "took back" in t.plain]
                assert said and said[-1].startswith(f"── {name} took back a move: "), said
            # A race: another app lands the move first; this one is told and shows it.
            cmd = mover.game.legal()[0]
            seat = mover.viewer
            secret = mover.session.secret
            st.move(table, seat, secret, cmd, mover.session.length)
            before = mover.session.length
            mover.play(mover.game.legal()[-1])
            await pa.pause()
            assert mover.session.length == before + 1
            assert mover.session.game.state_hash() == st.game(table)[0].state_hash()
            st.close()

    asyncio.run(main())


def test_a_seat_reads_its_own_face_down_draws_and_others_read_a_count() -> None:
    from saves.session import Session

    game = Game.new(GameOptions(players=2, seed=3))
    e = Event("gain", 1, "Blue gains 2 agenda cards from an engine (Alpha, Beta).",
              "Blue gains 2 agenda cards from an engine.")
    hot = GameScreen(Session(game, None, None))  # type: ignore[arg-type]
    at_table = [GameScreen(Session(game, None, None), viewer=v)  # type: ignore[arg-type]
                for v in (0, 1, -1)]
    assert hot.seen([e])[0].text == e.text  # hot-seat: as before
    assert [s.seen([e])[0].text for s in at_table] == [e.hidden, e.text, e.hidden]


def test_a_table_is_made_in_the_lobby_with_a_free_seat_and_you_sit_down(tmp_path: Path) -> None:
    async def main() -> None:
        a = app_for(tmp_path, "alice")
        async with a.run_test(size=(80, 24)) as pilot:
            await pilot.press("t", "n")
            await pilot.pause()
            assert "New table" in str(a.screen.query_one(Static).render())
            await pilot.press("ctrl+n")
            await pilot.pause()
            screen = a.screen
            assert isinstance(screen, GameScreen) and screen.viewer == 0
            st = TableStore(tmp_path / FILE_NAME)
            (info,) = st.tables()
            assert [(s.name, s.kind, s.taken) for s in info.seats] == [
                ("alice", "human", True), ("", "human", False)]
            st.close()
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(a.screen, LobbyScreen)
            assert [r.seat for r in a.screen.rows] == [0]

    asyncio.run(main())


def test_a_bot_at_a_table_moves_once_though_two_apps_think_for_it(tmp_path: Path) -> None:
    opts = GameOptions(players=2, seed=4, names=("alice", "Blue"), seats=("human", "greedy"))
    table = new_table(tmp_path, opts)

    async def main() -> None:
        a, w = app_for(tmp_path, "alice"), app_for(tmp_path, "dave")
        async with a.run_test(size=(80, 24)) as pa, w.run_test(size=(80, 24)) as pw:
            sa, sw = await sit(a, pa), await sit(w, pw, key="w")
            assert (sa.viewer, sw.viewer) == (0, -1)
            await play([(a, pa, sa)], 25)
            for _ in range(2000):  # both apps settle on the bot's moves
                if sa.human_turn() and sw.session.length == sa.session.length:
                    break
                await pa.pause(0.01)
            st = TableStore(tmp_path / FILE_NAME)
            undos, moves = st.commands(table)
            st.close()
            assert undos == 0 and len(moves) == sa.session.length == sw.session.length
            assert sum(1 for seat, _ in moves if seat == 1) >= 10  # the bot played, once each
            assert sa.game.state_hash() == sw.game.state_hash()

    asyncio.run(main())


def test_at_a_table_the_second_seat_seals_its_bid_first_and_the_first_sees_only_that(
        tmp_path: Path) -> None:
    """Starting upgrade cards with the auction: the decision names alice, yet bob bids from
    his terminal at once; alice's log says only that he has bid."""
    from engine.modules.starting_upgrades.commands import SealBid

    opts = GameOptions(players=2, seed=9, names=("alice", "bob"), seats=("human", "human"),
                       modules=("starting_upgrades",), variants=("starting_auction",))
    new_table(tmp_path, opts)

    async def main() -> None:
        async with alice_and_bob(tmp_path, (80, 24)) as pairs:
            (a, pa, sa), (b, pb, sb) = pairs
            assert sa.game.pending is not None and sa.game.pending.seat == 0
            assert sa.human_turn() and sb.human_turn()  # both wait on their own bid
            bar = sb.query_one(DecisionBar)
            assert all(c.seat == 1 for e in bar.entries for c in e.commands)  # type: ignore[attr-defined]
            await type_keys(pb, *bar.keys_for(SealBid(1, 5)))
            await caught_up([pa, pb], [sa, sb])
            assert sa.session.length == 1 and sb.session.actors == [1]
            assert not sb.human_turn() and sa.human_turn()
            alice_log = " ".join(t.plain for t in sa.query_one(GameLog).texts)
            bob_log = " ".join(t.plain for t in sb.query_one(GameLog).texts)
            assert "bob has bid." in alice_log and "bids 5" not in alice_log
            assert "bob bids 5 money (sealed)." in bob_log
            await type_keys(pa, *sa.query_one(DecisionBar).keys_for(SealBid(0, 2)))
            await caught_up([pa, pb], [sa, sb])
            g = sb.game
            assert [p.money for p in g.state.players] == [11, 8]
            assert g.pending is not None and g.pending.kind == "starting_pick" \
                and g.pending.seat == 1 and sb.human_turn() and not sa.human_turn()

    asyncio.run(main())


def test_a_tables_secrets_stay_at_the_table_no_seed_shown_and_no_file_of_it_mid_game(
        tmp_path: Path) -> None:
    table = new_table(tmp_path)

    async def main() -> None:
        a = app_for(tmp_path, "alice")
        async with a.run_test(size=(100, 30)) as pa:
            sa = await sit(a, pa)
            first = sa.query_one(GameLog).texts[0].plain
            # The seed deals every hidden card: whoever knew it could replay the deal.
            assert first.startswith(f"Game table {table}: ") and "seed" not in first
            assert f"; {PAIR.seed};" not in first
            out = tmp_path / "alice" / "peek.json"
            with pytest.raises(SaveError, match="still being played"):
                sa.session.save_as(out)
            assert not out.exists()
            await pa.press("ctrl+s")  # refused at once, before a name is asked for
            await pa.pause()
            assert a.screen is sa
            assert any("once it is over" in str(n.message) for n in a._notifications)

    asyncio.run(main())


def test_a_table_made_in_the_lobby_draws_a_seed_nobody_is_shown(tmp_path: Path) -> None:
    from textual.widgets import Input

    from galcruise_tui.screens.lobby import NewTableScreen

    async def main() -> None:
        a = GalcruiseApp(data_dir=tmp_path / "alice", bot_delay=0, name="alice",
                         store=tmp_path / FILE_NAME)
        async with a.run_test(size=(100, 30)) as pa:
            a.push_screen(NewTableScreen())
            await pa.pause()
            form = a.screen
            assert form.query_one("#seed", Input).value == ""
            seeds = {form.options().seed for _ in range(3)}
            assert len(seeds) == 3  # drawn afresh, never shown

    asyncio.run(main())


def test_the_lobby_says_what_is_owed_and_q_at_a_table_goes_back_to_the_tables(
        tmp_path: Path) -> None:
    from helpers import store_moves

    from galcruise_tui.widgets.keybar import KeyBar

    st = TableStore(tmp_path / FILE_NAME)
    table = st.create(PAIR, "2026-01-01T00:00:00Z")
    # Seed 9: at move 23 alice owes a funding bonus (her worker was bumped) in bob's turn.
    game = store_moves(st, table, lambda g: g.state.turn.number > 0
                       and g.pending.seat != g.state.turn.seat)
    st.close()
    assert (game.state.turn.seat, game.pending.seat) == (1, 0)

    async def lobby_row(name: str) -> str:
        app = app_for(tmp_path, name)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            (row,) = app.screen.rows
            if name == "alice":
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, GameScreen)
                bar = app.screen.query_one(KeyBar)
                keys = [f"{e.display} {e.description}" for e in bar.entries]
                assert "q Back to tables" in keys and "q Quit to title" not in keys
                await pilot.press("q")
                await pilot.pause()
                assert isinstance(app.screen, LobbyScreen)
            return row.text

    said = asyncio.run(lobby_row("alice"))
    assert said.endswith("· YOUR DECISION in bob's turn: choose a funding bonus (1 to take; "
                         "worker bumped)")
    assert "YOUR TURN" not in said
    assert asyncio.run(lobby_row("bob")).endswith("· alice to play")


def test_a_person_at_a_free_seat_is_named_beside_the_seats_colour(tmp_path: Path) -> None:
    from rich.text import Text

    from saves.tables import Secrets

    opts = GameOptions(players=2, seed=9, names=("alice", "Blue"), seats=("human", "human"))
    table = new_table(tmp_path, opts, opens=(1,))
    who = "[b]bob"  # a name is data: shown as typed, never read as markup
    st = TableStore(tmp_path / FILE_NAME)
    assert st.join(table, who, Secrets(tmp_path / who)) == 1
    st.close()

    async def main() -> None:
        app = app_for(tmp_path, who)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
            (row,) = app.screen.rows
            assert row.text.startswith(f"{table}  alice, {who} (Blue) · move 0 · ")
            screen = await sit(app, pilot)
            assert screen.game.state.players[1].name == "Blue"  # the game's names stand
            screen.query_one(Boards).select("players")
            await pilot.pause()
            shown = screen.query_one("#text-players", Drawing).markup_shown or ""
            heads = [line for line in Text.from_markup(shown).plain.splitlines()
                     if "  VP " in line]
            assert heads[0].startswith(f"B {who} (Blue)  VP ")  # this seat first
            assert heads[1].startswith("L alice  VP ")


def test_after_an_undo_at_the_table_the_others_summary_holds_the_whole_turn(
        tmp_path: Path) -> None:
    """bob plays part of his turn, takes a move back and plays on: alice's summary of his
    turn still begins where his turn began, not at the undo."""
    from test_tui_turns import summary_text

    new_table(tmp_path)

    async def main() -> None:
        async with alice_and_bob(tmp_path) as pairs:
            (a, pa, sa), (b, pb, sb) = pairs

            def bobs_moves() -> list[int]:  # the moves of bob's turn so far, by number
                g = sb.game
                if g.state.turn.seat != 1 or not sb.human_turn():
                    return []
                moves = sb.session.moves
                began = max(i for i, m in enumerate(moves)
                            if any(e.kind == "turn" for e in m.events))
                return [i for i in range(began + 1, len(moves)) if moves[i].seat == 1]

            for _ in range(300):
                if len(bobs_moves()) >= 3 and sb.session.can_undo:
                    break
                await play(pairs, 1)
            kept = bobs_moves()[:-1]
            assert len(kept) >= 2
            sb.action_undo()
            await caught_up([pa, pb], [sa, sb])
            while not sa.human_turn():
                await play(pairs, 1)
            await pa.pause()
            text = summary_text(sa)
            assert text.startswith("bob's turn"), text
            # Every move bob kept from before the undo is in it, in his turn's words.
            v = sa.facts()
            for i in kept:
                first = next(e for e in sa.session.moves[i].events if e.kind != "turn")
                said = re.sub(r"^bob:? ", "", tidy(v, first.text)).rstrip(".").split(" (")[0]
                assert said in text, (said, text)

    asyncio.run(main())


@pytest.mark.slow  # 110 moves through two apps: a fifth of a minute's fast tests
def test_your_own_move_at_a_table_is_in_view_at_the_end_of_the_log(tmp_path: Path) -> None:
    """The log scrolled to its end as a move was logged, before the redraw that follows gave
    the decision bar more rows: the move's last lines sat below the log's bottom until the
    next move. Now the newest line stays in view however the rows change."""
    new_table(tmp_path)

    async def main() -> None:
        async with alice_and_bob(tmp_path) as pairs:
            (a, pa, sa), (b, pb, sb) = pairs
            await pa.press("l")  # a narrow terminal: the log takes the boards' place
            await pa.pause()
            log = sa.query_one(GameLog)
            checked = 0
            while sa.session.length < 110:
                await play(pairs, 1)
                if sa.session.actors[-1] != 0:
                    continue
                await pa.pause()
                assert log.scroll_y == log.max_scroll_y, \
                    (sa.session.length, log.scroll_y, log.max_scroll_y)
                checked += 1
            assert checked > 30

    asyncio.run(main())


def test_every_line_naming_a_joined_free_seat_names_the_person_beside_its_colour(
        tmp_path: Path) -> None:
    """Not only the Players pane: the status line, the waiting line's cause (a bump), the
    log's first line and the network legend say "[b]bob (Blue)" too (a name is data, never
    markup)."""
    from helpers import store_moves

    from saves.tables import Secrets

    opts = GameOptions(players=2, seed=9, names=("alice", "Blue"), seats=("human", "human"))
    table = new_table(tmp_path, opts, opens=(1,))
    who = "[b]bob"
    st = TableStore(tmp_path / FILE_NAME)
    assert st.join(table, who, Secrets(tmp_path / who)) == 1
    # alice owes a decision (a funding bonus) in Blue's turn.
    game = store_moves(st, table, lambda g: g.state.turn.number > 0
                       and g.pending.seat != g.state.turn.seat)
    st.close()
    assert (game.state.turn.seat, game.pending.seat) == (1, 0)

    async def main() -> None:
        app = app_for(tmp_path, "alice")
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await sit(app, pilot)
            await pilot.pause()
            status = str(screen.query_one("#status").render())
            assert f"{who} (Blue)'s turn" in status
            assert f"B {who} (Blue) " in status
            assert "Blue's turn" not in status.replace(f"{who} (Blue)'s turn", "")
            waiting = str(screen.query_one("#waiting").render())
            assert waiting.endswith(f"your worker was bumped by {who} (Blue)"), waiting
            first = screen.query_one(GameLog).texts[0].plain
            assert f"{who} (Blue) (human)" in first, first
            screen.query_one(Boards).select("network")
            await pilot.pause()
            net = screen.query_one("#text-network", Drawing).markup_shown or ""
            assert f"B {who} (Blue)" in Text.from_markup(net).plain

    from rich.text import Text

    asyncio.run(main())


def test_a_turn_summary_names_the_person_at_a_joined_free_seat(tmp_path: Path) -> None:
    """bob joins the free seat from the lobby; alice's summary of his turn is headed
    "bob (Blue)'s turn", and his own screen names him so in the status line."""
    from test_tui_turns import summary_text

    opts = GameOptions(players=2, seed=9, names=("alice", "Blue"), seats=("human", "human"))
    new_table(tmp_path, opts, opens=(1,))

    async def main() -> None:
        async with alice_and_bob(tmp_path) as pairs:
            (a, pa, sa), (b, pb, sb) = pairs
            assert sb.viewer == 1  # Enter took the free seat
            for _ in range(200):
                if "(Blue)'s turn" in summary_text(sa):
                    break
                await play(pairs, 1)
            text = summary_text(sa)
            assert text.startswith("bob (Blue)'s turn"), text
            assert "B bob (Blue) " in str(sb.query_one("#status").render())

    asyncio.run(main())


def test_the_lobby_says_where_your_name_came_from(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import getpass

    monkeypatch.setattr(getpass, "getuser", lambda: "carol")
    new_table(tmp_path)

    async def head(name: str | None) -> str:
        app = GalcruiseApp(data_dir=tmp_path / "d", bot_delay=0, seed=1, name=name,
                           store=tmp_path / FILE_NAME)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            return str(app.screen.query_one("#lobby-head").render()).splitlines()[0]

    assert " · you are carol (your login name; --name sets another) · " in asyncio.run(head(None))
    assert " · you are alice (--name) · " in asyncio.run(head("alice"))


def test_while_another_person_decides_the_boards_take_the_options_empty_rows(
        tmp_path: Path) -> None:
    # Stop 54: at a table the waiting screen kept nine rows for the options under "(nothing
    # to choose now)" while the network was cut off above them; the others' turns can be long.
    new_table(tmp_path)

    async def main() -> None:
        async with alice_and_bob(tmp_path, size=(80, 24)) as pairs:
            waiting = next(s for _, _, s in pairs if not s.human_turn())
            mover = next(s for _, _, s in pairs if s.human_turn())
            away, here = waiting.query_one("#decision"), mover.query_one("#decision")
            assert waiting.has_class("away") and not mover.has_class("away")
            assert here.outer_size.height >= 9  # the options keep their room, as in hot seat
            assert away.outer_size.height < 6, away.outer_size.height
            assert waiting.query_one(Boards).size.height > mover.query_one(Boards).size.height
            for _ in range(6):  # a setup pick, then the blueprint: one seat's two moves
                await play(pairs, 1)
                await caught_up([p for _, p, _ in pairs], [s for _, _, s in pairs])
                for _, pilot, _ in pairs:
                    await pilot.pause()
                if waiting.human_turn():
                    break
            # The seats swapped: so did the room.
            assert waiting.human_turn() and not waiting.has_class("away")
            assert mover.has_class("away")
            assert waiting.query_one("#decision").outer_size.height >= 9

    asyncio.run(main())

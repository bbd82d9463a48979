"""Every part of the game reachable by keys at small sizes; the status line; pane snapshots."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from test_tui import _home  # noqa: F401 - the autouse fixture: a fresh data dir per test

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.widgets.drawing import Drawing
from galcruise_tui.widgets.panes import Boards
from saves import Session

SOLO = GameOptions(players=1, seed=5)
DUO = GameOptions(players=2, seed=5, seats=("human", "random"))


def session_after(options: GameOptions, done: Callable[[Game], bool], seed: int = 3,
                  seat: int | None = 0) -> Session:
    """A game (not on disk) played by a random bot in every seat until `done` and `seat`
    decides (None: anyone), so the screen opens on a human's decision."""
    s = Session.new(options)
    bot = RandomBot(seed)
    g = s.game
    while not (done(g) and g.pending is not None and seat in (None, g.pending.seat)) \
            and not g.is_over:
        s.apply(bot.choose(g))
    return s


def open_game(session: Session, size: tuple[int, int],
              body: Callable[[GalcruiseApp, object, GameScreen], Awaitable[None]],
              bot_delay: float = 0) -> None:
    """`body(app, pilot, screen)` with `session` open on the game screen at `size`."""
    async def main() -> None:
        app = GalcruiseApp(bot_delay=bot_delay, seed=1)
        async with app.run_test(size=size) as pilot:
            screen = GameScreen(session)
            app.push_screen(screen)
            await pilot.pause()
            await body(app, pilot, screen)

    asyncio.run(main())


def visible(screen: GameScreen) -> str:
    """The rows of the shown pane inside its scrolled window: what a player can read now."""
    scroller = screen.query_one(Boards).scroller()
    drawing = scroller.query_one(Drawing)
    rows = drawing._rows_at(drawing.size.width)
    top = round(scroller.scroll_y)
    return "\n".join(r.text for r in rows[top:top + scroller.size.height])


async def read_pane(pilot, screen: GameScreen) -> str:  # noqa: ANN001
    """Home, then PageDown until the pane stops moving; everything seen on the way."""
    await pilot.press("home")
    seen = [visible(screen)]
    scroller = screen.query_one(Boards).scroller()
    for _ in range(40):
        before = scroller.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        seen.append(visible(screen))
        if scroller.scroll_y == before:
            break
    return "\n".join(seen)


FACTS = {
    "network": ["┌─ 1 ", "┌─ 6 ", "c1", "c6", "▲ worker", "Technologies", " t1 ", " t4 ",
                "NPC"],
    "board": ["Silo", "Experts for hire", "Agenda display", "Blueprint display",
              "Ships for sale"],
    "tracks": ["Company goals", "needs", "Progress", "AGM1", "AGM2", "END", "Reputation", "VP"],
    "market": ["Cruises", "Guest queue", "supply", "Guest bonuses"],
    "players": ["Storage", "Developments", "Break room", "Launch tower", "Upgrades", "Ships",
                "Goals done", "Funding bonus now", "cards in hand", "Cockpits (now "],
    "hand": ["agenda cards", "Blueprints"],
    "rachel": ["Rachel's action deck", "Top card's back", "Her goals", "Storage"],
    "scores": ["Score sheet", "VP over the turns"],
}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
@pytest.mark.parametrize("options", [SOLO, DUO], ids=["solo", "two"])
def test_every_pane_is_read_to_its_end_by_keys(size: tuple[int, int],
                                               options: GameOptions) -> None:
    session = session_after(options, lambda g: g.state.turn.number >= 6)

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        boards = screen.query_one(Boards)
        names = [p for p, _ in boards.panes]
        assert ("rachel" in names) == (options.players == 1)
        read: dict[str, str] = {}
        for _ in names:  # tab walks every pane once and comes back to the first
            read[boards.active] = await read_pane(pilot, screen)
            await pilot.press("tab")
        assert boards.active == names[0] and set(read) == set(names)
        for pid, text in read.items():
            for fact in FACTS[pid]:
                assert fact in text, f"{pid} at {size}: {fact!r} not reached"
        players = [p.name for p in screen.game.state.players]
        assert all(n in read["players"] for n in players)
        await pilot.press("shift+tab")
        assert boards.active == names[-1]
        status = str(screen.query_one("#status").render())
        assert "Round" in status and "progress" in status and "/9" in status
        assert all(n in status for n in players)

    open_game(session, size, body)


def end_triggered_session() -> Session:
    """Both seats human (the screen runs no bot, so the position stays the one found), at a
    decision after the end is triggered and before the final round: the first seed whose
    random game has one (in some the end comes with the round's last turn)."""
    for seed in range(5, 30):
        humans = GameOptions(players=2, seed=seed, seats=("human", "human"))
        session = session_after(
            humans, lambda g: g.state.end_triggered and not g.state.final_phase, seat=None)
        if not session.game.is_over:
            return session
    raise AssertionError("no seed stops between the end's trigger and the final round")


def test_the_status_line_says_the_end_is_near_and_an_unsaved_game() -> None:
    session = end_triggered_session()

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        g = screen.game
        order = g.state.turn_order
        # The rest of this round, then everyone's final turn.
        left = len(order) - 1 - order.index(g.state.turn.seat) + len(order)
        status = str(screen.query_one("#status").render())
        assert f"End triggered: {left} more turns" in status
        assert "not saved" not in status
        screen.session.save_error = "[/] disk full"
        screen.redraw()
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "not saved: [/] disk full" in status

    open_game(session, (80, 24), body)


def test_the_status_line_says_your_final_turn() -> None:
    def final_turn(g: Game) -> bool:
        s = g.state
        return s.final_phase == "turns" and s.turn.seat == 0 and 0 not in s.final_turns_left

    session = session_after(DUO, final_turn)

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        assert "Your final turn" in str(screen.query_one("#status").render())

    open_game(session, (80, 24), body)


# --- snapshots ---------------------------------------------------------------------------
PANE_SIZES = [(80, 24), (100, 30), (160, 48)]


@pytest.mark.parametrize("size", PANE_SIZES, ids=["80x24", "100x30", "160x48"])
@pytest.mark.parametrize("pane", range(8), ids=["network", "board", "goals", "market",
                                                "players", "hand", "rachel", "scores"])
def test_snapshot_pane(snap_compare, pane: int, size: tuple[int, int]) -> None:  # noqa: ANN001
    session = session_after(SOLO, lambda g: g.state.turn.number >= 6)

    async def run_before(pilot) -> None:  # noqa: ANN001
        pilot.app.push_screen(GameScreen(session))
        await pilot.pause()
        for _ in range(pane):
            await pilot.press("tab")
        await pilot.pause()

    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), run_before=run_before,
                        terminal_size=size)


def test_snapshot_end_triggered_status(snap_compare) -> None:  # noqa: ANN001
    session = end_triggered_session()

    async def run_before(pilot) -> None:  # noqa: ANN001
        pilot.app.push_screen(GameScreen(session))
        await pilot.pause()

    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), run_before=run_before,
                        terminal_size=(80, 24))


def test_the_status_line_wraps_between_seats_not_inside_one() -> None:
    # At 80 columns a seat's figures broke after 'rep' with its value on the next line.
    from rich.text import Text

    from engine.view import view as view_of
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=4, seed=3))
    for width in (60, 80, 100):
        text = render.status(view_of(g), 0, None, width)
        rows = Text.from_markup(text).plain.split("\n")[1:]
        assert all(len(r) <= width for r in rows), rows
        for p in g.state.players:
            assert sum(f"{p.name} {p.vp}VP rep {p.reputation} ${p.money}" in r
                       for r in rows) == 1, (p.name, rows)


def test_the_goals_pane_shows_rachels_own_goals_for_her() -> None:
    # Her ✓ meant her fixed goal was met, shown against the tile's count ('C0✓').
    from engine.view import view as view_of
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=1, seed=3))
    v = view_of(g)
    r = v.rachel
    assert r is not None
    from rich.text import Text

    panel = Text.from_markup(render.goals_panel(v)).plain
    assert "C n/m: Rachel's own goals, top to bottom: developments, segments, ships" in panel
    rows = panel.splitlines()[2:]
    for j in range(3):
        assert f"C{r.reached[j]}/{r.targets[j]}" in rows[j]
    assert all(len(row) <= 78 for row in panel.splitlines())  # one row each at 80 columns


def test_the_status_line_repacks_its_seats_when_the_terminal_is_resized() -> None:
    from test_tui import new_game, run

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "greedy"))

        def rows() -> int:
            return str(screen.query_one("#status").render()).count("\n") + 1

        assert rows() == 3  # at 80 columns each seat has a row of its own
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        assert rows() == 2  # at 140 both fit one row, without a move to redraw it

    run(body)


def test_rachels_top_card_is_said_to_have_placed_her_worker_only_once_one_was() -> None:
    from rich.text import Text

    from engine.view import view as view_of
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=1, seed=3))
    assert g.state.rachel is not None and not g.state.rachel.discard
    before = Text.from_markup(render.rachel_pane(view_of(g))).plain
    assert "Top card's back" in before and "placed her last worker" not in before
    bot = RandomBot(3)
    while not g.state.rachel.discard:
        g.apply(bot.choose(g))
    after = Text.from_markup(render.rachel_pane(view_of(g))).plain
    assert "(it placed her last worker; its numbers pick" in after


def test_the_network_keeps_its_boxes_whole_at_every_width_with_the_log_beside_or_not() -> None:
    """F11's check: at 80 columns an expert's box reads '◆ P Pink expert' or '◆ Y expert'
    (never 'exp'); and at 110-119 columns, the log beside the boards, the network's boxes
    broke across rows. The log now stands beside from 120, where the drawing fits."""
    import re

    from rich.text import Text

    from galcruise_tui.widgets import render

    four = GameOptions(players=4, seed=5, seats=("human",) * 4)
    session = session_after(four, lambda g: sum(
        o is not None and "expert" in o.piece and o.seat >= 0 for o in g.state.board.occupants)
        >= 2, seed=4, seat=None)

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        lines = render.network(screen.facts()).split("\n")
        widest = max(Text.from_markup(line).cell_len for line in lines)
        # An expert's piece line is whole: its name and 'expert', or 'expert' alone.
        pieces = [cell.strip() for line in lines
                  for cell in re.split("[│║]", Text.from_markup(line).plain) if "◆" in cell]
        assert len(pieces) >= 2 and all(p.endswith(" expert") for p in pieces), pieces
        drawing = screen.query_one("#text-network", Drawing)
        for width in (80, 100, 110, 115, 119, 120, 130, 150, 160):
            await pilot.resize_terminal(width, 36)
            await pilot.pause()
            assert drawing.size.width >= widest, (width, drawing.size.width)
            assert screen.has_class("narrow") == (width < 120)

    open_game(session, (80, 24), body)


def test_the_network_legend_breaks_between_its_entries_at_every_width() -> None:
    # At 160x48 (the log beside the boards) the legend wrapped at a space and left "turn" on a
    # row alone; at 4 players it is longer still.
    four = GameOptions(players=4, seed=5, seats=("human",) * 4,
                       names=("Annabelle", "Bartholomew", "Clementine", "Dmitri"))
    entries = ["B Annabelle", "T Bartholomew", "C Clementine", "D Dmitri", "o neutral",
               "▲ worker", "◆ expert", "═ developed", "╔╗ this turn"]

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        drawing = screen.query_one("#text-network", Drawing)
        for width, height in ((80, 24), (100, 30), (120, 36), (160, 48), (100, 30)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.pause()
            rows = [r.text.strip() for r in drawing._rows_at(drawing.size.width)]
            start = next(i for i, r in enumerate(rows) if r.startswith("B Annabelle"))
            end = next(i for i, r in enumerate(rows) if r.endswith("╔╗ this turn"))
            legend = rows[start:end + 1]
            # Every row is whole entries, two spaces apart, and all of them are there.
            assert [e for r in legend for e in r.split("  ")] == entries, (width, legend)
            # A row takes the next entry whenever it fits.
            assert all(len(a) + 2 + len(b.split("  ")[0]) > drawing.size.width
                       for a, b in zip(legend, legend[1:], strict=False)), (width, legend)

    open_game(session_after(four, lambda g: True, seat=None), (80, 24), body)


def test_a_long_ship_breaks_between_its_parts_and_keeps_its_cabins_beside_its_engine() -> None:
    # QA s53 Q8: at 160x48 the side pane showed "...═[Silk Hammoc… RF ½C]═‹Starter Engine" at
    # its edge; the pane's own wrapping broke the engine's name and put "A›  cabins 1" where
    # the player did not see it.
    from engine.view import view
    from galcruise_tui.widgets.panes import SidePane
    from galcruise_tui.widgets.render import SHIP_ROW, ship_strip

    modules = ("accommodations", "station_bonuses", "advanced_technologies", "advancements",
               "specialised_blueprints", "starting_upgrades")

    def long_ship(g: Game) -> bool:
        return any(len(sh.segments) >= 2 for sh in view(g).player(0).ships)

    options = GameOptions(players=2, seed=5, seats=("human", "random"), modules=modules)
    session = session_after(options, long_ship, seed=1)
    ships = view(session.game).player(0).ships
    # On one line the longest strip would not fit the side pane (81 columns at 160x48).
    assert max(len(ship_strip(sh).replace("\n    ", "")) for sh in ships) > 81

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        side = screen.query_one(SidePane)
        assert side.display
        drawing = side.query_one(Drawing)
        rows = [r.text.rstrip() for r in drawing._rows_at(drawing.size.width)]
        for sh in ships:
            first = next(i for i, r in enumerate(rows) if r.startswith(f" {sh.index}. ‹"))
            strip = rows[first:first + 3]
            # The engine whole, the cabins beside it; every row fits without the pane's wrap.
            assert any(f"‹{sh.engine}›  cabins {sh.cabins}" in r for r in strip), strip
            # Every name whole: "Oxygen Scrubber…" hid which engine it was (QA s57).
            names = [sh.cockpit, *(seg.name for seg in sh.segments)]
            assert all(any(name in r for r in strip) for name in names), (names, strip)
            assert all(len(r) <= SHIP_ROW for r in strip), strip

    open_game(session, (160, 48), body)


def test_a_wrapped_list_item_goes_on_under_its_own_text() -> None:
    # QA s54 F12: at 80 columns an agenda card's or a ship's text went on at the pane's edge,
    # under its number, where the next item seemed to start.
    long = "Build Ship Segments: build up to 4 segments instead of 2, " * 2

    async def body(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
        await pilot.press("tab")  # the board
        await pilot.pause()
        drawing = screen.query_one("#text-board", Drawing)
        width = drawing.size.width
        board = [r.text for r in drawing._rows_at(width)]
        # The pane's own padding is a column; its items read " 1. ".
        card = next(i for i, r in enumerate(board) if r.startswith(" 1. "))
        assert board[card + 1].startswith("    ") and board[card + 1][4] != " ", board
        drawing.show("\n".join([f"  1. [b]Double Shift[/b] {long}", f"  · {long}",
                                 f" Experts for hire {long}", f"    deck {long}",
                                 "  2. Launch Party: gain 2 ads."]))
        rows = [r.text.rstrip() for r in drawing._rows_at(width)]
        assert all(len(r) <= width for r in rows)
        starts = [len(r) - len(r.lstrip(" ")) for r in rows]
        heads = ("  1. Double", "  · Build", " Experts", "    deck", "  2. Launch")
        firsts = [i for i, r in enumerate(rows) if r.startswith(heads)]
        assert [rows[i][:6] for i in firsts] == [h[:6] for h in heads], rows
        # Each goes on under its own text: after the number, the dot, the label's indent.
        hangs = [5, 4, 1, 4]
        for n, (a, b) in enumerate(zip(firsts, firsts[1:], strict=False)):
            assert b - a >= 2 and set(starts[a + 1:b]) == {hangs[n]}, (n, rows[a:b])
        assert "Double Shift" in rows[0] and rows[-1] == "  2. Launch Party: gain 2 ads."

    open_game(session_after(DUO, lambda g: g.state.turn.number >= 2), (80, 24), body)


def test_the_logs_first_line_names_the_modules_in_play() -> None:
    """QA s55: nothing in a game said which modules were on; the first line says so."""
    from galcruise_tui.widgets.log import GameLog

    opts = GameOptions(players=2, seed=4, seats=("human", "greedy"),
                       modules=("cabin_pairing", "station_bonuses"))
    session = Session.new(opts)

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        first = screen.query_one(GameLog).texts[0].plain
        assert first.endswith("standard setup; modules: Cabin Pairing, Station Bonus Tiles.")

    open_game(session, (100, 30), body)


@pytest.mark.parametrize("width", [80, 120])
def test_esc_closes_the_log_as_l_does(width: int) -> None:
    """QA s55: Esc on the open log said "Nothing to go back to here" and left the log over
    the boards; it closes the log and gives the options the keys back."""
    from galcruise_tui.widgets.decision import DecisionBar
    from galcruise_tui.widgets.log import GameLog

    session = Session.new(GameOptions(players=2, seed=4, seats=("human", "greedy")))

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        await pilot.press("l")
        await pilot.pause()
        assert screen.query_one(GameLog).has_focus
        assert screen.has_class("showlog") == (width < 120)
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query_one(GameLog).has_focus and not screen.has_class("showlog")
        assert screen.query_one(DecisionBar).has_focus
        assert not any("Nothing to go back" in str(n.message) for n in app._notifications)

    open_game(session, (width, 30), body)


def test_a_wrapped_log_line_goes_on_under_its_text_not_under_the_seats_letter() -> None:
    """QA s56: "C T-3: the cruise needs 3 fuel and Rachel holds 2: she pays ... with 2" went
    on "reputation." at the log's edge, under the seat letters, a line of no one's."""
    from rich.text import Text

    from galcruise_tui.widgets.log import GameLog

    session = Session.new(GameOptions(players=2, seed=4, seats=("human", "greedy")))
    words = " ".join(f"word{i}" for i in range(60))

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        log = screen.query_one(GameLog)
        log.add([Text.assemble(("B ", "bold"), words)])
        await pilot.pause()
        width = log.scrollable_content_region.width
        rows = [s.text.rstrip() for s in log.lines]
        first = max(i for i, r in enumerate(rows) if r.startswith("B word0 "))
        mine = rows[first:]
        assert len(mine) >= 3 and all(r.startswith("  word") for r in mine[1:]), mine
        assert " ".join(" ".join(mine).split()[1:]) == words  # no word lost
        assert all(len(r) <= width for r in mine)
        # Again after a resize: the lines are wrapped anew at the new width, hung alike.
        await pilot.resize_terminal(150, 36)
        await pilot.pause()
        rows = [s.text.rstrip() for s in log.lines]
        first = max(i for i, r in enumerate(rows) if r.startswith("B word0 "))
        assert all(r.startswith("  word") for r in rows[first + 1:]), rows[first:]

    open_game(session, (120, 36), body)

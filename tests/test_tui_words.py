"""One name per thing in what a player reads; the log wraps at its width after any resize."""

from __future__ import annotations

from test_tui import _home, new_game, play_until, run  # noqa: F401 - _home: autouse fixture

from engine import Game, GameOptions
from engine.events import Event
from engine.view import view
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.widgets.log import GameLog
from galcruise_tui.words import actor, tidy


def test_the_log_wraps_at_its_width_after_a_resize_while_hidden() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        log = screen.query_one(GameLog)
        assert not log.region.width  # at 80 columns the boards stand in the log's place
        await pilot.resize_terminal(100, 30)  # still hidden, another width
        await pilot.pause()
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 4)
        await pilot.resize_terminal(160, 48)  # the log stands beside the boards
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert width > 40 and log.wrapped_at == width
        widths = [strip.cell_length for strip in log.lines]
        assert max(widths) > 30 and max(widths) <= width
        # Lines written while hidden came out at the new width, not at RichLog's minimum.
        assert len(log.lines) < 2 * len(log.texts)

    run(body)


def test_log_lines_name_guests_by_kind_and_cruises_by_space() -> None:
    game = Game.new(GameOptions(players=2, seed=5))
    tile = game.state.board.cruise_spaces[1].tile
    text = tidy(view(game), f"Pink schedules cruise {tile} (teal → space → orange → return); "
                      "a orange guest, an purple guest. Unlock a teal upgrade.")
    assert text == ("Pink schedules cruise 2 (family → space → adventurous → return); "
                    "an adventurous guest, a relaxing guest. Unlock a family upgrade.")


def test_plurals_and_doubled_words_are_mended() -> None:
    v = view(Game.new(GameOptions(players=2, seed=5)))
    assert tidy(v, "on ship 1 (1 segments), 2 segments") == "on ship 1 (1 segment), 2 segments"
    assert tidy(v, "the Trainer Cockpit cockpit scores") == "the Trainer Cockpit scores"
    assert tidy(v, "flip top token: 1 vp") == "flip top token: 1 VP"


def test_seat_letters_never_clash_with_guest_letters() -> None:
    from engine.describe import GUEST_LETTER
    from galcruise_tui.widgets import render

    game = Game.new(GameOptions(players=1, seed=5))
    assert render.tags(view(game)) == ["P", "C"]  # Rachel: R and A are guests' letters
    game = Game.new(GameOptions(players=4, seed=5, names=("Ann", "Fred", "Rob", "Nia")))
    tags = render.tags(view(game))
    assert len(set(tags)) == 4 and not set(tags) & (set(GUEST_LETTER.values()) | {"N", "O"})


def test_the_actor_of_a_line_is_the_one_named_first() -> None:
    game = Game.new(GameOptions(players=1, seed=5))
    assert actor(view(game), Event("bump", 1, "Pink bumps Rachel's worker back.")) == 0
    assert actor(view(game), Event("bump", 0, "Rachel bumps Pink's worker back.")) == 1
    assert actor(view(game), Event("bump", 1, "The NPC worker bumps Rachel's worker.")) == -2
    assert actor(view(game), Event("rachel", 1, "Silo Raid: Rachel takes Gain Resources.")) == 1


def test_the_log_shown_again_at_the_same_width_holds_what_came_while_it_was_hidden() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        await pilot.resize_terminal(100, 30)  # narrow: `l` swaps the log in for the boards
        await pilot.pause()
        screen = await new_game(app, pilot, kinds=("human", "random"))
        log = screen.query_one(GameLog)
        await pilot.press("l")  # shown once: wrapped at its width
        await pilot.pause()
        assert log.wrapped_at > 0
        await pilot.press("l")
        await pilot.pause()
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 4)
        await pilot.press("l")  # shown again, at the width it had
        await pilot.pause()
        shown = "\n".join(strip.text for strip in log.lines)
        assert log.texts[-1].plain.split()[-1] in shown.split()[-40:]
        assert len(log.lines) >= len(log.texts)

    run(body)


def test_a_continued_game_logs_the_moves_made_before_it_was_left() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        await play_until(app, pilot, screen, lambda g: g.state.turn.number >= 4)
        before = [t.plain for t in screen.query_one(GameLog).texts]
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        after = [t.plain for t in app.screen.query_one(GameLog).texts]
        # Every move's lines as they were logged in play, then where the game was taken up.
        assert after[1:len(before)] == before[1:]
        s = app.screen.game.state
        assert after[-1] == f"── Continued here, in turn {s.turn.number} (round {s.round}) ──"
        assert sum(t.startswith("── ") for t in after) >= 4  # the turns' headings

    run(body)


def test_the_log_opens_with_what_the_setup_did_rachels_development_and_discard() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, players=1)
        texts = [t.plain for t in screen.query_one(GameLog).texts]
        b = screen.game.state.board
        her = next(k for k, owners in enumerate(b.connections, 1) if 1 in owners)
        assert f"C Rachel places a food development on connection {her}." in texts
        gone = screen.game.state.rachel.discarded_blueprints[0]  # type: ignore[union-attr]
        name = screen.game.comps.blueprint(gone).name
        assert f"C Rachel discards the {name} blueprint from the display." in texts

    run(body)


def test_a_short_screens_hint_says_what_vp_behind_means_in_one_row() -> None:
    # QA s58: at 80x24 the whole footnote took three of the rows the boards had left.
    from rich.console import Console

    from galcruise_tui.widgets.hint import WORTH, hint_text

    rows = [("1", "Take 1 food", 3.0), ("2", "Take 1 fuel", 1.5)]
    for solo in (False, True):
        console = Console(width=78, record=True, color_system=None)
        console.print(hint_text(rows, solo, one_row=True))
        lines = console.export_text().splitlines()
        assert len(lines) == 3 and lines[2].startswith("VP behind: the expert's estimate"), lines
        assert lines[1].endswith("(1.5 VP behind)")
        tall = Console(width=98, record=True, color_system=None)
        tall.print(hint_text(rows, solo, one_row=False))
        assert WORTH in " ".join(tall.export_text().split())

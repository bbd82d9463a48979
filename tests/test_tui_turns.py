"""The other seats' turns shown: a summary until the next key; prompts say who caused them."""

from __future__ import annotations

import pytest
from test_tui import _home, new_game, play_until, run  # noqa: F401 - _home: autouse fixture

from engine import Game
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.screens.game import GameScreen
from galcruise_tui.widgets.decision import DecisionBar


def summary_text(screen: GameScreen) -> str:
    box = screen.query_one("#summary")
    return str(screen.query_one("#summary-text").render()) if box.display else ""


async def until_blue_summed_up(app: GalcruiseApp, pilot, screen: GameScreen) -> None:  # noqa: ANN001
    """Play on by keys until Blue's turn stands in the summary."""
    await play_until(app, pilot, screen, lambda _g: "Blue's turn (VP " in summary_text(screen))


def test_a_bot_turn_stays_summed_up_until_the_next_key() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        await until_blue_summed_up(app, pilot, screen)
        text = summary_text(screen)
        blue = screen.game.state.players[1]
        assert f"→ {blue.vp}, " in text
        assert "Blue places" not in text and "Blue: " not in text
        await pilot.press("pagedown")  # scrolls a long summary, and leaves it in view
        assert summary_text(screen) == text
        await pilot.press("tab")  # any other key: the summary goes, the key does its work
        assert summary_text(screen) == ""
        assert screen.query_one("#boards").active == "board"

    run(body)


async def bumped_by_rachel(app: GalcruiseApp, pilot) -> GameScreen:  # noqa: ANN001
    """A solo game played on to where Pink is asked for a funding bonus in Rachel's turn."""
    screen = await new_game(app, pilot, players=1)

    def asked(g: Game) -> bool:
        dec = g.pending
        return dec is not None and dec.kind == "funding" and g.state.turn.seat == 1

    await play_until(app, pilot, screen, asked)
    return screen


def test_rachel_bumping_your_worker_says_so_in_the_prompt() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await bumped_by_rachel(app, pilot)
        waiting = str(screen.query_one("#waiting").render())
        # Rachel's worker may bump the NPC's, which bumps Pink's: the prompt names the last.
        bumper = "the NPC" if "the NPC worker bumps Pink's" in summary_text(screen) \
            else "Rachel"
        assert waiting.endswith(f"(1 to take) — your worker was bumped by {bumper}")
        assert "Rachel's turn" in summary_text(screen)
        assert "bumps Pink's worker" in summary_text(screen)
        # The status line: Rachel's turn, and Pink's choice in it (it said only whose turn).
        assert "Rachel's turn · you choose" in str(screen.query_one("#status").render())

    run(body, seed=4)


def test_an_undo_back_into_rachels_turn_sums_up_her_whole_turn_again() -> None:
    """Pink is asked for a funding bonus in Rachel's turn, takes one, then takes it back:
    the summary shows Rachel's turn as it now stands, from its start, not nothing."""
    from test_tui import choose

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await bumped_by_rachel(app, pilot)
        first = summary_text(screen)
        assert first.startswith("Rachel's turn") and "bumps Pink's worker" in first
        at = screen.session.length
        await choose(app, pilot, screen, screen.game.legal()[0])
        await pilot.press("escape")
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.length == at
        again = summary_text(screen)
        assert again.startswith("Rachel's turn") and "bumps Pink's worker" in again, again
        log = [t.plain for t in screen.query_one("#log").texts]
        assert log[-1].startswith("── Pink took back a move: takes "), log[-1]

    run(body, seed=4)


def test_p_changes_the_pause_before_bot_moves() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        seen = []
        for _ in range(4):
            await pilot.press("p")
            seen.append(app.bot_delay)
        assert seen == [0.4, 1.0, 2.0, 0.0]
        assert screen.check_action("pause_length", ()) is True

    run(body)


def test_snapshot_rachel_turn_summary(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot) -> None:  # noqa: ANN001
        app = pilot.app
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#players").value = 1
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(DecisionBar)
        for _ in range(80):  # the first legal move each time until Rachel has played a turn
            if screen.query_one("#summary").display:
                break
            for key in bar.keys_for(screen.game.legal()[0]):
                await pilot.press(key)
            await pilot.pause()
        assert screen.query_one("#summary").display

    assert snap_compare(GalcruiseApp(bot_delay=0, seed=1), run_before=run_before,
                        terminal_size=(80, 24))


@pytest.mark.parametrize("text", ["[/]", "[b]x", "[link=x]Ann", "[31m[b]Evil[/b]", "Ann\\",
                                  "\\[b]x"])
def test_seat_names_with_markup_draw(text: str) -> None:  # options refuse control characters
    from engine import GameOptions
    from saves import Session

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        session = Session.new(GameOptions(players=2, seed=3, names=(text, "Bob"),
                                          seats=("human", "random")))
        screen = GameScreen(session)
        app.push_screen(screen)
        await pilot.pause()
        for _ in range(8):
            await pilot.press("tab")
        status = str(screen.query_one("#status").render()).replace("\u200b", "")
        assert text in status and "Bob" in status
        assert "\\[" + text not in status and "\\" + text not in status

    run(body)


def test_an_options_key_and_esc_put_the_summary_away_too() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        from galcruise_tui.widgets.decision import DecisionBar

        screen = await new_game(app, pilot, kinds=("human", "random"))
        await until_blue_summed_up(app, pilot, screen)
        bar = screen.query_one(DecisionBar)
        key = next(k for k, e in zip(bar.keys, bar.entries, strict=False) if e.prefix is None)
        await pilot.press(key)  # the bar takes an option's key before the screen sees it
        await pilot.pause()
        assert "Blue's turn" not in summary_text(screen)
        await until_blue_summed_up(app, pilot, screen)
        await pilot.press("escape")
        await pilot.pause()
        assert summary_text(screen) == ""
        notes = [str(n.message) for n in app._notifications]
        assert not any(n.startswith("Nothing to go back to") for n in notes)

    run(body)


def test_the_rest_of_rachels_turn_after_your_bonus_is_summed_up() -> None:
    """Rachel bumps Pink's worker, Pink takes a funding bonus, and Rachel's turn goes on: what
    she did after the bonus is in the summary too (QA: her reputation rose 3 -> 5 and only
    the log said why)."""
    from test_tui import choose

    from engine.view import view
    from galcruise_tui.words import actor

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await bumped_by_rachel(app, pilot)
        bonus = screen.game.legal()[0]
        trial, events = screen.game.try_apply(bonus)
        turns = [i for i, e in enumerate(events) if e.kind == "turn"]
        v = view(screen.game)
        hers = [e.text for e in events[:turns[0] if turns else len(events)]
                if actor(v, e) == 1 and e.kind != "reveal"]
        assert hers, "Rachel's turn ends at the bump on this seed: no test"
        await choose(app, pilot, screen, bonus)
        text = summary_text(screen)
        assert text.startswith("Rachel's turn"), text
        for line in hers:
            said = line.removeprefix("Rachel: ").removeprefix("Rachel ").rstrip(".")
            assert said in text, (said, text)

    run(body, seed=4)

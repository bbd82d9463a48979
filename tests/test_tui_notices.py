"""Notices stand over the boards, never over the options they are read against."""

from __future__ import annotations

import asyncio

from test_tui import _home, new_game  # noqa: F401 - _home: autouse fixture
from textual.widgets._toast import Toast

from galcruise_tui.app import GalcruiseApp
from galcruise_tui.widgets.decision import DecisionBar
from galcruise_tui.widgets.keybar import KeyBar


def test_at_80x24_a_notice_covers_neither_the_options_nor_the_key_line() -> None:
    # `p` (the bot pause) said its new length in a notice docked at the bottom right, over
    # the options' text: Textual's rack is docked at the bottom, which `align` alone in the
    # stylesheet did not change.
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await pilot.press("p")
        toasts: list[Toast] = []
        for _ in range(50):  # the rack shows its notices a message later
            await pilot.pause(0.01)
            toasts = [t for t in app.screen.query(Toast) if t.region.height]
            if toasts:
                break
        assert toasts
        bar = screen.query_one(DecisionBar).region
        keys = screen.query_one(KeyBar).region
        prompt = screen.query_one("#waiting").region  # the decision's line, the options below
        for toast in toasts:
            box = toast.region
            assert not box.overlaps(bar) and not box.overlaps(keys), (box, bar)
            # Above the decision's line: a longer list of options fills the room below it.
            assert 4 <= box.y and box.bottom <= prompt.y, (box, prompt)

    async def main() -> None:
        app = GalcruiseApp(bot_delay=0, seed=21)
        # run_test turns notices off unless asked: here they are the point.
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await body(app, pilot)

    asyncio.run(main())

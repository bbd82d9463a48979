"""The score sheet, at each AGM and at the end: categories, winner and tie-break, VP chart."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine import Game
from engine.view import WATCHER, view
from galcruise_tui.widgets import render
from galcruise_tui.widgets.keybar import KeyBar


class ScoreScreen(Screen[None]):
    BINDINGS = [Binding("escape,q,enter,space", "close", "Close", id="scores_close"),
                Binding("b", "board", "Final board", id="scores_board")]

    def __init__(self, game: Game, final: bool = False,
                 scored: dict[int, int] | None = None, people: dict[int, str] | None = None
                 ) -> None:
        super().__init__()
        self.game = game
        self.people = people or {}  # at a table: who sits at each seat, named beside it
        self.final = final
        self.scored = scored or {}  # seat -> VP the AGM just held gave it

    def compose(self) -> ComposeResult:
        v = view(self.game, WATCHER)  # the sheet shows no hand
        t = v.turn
        if self.final:
            title = "Final AGM: the board elects a new CEO"
        else:
            title = f"AGM year {t.agm_done}: progress scored"
        agm = "" if self.final else render.agm_table(v, self.scored, self.people) + "\n\n"
        text = (f"[b]{title}[/b]   round {t.round}, turn {t.number}\n\n"
                + agm + render.score_table(v, self.people) + "\n\n" + render.vp_chart(v)
                + "\n\n" + render.progress_track(v) + "\n" + render.reputation_track(v))
        # The end's board was seen only through Replays once the sheet closed (QA s55).
        close = "Enter or Esc: back to the title · b: the final board (q there: the title)" \
            if self.final else "Enter or Esc: play on"
        with VerticalScroll(id="sheet-box"):
            yield Static(Text.from_markup(text + f"\n\n[i]{close}[/i]"), id="sheet")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.final if action == "board" else True

    def action_board(self) -> None:
        """The game screen again, on the final position: its boards, hands and log."""
        self.app.pop_screen()

    def action_close(self) -> None:
        self.app.pop_screen()
        if self.final:  # the finished game stays in the saves, for replays
            self.app.back_to_title()  # type: ignore[attr-defined]

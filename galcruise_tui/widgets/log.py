"""The game log: lines kept as Text and wrapped again at the pane's width after any resize.

RichLog wraps a line once, when it is written, at the width it has then. While the log is
hidden (a narrow terminal shows the boards in its place) that width is 0 and RichLog falls
back to its min_width: every line written then stayed wrapped at 20 columns for good. This
log keeps the lines and wraps them all again whenever its width changes, shown or not.
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from engine.events import Event
from engine.game import REVEAL
from engine.view import NPC, View
from galcruise_tui.text import plain
from galcruise_tui.widgets.drawing import hung
from galcruise_tui.words import actor, tidy


def event_line(v: View, e: Event, marks: list[str]) -> Text | None:
    """One event as the log words it: the board's names (tidy), the doer's seat letter
    (`marks`, render.tags), a turn's heading. None for a REVEAL, which is for saves and
    bots: the draws themselves are logged. The game's log and the replay's both use it."""
    if e.kind == REVEAL:
        return None
    text = plain(tidy(v, e.text), 2000)
    if e.kind == "turn":
        return Text(f"── {text}", style="bold")
    seat = actor(v, e)
    who = marks[seat] if 0 <= seat < len(marks) else ("N" if seat == NPC else "·")
    style = "bold" if e.kind in ("agm", "end", "goal") else ""
    return Text.assemble((f"{who} ", "bold"), (text, style))


class GameLog(RichLog):
    def __init__(self, *, max_lines: int = 3000, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id, wrap=True, markup=False, max_lines=max_lines, min_width=1)
        self.texts: list[Text] = []
        self.wrapped_at = 0  # the width the shown lines were wrapped at; 0: none shown
        # Whether the newest line is in view: kept so across a change of height. The screen
        # scrolls to the end as a move is logged, before that move's redraw lays the screen
        # out again; a decision bar that grows then took rows from the log, and the move's
        # last lines sat below its bottom until the next move (seen at a table: "the log lags
        # one move").
        self.following = True

    def add(self, lines: list[Text]) -> None:
        """Keep `lines`, and show them now when the log has a width to wrap them at."""
        self.texts.extend(lines)
        if self.max_lines is not None and len(self.texts) > self.max_lines:
            del self.texts[: len(self.texts) - self.max_lines]
        width = self.scrollable_content_region.width
        if width <= 0:
            # Hidden: the next resize to a real width writes them all, even back at the width
            # the shown lines had (they no longer hold every line).
            self.wrapped_at = 0
            return
        if width != self.wrapped_at:
            self.rewrap(width)
            return
        for line in lines:
            self._write(line, width)

    def rewrap(self, width: int) -> None:
        self.wrapped_at = width
        self.clear()
        for line in self.texts:
            self._write(line, width)

    def _write(self, line: Text, width: int) -> None:
        # A line's second row goes on under its text, not under the seat's letter ("C T-3:
        # ... with 2" / "reputation." read as a line of no one's).
        hang = 2 if line.plain[1:2] == " " else 0
        self.write(hung(self.app.console, line, hang, width), width=width, scroll_end=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width > 0 and width != self.wrapped_at:
            self.rewrap(width)
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        elif self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

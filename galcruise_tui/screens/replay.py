"""Replay viewer: the game's own panes, stepping through a saved game's log."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from engine import Game
from engine.events import Event
from engine.view import WATCHER, view
from galcruise_tui.text import rich_safe, safe
from galcruise_tui.widgets import render
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.widgets.log import GameLog, event_line
from galcruise_tui.widgets.panes import Boards
from replays import Replay
from saves import SaveError


class TurnPrompt(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="turn_cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas-box"):
            yield Static("[b]Jump to turn[/b]: type a number, Enter jumps, Esc cancels.")
            # Any key is taken, so that a letter is answered (a restricted field dropped it
            # without a word).
            yield Input(id="turn-number", max_length=4)
            yield Static("", id="turn-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value:
            self.dismiss(None)
        elif value.isascii() and value.isdigit():
            self.dismiss(int(value))
        else:
            self.query_one("#turn-error", Static).update(
                f"'{safe(value, 10)}' is not a turn number: type digits, e.g. 12.")

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(Screen[None]):
    BINDINGS = [
        # Priority: the focused tab strip would take the arrows for itself.
        # Short words: every key fits on the bottom line at 80 columns.
        Binding("right", "step(1)", "Step", id="replay_step", priority=True),
        Binding("left", "step(-1)", "Back", id="replay_back", priority=True),
        Binding("n", "turn(1)", "Next", id="replay_next_turn"),
        Binding("p", "turn(-1)", "Prev", id="replay_prev_turn"),
        Binding("g", "goto_turn", "Goto", id="replay_goto"),
        Binding("a", "agm", "AGM", id="replay_agm"),
        Binding("space", "play", "Play", id="replay_play"),
        Binding("tab", "pane(1)", "Pane", id="replay_pane"),
        Binding("shift+tab", "pane(-1)", "Pane back", id="replay_pane_back", show=False),
        Binding("pageup", "scroll('page_up')", "Scroll up", id="replay_scroll_up", show=False,
                priority=True),
        Binding("pagedown", "scroll('page_down')", "Scroll down", id="replay_scroll_down",
                show=False, priority=True),
        Binding("home", "scroll('home')", "Top", id="replay_top", show=False, priority=True),
        Binding("end", "scroll('end')", "Bottom", id="replay_bottom", show=False,
                priority=True),
        Binding("q,escape", "close", "Quit", id="replay_close"),
    ]
    HELP_TOPIC = "replay"  # ? shows the replay's keys, not the game's (app.action_help)
    SHOWN_AT_MOST = 300  # lines a jump writes to the log: the end of a long one

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.timer: Timer | None = None
        self._at = replay.index  # the move the log last spoke of
        self.note = ""  # what the last jump could not do as asked, said until the next move
        self._note_logged = True
        replay.on_pass = self._word

    @staticmethod
    def _word(game: Game, events: list[Event]) -> list[Text]:
        """A move's log lines, worded in the position it made, as the game's log words it."""
        v = view(game)
        marks = render.tags(v)
        return [line for e in events if (line := event_line(v, e, marks)) is not None]

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status")
        yield Boards(view(self.replay.game, WATCHER), id="boards")
        yield GameLog(id="replay-log", max_lines=1000)
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()
        # The log starts empty, and at move 0 the screen's lower half was blank.
        rp = self.replay
        where = "the game as it was set up" if rp.index == 0 else \
            f"move {rp.index} of {rp.length}"
        self.query_one(GameLog).add([Text(f"Here: {where}; the keys below step through the "
                                          "moves.", style="italic")])

    def redraw(self) -> None:
        rp = self.replay
        g = rp.game
        playing = "playing" if self.timer else "paused"
        self.query_one("#replay-status", Static).update(Text.from_markup(
            f"[b]Replay[/b] {rich_safe(rp.title)}: move {rp.index}/{rp.length} ({playing})\n"
            + (f"[i]{rich_safe(self.note)}[/i]\n" if self.note else "")
            + render.status(view(g, WATCHER))))
        # A replay shows every seat's doings: the hand of the seat deciding at this move.
        seat = g.pending.seat if g.pending and g.pending.seat >= 0 else 0
        v = view(g, None, seat)
        self.query_one(Boards).show(v)
        self._log_passed()

    def _log_passed(self) -> None:
        """The moves passed over since the last look, in the game log's words; a jump back
        says where it landed."""
        rp = self.replay
        passed, rp.passed = rp.passed, []
        lines = [line for said in passed for line in said]
        if len(lines) > self.SHOWN_AT_MOST:
            left = len(lines) - self.SHOWN_AT_MOST
            lines = [Text(f"… {left} earlier lines left out", style="italic"),
                     *lines[-self.SHOWN_AT_MOST:]]
        if rp.index < self._at:
            lines.append(Text(f"── back to move {rp.index} of {rp.length} (turn "
                              f"{rp.turn()}) ──", style="italic"))
        self._at = rp.index
        if not self._note_logged:
            lines.append(Text(self.note, style="italic"))
            self._note_logged = True
        if lines:
            log = self.query_one(GameLog)
            log.add(lines)
            log.scroll_end(animate=False, immediate=True, x_axis=False)

    def _safely(self, fn) -> None:  # noqa: ANN001
        self.note = ""
        try:
            fn()
        except (SaveError, Exception) as e:  # noqa: BLE001 - a replay that drifts is a sentence
            self.notify(f"The replay stops here: {safe(e, 400)}", severity="error")
            self._stop()
        self.redraw()

    def action_step(self, n: int) -> None:
        if n > 0:
            self._safely(lambda: self.replay.step(n))
        else:
            self._safely(lambda: self.replay.back(-n))

    def action_turn(self, n: int) -> None:
        self._safely(self.replay.next_turn if n > 0 else self.replay.prev_turn)

    def action_agm(self) -> None:
        self._safely(self.replay.next_agm)

    def action_goto_turn(self) -> None:
        def done(turn: int | None) -> None:
            if turn is not None:
                self._safely(lambda: self._goto(turn))

        self.app.push_screen(TurnPrompt(), done)

    def _goto(self, turn: int) -> None:
        """Jump to `turn`, and say so where the position shown is not its start: a bot's turn
        has none (the bots move inside the command before them), and a player who asked for
        Rachel's turn 20 was shown turn 21 without a word."""
        rp = self.replay
        found = rp.goto_turn(turn)
        if not found:
            self.note = f"The game has no turn {turn}: shown at its end."
        elif rp.turn() != turn:
            who = rp.played_within(turn)
            whose = f" was {who}'s:" if who else ":"
            self.note = f"Turn {turn}{whose} a bot's turn has no moves of its own, so it is " \
                f"shown from its end, the start of turn {rp.turn()}."
        self._note_logged = not self.note  # the log says it too, after the moves passed

    def action_pane(self, step: int) -> None:
        self.query_one(Boards).cycle(step)

    def action_scroll(self, how: str) -> None:
        scroller = self.query_one(Boards).scroller()
        {"home": scroller.scroll_home, "end": scroller.scroll_end,
         "page_up": scroller.scroll_page_up,
         "page_down": scroller.scroll_page_down}[how](animate=False)

    def action_play(self) -> None:
        if self.timer is None:
            self.timer = self.set_interval(0.3, self._tick)
        else:
            self._stop()
        self.redraw()

    def _tick(self) -> None:
        if self.replay.index >= self.replay.length:
            self._stop()
        self.action_step(1)

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_close(self) -> None:
        self._stop()
        self.app.pop_screen()

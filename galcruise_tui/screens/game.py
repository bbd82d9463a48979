"""The game: the board panes, the log, and the decision bar; bots think in a worker thread."""

from __future__ import annotations

import dataclasses
import re
import threading

import msgspec
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from engine import Game, GameError
from engine.bots.seats import bot_for
from engine.commands import Command
from engine.describe import describe
from engine.events import SECRET, Event
from engine.game import REVEAL
from engine.modules.starting_upgrades.decisions import SealedBids
from engine.view import View, view
from galcruise_tui.screens.saverows import modules_words
from galcruise_tui.step_back import UNDO_STOPS, steps_back, stopped_at_reveal
from galcruise_tui.text import plain, safe
from galcruise_tui.widgets import render
from galcruise_tui.widgets.decision import DecisionBar
from galcruise_tui.widgets.hint import TITLE as HINT_TITLE
from galcruise_tui.widgets.hint import hint_plain, hint_text
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.widgets.log import GameLog, event_line
from galcruise_tui.widgets.marked import marked
from galcruise_tui.widgets.panes import Boards, SidePane
from galcruise_tui.widgets.reasons import unavailable
from galcruise_tui.widgets.summary import AGM_VP, Move, TurnSummary, taken_back
from galcruise_tui.words import actor, called, tidy
from saves import SaveError, Session
from saves.store import seed_is_secret
from saves.table_session import TableSession
from saves.tables import Stale

WIDE = 150  # from this width the deciding player's board stays in view beside the tabs
# From this width the log stands beside the boards; below, `l` swaps it in. Beside the
# 44-column log the boards keep 72 columns for the network (three 18-column station boxes
# and two 9-column connections) only from 120: at 110-119 its boxes broke across rows.
MEDIUM = 120
TALL = 32  # from this height the decision bar gets more rows
SHORT = 28  # below this height the others' turns take fewer rows from the boards
BUMPED = re.compile(r"'s (worker|expert) back to the break room")  # placement.bump, npc's
# ASCII dots: a terminal that draws "…" two cells wide left a stray letter beside the notice.
THINKING = "The expert is thinking about your choice..."
PAUSES = (0.0, 0.4, 1.0, 2.0)  # seconds between bot moves, cycled by `p`
POLL = 0.1  # seconds between looks at a table's store (a PRAGMA while nothing changed)


class MoveCommands(Provider):
    """ctrl+p: every legal move by its words, fuzzy-found."""

    def _moves(self) -> list[tuple[str, Command]]:
        screen = self.screen
        if not isinstance(screen, GameScreen) or not screen.human_turn():
            return []
        game = screen.game
        return [(describe(game, c), c) for c in game.legal_for(screen.asking())]

    async def discover(self) -> Hits:
        screen = self.screen
        for text, cmd in self._moves():
            yield DiscoveryHit(text, lambda c=cmd: screen.play(c), help="a legal move now")

    async def search(self, query: str) -> Hits:
        screen = self.screen
        matcher = self.matcher(query)
        for text, cmd in self._moves():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), lambda c=cmd: screen.play(c),
                          help="a legal move now")


class SaveAs(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="saveas_cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="saveas-box"):
            yield Static("[b]Save as[/b]: type a name, Enter saves, Esc cancels.")
            yield Input(id="saveas-name", max_length=64)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PassKeyboard(ModalScreen[None]):
    """Hot-seat, a sealed bid: the screen hides the last bidder's choice until the next
    bidder has the keyboard and presses Enter."""

    BINDINGS = [Binding("enter", "go", "Show my bid", id="pass_go")]

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(f"[b]Sealed bids[/b]\n\nPass the keyboard to [b]{safe(self.who)}[/b].\n\n"
                         f"{safe(self.who)}: press Enter when only you can see the screen.",
                         id="pass-text")

    def action_go(self) -> None:
        self.dismiss(None)


# Bots that search for seconds think in the app's worker process (engine/bots/remote.py).
SEARCH_BOTS = ("planner", "expert")
SPIN = 0.25  # seconds between the spinner's steps while a search bot thinks
SPINNER = ("·  ", "·· ", "···", " ··", "  ·", "   ")


class GameScreen(Screen[None]):
    COMMANDS = {MoveCommands}
    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("r", "redo", "Redo", id="redo"),
        Binding("ctrl+s", "save_as", "Save as", id="save_as"),
        Binding("l", "focus_log", "Log", id="focus_log"),
        Binding("tab", "pane(1)", "Next pane", id="next_pane"),
        Binding("shift+tab", "pane(-1)", "Prev pane", id="prev_pane", show=False),
        Binding("q", "leave", "Quit to title", id="leave"),
        Binding("space", "skip", "Skip pause", id="skip"),
        Binding("p", "pause_length", "Bot pause", id="bot_pause", show=False),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("escape", "dismiss_hint", "Close hint", id="close_hint", show=False),
        # Priority: the decision bar keeps the focus (its option keys work anywhere), and its
        # own list would take these keys; the board panes need them more.
        Binding("pageup", "scroll('page_up')", "Scroll up", id="scroll_up", show=False,
                priority=True),
        Binding("pagedown", "scroll('page_down')", "Scroll down", id="scroll_down",
                show=False, priority=True),
        Binding("home", "scroll('home')", "Top", id="scroll_home", show=False, priority=True),
        Binding("end", "scroll('end')", "Bottom", id="scroll_end", show=False, priority=True),
    ]

    def __init__(self, session: Session | TableSession, viewer: int | None = None) -> None:
        super().__init__()
        self.session = session
        if isinstance(session, TableSession):
            # q leaves a table for the Tables list it was opened from: the key line says so.
            keys = self._bindings.key_to_bindings  # this screen's own copy of the class's
            keys["q"] = [dataclasses.replace(b, description="Back to tables")
                         if b.id == "leave" else b for b in keys.get("q", [])]
        # None: hot-seat, every seat's hand shows in its turn. At a table: the seat this
        # terminal plays (only its hand shows), or -1 for a watcher (no hand shows).
        self.viewer = viewer
        self._was_mine = self._mine()
        self.thinking = False
        self._skip = threading.Event()
        # While a search bot thinks (after the pause): a turn of the spinner on the waiting
        # line every SPIN seconds, so that a second of search shows it is under way.
        self._spin: int | None = None
        self._spin_timer: Timer | None = None
        self._agms_seen = view(session.game).turn.agm_done
        self._shown: dict[str, object] = {}
        humans = {i for i, k in enumerate(session.game.options.seat_kinds()) if k == "human"} \
            if viewer is None else {viewer}
        self.summary = TurnSummary(humans, session.length, view(session.game).turn.seat)
        # At a table: seat -> the person sitting there, by the store's seat records (a free
        # seat keeps its colour's name in the game); every line naming a seat names them too.
        self.people: dict[int, str] = {}
        # seat -> the piece of it last bumped and by whom, as the bump's line said them
        self._bumped_by: dict[int, tuple[str, str]] = {}
        self._agm_scored: dict[int, int] = {}  # seat -> VP at the AGM being held
        self._leave_unsaved = False  # q was pressed once while the game could not be saved
        self.hinting = False  # the expert is working out a hint
        # The session length a hint on screen was asked at: it speaks of that position only.
        self._hint_at: int | None = None
        # (choice, words, worth), best first; each keyed as it is drawn, from where the bar is
        self._hints: list[tuple[Command, str, float]] = []
        self._handed: tuple[int, int] | None = None  # (move, seat) the keyboard went to

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="body"):
            yield Boards(view(self.session.game), id="boards")
            with Vertical(id="side"):
                yield SidePane(id="you")
                yield GameLog(id="log")
        with VerticalScroll(id="summary", can_focus=False) as summary:
            # A long one scrolls, which its title says; every line of it is in the log (l) too.
            summary.border_title = ("The others' turns · PgUp/PgDn scroll · Esc closes · a key "
                                    "closes and acts")
            yield Static("", id="summary-text")
        # The hint stands above the options it names, never over them (a notice at 80x24 hid
        # the right half of the list while the player chose: QA s53 Q4).
        with VerticalScroll(id="hint", can_focus=False) as hint:
            hint.border_title = HINT_TITLE
            yield Static("", id="hint-text")
        with Vertical(id="decision"):
            yield Static("", id="waiting")
            yield DecisionBar(id="options")
        yield KeyBar()

    # --- drawing -----------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self.session.warning:
            self.notify(safe(self.session.warning, 400), severity="warning", timeout=8)
        self._layout(self.app.size.width, self.app.size.height)
        g = self.game
        self._name_people()
        v0 = view(g)
        seats = ", ".join(f"{called(v0, p.seat, self.people)} ({self.seat_kind(p.seat)})"
                          for p in v0.seats)
        name = self.session.path.stem if self.session.path else \
            getattr(self.session, "title", "unsaved")
        # A table keeps it secret whoever sits there.
        secret = isinstance(self.session, TableSession) or seed_is_secret(g.options)
        seed = "" if secret else f"seed {g.options.seed}; "
        # The modules too: the log's first line was the only word on them in a game (QA s55).
        mods = modules_words(g.options.modules)
        self.log_line(Text(f"Game {name}: {seats}; {seed}{g.options.setup} setup"
                           f"{'; ' + mods if mods else ''}.", style="bold"))
        if g.setup_events:  # Rachel's first development and discard, before anyone decides
            self.write_events(g.setup_events, history=True)
        if self.session.length:
            # The moves before, as they were logged when played: a player coming back (or
            # joining a table) can read what happened, Rachel's turns above all.
            backlog, self.session.backlog = self.session.backlog, []
            if backlog:
                self.write_events(backlog, history=True)
            # Where play was taken up, as the turn headings say it (a count of moves meant
            # nothing to a player).
            t = view(g).turn
            at = f"turn {t.number} (round {t.round})" if t.number else "the setup"
            self.log_line(Text(f"── Continued here, in {at} ──", style="italic"))
        self.redraw()
        self.query_one(DecisionBar).focus()
        if isinstance(self.session, TableSession):
            self.set_interval(POLL, self.poll_table)

    def _name_people(self) -> None:
        """At a table: the boards name the person at a seat beside the seat's own name (a
        seat taken meanwhile is named from its first move on)."""
        if not isinstance(self.session, TableSession):
            return
        try:
            people = self.session.people()
        except SaveError:  # the store's trouble is said by the poll
            return
        self.people = self.summary.people = people
        self.query_one(Boards).people = people
        self.query_one(SidePane).people = people

    def on_resize(self, event: Resize) -> None:
        self._layout(event.size.width, event.size.height)

    def _layout(self, width: int, height: int) -> None:
        self.set_class(width < MEDIUM, "narrow")
        self.set_class(width >= WIDE and height >= 40, "wide")
        self.set_class(height >= TALL, "tall")
        self.set_class(height < SHORT, "short")
        if self.is_mounted and self.game is not None:
            v = self.facts()
            side = self.query_one(SidePane)
            side.display = self.has_class("wide")
            if side.display:
                side.show(v)
            self._set("#status", self._status(v, width))  # the seats' rows fit the width
            self._set("#waiting", self._waiting_line(v, width - 2))  # its marker fits too
            if self._hint_at is not None:
                self._draw_hint()  # a choice per row on a short screen, wrapped on a tall one

    def _status(self, v: View, width: int) -> str:
        """The status line for `width` columns; at a table it starts 'Your move' when it is."""
        status = render.status(v, self.status_viewer(), self.session.save_error,
                               width - 2 if width > 2 else None, self.people)
        if self._mine() and not self.game.is_over:
            status = "[b reverse] Your move [/] " + status
        return status

    @property
    def game(self) -> Game:
        return self.session.game

    def facts(self) -> View:
        """The game as this screen shows it: one screen for every seat, the deciding human's
        hand (see viewer_seat)."""
        if self.viewer is not None:  # at a table: only this seat's hand, or none to a watcher
            return view(self.game, self.viewer)
        return view(self.game, None, self.viewer_seat())

    def seat_kind(self, seat: int) -> str:
        """human or a bot for the seats the options list; the engine's own players (Rachel)."""
        kinds = self.game.options.seat_kinds()
        if 0 <= seat < len(kinds):
            return kinds[seat]
        seats = view(self.game).seats
        return seats[seat].kind if 0 <= seat < len(seats) else "engine"

    def human_turn(self) -> bool:
        dec = self.game.pending
        if dec is None or self.thinking or self._handing_over():
            return False
        if self.viewer is None:
            return self.seat_kind(dec.seat) == "human"
        # At a table: any decision this seat may answer (a sealed bid: whenever it waits).
        return self.viewer in dec.deciders and self.seat_kind(self.viewer) == "human"

    def asking(self) -> int:
        """The seat whose commands the bar offers: this terminal's at a table, else the
        decision's."""
        dec = self.game.pending
        return self.viewer if self.viewer is not None else (dec.seat if dec else -1)

    def _handing_over(self) -> bool:
        """Hot-seat with two or more people, a sealed bid: the keyboard goes to the next
        bidder behind a blank screen before the bar shows."""
        dec = self.game.pending
        return (self.viewer is None and isinstance(dec, SealedBids) and self._humans() > 1
                and self.seat_kind(dec.seat) == "human"
                and self._handed != (self.session.length, dec.seat))

    def _mine(self) -> bool:
        """At a table: whether the decision at hand is this terminal's."""
        dec = self.game.pending
        return self.viewer is not None and dec is not None and self.viewer in dec.deciders

    def viewer_seat(self) -> int:
        """Whose board and hand to show: the deciding human, else the first human seat; at a
        table always the viewer's (-1, a watcher: no hand)."""
        if self.viewer is not None:
            return self.viewer
        dec = self.game.pending
        if dec is not None and self.seat_kind(dec.seat) == "human":
            return dec.seat
        humans = [i for i, k in enumerate(self.game.options.seat_kinds()) if k == "human"]
        return humans[0] if humans else 0

    def status_viewer(self) -> int | None:
        """The seat the status line calls "you": the only human seat, else nobody (with two
        humans at one terminal "your turn" would not say whose)."""
        if self.viewer is not None:
            return self.viewer if self.viewer >= 0 else None
        humans = [i for i, k in enumerate(self.game.options.seat_kinds()) if k == "human"]
        return humans[0] if len(humans) == 1 else None

    def reserved_keys(self) -> set[str]:
        """Keys bound on this screen; option letters skip them."""
        keys: set[str] = set()
        for key, active in self.active_bindings.items():
            if len(key) == 1 and active.node is not self.query_one(DecisionBar):
                keys.add(key)
        return keys | {"q", "u", "r", "l", "h"}

    def redraw(self, boards: bool = True, v: View | None = None) -> None:
        """Draw the position; start a bot's move if a bot decides next.

        `boards=False` skips the board panes: used between bot moves with no pause, when
        nobody could read them anyway.
        """
        if self._hint_at is not None and self._hint_at != self.session.length:
            # A move, an undo or a redo: the hint spoke of a position no longer shown.
            self.dismiss_hint()
        g = self.game
        bot_next = g.pending is not None and self.seat_kind(g.pending.seat) != "human"
        start_bot = bot_next and not self.thinking and not g.is_over
        if start_bot:
            self.thinking = True
        v = v or self.facts()
        # With a save error the game goes on in memory: the status line says the disk is not
        # keeping up.
        mine = self._mine()
        if mine and not g.is_over and not self._was_mine:  # at a table: ring once
            self.app.bell()
        self._was_mine = mine
        self._set("#status", self._status(v, self.size.width))
        if boards:
            self.query_one(Boards).show(v)
            self.query_one(SidePane).show(v)
        human = self.human_turn()
        # At a table the others' turns can be long: the boards take the options' empty rows
        # meanwhile. Hot seat keeps them, so the boards do not jump at every bot move. A game
        # over has none to keep (its final board, from the score sheet's b).
        self.set_class((self.viewer is not None and not human) or g.is_over, "away")
        self._set("#waiting", self._waiting_line(v, self.size.width - 2))
        if human:
            self._show_summary(self.summary.take(v))
        self.query_one(DecisionBar).show(v, g.legal_for(self.asking()) if human else [],
                                         self.reserved_keys(), unavailable(v) if human else [])
        if self._handing_over() and g.pending is not None:
            seat = g.pending.seat
            if not isinstance(self.app.screen, PassKeyboard):
                self.app.push_screen(PassKeyboard(plain(v.seats[seat].name)),
                                     lambda _: self._handed_to(seat))
        # Undo, redo and skip come and go with the position; the key bar repaints on a change.
        self.refresh_bindings()
        if v.turn.agm_done > self._agms_seen and not g.is_over:
            self._agms_seen = v.turn.agm_done
            self._show_scores(final=False)
        if g.is_over:
            self._show_scores(final=True)
            return
        if start_bot:
            self.bot_move(g.copy(), self.session.length)

    def _handed_to(self, seat: int) -> None:
        self._handed = (self.session.length, seat)
        self.redraw()

    def _waiting_line(self, v: View, width: int) -> Text:
        """What the game waits for, and from whom; `width`: the line's columns."""
        g = self.game
        bot_next = g.pending is not None and self.seat_kind(g.pending.seat) != "human"
        human = self.human_turn()
        cause = self.caused_by(v) if human else ""
        ask = tidy(v, g.waiting_for())
        if g.pending is not None and 0 <= g.pending.seat < len(v.seats):  # "Blue: choose ..."
            seat_name = v.seats[g.pending.seat].name
            if ask.startswith(seat_name + ":"):
                ask = called(v, g.pending.seat, self.people) + ask[len(seat_name):]
        if cause.startswith("your ") and " was bumped by " in cause:
            ask = ask.replace("; worker bumped)", ")")  # the cause says it, with who
        waiting = Text(ask, style="bold")
        if self.viewer is not None and not bot_next and g.pending is not None and not human:
            who = called(v, g.pending.seat, self.people)
            waiting.append(f"   ({who} chooses at their terminal)", style="italic")
        if bot_next and g.pending is not None:  # bot_next implies it; this narrows the type
            who = called(v, g.pending.seat, self.people)
            # Space skips the pause only: during a search bot's think it skips nothing.
            waiting.append(f"   ({who} is thinking {SPINNER[self._spin % len(SPINNER)]})"
                           if self._spin is not None else
                           f"   ({who} moves next; space skips the pause)", style="italic")
        elif human and g.pending is not None:
            if cause:
                waiting.append(f" — {cause}", style="italic")
            if self._humans() > 1 and self.viewer is None:
                # Hot-seat: whose choice it is stays whole on the first row (F17).
                mark = Text(f"   ← {plain(v.seats[g.pending.seat].name)}'s choice",
                            style="italic")
                return marked(waiting, mark, width)
        return waiting

    def caused_by(self, v: View) -> str:
        """Who made someone else's decision necessary: a bump, or another seat's turn."""
        dec, turn = v.pending, v.turn
        if dec is None or turn.number == 0 or dec.seat == turn.seat:
            return ""
        if dec.bumped and dec.seat in self._bumped_by:
            piece, who = self._bumped_by[dec.seat]
            return f"your {piece} was bumped by {who}"
        return f"asked during {called(v, turn.seat, self.people)}'s turn"

    def _show_summary(self, text: Text | None) -> None:
        box = self.query_one("#summary", VerticalScroll)
        if text is None:
            return
        self.query_one("#summary-text", Static).update(text)
        box.display = True
        box.scroll_home(animate=False)

    def _hide_summary(self) -> None:
        box = self.query_one("#summary", VerticalScroll)
        if box.display:
            box.display = False

    def _set(self, selector: str, content: str | Text) -> None:
        """Update the status or waiting line, and not at all when its content is the same:
        an update costs a repaint of the line and of the screen around it."""
        key = content if isinstance(content, str) else \
            (content.plain, str(content.style), tuple(content.spans))
        if self._shown.get(selector) == key:
            return
        text = Text.from_markup(content) if isinstance(content, str) else content
        text.end = ""  # a Static counts the closing newline as a row of its own
        # A line grows a row when it wraps: lay out again only when its rows may change (the
        # waiting line kept one row for a two-row prompt, cut off at 80 columns).
        widget = self.query_one(selector, Static)
        width = max(1, widget.content_size.width or self.app.size.width - 2)
        rows = sum(max(1, -(-len(line) // width)) for line in text.plain.split("\n"))
        before = self._shown.get(selector + ":rows")
        self._shown[selector], self._shown[selector + ":rows"] = key, rows
        widget.update(text, layout=before != rows)

    def _humans(self) -> int:
        return sum(1 for k in self.game.options.seat_kinds() if k == "human")

    def _show_scores(self, final: bool) -> None:
        self.app.open_scores(self.game, final,  # type: ignore[attr-defined]
                             self._agm_scored, self.people)
        self._agm_scored = {}

    def log_line(self, *lines: Text) -> None:
        log = self.query_one(GameLog)
        log.add(list(lines))
        # RichLog scrolls after the next repaint, which costs a second repaint per move;
        # scrolling now folds it into the move's one repaint (the later scroll finds it done).
        if lines and log.is_mounted and log.size:
            log.scroll_end(animate=False, immediate=True, x_axis=False)

    def seen(self, events: list[Event]) -> list[Event]:
        """The events as the viewer may read them: another seat's face-down draws by number
        only (an event's `hidden` text); hot-seat shows everything, as before."""
        if self.viewer is None:  # a sealed bid stays sealed even at one shared terminal
            return [msgspec.structs.replace(e, text=e.hidden) if e.kind == SECRET and e.hidden
                    else e for e in events]
        return [msgspec.structs.replace(e, text=e.hidden) if e.hidden and e.seat != self.viewer
                else e for e in events]

    def write_events(self, events: list[Event], v: View | None = None,
                     history: bool = False) -> None:
        """Log the events; `history`: moves from before this screen (a loaded game), whose
        AGM scores were shown then."""
        events = self.seen(events)
        v = v or self.facts()
        marks = render.tags(v)
        lines: list[Text] = []
        for e in events:
            line = event_line(v, e, marks)
            if line is None:
                continue
            lines.append(line)
            if e.kind == "agm" and e.seat >= 0 and not history and \
                    (m := AGM_VP.search(e.text)):
                self._agm_scored[e.seat] = int(m.group(1))
            if e.kind == "bump" and 0 <= e.seat < len(v.seats):
                seat = actor(v, e)
                name = "the NPC" if seat < 0 else called(v, seat, self.people)
                piece = m.group(1) if (m := BUMPED.search(e.text)) else "piece"
                self._bumped_by[e.seat] = (piece, name)
        self.log_line(*lines)  # one scroll for the move, not one per event

    # --- moves -------------------------------------------------------------------------------
    def play(self, cmd: Command) -> None:
        if not self.human_turn():
            self.query_one(DecisionBar).refused()
            return
        self._hide_summary()  # an option's key is a key too: the bar took it before on_key
        self._apply(cmd)

    def _apply(self, cmd: Command) -> None:
        g = self.game
        by_bot = g.pending is not None and self.seat_kind(g.pending.seat) != "human"
        vp_before = [p.vp for p in view(g).seats]
        try:
            seat = g.actor(cmd)
            events = self.session.apply(cmd)
        except (GameError, SaveError) as e:
            if isinstance(e, Stale):  # another app played first: show the table as it is
                if not by_bot:
                    self.notify(f"{safe(e, 300)} Another player moved first; the table is "
                                "shown as it is now.", severity="warning")
                self.poll_table()
                self.redraw()  # even when the poll found nothing new: a bot may be next
                return
            self.notify(safe(e, 400), severity="error")
            if not by_bot:
                self.query_one(DecisionBar).refused()
            return
        self._landed(seat, events, by_bot, vp_before)

    def _landed(self, seat: int, events: list[Event], by_bot: bool,
                vp_before: list[int]) -> None:
        """A move was played (here or, at a table, in another app): log it and draw."""
        v = self.facts()  # one view of the position after the move, for every line drawn
        self.write_events(events, v)
        g = self.game
        self.summary.add(v, Move(seat, self.seen(events), by_bot, vp_before,
                                 [p.vp for p in v.seats]))
        fast = float(getattr(self.app, "bot_delay", 0.4)) <= 0
        more_bots = g.pending is not None and self.seat_kind(g.pending.seat) != "human"
        self.redraw(boards=not (fast and more_bots), v=v)

    def poll_table(self) -> None:
        """At a table: draw the moves other apps landed since the last look (a timer calls
        this every POLL seconds; it costs one PRAGMA while nothing changed)."""
        session = self.session
        if not isinstance(session, TableSession) or not self.is_attached:
            return
        try:
            landed = session.poll()
        except SaveError as e:
            if str(e) != session.save_error:  # said once, not ten times a second
                self.notify(safe(e, 400), severity="error", timeout=10)
            session.save_error = str(e)
            return
        if session.save_error is not None:  # the store answers again: the status says so
            session.save_error = None
            self.redraw(boards=False)
        if landed is None:
            return
        self._name_people()
        if landed.taken:  # a move was taken back at the table: the game was read afresh
            v = self.facts()
            self.summary.rewind(v, session.length - len(landed.landed))
            gone = [Move(m.seat, self.seen(m.events), self.seat_kind(m.seat) != "human",
                         m.vp_before, m.vp_before) for m in landed.taken]
            self.log_line(Text(f"── {taken_back(v, gone, people=self.people)} ──",
                               style="italic"))
            self._agms_seen = v.turn.agm_done
        for move in landed.landed:
            self._landed(move.seat, move.events, self.seat_kind(move.seat) != "human",
                         move.vp_before)
        if landed.taken and not landed.landed:
            self.redraw()

    def on_key(self, event: Key) -> None:
        """Option keys work wherever the focus is (the log, the tabs), not only in the bar."""
        if event.key == "escape" and self.query_one("#summary").display:  # Esc only closes them
            self._hide_summary()
            event.stop()
            event.prevent_default()
            return
        self._hide_summary()  # the other seats' turns stay in view until the next key
        if stopped_at_reveal(self.session) and not isinstance(self.focused, Input) and any(
                b.action == "undo" for b in self._bindings.key_to_bindings.get(event.key, ())):
            self.notify(UNDO_STOPS, timeout=6)
            event.stop()
            event.prevent_default()
            return
        if event.character and not isinstance(self.focused, Input):
            if self.query_one(DecisionBar).pick_key(event.character):
                event.stop()
                event.prevent_default()

    def on_screen_resume(self) -> None:
        self.query_one(DecisionBar).focus()

    def on_decision_bar_chosen(self, message: DecisionBar.Chosen) -> None:
        self.play(message.command)

    def on_decision_bar_moved(self, message: DecisionBar.Moved) -> None:
        if self._hint_at is not None:
            self._draw_hint()

    def _hint_rows(self) -> list[tuple[str, str, float]]:
        """(keys, words, worth) of each hinted choice, the keys its presses from where the bar
        stands now."""
        bar = self.query_one(DecisionBar)
        rows = []
        for cmd, words, worth in self._hints:
            try:
                keys = " ".join(bar.keys_for(cmd))
            except (StopIteration, LookupError):
                keys = "?"
            rows.append((keys, words, worth))
        return rows

    @work(thread=True, exclusive=True, group="bot")
    def bot_move(self, game: Game, at: int) -> None:
        """A bot seat thinks off the UI thread, after a short pause the player can skip."""
        delay = float(getattr(self.app, "bot_delay", 0.4))
        if delay > 0:
            self._skip.wait(delay)
        self._skip.clear()
        assert game.pending is not None
        kind = self.seat_kind(game.pending.seat)
        seed = game.options.seed + at
        if kind in SEARCH_BOTS:  # seconds of search: in the worker process, the UI stays free
            self.app.call_from_thread(self._search_began, at)
            cmd = self.app.thinker.choose(kind, seed, game)  # type: ignore[attr-defined]
        else:
            cmd = bot_for(kind, seed).choose(game)
        self.app.call_from_thread(self._bot_done, cmd, at)

    def action_hint(self) -> None:
        """h: the expert's three best choices for this decision, with their worth; none is
        played. It thinks in the worker process, a few seconds at a main choice."""
        self.hinting = True
        self.refresh_bindings()
        self.dismiss_hint()  # one hint on screen at a time
        self.notify(THINKING, timeout=3)
        self.hint_worker(self.game.copy(), self.session.length)

    def dismiss_hint(self) -> bool:
        """Put a hint on screen away (Esc does it first); whether there was one."""
        if self._hint_at is None:
            return False
        self.query_one("#hint").display = False
        self._hint_at = None
        self._hints = []
        return True

    def action_dismiss_hint(self) -> None:
        if self.dismiss_hint():
            return
        if self.query_one(GameLog).has_focus:
            # Esc on the open log said "Nothing to go back to here" and left it open, over
            # the boards on a narrow terminal (QA s55): it closes it, as l does.
            self.action_focus_log()
            return
        self.notify("Nothing to go back to here: u takes back your last move.", timeout=4)

    def can_step_back(self) -> bool:
        """Whether Esc at the bar's top level takes back the choice that opened this
        decision (the action chosen, back to the list of actions); see step_back."""
        return self.human_turn() and steps_back(self.session, self.game)

    def step_back(self) -> None:
        """Esc at the bar's top level, where it can: the undo itself, as `u`."""
        if self.can_step_back():
            self.action_undo()

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, game: Game, at: int) -> None:
        hints = self.app.thinker.hints(game, game.options.seed + at)  # type: ignore[attr-defined]
        self.app.call_from_thread(self._show_hints, hints, at)

    def _show_hints(self, hints: list[tuple[Command, float]], at: int) -> None:
        self.hinting = False
        self.refresh_bindings()
        # The answer replaces the notice that it was coming (it stood above the answer for
        # the rest of its 3 s). Textual's notify returns no handle: the notice is found by
        # its words.
        app = self.app
        for note in [n for n in app._notifications if n.message == THINKING]:
            app._unnotify(note)
        if not self.is_attached or at != self.session.length:
            return  # the position moved on while the expert thought
        v = view(self.game)
        self._hints = [(cmd, tidy(v, describe(self.game, cmd)), worth) for cmd, worth in hints]
        self._hint_at = at
        self._draw_hint()

    def hint_shown(self) -> str:
        """The hint box's words as plain lines ("" when none is shown)."""
        if self._hint_at is None:
            return ""
        return hint_plain(self._hint_rows(), self.game.options.players == 1)

    def _draw_hint(self) -> None:
        """The hint box for the screen's size: below SHORT rows each choice takes one row (the
        options under it show their words whole), so the boards keep a few rows."""
        self.query_one("#hint-text", Static).update(
            hint_text(self._hint_rows(), self.game.options.players == 1, self.size.height < SHORT))
        box = self.query_one("#hint", VerticalScroll)
        box.display = True
        box.scroll_home(animate=False)

    def _search_began(self, at: int) -> None:
        """The pause is over and a search bot thinks: the waiting line turns a spinner, and
        space (which skips a pause) is off the key line."""
        if not self.is_attached or not self.thinking or at != self.session.length:
            return
        self._spin = 0
        if self._spin_timer is None:
            self._spin_timer = self.set_interval(SPIN, self._spin_on)
        else:
            self._spin_timer.resume()
        self.refresh_bindings()
        self._spin_on()

    def _spin_on(self) -> None:
        if self._spin is None:
            return
        self._spin += 1
        self._set("#waiting", self._waiting_line(self.facts(), self.size.width - 2))

    def _search_ended(self) -> None:
        if self._spin is not None:
            self._spin = None
            if self._spin_timer is not None:
                self._spin_timer.pause()
            self.refresh_bindings()

    def _bot_done(self, cmd: Command, at: int) -> None:
        self.thinking = False
        self._search_ended()
        if not self.is_attached:
            return
        if at != self.session.length:  # an undo happened meanwhile: think again
            self.redraw()
            return
        self._apply(cmd)

    # --- actions -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            # At a reveal that stands, dimmed (and `u` says why: on_key), not gone unexplained.
            return True if self.session.can_undo else \
                None if stopped_at_reveal(self.session) else False
        if action == "redo":
            return self.session.can_redo and not self.thinking
        if action == "skip":
            return self.thinking and self._spin is None  # a pause to skip, not a search
        if action == "hint":
            return self.human_turn() and not self.hinting
        return True

    def action_undo(self) -> None:
        if self.session.undo():
            self.thinking = False
            self._search_ended()
            v = self.facts()
            gone = self.summary.rewind(v, self.session.length)  # the bots' moves go with it
            self.log_line(Text(f"── {taken_back(v, gone, self._undone_words(), self.people)} ──",
                               style="italic"))
            self._agms_seen = v.turn.agm_done
            self._hide_summary()
            self.redraw()
        elif isinstance(self.session, TableSession) and self.session.warning:
            # The store said no (the table moved on meanwhile): say why, show it as it is.
            self.notify(safe(self.session.warning, 400), severity="error")
            self.session.warning = None
            self.poll_table()

    def _undone_words(self) -> str:
        """What the move just taken back did, when this screen did not see it played."""
        s = self.session
        if isinstance(s, TableSession):
            said = [e.text for m in s.taken_back[:1] for e in self.seen(m.events)
                    if e.kind not in (REVEAL, "turn")]
            return said[0] if said else ""
        if s.file.redo:
            words = describe(self.game, s.file.redo[0])
            return words[:1].lower() + words[1:]
        return ""

    def action_redo(self) -> None:
        if self.session.redo():
            self.log_line(Text("── redone ──", style="italic"))
            v = self.facts()
            redone = self.session.redone  # the bot moves after it came back too
            afters = [vp for _, _, vp in redone[1:]] + [[p.vp for p in v.seats]]
            for (seat, events, vp_before), vp_after in zip(redone, afters, strict=True):
                self.write_events(events, v)
                self.summary.add(v, Move(seat, self.seen(events),
                                         self.seat_kind(seat) != "human", vp_before, vp_after))
        elif self.session.warning:
            self.notify(safe(self.session.warning, 400), severity="error")
        self.redraw()

    def action_skip(self) -> None:
        self._skip.set()

    def action_pause_length(self) -> None:
        """p: the pause before each bot move, 0 s (none) up to 2 s."""
        now = float(getattr(self.app, "bot_delay", 0.4))
        later = PAUSES[(min(range(len(PAUSES)), key=lambda i: abs(PAUSES[i] - now)) + 1)
                       % len(PAUSES)]
        self.app.bot_delay = later  # type: ignore[attr-defined]
        self.notify(f"Pause before each bot move: {later:g} s" + (" (none)" if not later
                                                                  else ""), timeout=3)

    def action_pane(self, step: int) -> None:
        if self.has_class("narrow") and self.has_class("showlog"):
            self.remove_class("showlog")
        self.query_one(Boards).cycle(step)

    def action_scroll(self, how: str) -> None:
        """Scroll the focused pane: the log when it has the focus, else the board pane shown."""
        log = self.query_one(GameLog)
        summary = self.query_one("#summary", VerticalScroll)
        # A long summary scrolls by these keys; any other key puts it away.
        target = summary if summary.display else log if log.has_focus else \
            self.query_one(Boards).scroller()
        if how == "home":
            target.scroll_home(animate=False)
        elif how == "end":
            target.scroll_end(animate=False)
        elif how == "page_up":
            target.scroll_page_up(animate=False)
        else:
            target.scroll_page_down(animate=False)

    def action_focus_log(self) -> None:
        """Focus the log (l again returns); on a narrow terminal the log takes the boards' place."""
        log = self.query_one(GameLog)
        if log.has_focus:
            self.remove_class("showlog")
            self.query_one(DecisionBar).focus()
            return
        if self.has_class("narrow"):
            self.add_class("showlog")
        log.focus()

    def action_save_as(self) -> None:
        if isinstance(self.session, TableSession) and not self.game.is_over:
            # Said before a name is asked for: the file would hold every hand.
            self.notify("A table's game can be saved to a file once it is over: a file of it "
                        "now would show every hand and the deck order.", severity="warning")
            return

        def done(name: str | None) -> None:
            if not name:
                return
            try:
                path = self.app.store.path_for(name)  # type: ignore[attr-defined]
                self.session.save_as(path)
                if isinstance(self.session, TableSession):
                    self.notify(f"A copy saved as {safe(path.stem)}; play goes on at the table.")
                else:
                    self.notify(f"Saved as {safe(path.stem)}; play goes on in that file.")
                    # The status line's "not saved: ..." of the file left behind is over.
                    self._leave_unsaved = False
                    self.redraw(boards=False)
            except SaveError as e:
                self.notify(safe(e, 400), severity="error")

        self.app.push_screen(SaveAs(), done)

    def action_leave(self) -> None:
        if not self.session.save() and not self._leave_unsaved:
            # Leaving now loses the moves since the last good save: say so once, then obey.
            self._leave_unsaved = True
            self.notify(f"Not saved: {safe(self.session.save_error, 200)}. Press q again to "
                        "leave without saving.", severity="error", markup=True)
            self.redraw(boards=False)
            return
        self.workers.cancel_group(self, "bot")
        self.app.pop_screen()

"""The lobby: the tables in the store, yours first ("your turn" at the top), tables with a free
seat to join, and the rest to watch; a new table from the new-game form.

Keyboard only: ↑↓ and Enter plays your seat, joins a free one or watches; w watches the table
under the cursor; n makes a table; Esc goes back. The list follows the store by itself.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Select, Static
from textual.widgets.option_list import Option

from engine.view import view
from galcruise_tui.screens.newgame import SEAT_CHOICES, NewGameScreen
from galcruise_tui.tables import seat_labels, table_store
from galcruise_tui.text import plain, safe
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.words import tidy

LOOK_EVERY = 1.0  # seconds between the lobby's looks at the store (a PRAGMA when idle)


class Row(NamedTuple):
    table: str
    seat: int | None  # the seat Enter plays (yours, or the free one it joins); None: watch
    text: str
    order: tuple[int, str]  # section, then "your turn" first
    over: bool = False  # the game is finished: r replays it


def open_table(app: App, table: str, seat: int | None) -> None:
    """Sit at `seat` (taking it if free) or watch (None); raises SaveError with why not."""
    from galcruise_tui.screens.game import GameScreen
    from saves.table_session import TableSession
    from saves.tables import Secrets

    store = table_store(app)
    secret = None
    if seat is not None:
        secret = store.claim(table, seat, Secrets(app.root_dir),  # type: ignore[attr-defined]
                             app.player_name)  # type: ignore[attr-defined]
    session = TableSession(store, table, seat, secret)
    app.push_screen(GameScreen(session, viewer=-1 if seat is None else seat))


def rows(app: App) -> list[Row]:
    """Every table as the person sees it, in the lobby's order."""
    store = table_store(app)
    me = app.player_name  # type: ignore[attr-defined]
    out: list[Row] = []
    for info in store.tables():
        if info.error is not None:
            out.append(Row(info.id, None, f"{info.id}  ✗ {info.error}", (3, info.id)))
            continue
        mine = next((s.seat for s in info.seats if s.kind == "human" and s.name == me), None)
        free = next((s.seat for s in info.seats if s.kind == "human" and not s.name
                     and not s.taken), None)
        try:
            game, _ = store.game(info.id)
        except Exception as e:  # noqa: BLE001 - one bad table never hides the others
            out.append(Row(info.id, None, f"{info.id}  ✗ {e}", (3, info.id)))
            continue
        dec = game.pending
        # The person beside the seat's name: "bob (Blue)", a free seat keeping its colour.
        labels = seat_labels(game, info.seats)
        if game.is_over:
            state, urgent = "game over", 1
        elif dec is not None and mine is not None and mine in dec.deciders:
            state, urgent = _owed(game, mine, labels), 0
        elif dec is not None and 0 <= dec.seat < len(labels):
            state, urgent = f"{labels[dec.seat]} to play", 1
        else:
            state, urgent = "", 1
        seats = ", ".join(labels)
        text = f"{info.id}  {seats} · move {info.moves} · {state}"
        if mine is not None:
            out.append(Row(info.id, mine, text, (0, f"{urgent}{info.id}"), game.is_over))
        elif free is not None and not game.is_over:
            out.append(Row(info.id, free, text + " · Enter joins", (1, info.id)))
        else:
            out.append(Row(info.id, None, text, (2, info.id), game.is_over))
    return sorted(out, key=lambda r: r.order)


def _owed(game, me: int, labels: list[str]) -> str:  # noqa: ANN001 - engine.Game
    """What the person owes at a table: their turn, or only a decision in someone else's
    (a funding bonus when bumped, a setup pick, a sealed bid), said as the game says it."""
    turn = game.state.turn
    if turn.number > 0 and turn.seat == me and game.pending.seat == me:
        return "YOUR TURN"
    what = game.waiting_for().split(": ", 1)[-1]  # "Blue: choose a funding bonus (...)"
    during = ""
    if turn.number > 0 and turn.seat != me and 0 <= turn.seat < len(labels):
        during = f" in {labels[turn.seat]}'s turn"
    return f"YOUR DECISION{during}: {tidy(view(game), what)}"


HEADINGS = ("Your tables", "Free seats to join", "Other tables: Enter watches")


class LobbyScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="lobby_back"),
        Binding("n", "new_table", "New table", id="lobby_new"),
        Binding("w", "watch", "Watch", id="lobby_watch"),
        Binding("r", "replay", "Replay", id="lobby_replay"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self._seen = -1

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-head")
        yield OptionList(id="lobby-list")
        yield Static("", id="lobby-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self.fill()
        self.set_interval(LOOK_EVERY, self.look)

    def on_screen_resume(self) -> None:
        self.fill()

    def _error(self, text: str) -> None:
        self.query_one("#lobby-error", Static).update(f"✗ {safe(text, 400)}" if text else "")

    def look(self) -> None:
        """Refill only when the store changed (another app moved, a table was made)."""
        try:
            version = table_store(self.app).data_version()
        except Exception:  # noqa: BLE001 - the store's trouble was said when it opened
            return
        if version != self._seen and self.is_current:
            self.fill()

    def fill(self) -> None:
        from saves import SaveError

        me = self.app.player_name  # type: ignore[attr-defined]
        menu = self.query_one(OptionList)
        try:
            store = table_store(self.app)
            self._seen = store.data_version()
            self.rows = rows(self.app)
        except SaveError as e:
            self.query_one("#lobby-head", Static).update("[b]Tables[/b]")
            self._error(str(e))
            menu.clear_options()
            return
        came = getattr(self.app, "name_from", "--name")
        self.query_one("#lobby-head", Static).update(
            f"[b]Tables[/b] · you are [b]{safe(me)}[/b] ({came}) · "
            f"{safe(str(store.path), 200)}"
            "\n↑↓ Enter: play your seat, join a free one, or watch · w watch · n new table")
        keep = menu.highlighted_option.id if menu.highlighted_option else None
        menu.clear_options()
        section = -1
        for i, r in enumerate(self.rows):
            if r.order[0] != section and r.order[0] < len(HEADINGS):
                section = r.order[0]
                menu.add_option(Option(f"[b]{HEADINGS[section]}[/b]", disabled=True))
            menu.add_option(Option(safe(plain(r.text, 300)), id=f"row{i}"))
        if not self.rows:
            menu.add_option(Option("No tables yet: n makes one.", disabled=True))
        ids = [o.id for o in menu.options]
        pick = ids.index(keep) if keep is not None and keep in ids else next(
            (k for k, o in enumerate(menu.options) if not o.disabled), None)
        menu.highlighted = pick
        menu.focus()

    def _row(self) -> Row | None:
        opt = self.query_one(OptionList).highlighted_option
        if opt is None or not (opt.id or "").startswith("row"):
            return None
        return self.rows[int(opt.id[3:])]  # type: ignore[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        r = self._row()
        if r is not None:
            self._open(r.table, r.seat)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":  # shown only on a finished game's row
            r = self._row() if self.is_mounted else None
            return r is not None and r.over
        return True

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # r comes and goes with the row under the cursor

    def action_replay(self) -> None:
        """Watch the finished game under the cursor from its first move (the Replays list
        of the title offers the same)."""
        r = self._row()
        if r is None or not r.over:
            return
        err = self.app.open_table_replay(r.table, switch=False)  # type: ignore[attr-defined]
        self._error(err or "")

    def action_watch(self) -> None:
        r = self._row()
        if r is not None:
            self._open(r.table, None)

    def _open(self, table: str, seat: int | None) -> None:
        from saves import SaveError

        try:
            open_table(self.app, table, seat)
        except SaveError as e:
            self._error(str(e))
            return
        self._error("")

    def action_new_table(self) -> None:
        self.app.push_screen(NewTableScreen())


TABLE_CHOICES = [("person", "human"), ("free seat", "open"),
                 *SEAT_CHOICES[1:]]


class NewTableScreen(NewGameScreen):
    """The new-game form for a table: a person's seat holds their login name (typed in the
    name field); a free seat is for whoever joins first; one seat alone plays Rachel."""

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Static).update("[b]New table[/b]  Tab / shift+Tab move · Enter opens a "
                                      "list · ctrl+n makes the table")
        self.query_one("#start").label = "Make the table (ctrl+n)"
        for i in range(4):
            sel = self.query_one(f"#kind{i}", Select)
            sel.set_options(TABLE_CHOICES)
            sel.value = "open"  # a change of value, so the first seat's label is redrawn too
            sel.value = "human" if i == 0 else "open" if i == 1 else "greedy"
        from textual.widgets import Input

        self.query_one("#name0", Input).value = self.app.player_name  # type: ignore[attr-defined]
        # The seed deals every hidden card: a table's is drawn when it is made and never shown.
        if self.app.fixed_seed is None:  # type: ignore[attr-defined] - tests fix it
            seed = self.query_one("#seed", Input)
            seed.value = ""
            seed.placeholder = "random, kept secret"

    def action_start(self) -> None:
        from engine import GameError
        from saves import SaveError
        from saves.session import now

        opens = tuple(i for i in range(self._players())
                      if self.query_one(f"#kind{i}", Select).value == "open")
        for i in opens:  # a free seat is a person's, named by its colour until someone joins
            self.query_one(f"#kind{i}", Select).value = "human"
        try:
            opts = self.options()
            table = table_store(self.app).create(opts, now(), open_seats=opens)
        except (GameError, SaveError, ValueError, OSError) as e:
            self.refused(e)
            return
        finally:
            for i in opens:
                self.query_one(f"#kind{i}", Select).value = "open"
        me = self.app.player_name  # type: ignore[attr-defined]
        self.app.pop_screen()
        if me in opts.seat_names():
            seat = opts.seat_names().index(me)
            if seat not in opens and opts.seat_kinds()[seat] == "human":
                try:
                    open_table(self.app, table, seat)
                except SaveError as e:
                    self.notify(safe(e, 400), severity="error")

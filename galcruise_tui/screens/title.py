"""Title: Continue, New game, Load game, Tables, Replays, Help, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from galcruise_tui.screens.saverows import save_parts
from galcruise_tui.text import plain, safe
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.widgets.parts import Parts
from saves import SaveInfo

LOGO = r"""
   ___      _         _   _         ___         _
  / __|__ _| |__ _ __| |_(_)__     / __|_ _ _  _(_)___ ___
 | (_ / _` | / _` / _|  _| / _|   | (__| '_| || | (_-</ -_)
  \___\__,_|_\__,_\__|\__|_\__|    \___|_|  \_,_|_/__/\___|
"""


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("c", "pick('continue')", "Continue", id="title_continue"),
        Binding("n", "pick('new')", "New game", id="title_new"),
        Binding("l", "pick('load')", "Load", id="title_load"),
        Binding("t", "pick('tables')", "Tables", id="title_tables"),
        Binding("r", "pick('replays')", "Replays", id="title_replays"),
        Binding("q", "pick('quit')", "Quit", id="title_quit"),
    ]
    latest: SaveInfo | None = None  # the newest save, read when the screen is shown

    def __init__(self) -> None:
        super().__init__()
        # Saves that would not open, by (path, updated): Continue skips them until they change.
        self._refused: set[tuple[str, str]] = set()
        self._decoded: set[tuple[str, str]] = set()  # and those that decoded whole

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static("The terminal edition of Galactic Cruise. Keyboard only; "
                         "press ? anywhere for help.", id="tagline")
            yield OptionList(id="title-menu")
            yield Static("", id="title-error")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fill()

    def on_screen_resume(self) -> None:
        self._fill()

    def _latest(self) -> SaveInfo | None:
        """The newest game that is not finished and has not failed to open (QA s53 Q11: a
        finished game made newest, by `simulate` or a game just ended, hid Continue though
        unfinished saves were there). Read from the files' headers: `_confirm` then checks
        that its file decodes whole."""
        try:
            infos = self.app.store.list()  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - no file in the saves folder may stop the app
            return None
        return next((i for i in infos if i.error is None and not i.over
                     and (i.path, i.updated) not in self._refused), None)

    def _confirm(self) -> None:
        """After the title shows: if the save Continue offers does not decode whole (a
        command no galcruise knows), offer the next one. Not before: decoding a log imports
        the command types, a cost the title's first paint does without."""
        changed = False
        while self.latest is not None:
            key = (self.latest.path, self.latest.updated)
            if key in self._decoded:
                break
            try:
                ok = self.app.store.decodes_whole(self.latest)  # type: ignore[attr-defined]
            except Exception:  # noqa: BLE001 - as in _latest: never stop the app
                ok = False
            if ok:
                self._decoded.add(key)
                break
            self._refused.add(key)
            self.latest = self._latest()
            changed = True
        if changed:
            self._fill(confirm=False)

    def _fill(self, confirm: bool = True) -> None:
        menu = self.query_one(OptionList)
        menu.clear_options()
        # Read the saves folder once per visit: check_action runs on every footer refresh.
        if confirm:
            self.latest = self._latest()
            if self.latest is not None:
                self.call_after_refresh(self._confirm)
        latest = self.latest
        if latest:
            # Wrapped between its parts only: at 100 columns "86 - 62 VP" broke after "-".
            menu.add_option(Option(Parts("c  Continue: ", [plain(latest.name),
                                                           *save_parts(latest)], indent=3),
                                   id="continue"))
        menu.add_options([Option("n  New game", id="new"), Option("l  Load game", id="load"),
                          Option("t  Tables: play with others at their own terminals",
                                 id="tables"),
                          Option("r  Replays", id="replays"), Option("?  Help", id="help"),
                          Option("q  Quit", id="quit")])
        menu.highlighted = 0
        menu.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return self.latest is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        app = self.app
        if what == "continue":
            latest = self.latest
            if latest:
                err = app.open_saved(latest.path, replay=False,  # type: ignore[attr-defined]
                                     switch=False)
                self.query_one("#title-error", Static).update(safe(err or "", 400))
                if err:  # the reason stays shown; Continue moves on to the next game
                    self._refused.add((latest.path, latest.updated))
                    self._fill()
        elif what == "new":
            app.open_new_game()  # type: ignore[attr-defined]
        elif what == "tables":
            app.open_lobby()  # type: ignore[attr-defined]
        elif what in ("load", "replays"):
            app.open_saves(replay=what == "replays")  # type: ignore[attr-defined]
        elif what == "help":
            app.action_help()  # type: ignore[attr-defined]
        elif what == "quit":
            app.exit()

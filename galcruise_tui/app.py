"""The galcruise Textual application: title, new game, game, replays, help.

Every binding has an id; `<data dir>/keymap.toml` (binding id = "keys") rebinds them, e.g.
`undo = "z"` or `leave = "ctrl+q,q"`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from saves import Store, data_root

if TYPE_CHECKING:
    from engine import Game
    from saves import Session

KEYMAP_FILE = "keymap.toml"
ANSI_THEME = "ansi-dark"


def load_keymap(root: Path) -> tuple[dict[str, str], str | None]:
    """(binding id -> keys, a sentence about what was wrong with the file or None)."""
    path = root / KEYMAP_FILE
    if not path.exists():
        return {}, None
    import tomllib  # only with a keymap file: most starts have none, and it costs the start

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return {}, f"{path}: not read ({e}); the default keys apply."
    good = {k: v for k, v in data.items() if isinstance(v, str) and v.strip()}
    bad = sorted(set(data) - set(good))
    note = f"{path}: ignored {', '.join(bad)} (each needs a key string)." if bad else None
    return good, note


def theme_for(color_system: str | None, environ: Mapping[str, str]) -> str | None:
    """The theme to use instead of Textual's default, or None to keep it.

    On a 16-colour terminal the default theme's colours fall onto the nearest of the 16: grey
    bars with coloured letters on them, red keys on grey, white on cyan. With NO_COLOR its
    greys hide the seat letters on the status bar. The ANSI theme uses the terminal's own
    palette and background, and with NO_COLOR no colour at all (bold, reverse and underline
    carry the rest). A theme the user picked (TEXTUAL_THEME) wins.
    """
    if "TEXTUAL_THEME" in environ:
        return None
    if "NO_COLOR" in environ or color_system == "standard":
        return ANSI_THEME
    return None


class GalcruiseApp(App[None]):
    TITLE = "galcruise"
    SUB_TITLE = "Galactic Cruise in the terminal"
    CSS_PATH = "galcruise.tcss"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit_app", show=False),
    ]

    def __init__(self, data_dir: str | Path | None = None, bot_delay: float = 0.4,
                 seed: int | None = None, name: str | None = None,
                 store: str | Path | None = None) -> None:
        if theme_for(_colour_system(), os.environ) == ANSI_THEME:
            # Before App.__init__, which picks Textual's NO_COLOR filter by the theme: with an
            # ANSI theme it drops colour; with the default one it turns colours into greys.
            # Set here, not by `self.theme = ...` after it, the theme also costs no second
            # parse of every stylesheet as the app starts (~15% of a 16-colour start).
            self.set_reactive(App.theme, ANSI_THEME)
        super().__init__()
        if "NO_COLOR" in os.environ:
            self.add_class("-no-color")  # focus and highlights shown by reverse video
        self.root_dir = data_root(data_dir)
        self.store = Store(self.root_dir)
        self.bot_delay = bot_delay
        # At tables: who this terminal plays as (--name, else the login name), and the store
        # (--store, else $GALCRUISE_STORE, else the data dir), opened when the lobby is.
        self.player_name = name or _login()
        self.name_from = "--name" if name else "your login name; --name sets another"
        self.store_arg = store
        self._table_store = None
        self.fixed_seed = seed  # tests and snapshots want a known seed
        # No sliding animations: over SSH they cost bandwidth and make keys feel slow.
        self.animation_level = "none"
        theme = theme_for(self.console.color_system, os.environ)
        if theme and theme != self.theme:
            self.theme = theme
        self._thinker = None  # the bots' worker process, started when a search bot first thinks
        keymap, self.keymap_note = load_keymap(self.root_dir)
        if keymap:
            self.set_keymap(keymap)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """The palette's Screenshot, saved in the data folder's `screenshots`: Textual's own
        choice is ~/Downloads, which an account on a game server seldom has ("Failed to save
        screenshot"). The notice names the file."""
        if path is None:
            folder = self.root_dir / "screenshots"
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # Textual's own failure notice says it
            path = str(folder)
        return super().deliver_screenshot(filename, path, time_format)

    def get_default_screen(self) -> Screen:
        # The title is the bottom screen: no blank default screen composed and painted first.
        from galcruise_tui.screens.title import TitleScreen

        return TitleScreen()

    @property
    def thinker(self):  # noqa: ANN201 - engine.bots.remote.Thinker, imported on first use
        if self._thinker is None:
            from engine.bots.remote import Thinker

            self._thinker = Thinker()
        return self._thinker

    def on_unmount(self) -> None:
        if self._thinker is not None:
            self._thinker.close()
        if self._table_store is not None:
            self._table_store.close()

    def on_mount(self) -> None:
        if self.keymap_note:
            self.notify(self.keymap_note, severity="warning", timeout=8)

    def action_help(self) -> None:
        from galcruise_tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            # A screen with keys of its own (the replay) names its help; the rest the game's.
            self.push_screen(HelpScreen(getattr(self.screen, "HELP_TOPIC", "game")))

    # --- screens open others through the app -----------------------------------------------
    # A screen never imports another: it asks the app, which alone knows them all (the screens
    # import nothing of each other, so they form no import cycle).
    def _show(self, screen: Screen, switch: bool) -> None:
        if switch:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_new_game(self) -> None:
        from galcruise_tui.screens.newgame import NewGameScreen

        self.push_screen(NewGameScreen())

    def open_lobby(self) -> None:
        """The tables of the store: yours, open ones, and the rest to watch."""
        from galcruise_tui.screens.lobby import LobbyScreen

        self.push_screen(LobbyScreen())

    def open_saves(self, replay: bool) -> None:
        """The list of saved games, to continue one or (`replay`) to watch one."""
        from galcruise_tui.screens.load import LoadScreen

        self.push_screen(LoadScreen(replay=replay))

    def open_game(self, session: Session, switch: bool = True) -> None:
        from galcruise_tui.screens.game import GameScreen

        self._show(GameScreen(session), switch)

    def open_saved(self, path: str, replay: bool, switch: bool) -> str | None:
        """Open a save as a game (or a replay); on failure the reason in one sentence."""
        from saves import SaveError

        try:
            if replay:
                from galcruise_tui.screens.replay import ReplayScreen
                from replays import Replay

                screen: Screen = ReplayScreen(Replay.open(path))
            else:
                from galcruise_tui.screens.game import GameScreen
                from saves import Session

                screen = GameScreen(Session.load(path))
        except SaveError as e:
            return str(e)
        except Exception as e:  # noqa: BLE001 - a damaged file must never crash the app
            return f"{path}: cannot be opened ({type(e).__name__}: {e})."
        self._show(screen, switch)
        return None

    def open_table_replay(self, table: str, switch: bool = True) -> str | None:
        """Watch a finished table's game as a replay; on failure the reason in one sentence
        (a game still being played is refused: its log would show every hand). `switch`: in
        place of the Replays list, as a save's replay; from the lobby, above it."""
        from galcruise_tui.screens.replay import ReplayScreen
        from galcruise_tui.tables import table_replay

        try:
            screen = ReplayScreen(table_replay(self, table))
        except Exception as e:  # noqa: BLE001 - SaveError, or a store that cannot be read
            return str(e)
        self._show(screen, switch)
        return None

    def open_scores(self, game: Game, final: bool, scored: dict[int, int],
                    people: dict[int, str] | None = None) -> None:
        from galcruise_tui.screens.scores import ScoreScreen

        self.push_screen(ScoreScreen(game, final=final, scored=scored, people=people))

    def back_to_title(self) -> None:
        """Close every screen above the title (a finished game stays in the saves)."""
        from galcruise_tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()


def _colour_system() -> str | None:
    """The colour system the app's console will find, asked before it exists: a console made
    as App.__init__ makes its own (a terminal, NO_COLOR set aside, which is a filter there)."""
    import io

    from rich.console import Console
    from textual import constants

    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    return Console(color_system=constants.COLOR_SYSTEM, file=io.StringIO(), force_terminal=True,
                   legacy_windows=False, _environ=env).color_system


def _login() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container): one still plays
        return "player"


def run(data_dir: str | Path | None = None, bot_delay: float = 0.4, name: str | None = None,
        store: str | None = None) -> None:
    GalcruiseApp(data_dir=data_dir, bot_delay=bot_delay, name=name, store=store).run()

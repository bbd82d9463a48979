"""Pick a saved game to continue, or to watch as a replay. A bad file is a sentence, never a
traceback."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from galcruise_tui.screens.saverows import save_row
from galcruise_tui.text import safe
from galcruise_tui.widgets.keybar import KeyBar


def open_game(app: App, path: str, replay: bool, switch: bool) -> str | None:
    """Open a save as a game (or replay); on failure return the reason in one sentence."""
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
    if switch:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)
    return None


class LoadScreen(Screen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="load_back")]

    def __init__(self, replay: bool = False) -> None:
        super().__init__()
        self.replay = replay

    def compose(self) -> ComposeResult:
        title = "Replays: pick a game to watch" if self.replay else "Load a game"
        yield Static(f"[b]{title}[/b]  (↑↓ and Enter; Esc goes back)")
        try:
            infos = self.app.store.list()  # type: ignore[attr-defined]
        except OSError as e:
            infos = []
            self.notify(f"Cannot list the saves: {safe(e)}", severity="error")
        items = []
        now = datetime.now(UTC)
        for info in infos:
            # Names, seats and errors come from the files: escaped, or `[/]` crashes the list.
            if info.error:
                items.append(Option(f"✗ {safe(info.name)}: {safe(info.error)}", id=info.path,
                                    disabled=True))
            else:
                note = "  (from its backup)" if info.warning else ""
                # The save's name first: two games of the same players differ by it.
                items.append(Option(f"{safe(info.name)} · {save_row(info, now)}{note}",
                                    id=info.path))
        if not items:
            items.append(Option("No saved games yet.", disabled=True))
        yield OptionList(*items, id="load-list")
        yield Static("", id="load-error")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            err = open_game(self.app, event.option.id, self.replay, switch=True)
            if err:
                self.query_one("#load-error", Static).update(f"✗ {safe(err, 400)}")

"""The galcruise Textual application: title, new game, game, replays, help.

Every binding has an id; `<data dir>/keymap.toml` (binding id = "keys") rebinds them, e.g.
`undo = "z"` or `leave = "ctrl+q,q"`.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from saves import Store, data_root

KEYMAP_FILE = "keymap.toml"


def load_keymap(root: Path) -> tuple[dict[str, str], str | None]:
    """(binding id -> keys, a sentence about what was wrong with the file or None)."""
    path = root / KEYMAP_FILE
    if not path.exists():
        return {}, None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return {}, f"{path}: not read ({e}); the default keys apply."
    good = {k: v for k, v in data.items() if isinstance(v, str) and v.strip()}
    bad = sorted(set(data) - set(good))
    note = f"{path}: ignored {', '.join(bad)} (each needs a key string)." if bad else None
    return good, note


class GalcruiseApp(App[None]):
    TITLE = "galcruise"
    SUB_TITLE = "Galactic Cruise in the terminal"
    CSS_PATH = "galcruise.tcss"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        Binding("ctrl+q", "quit", "Quit", id="quit_app", show=False),
    ]

    def __init__(self, data_dir: str | Path | None = None, bot_delay: float = 0.4,
                 seed: int | None = None) -> None:
        super().__init__()
        self.root_dir = data_root(data_dir)
        self.store = Store(self.root_dir)
        self.bot_delay = bot_delay
        self.fixed_seed = seed  # tests and snapshots want a known seed
        # No sliding animations: over SSH they cost bandwidth and make keys feel slow.
        self.animation_level = "none"
        keymap, self.keymap_note = load_keymap(self.root_dir)
        if keymap:
            self.set_keymap(keymap)

    def on_mount(self) -> None:
        from galcruise_tui.screens.title import TitleScreen

        self.push_screen(TitleScreen())
        if self.keymap_note:
            self.notify(self.keymap_note, severity="warning", timeout=8)

    def action_help(self) -> None:
        from galcruise_tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())


def run(data_dir: str | Path | None = None) -> None:
    GalcruiseApp(data_dir=data_dir).run()

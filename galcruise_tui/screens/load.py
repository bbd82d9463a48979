"""Pick a saved game to continue, or to watch as a replay. A bad file is a sentence, never a
traceback."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from galcruise_tui.screens.saverows import save_parts
from galcruise_tui.text import plain, safe
from galcruise_tui.widgets.keybar import KeyBar
from galcruise_tui.widgets.parts import Parts


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
                note = ["(from its backup)"] if info.warning else []
                # The save's name first: two games of the same players differ by it. Plain
                # text, wrapped between its parts (never inside a score).
                items.append(Option(Parts("", [plain(info.name), *save_parts(info, now),
                                               *note], indent=2), id=info.path))
        self.tables: dict[str, str] = {}  # option id -> table id
        if self.replay:
            items += self._finished_tables()
        if not items:
            items.append(Option("No saved games yet.", disabled=True))
        yield OptionList(*items, id="load-list")
        yield Static("", id="load-error")
        yield KeyBar()

    def _finished_tables(self) -> list[Option]:
        """The finished games of the table store, to watch without exporting them by hand
        (galcruise_tui/tables.py says which are listed, and why)."""
        from galcruise_tui.tables import finished_tables

        try:
            found = finished_tables(self.app)
        except Exception as e:  # noqa: BLE001 - a store that cannot be read: a sentence
            return [Option(f"✗ the table store: {safe(e, 300)}", disabled=True)]
        if not found:
            return []
        items = [Option("[b]Finished tables[/b]", disabled=True)]
        for i, row in enumerate(found):
            # Save ids are paths ending in .json: "table-row-0" is never one.
            self.tables[f"table-row-{i}"] = row.table
            items.append(Option(safe(row.text, 300), id=f"table-row-{i}"))
        return items

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        table = self.tables.get(event.option.id or "")
        if table is not None:
            err = self.app.open_table_replay(table)  # type: ignore[attr-defined]
        elif event.option.id:
            err = self.app.open_saved(event.option.id, self.replay,  # type: ignore[attr-defined]
                                      switch=True)
        else:
            return
        if err:
            self.query_one("#load-error", Static).update(f"✗ {safe(err, 400)}")

"""The decision bar: every legal option with its key, grouped when the list is long.

Each command is a path of choices (engine/describe.py). The bar shows the commands below the
open group: flat when few, otherwise one entry per next choice ("Build a food development ›
(12)"), so every list fits a small terminal and keeps its keys on screen. `0`/Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from engine import Game
from engine.commands import Command
from engine.describe import path

DIGITS = [str(i) for i in range(1, 10)]
LETTERS = list("abcdefghijklmnopqrstuvwxyz")
FLAT = 9  # up to this many commands show as they are; more are grouped by their first choice
BACK_KEY = "0"


@dataclass
class Entry:
    text: str
    commands: list[Command]
    prefix: tuple[str, ...] | None = None  # set for a group: the path it opens


def build_entries(paths: list[tuple[tuple[str, ...], Command]],
                  prefix: tuple[str, ...]) -> tuple[tuple[str, ...], list[Entry]]:
    """The entries below `prefix`; a level with a single group opens it at once."""
    while True:
        items = [(p, c) for p, c in paths if p[:len(prefix)] == prefix and len(p) > len(prefix)]
        if len(items) <= FLAT:
            return prefix, [Entry(", ".join(p[len(prefix):]), [c]) for p, c in items]
        groups: dict[str, list[tuple[tuple[str, ...], Command]]] = {}
        for n, (p, c) in enumerate(items):
            # A command whose path ends here is an entry of its own, never a group.
            key = p[len(prefix)] if len(p) > len(prefix) + 1 else f"\0{n}"
            groups.setdefault(key, []).append((p, c))
        if len(groups) == 1:
            prefix = (*prefix, next(iter(groups)))
            continue
        out = []
        for head, members in groups.items():
            if len(members) == 1:
                p, c = members[0]
                out.append(Entry(", ".join(p[len(prefix):]), [c]))
            else:
                out.append(Entry(head, [c for _, c in members], (*prefix, head)))
        return prefix, out


class DecisionBar(OptionList):
    """Options by number then letter; Enter or the key chooses; groups open in place."""

    BINDINGS = [
        Binding("escape,backspace", "back", "Back", id="options_back"),
    ]

    class Chosen(Message):
        def __init__(self, command: Command) -> None:
            super().__init__()
            self.command = command

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.game: Game | None = None
        self.entries: list[Entry] = []
        self.keys: list[str] = []
        self.prefix: tuple[str, ...] = ()
        self.root: tuple[str, ...] = ()
        self.reserved: set[str] = set()
        self._paths: list[tuple[tuple[str, ...], Command]] = []

    # --- content ---------------------------------------------------------------------------
    def show(self, game: Game | None, commands: list[Command], reserved: set[str]) -> None:
        """Show `commands` (the legal ones, or none while someone else decides)."""
        self.game = game
        self.reserved = reserved
        self._paths = [(path(game, c), c) for c in commands] if game else []
        self.root, _ = build_entries(self._paths, ())
        self.prefix = self.root
        self._rebuild()

    @property
    def in_group(self) -> bool:
        return self.prefix != self.root

    def option_keys(self) -> list[str]:
        letters = [k for k in LETTERS if k not in self.reserved]
        return DIGITS + letters

    def _rebuild(self) -> None:
        self.prefix, self.entries = build_entries(self._paths, self.prefix)
        keys = self.option_keys()
        self.keys = keys[:len(self.entries)]
        self.clear_options()
        opts: list[Option] = []
        if self.in_group:
            crumb = " › ".join(self.prefix[len(self.root):])
            opts.append(Option(Text.assemble((f" {BACK_KEY} ", "bold reverse"),
                                             f" ‹ back   ({crumb})"), id="back"))
        for i, e in enumerate(self.entries):
            key = keys[i] if i < len(keys) else " "
            label = Text.assemble((f" {key} ", "bold reverse"), " ", e.text)
            if e.prefix is not None:
                label.append(f"  › {len(e.commands)} choices", style="italic")
            opts.append(Option(label, id=f"e{i}"))
        if not opts:
            opts = [Option("(nothing to choose now)", disabled=True)]
        self.add_options(opts)
        self.highlighted = 1 if self.in_group and self.entries else 0
        # Back is a key only inside a group: the key bar shows it (cheap when nothing changed).
        self.refresh_bindings()

    # --- choosing ----------------------------------------------------------------------------
    def pick(self, index: int) -> bool:
        if not 0 <= index < len(self.entries):
            return False
        e = self.entries[index]
        if e.prefix is None:
            self.post_message(self.Chosen(e.commands[0]))
        else:
            self.prefix = e.prefix
            self._rebuild()
        return True

    def pick_key(self, key: str) -> bool:
        if key == BACK_KEY and self.in_group:
            return self.go_back()
        return key in self.keys and self.pick(self.keys.index(key))

    def go_back(self) -> bool:
        if not self.in_group:
            return False
        self.prefix = self.prefix[:-1]
        # Levels that hold one group open by themselves; step over them on the way back.
        while len(self.prefix) > len(self.root):
            _, entries = build_entries(self._paths, self.prefix)
            if len(entries) > 1:
                break
            self.prefix = self.prefix[:-1]
        self._rebuild()
        return True

    def keys_for(self, cmd: Command) -> list[str]:
        """The presses that choose `cmd` from the top level (for tests and the help line)."""
        target = next(p for p, c in self._paths if c == cmd)
        presses: list[str] = []
        prefix: tuple[str, ...] = ()
        while True:
            prefix, entries = build_entries(self._paths, prefix)
            keys = self.option_keys()
            for i, e in enumerate(entries):
                if cmd in e.commands:
                    presses.append(keys[i])
                    if e.prefix is None:
                        return presses
                    prefix = e.prefix
                    break
            else:
                raise LookupError(f"{target} is not on the bar")

    def action_back(self) -> None:
        self.go_back()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.in_group
        return True

    def on_key(self, event: object) -> None:
        from textual.events import Key

        if isinstance(event, Key) and event.character and self.pick_key(event.character):
            event.stop()
            event.prevent_default()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        if oid == "back":
            self.go_back()
        elif oid.startswith("e"):
            self.pick(int(oid[1:]))

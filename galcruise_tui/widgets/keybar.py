"""The key line at the bottom of every screen: each active binding with its key, the command
palette key at the right.

Textual's Footer rebuilds one widget per key whenever the bindings change, which restyles the
whole row and costs more than the rest of a move's repaint. This bar is a single widget that
redraws its one line in place, and only when the keys on it differ.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

DIM = Style(dim=True)
# Shorter words for a line that does not fit even packed tight (80 columns while a bot thinks:
# "q Quit to title space Skip pause ? Hel" was cut in a word). The help (?) says them whole.
SHORTER = {"Quit to title": "Quit", "Back to tables": "Tables", "Next pane": "Pane",
           "Save as": "Save", "Skip pause": "Skip", "Close hint": "Close"}
# Then keys go, these first (each is in the help), then from the left; the help key never goes.
DROP_FIRST = ("save_as", "focus_log", "pane(1)", "redo")
HELP = "help"


class Shown(NamedTuple):
    key: str  # the key simulated when the entry is clicked
    display: str
    description: str
    enabled: bool
    action: str = ""


class KeyBar(Widget, can_focus=False):
    """Every shown, legal binding of the screen's focus chain; illegal ones are hidden (their
    `check_action` says False), dimmed ones are legal but not possible now (it says None)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"keybar--key", "keybar--description"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        & > .keybar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keybar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.entries: tuple[Shown, ...] = ()
        self.palette: Shown | None = None
        self._spans: list[tuple[int, int, Shown]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.update_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.update_keys()

    def update_keys(self) -> None:
        """Read the active bindings; repaint (never re-layout: one line) if they changed."""
        if not self.is_attached:
            return
        app = self.app
        active = self.screen.active_bindings
        entries: list[Shown] = []
        seen: set[str] = set()
        for _node, binding, enabled, _tip in active.values():
            # One entry per action, as Textual's Footer: `escape,backspace` shows once.
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            entries.append(Shown(binding.key, app.get_key_display(binding),
                                 binding.description, enabled, binding.action))
        palette: Shown | None = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
            _n, binding, enabled, _t = active[app.COMMAND_PALETTE_BINDING]
            palette = Shown(binding.key, app.get_key_display(binding), binding.description,
                            enabled)
        keys = tuple(entry for entry in entries if entry.key != app.COMMAND_PALETTE_BINDING)
        if keys != self.entries or palette != self.palette:
            self.entries, self.palette = keys, palette
            self.refresh()

    def render(self) -> Text:
        width = self.size.width
        # Roomy as Textual's footer when the keys fit; when not, one space less per key and
        # then the palette key without its word, so that a long list (the replay viewer's)
        # still shows every key at 120 columns; then shorter words, the longest first, then
        # fewer keys. A key is shown whole or not at all.
        entries = list(self.entries)
        short: set[str] = set()
        for pad, word in ((" ", True), ("", True), ("", False)):
            line, spans, room = self._line(entries, pad, word, short)
            if line.cell_len <= room:
                break
        longest = sorted((e.description for e in entries if e.description in SHORTER),
                         key=lambda d: len(SHORTER[d]) - len(d))
        for said in longest:
            if line.cell_len <= room:
                break
            short.add(said)
            line, spans, room = self._line(entries, pad, word, short)
            if not word and line.cell_len <= room:  # the room saved may hold the palette's word
                roomy = self._line(entries, pad, True, short)
                if roomy[0].cell_len <= roomy[2]:
                    line, spans, room = roomy
                    word = True
        while line.cell_len > room and len(entries) > 1:
            entries.remove(_to_drop(entries))
            line, spans, room = self._line(entries, pad, word, short)
        if self.palette is not None:
            line.truncate(room, pad=True)
            spans = [(a, min(b, room), e) for a, b, e in spans if a < room]
            spans.append((room, width, self.palette))
            line.append_text(self._tail(word))
        self._spans = spans
        return line

    def _tail(self, word: bool) -> Text:
        """The palette key at the right, with its word or not."""
        if self.palette is None:
            return Text()
        key_style = self.get_component_rich_style("keybar--key")
        text_style = self.get_component_rich_style("keybar--description")
        return Text.assemble(("▏", text_style), (self.palette.display, key_style),
                             (f" {self.palette.description} " if word else " ", text_style))

    def _line(self, entries: list[Shown], pad: str, word: bool, short: set[str]
              ) -> tuple[Text, list[tuple[int, int, Shown]], int]:
        """The keys' line, each key's columns on it, and the room the palette key leaves;
        the descriptions in `short` take their SHORTER words."""
        key_style = self.get_component_rich_style("keybar--key")
        text_style = self.get_component_rich_style("keybar--description")
        room = max(0, self.size.width - self._tail(word).cell_len)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, Shown]] = []
        for entry in entries:
            start = line.cell_len
            dim = Style() if entry.enabled else DIM
            said = SHORTER[entry.description] if entry.description in short else \
                entry.description
            line.append(f"{pad}{entry.display} ", key_style + dim)
            line.append(f"{said} ", text_style + dim)
            spans.append((start, line.cell_len, entry))
        return line, spans, room

    def on_click(self, event: events.Click) -> None:
        for start, end, entry in self._spans:
            if start <= event.x < end:
                if entry.enabled:
                    self.app.simulate_key(entry.key)
                else:
                    self.app.bell()
                return


def _to_drop(entries: list[Shown]) -> Shown:
    """The key to leave off a line too long for the terminal: the least needed one."""
    for action in DROP_FIRST:
        for entry in entries:
            if entry.action == action:
                return entry
    return next(e for e in entries if e.action != HELP)

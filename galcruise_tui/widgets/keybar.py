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


class Shown(NamedTuple):
    key: str  # the key simulated when the entry is clicked
    display: str
    description: str
    enabled: bool


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
                                 binding.description, enabled))
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
        key_style = self.get_component_rich_style("keybar--key")
        text_style = self.get_component_rich_style("keybar--description")
        width = self.size.width
        # Roomy as Textual's footer when the keys fit; when not, one space less per key and
        # then the palette key without its word, so that a long list (the replay viewer's)
        # still shows every key at 120 columns.
        for pad, word in ((" ", True), ("", True), ("", False)):
            tail = Text()
            if self.palette is not None:
                tail = Text.assemble(("▏", text_style), (self.palette.display, key_style),
                                     (f" {self.palette.description} " if word else " ",
                                      text_style))
            room = max(0, width - tail.cell_len)
            line = Text(no_wrap=True, overflow="crop", end="")
            spans: list[tuple[int, int, Shown]] = []
            for entry in self.entries:
                start = line.cell_len
                dim = Style() if entry.enabled else DIM
                line.append(f"{pad}{entry.display} ", key_style + dim)
                line.append(f"{entry.description} ", text_style + dim)
                spans.append((start, line.cell_len, entry))
            if line.cell_len <= room:
                break
        if self.palette is not None:
            line.truncate(room, pad=True)
            spans = [(a, min(b, room), e) for a, b, e in spans if a < room]
            spans.append((room, width, self.palette))
            line.append_text(tail)
        self._spans = spans
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, entry in self._spans:
            if start <= event.x < end:
                if entry.enabled:
                    self.app.simulate_key(entry.key)
                else:
                    self.app.bell()
                return

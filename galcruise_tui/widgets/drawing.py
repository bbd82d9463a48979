"""A pane's drawing: Rich markup shown line by line, each line parsed and wrapped once.

A move changes a few lines of a board and leaves the rest as they were. A Static would parse
the whole markup again, wrap and style every line and lay the screen out; this widget keeps
the rendered lines by their markup, renders only the lines that are new, repaints only the rows
that changed, and asks for a layout only when the height changes.
"""

from __future__ import annotations

import re

from rich.console import Console
from rich.errors import MarkupError
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


def parse_lines(lines: list[str]) -> list[Text] | None:
    """Each markup line as Text, or None when a tag spans lines (a line fails alone). The
    drawings close every tag on the line that opens it."""
    try:
        return [Text.from_markup(line) for line in lines]
    except MarkupError:
        return None


# A line's own indent and list mark ("  1. ", "  · "): a wrapped line goes on under its text,
# not at the pane's edge, where a list's next item would seem to start (QA s54 F12).
_HANG = re.compile(r" *(?:(?:\d+\.|[·•-]) )?")
_NARROWEST = 24  # a column narrower than this wraps at the edge instead: too few words a row


def hanging(text: Text) -> int:
    """The columns a wrapped line of `text` goes on under."""
    m = _HANG.match(text.plain)
    return m.end() if m else 0


def hung(console: Console, text: Text, hang: int, width: int) -> Text:
    """`text` wrapped at `width`, its rows after the first under column `hang`; as it is
    where it fits, or where so deep an indent leaves too narrow a column."""
    if text.cell_len <= width or hang <= 0 or width - hang < _NARROWEST:
        return text
    head, body = text.divide([hang])
    lines = body.wrap(console, width - hang)
    rows = [head + lines[0], *(Text(" " * hang) + line for line in lines[1:])]
    return Text("\n").join(rows)


class Drawing(Widget):
    DEFAULT_CSS = """
    Drawing { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.markup_shown: str | None = None
        self._lines: list[str] = []
        self._width = 0  # the width the cache holds lines for
        self._cache: dict[str, list[Strip]] = {}  # a markup line -> its wrapped rows
        self._rows: list[Strip] | None = None  # every row at `_width`
        self.rendered = 0  # markup lines parsed and wrapped so far: what the cache saves

    def show(self, markup: str) -> None:
        """Draw `markup`; nothing happens when it is what is drawn already."""
        if markup == self.markup_shown:
            return
        self.markup_shown = markup
        before, width = self._rows, self._width
        self._lines = markup.split("\n")
        self._rows = None
        if before is None or width <= 0 or width != self.size.width:
            self.refresh(layout=True)
            return
        after = self._rows_at(width)
        if len(after) != len(before):
            self.refresh(layout=True)
            return
        # Rows rendered from an unchanged line are the same Strip objects as before.
        changed = [Region(0, y, width, 1) for y, (a, b) in enumerate(zip(before, after,
                                                                          strict=True))
                   if a is not b]
        if changed:
            self.refresh(*changed)

    def _rows_at(self, width: int) -> list[Strip]:
        if width == self._width and self._rows is not None:
            return self._rows
        if width != self._width:
            self._cache, self._width = {}, width
        old = self._cache
        missing = list(dict.fromkeys(line for line in self._lines if line not in old))
        texts = parse_lines(missing)
        if texts is None:  # a tag spans lines: parse the drawing whole and cache nothing
            whole = Text.from_markup("\n".join(self._lines)).split("\n", allow_blank=True)
            self._cache = {}
            self._rows = [row for text in whole for row in self._wrap(text, width)]
            return self._rows
        fresh = {line: self._wrap(text, width) for line, text in zip(missing, texts,
                                                                       strict=True)}
        cache: dict[str, list[Strip]] = {}
        rows: list[Strip] = []
        for line in self._lines:
            cache[line] = got = old.get(line) or fresh[line]
            rows.extend(got)
        self._cache, self._rows = cache, rows
        return rows

    def _wrap(self, text: Text, width: int) -> list[Strip]:
        self.rendered += 1
        console = self.app.console
        options = console.options.update_width(max(1, width))
        text = hung(console, text, hanging(text), width)
        wrapped = Segment.split_lines(console.render(text, options))
        return [Strip(segments).adjust_cell_length(width) for segments in wrapped] \
            or [Strip.blank(width)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows_at(width)) if self._lines else 0

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._rows_at(width)
        if y < len(rows):
            return rows[y].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)

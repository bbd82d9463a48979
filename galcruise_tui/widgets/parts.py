"""A line of parts joined by " · " that wraps only between its parts.

A save's line ("turn 39 · 86 - 62 VP · just now") wrapped at its spaces broke a score in two
("86 -" / "62 VP") on the title at 100 columns. Here a part that does not fit starts the next
row, under the text after the key; only a part wider than a whole row is wrapped inside.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

SEP = " · "


class Parts:
    """`head` (a key, "c  Continue: "), then `parts` joined by `SEP`; rows after the first
    start `indent` columns in. The parts are plain text (no markup is read)."""

    def __init__(self, head: str, parts: list[str], indent: int = 0, style: str = "") -> None:
        self.head = head
        self.parts = [p for p in parts if p]
        self.indent = indent
        self.style = style

    def __str__(self) -> str:
        return self.head + SEP.join(self.parts)

    def rows(self, width: int) -> list[str]:
        """The rows at `width` columns."""
        rows: list[str] = []
        row = self.head
        fresh = True  # nothing but the head or the indent on this row yet
        for part in self.parts:
            piece = part if fresh else SEP + part
            if not fresh and cell_len(row + piece) > width:
                rows.append(row)
                row, piece = " " * self.indent, part
            row += piece
            fresh = False
        rows.append(row)
        return [r for row in rows for r in self._fold(row, width)]

    def _fold(self, row: str, width: int) -> list[str]:
        """A row wider than `width` (a part wider than a whole row: four seats with their
        bots) broken at its last space that fits, the rows after its first `indent` columns
        in; wrapped by the terminal it went on at column 0, under the key."""
        out: list[str] = []
        lead = " " * self.indent
        while cell_len(row) > width > len(lead) + 1:
            start = len(row) - len(row.lstrip(" "))  # never break inside the indent
            cut = next((i for i in range(len(row) - 1, start, -1)
                        if row[i] == " " and cell_len(row[:i]) <= width), None)
            if cut is None:  # one word wider than the row: cut it where the row ends
                cut = next(i for i in range(len(row), 0, -1) if cell_len(row[:i]) <= width)
                out.append(row[:cut])
                row = lead + row[cut:]
            else:
                out.append(row[:cut].rstrip(" "))
                row = lead + row[cut + 1:]
        out.append(row)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(self.rows(options.max_width)), style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(p) for p in self.parts), default=0)
        return Measurement(min(widest + self.indent, options.max_width),
                           min(cell_len(str(self)), options.max_width))

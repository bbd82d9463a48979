"""A line with a marker after it ("   ← Blue's choice") that never wraps the marker.

At 120 columns a long prompt ("Blue: T-3 supplies: pay ... (short of 1 food: play agenda
cards or drop reputation for it)") pushed its marker onto the next row, broken off from the
words it marks ("for" / "it)   ← Blue's choice"). Here the marker stays whole on the first
row, at its end: the text before it is cut at a space so that both fit, and goes on in the
rows below.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

MIN_HEAD = 20  # narrower than this before the marker, the text is not cut (never at 80+)


def _break(plain: str, room: int) -> int | None:
    """Where to end the first row: the last space before `room` cells, None if none is."""
    best = None
    for i, ch in enumerate(plain):
        if ch != " ":
            continue
        if cell_len(plain[:i].rstrip()) > room:
            break
        best = i
    return best


def marked(head: Text, marker: Text, width: int) -> Text:
    """`head` then `marker` on one row when they fit `width`; else as much of head as fits
    before the marker on the first row, the marker at its end, the rest of head after."""
    # head's own style (the prompt's bold) stays the whole line's, as an append keeps it
    line = Text.assemble(head, marker, style=head.style)
    room = width - marker.cell_len
    if line.cell_len <= width or room < MIN_HEAD:
        return line
    plain = head.plain
    cut = _break(plain, room)
    if cut is None:  # one long word: cut it where the room ends
        cut = len(plain)
        while cut > 0 and cell_len(plain[:cut]) > room:
            cut -= 1
        rest_from = cut
    else:
        rest_from = cut + 1  # the space at the break goes, as a wrap drops it
    first = head[:cut]
    first.rstrip()
    # At the row's end, the marker reads apart from the words cut before it.
    pad = " " * (width - first.cell_len - marker.cell_len)
    return Text.assemble(first, pad, marker, "\n", head[rest_from:], style=head.style)

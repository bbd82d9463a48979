"""Text that a player or a file supplied, made safe to show.

Seat names, save names and error values are data: they may hold Rich markup (`[/]` would
crash a widget, `[link=...]` would make a link) or terminal control sequences (which would
retitle or clear the terminal when printed raw). Everything such text passes through here on
its way to the screen or to stdout.
"""

from __future__ import annotations

import re

from rich.markup import escape

# C0 and C1 controls and DEL; tab and newline are kept where a caller allows them.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROLS_ALL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
MAX_SHOWN = 200


def plain(text: object, limit: int = MAX_SHOWN, keep_newlines: bool = False) -> str:
    """`text` with terminal control characters removed and cut to `limit` characters."""
    s = str(text)
    s = (_CONTROLS if keep_newlines else _CONTROLS_ALL).sub("", s)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return s


def safe(text: object, limit: int = MAX_SHOWN, keep_newlines: bool = False) -> str:
    """`plain(text)` escaped for Rich/Textual markup, ready to sit inside a markup string."""
    return escape(plain(text, limit, keep_newlines))

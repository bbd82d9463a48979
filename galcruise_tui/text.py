"""Text that a player or a file supplied, made safe to show.

Seat names, save names and error values are data: they may hold Rich markup (`[/]` would
crash a widget, `[link=...]` would make a link) or terminal control sequences (which would
retitle or clear the terminal when printed raw). Everything such text passes through here on
its way to the screen or to stdout.
"""

from __future__ import annotations

import re

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


# The two markup parsers read a backslash differently, so each has its own escape. Rich's
# `escape` (and Textual's copy of it) escapes only brackets that look like a tag: a bracket
# before one that does not (`[31m[b]`) then leaves Textual's parser showing a stray `\[b]`.
# So every bracket is escaped. The backslashes already before one: Textual shows them as they
# are; Rich too before a bracket that is no tag, but reads them in pairs before one that looks
# like a tag. A text that ends in a backslash would escape the tag the caller writes after it,
# and neither parser can write a backslash before a tag: a zero-width space (nothing on
# screen) stands between them.
_BRACKET = re.compile(r"(\\*)\[")
_RICH_TAG = re.compile(r"\[[a-z#/@][^[]*?]")  # rich.markup.RE_TAGS without its escapes
_ZWSP = "\u200b"


def _end(s: str) -> str:
    return s + _ZWSP if s.endswith("\\") else s


def safe(text: object, limit: int = MAX_SHOWN, keep_newlines: bool = False) -> str:
    """`plain(text)` escaped for Textual markup (a Static's or a notice's string, an option's
    prompt), ready to sit inside a markup string."""
    return _end(plain(text, limit, keep_newlines).replace("[", "\\["))


def rich_safe(text: object, limit: int = MAX_SHOWN, keep_newlines: bool = False) -> str:
    """`plain(text)` escaped for Rich markup (`Text.from_markup`: the drawings, the status
    line, the score sheet)."""
    s = plain(text, limit, keep_newlines)

    def one(m: re.Match[str]) -> str:
        pairs = 2 if _RICH_TAG.match(s, m.end(1)) else 1
        return m.group(1) * pairs + "\\["

    return _end(_BRACKET.sub(one, s))


def module_ids(text: str) -> tuple[str, ...]:
    """The module ids of a --modules value ("cabin_pairing, advancements")."""
    return tuple(m.strip() for m in text.split(",") if m.strip())

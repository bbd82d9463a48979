"""The engine's log lines in the names a player reads on the board.

The engine's events name guests by colour ("a teal guest") and cruises by tile id ("cruise
B8"); the board, the legend and the help name guests by kind (adventurous, relaxing, family)
and cruises by their space on the marketing board. One name per thing: the lines are put into
the board's words here, on their way to the log and the turn summaries.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.describe import GUEST_NAME
from engine.events import Event
from engine.view import NPC, View
from galcruise_tui.text import plain

_ARTICLE = re.compile(r"\b([Aa])n? (orange|purple|teal)\b")
_COLOUR = re.compile(r"\b(orange|purple|teal)\b")
_TILE = re.compile(r"\bcruise ([A-Z]\d+)\b")
_ONE = re.compile(r"\b1 (segment|cabin|ad|resource|card|blueprint|ship|development|guest|"
                  r"worker|expert|cube|step|turn)s\b")
_VP = re.compile(r"\b(\d+) vp\b")  # a token's label: "1 vp"
_COCKPIT = re.compile(r"\b(Cockpit) cockpit\b")  # "the Trainer Cockpit cockpit scores"


def _article(word: str, capital: bool) -> str:
    art = "an" if word[0] in "aeiou" else "a"
    return (art.capitalize() if capital else art) + " " + word


def tidy(v: View, text: str) -> str:
    """`text` with guest kinds for colours (and the article that goes with them) and the
    marketing space's number for a cruise tile's id."""
    spaces = v.cruise_numbers

    def cruise(m: re.Match[str]) -> str:
        k = spaces.get(m.group(1))
        return f"cruise {k}" if k is not None else "a cruise"

    text = _TILE.sub(cruise, text)
    text = _ONE.sub(r"1 \1", _COCKPIT.sub(r"\1", _VP.sub(r"\1 VP", text)))
    text = _ARTICLE.sub(lambda m: _article(GUEST_NAME[m.group(2)], m.group(1) == "A"), text)
    return _COLOUR.sub(lambda m: GUEST_NAME[m.group(1)], text)


def actor(v: View, event: Event) -> int:
    """Who did what the event says: the seat whose name opens the line ("Pink bumps Rachel's
    worker" is Pink's doing though the event is filed under Rachel), else the event's seat."""
    text = event.text
    if text.startswith("The NPC"):
        return NPC
    best = -1
    for p in v.seats:
        if text.startswith(p.name) and (best < 0 or len(p.name) > len(v.seats[best].name)):
            best = p.seat
    return best if best >= 0 else event.seat


def called(v: View, seat: int, people: Mapping[int, str] | None = None) -> str:
    """A seat as a table's screens name it: the person there beside the seat's own name
    ("bob (Blue)": a free seat keeps its colour in the game), as the Players pane does; just
    the seat's name elsewhere. Plain text: the caller escapes it for where it shows."""
    name = plain(v.seats[seat].name, 40)
    person = plain((people or {}).get(seat, ""), 40)
    return f"{person} ({name})" if person and person != name else name

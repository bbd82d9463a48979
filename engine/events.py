"""What happened, in words, for the log pane and replays."""

from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True):
    kind: str
    seat: int
    text: str
    hidden: str = ""  # what the other seats may read, when `text` names hidden cards


# The kind of an event whose `text` no other seat may read, even at one shared terminal (a
# sealed bid): every screen but its own seat's shows `hidden` instead.
SECRET = "secret"

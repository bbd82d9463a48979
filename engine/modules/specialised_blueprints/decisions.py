"""《専門設計図》's own decisions: where the next guest of a day in space goes, and the segment a
visited segment lets the player build."""

from __future__ import annotations

import msgspec

from engine.decisions import Act, Decision


class VisitSegment(Decision, tag="visit_segment"):
    """A day in space under the module: place the next guest of ship `ship` on a segment
    showing its icon (the command names the guest's colour: the player picks the order).
    The decision is the state of the visit: who still waits, which segments have started."""

    ship: int = 0
    waiting: list[str] = msgspec.field(default_factory=list)  # guest colours not yet placed
    used: list[int] = msgspec.field(default_factory=list)  # segments started, in order


class VisitBuild(Act, tag="visit_build"):
    """A segment's effect: build `limit` segment(s) now, paid as usual, in a ship that is not
    in flight (so never the visited one). Build Ship Segments' options and rules; no action
    is used."""

    limit: int = 1

    @property
    def segment_limit(self) -> int:
        return self.limit


KINDS: tuple[type[Decision], ...] = (VisitSegment, VisitBuild)

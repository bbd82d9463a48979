"""『技術革新』's own decision: the Prefab Segment token's build."""

from __future__ import annotations

from engine.decisions import Act, Decision


class PrefabSegment(Act, tag="prefab_segment"):
    """A launch-tower token flipped for a cruise: build one segment now, `off` money less. It
    is Build Ship Segments (the same options and rules) limited to one, and uses no action."""

    off: int = 3

    @property
    def segment_off(self) -> int:
        return self.off

    @property
    def segment_limit(self) -> int:
        return 1


KINDS: tuple[type[Decision], ...] = (PrefabSegment,)

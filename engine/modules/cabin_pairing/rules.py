"""《客室斡旋》 (Cabin Pairing): where a paired segment may be built, and the cabins a ship has.

A ship is read from its cockpit to its engine: `segments` holds each segment's half-cabin
position ("left", "centre", "right") in that order, as `Ship.segments` holds blueprint ids
(cockpit side first). Two neighbouring segments form a cabin when their halves are at the same
position. The book: a segment may be built only where it completes a cabin with a segment
already placed (above it, below it, or between two segments); cockpits and engines form no
cabin, so a half beside them is ignored. [ours] The expansion's one cockpit (data: ck20) shows a
half cabin itself: `cockpit` is that position (None for every other cockpit), and a segment
beside it must match it and completes a cabin with it.

[ours] A segment shows one position, on both its edges (the book: "the half cabin is drawn on
the left, in the centre or on the right"), so a ship's segments all share one position; a
segment never sits beside an unmatched half, and no cabin is ever half-built.

Rachel ignores cabin pairing (1人用ゲーム): her ships keep the base count of cabins.
"""

from __future__ import annotations

from collections.abc import Sequence

Half = str | None  # a half-cabin position, or None where there is none (cockpit, engine)


def junctions(cockpit: Half, segments: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of halves that meet inside the ship, cockpit end first: the cockpit and the
    first segment (only when the cockpit shows a half), then each neighbouring pair."""
    out: list[tuple[str, str]] = []
    if cockpit is not None and segments:
        out.append((cockpit, segments[0]))
    out += list(zip(segments, segments[1:], strict=False))
    return out


def cabins(cockpit: Half, segments: Sequence[str]) -> int:
    """Complete cabins: each place where two matching halves meet."""
    return sum(1 for a, b in junctions(cockpit, segments) if a == b)


def half_built(cockpit: Half, segments: Sequence[str]) -> list[int]:
    """The junctions (0-based, cockpit end first, as `junctions` lists them) whose halves do
    not match: a half-built cabin. Empty in every ship built by these rules."""
    return [i for i, (a, b) in enumerate(junctions(cockpit, segments)) if a != b]


def never_half_built(cockpit: Half, segments: Sequence[str]) -> bool:
    """The module's invariant, for every ship of every player but Rachel."""
    return not half_built(cockpit, segments)


def ship_cabins(cockpit: Half, segments: Sequence[str], paired: bool) -> int:
    """The cabins a ship offers at boarding: by the halves when the module binds its owner,
    else the base count (one between each two segments; Rachel, or a base game)."""
    if paired:
        return cabins(cockpit, segments)
    return max(0, len(segments) - 1)


def _neighbours(cockpit: Half, segments: Sequence[str], at: int) -> list[str]:
    """The halves a segment inserted at `at` would touch (0: beside the cockpit; len: beside
    the engine, which shows none)."""
    above = cockpit if at == 0 else segments[at - 1]
    below = segments[at] if at < len(segments) else None
    return [h for h in (above, below) if h is not None]


def build_spots(cockpit: Half, segments: Sequence[str], new: str) -> list[int]:
    """Where in this ship a segment showing `new` may be built: insertion indices, 0 beside the
    cockpit, len(segments) beside the engine (the book: above, below or between two).

    The first segment of a ship has nothing to pair with and goes in (the halves beside cockpit
    and engine are ignored), unless the cockpit shows a half, which it must match. Any later
    segment must complete a cabin with what it touches, and may touch no unmatched half."""
    spots = []
    for at in range(len(segments) + 1):
        touch = _neighbours(cockpit, segments, at)
        if all(h == new for h in touch) and (touch or not segments):
            spots.append(at)
    return spots


def cabins_completed(cockpit: Half, segments: Sequence[str], new: str, at: int) -> int:
    """How many cabins building `new` at `at` completes (1, or 2 between two matching halves):
    what the Perfect Fit agenda card (adv03) asks."""
    return sum(1 for h in _neighbours(cockpit, segments, at) if h == new)


def build(cockpit: Half, segments: Sequence[str], new: str, at: int) -> list[str]:
    """The ship's halves once a segment showing `new` is built at `at`; a place the rules
    refuse raises ValueError with the reason in one sentence."""
    if not 0 <= at <= len(segments):
        raise ValueError(f"the ship has no place {at} (0 to {len(segments)})")
    if at not in build_spots(cockpit, segments, new):
        odd = sorted({h for h in _neighbours(cockpit, segments, at) if h != new})
        raise ValueError(f"a {new} half cabin cannot go at place {at}: it would meet a "
                         f"{' and a '.join(odd)} half there")
    return [*segments[:at], new, *segments[at:]]

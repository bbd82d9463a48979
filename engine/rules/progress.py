"""The progress track: cubes fill spaces strictly in order, section by section (進捗トラック)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import NEUTRAL

if TYPE_CHECKING:
    from engine.ctx import Ctx


def place_cube(ctx: Ctx, seat: int, why: str) -> None:
    b = ctx.s.board
    b.progress.append(seat)
    if seat >= 0:
        ctx.player(seat).cubes_on_track += 1
    section, _ = locate(ctx, len(b.progress) - 1)
    # Past the track's end a cube still scores with section 3 (final AGM).
    where = f"in section {section + 1}" if section < 3 else \
        "past the end of the track (it scores with section 3)"
    ctx.log("progress", seat, f"{ctx.name(seat)} places a progress cube ({why}) {where}.")
    for hook in ctx.r.on_progress_cube:
        hook(ctx, seat)
    while b.neutral_progress and len(b.progress) == b.neutral_progress[0]:
        # An intro neutral cube has held this space since setup: the next cube goes past it.
        b.progress.append(NEUTRAL)
        b.neutral_progress.pop(0)


def section_bounds(ctx: Ctx) -> list[tuple[int, int]]:
    out = []
    start = 0
    for size in ctx.s.board.progress_sections:
        out.append((start, start + size))
        start += size
    return out


def locate(ctx: Ctx, index: int) -> tuple[int, int]:
    """(section 0..2, or 3 beyond the track; position inside it)."""
    for i, (a, z) in enumerate(section_bounds(ctx)):
        if a <= index < z:
            return i, index - a
    return 3, index - section_bounds(ctx)[-1][1]


def filled_sections(ctx: Ctx) -> int:
    n = len(ctx.s.board.progress)
    return sum(1 for _, z in section_bounds(ctx) if n >= z)


def cubes_in_section(ctx: Ctx, section: int, seat: int, overflow: bool = False) -> int:
    a, z = section_bounds(ctx)[section]
    cubes = ctx.s.board.progress[a:] if overflow else ctx.s.board.progress[a:z]
    return sum(1 for o in cubes if o == seat)

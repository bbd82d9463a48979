"""Which guests Rachel puts on a cruise (advertising and last-minute tickets at a launch).

The queue's cheapest section first (bottom, middle, top), then the supply; inside a section
the colours of the cruise's destinations in order, repeated until enough guests are found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import COLOURS

if TYPE_CHECKING:
    from engine.ctx import Ctx

SUPPLY = 3


def guest_plan(ctx: Ctx, destinations: tuple[str, ...], n: int) -> list[tuple[str, int]]:
    """Up to n (colour, section) picks; section 3 is the supply. Nothing is moved."""
    b = ctx.s.board
    pools = [list(sec) for sec in b.queue] + [list(b.supply)]
    out: list[tuple[str, int]] = []
    for section, pool in enumerate(pools):
        found = True
        while found and len(out) < n:
            found = False
            for colour in destinations:
                ci = COLOURS.index(colour)
                if len(out) < n and pool[ci] > 0:
                    pool[ci] -= 1
                    out.append((colour, section))
                    found = True
    return out


def take_guests(ctx: Ctx, plan: list[tuple[str, int]]) -> None:
    b = ctx.s.board
    for colour, section in plan:
        ci = COLOURS.index(colour)
        if section == SUPPLY:
            b.supply[ci] -= 1
        else:
            b.queue[section][ci] -= 1

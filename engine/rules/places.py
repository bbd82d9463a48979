"""Places that cost a fee to use (connections and technologies) and who is still owed for
one this turn: asked by the network's fees and by technologies alike, so it imports neither."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.ctx import Ctx


# Names made once: legal() asks them for every connection and technology, every position.
_CONNECTIONS = tuple(f"c{k}" for k in range(64))
_TECHNOLOGIES = tuple(f"t{k}" for k in range(64))


def connection_place(k: int) -> str:
    return _CONNECTIONS[k] if 0 <= k < 64 else f"c{k}"


def technology_place(slot: int) -> str:
    """`slot` counts from 1, as UseTechnology does."""
    return _TECHNOLOGIES[slot] if 0 <= slot < 64 else f"t{slot}"


def unpaid_owners(ctx: Ctx, seat: int, place: str, owner_list: list[int]) -> list[int]:
    """Owners still to be paid to use `place` (holding `owner_list`); none if the seat has a
    development there or has paid for that place this turn. A fee buys the place, not the
    owner (評判: そこに開発トークンがある個々の取締役の全員への支払い): paying Pink for one
    connection leaves her next connection to be paid again."""
    if seat in owner_list or place in ctx.s.turn.paid:
        return []
    return list(dict.fromkeys(owner_list))

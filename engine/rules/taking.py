"""The two repeated steps: "take up to N" (cards, blueprints, segments, tickets) and "N times"
(funding bonuses, resources of choice, free blueprints)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import msgspec

from engine.decisions import Counting, Taking

if TYPE_CHECKING:
    from engine.ctx import Ctx

T = TypeVar("T", bound=Taking)


def take_one(ctx: Ctx, dec: T, item: str, limit: int, more: Callable[[T], bool]) -> T | None:
    """Record `item` as taken. While fewer than `limit` are taken and `more(next step)` says
    another choice is worth asking, push the next step and return None; else return the
    finished step (with the item recorded) for the caller to close."""
    nxt = msgspec.structs.replace(dec, taken=[*dec.taken, item])
    if len(nxt.taken) < limit and more(nxt):
        ctx.push(nxt)
        return None
    return nxt


def count_down(ctx: Ctx, dec: Counting) -> None:
    """One of `dec.left` is done: ask again for the rest."""
    if dec.left > 1:
        ctx.push(msgspec.structs.replace(dec, left=dec.left - 1))

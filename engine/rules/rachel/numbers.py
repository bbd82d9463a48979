"""The number system (ナンバーシステム): how Rachel picks among numbered options.

Options are numbered 1..n in the book's scan order (top to bottom, left to right, and on the
network clockwise from the top-middle station). She follows the first number on the back of
her deck's top card; when it names no option (a 5 with only 4 options) the second number;
from there she moves on in scan order, wrapping around, until the option is usable.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.rules.rachel import deck

if TYPE_CHECKING:
    from engine.ctx import Ctx


def start(first: int, second: int, count: int) -> int:
    """The 0-based option the numbers point at before any shifting."""
    if 1 <= first <= count:
        return first - 1
    if 1 <= second <= count:
        return second - 1
    # Neither number names an option (few options left): ours, count on around the options.
    return (first - 1) % count


def pick(first: int, second: int, count: int, usable: Callable[[int], bool]) -> int | None:
    """The 0-based index of the option chosen, or None when no option is usable."""
    if count <= 0:
        return None
    at = start(first, second, count)
    for k in range(count):
        i = (at + k) % count
        if usable(i):
            return i
    return None


def following(at: int, count: int, usable: Callable[[int], bool],
              may_repeat: bool = False) -> int | None:
    """The next usable option after `at` in scan order, wrapping ("the one below it")."""
    last = count + 1 if may_repeat else count
    for k in range(1, last):
        i = (at + k) % count
        if usable(i):
            return i
    return None


def choose(ctx: Ctx, count: int, usable: Callable[[int], bool]) -> int | None:
    """Pick with the numbers on the back of the card now on top of her deck."""
    card = deck.number_card(ctx)
    return pick(card.first, card.second, count, usable)

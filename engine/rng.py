"""SplitMix64: a tiny PRNG whose whole state is one integer kept inside the game state.

The stdlib `random` module only guarantees `random()` across versions, so shuffles and draws
are written here on top of a generator we control.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
T = TypeVar("T")


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, value)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A cursor over a SplitMix64 state; write `.state` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _TWO64 - (_TWO64 % n)
        state = self.state
        while True:
            # next_u64, written out: every shuffle, draw and random bot's pick comes here.
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            v = z ^ (z >> 31)
            if v < limit:
                self.state = state
                return v % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

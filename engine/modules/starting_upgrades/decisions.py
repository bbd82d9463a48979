"""初期アップグレード・カード's decisions: the reveal on a first turn, and the auction's sealed
bids and picks (variant starting_auction)."""

from __future__ import annotations

import msgspec

from engine.decisions import Decision


class RevealStartingCard(Decision, tag="starting_upgrade"):
    """The start of the seat's first turn, before placing a worker: reveal one of its starting
    upgrade cards (the one it holds after an auction)."""


class SealedBids(Decision, tag="sealed_bids"):
    """The auction: every seat in `waiting` may enter its sealed bid, in any order. `seat` is
    the one a shared terminal asks next (the engine's bots first, so they never wait on a
    person)."""

    waiting: list[int] = msgspec.field(default_factory=list)

    @property
    def deciders(self) -> list[int]:
        return list(self.waiting)


class PickStartingCard(Decision, tag="starting_pick"):
    """The auction, once the bids are revealed: take one of the cards still on offer."""


KINDS: tuple[type[Decision], ...] = (RevealStartingCard, SealedBids, PickStartingCard)

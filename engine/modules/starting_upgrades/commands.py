"""初期アップグレード・カード's commands."""

from __future__ import annotations

from engine.commands import Command


class RevealCard(Command, tag="reveal_starting_card"):
    card: str  # a starting upgrade card id (su01..)


class SealBid(Command, tag="seal_bid"):
    """A sealed bid for the auction. It names its seat: every seat still to bid may enter
    its own, in any order (at a table each from its own terminal)."""

    seat: int
    amount: int


class PickCard(Command, tag="pick_starting_card"):
    card: str


COMMANDS: tuple[type[Command], ...] = (RevealCard, SealBid, PickCard)

"""初期アップグレード・カード (Starting Upgrade Cards): the deal and the reveal, as functions of
plain values (card data, the launch tower's token states, upgrade ids).

The book: shuffled at setup, 2 dealt to each player. At the start of your first turn, before
placing a worker, reveal one: gain the named launch-tower token's bonus, flip it, take it off
the tower and place it on the named upgrade space of your board (and gain any immediate bonus
that gives); both cards go back to the box. On the tower the token is then "removed", as a
token that has flown to an upgrade (a funding token's place gives 2 from then on, a grey
token no longer raises the cost of an expert).

Solo: Rachel gets the card you did not keep; at the start of her first turn she places the
named token on the named upgrade space without its bonus; a funding bonus token named: she
takes off her 1 VP token instead; a grey token named: any grey token [ours: the one her
number system picks among those still up].
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.components import StartingUpgradeCard
from engine.rules.cruises import BOTTOM_BONUS, TOP_BONUS
from engine.rules.rachel.numbers import pick

HAND = 2  # cards dealt to each player
RACHEL_FUNDING_TOKEN = "top2"  # her 1 VP token (funding.TOP_TOKENS: money, ad, vp, resource)


class Reveal(msgspec.Struct, frozen=True):
    """A revealed card carried out: the bonus to gain (kind and amount, as the tower's tokens
    give them: money, ad, vp, resource, development), the tower after, the upgrades after."""

    token: str
    bonus: tuple[str, int]
    top: list[str]
    bottom: list[str]
    upgrades: list[str]


def deal(deck: Sequence[str], seats: Sequence[int], per: int = HAND) \
        -> tuple[list[list[str]], list[str]]:
    """`per` cards from the top of the shuffled `deck` to each of `seats` in turn (one at a
    time around the table): the hands in the order of `seats`, and what is left (the box)."""
    if len(deck) < per * len(seats):
        raise ValueError(f"{len(deck)} cards cannot deal {per} to each of {len(seats)} seats")
    hands: list[list[str]] = [[] for _ in seats]
    for k in range(per * len(seats)):
        hands[k % len(seats)].append(deck[k])
    return hands, list(deck[per * len(seats):])


def reveal(card: StartingUpgradeCard, top: Sequence[str], bottom: Sequence[str],
           upgrades: Sequence[str]) -> Reveal:
    """Carry out a revealed card; ValueError (one sentence) when the token has left the tower
    or the upgrade is unlocked already."""
    top, bottom = list(top), list(bottom)
    row = top if card.token.startswith("top") else bottom
    i = int(card.token[-1])
    if row[i] != "up":
        raise ValueError(f"the {card.token} launch-tower token is no longer on the tower")
    if card.upgrade in upgrades:
        raise ValueError(f"the upgrade space {card.upgrade} is already unlocked")
    row[i] = "removed"
    bonus = (TOP_BONUS | BOTTOM_BONUS)[card.token]
    return Reveal(card.token, bonus, top, bottom, [*upgrades, card.upgrade])


def immediate(kind: str) -> bool:
    """Whether an upgrade space with this effect kind gives a bonus when unlocked (the book's
    "immediate bonus"): a `gain`; every base upgrade is a lasting rule change."""
    return kind == "gain"


def rachel_card(hand: Sequence[str], kept: str) -> str:
    """The card Rachel gets: the one you did not keep."""
    if kept not in hand or len(hand) != HAND:
        raise ValueError(f"{kept} is not one of the {HAND} cards dealt")
    return next(c for c in hand if c != kept)


def rachel_reveal(card: StartingUpgradeCard, top: Sequence[str], bottom: Sequence[str],
                  first: int, second: int) -> tuple[str | None, list[str], list[str]]:
    """Rachel's reveal: the tower place she takes a token off (None when none is left to
    take) and her tower after, no bonus. `first`, `second`: the numbers on the back of her
    deck's top card, for a grey token."""
    top, bottom = list(top), list(bottom)
    if card.token.startswith("top"):
        i = int(RACHEL_FUNDING_TOKEN[-1])
        if top[i] != "up":
            return None, top, bottom
        top[i] = "removed"
        return RACHEL_FUNDING_TOKEN, top, bottom
    k = pick(first, second, len(bottom), lambda j: bottom[j] == "up")
    if k is None:
        return None, top, bottom
    bottom[k] = "removed"
    return f"bottom{k}", top, bottom

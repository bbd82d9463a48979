"""The starting upgrade cards' two variants (ルール変更), as functions of plain values.

Auction (初期アップグレード・カードのオークション): each player gets 3 more money at the start;
as many cards as players are revealed; everyone secretly takes any amount of money in hand and
all reveal together; in order of the amounts, highest first, each picks one card; ties go to
the player later in turn order; every amount revealed is paid to the supply. [ours] Each player
then reveals the card they took at the start of their first turn, as with a dealt pair (the
book's auction replaces the deal; the reveal's timing is the module's).

Handicap (初期アップグレード・カードによる難易度調整): only the players the table names (the less
practised) are dealt cards; the others get none.

[ours] Neither variant is offered in a solo game (Rachel takes the card you did not keep, so
there is no auction and no one to handicap), and they exclude each other (the auction deals
to everyone by bids; the handicap by skill).
"""

from __future__ import annotations

from collections.abc import Sequence

AUCTION_MONEY = 3
NOT_BID = -1  # a seat that has not entered its bid yet
SEALED = -2  # another seat's bid as an observation shows it: entered, amount hidden

# variant id -> (the module it changes, one line for the new-game screen)
VARIANTS: dict[str, tuple[str, str]] = {
    "starting_auction": ("starting_upgrades",
                         "auction: 3 more money each; bid in secret for the cards revealed"),
    "starting_handicap": ("starting_upgrades",
                          "handicap: only the players named get starting upgrade cards"),
}


def variant_problems(modules: Sequence[str], variants: Sequence[str], players: int,
                     handicap_seats: Sequence[int] = ()) -> list[str]:
    """What is wrong with a game's variants of this module (unknown ids are left to the
    table of every module's variants)."""
    mine = [v for v in dict.fromkeys(variants) if v in VARIANTS]
    out = [f"variant {v!r} needs module 'starting_upgrades'" for v in mine
           if "starting_upgrades" not in modules]
    if mine and players == 1:
        out.append("the starting upgrade card variants are not played solo (Rachel takes the "
                   "card you do not keep)")
    if len(mine) == 2:
        out.append("the auction and the handicap cannot be played together")
    if "starting_handicap" in mine:
        if not handicap_seats:
            out.append("the handicap names at least one seat to get starting upgrade cards")
        if sorted(set(handicap_seats)) != sorted(handicap_seats) or \
                any(not 0 <= s < players for s in handicap_seats):
            out.append(f"handicap seats are different seats numbered 0-{players - 1}")
    elif handicap_seats:
        out.append("handicap seats are named only with the handicap variant")
    return out


# --- handicap --------------------------------------------------------------------------------
def dealt_seats(turn_order: Sequence[int], handicap_seats: Sequence[int] | None) -> list[int]:
    """The seats dealt cards, in turn order (all without the handicap)."""
    if handicap_seats is None:
        return list(turn_order)
    return [s for s in turn_order if s in handicap_seats]


# --- auction ---------------------------------------------------------------------------------
def auction_cards(deck: Sequence[str], players: int) -> tuple[list[str], list[str]]:
    """The cards revealed for the auction (one per player, from the top) and the rest."""
    return list(deck[:players]), list(deck[players:])


def bid_problems(bid: int, money: int) -> list[str]:
    if not 0 <= bid <= money:
        return [f"a bid is 0 to {money} money (the money you have)"]
    return []


def enter_bid(bids: Sequence[int], seat: int, bid: int, money: int) -> list[int]:
    """The bids once `seat` has entered its own (once; a bid is secret and final until the
    reveal); ValueError (one sentence) otherwise."""
    if bids[seat] != NOT_BID:
        raise ValueError("you have already bid")
    bad = bid_problems(bid, money)
    if bad:
        raise ValueError(bad[0])
    out = list(bids)
    out[seat] = bid
    return out


def waiting(bids: Sequence[int]) -> list[int]:
    """Seats that have not bid yet: the reveal waits for all of them, in any order."""
    return [s for s, b in enumerate(bids) if b == NOT_BID]


def seen_by(bids: Sequence[int], seat: int) -> list[int]:
    """The bids as `seat` may see them before the reveal: its own, and for each other seat
    only whether it has bid (SEALED) or not (NOT_BID). -1: a spectator sees no amount."""
    return [b if s == seat or b == NOT_BID else SEALED for s, b in enumerate(bids)]


def pick_order(bids: Sequence[int], turn_order: Sequence[int]) -> list[int]:
    """Seats in the order they pick: highest bid first; equal bids, the seat later in turn
    order first."""
    if waiting(bids):
        raise ValueError("the bids are revealed together, once everyone has bid")
    late = {s: k for k, s in enumerate(turn_order)}
    return sorted(turn_order, key=lambda s: (-bids[s], -late[s]))


def pay(money: Sequence[int], bids: Sequence[int]) -> list[int]:
    """Everyone's money once the revealed bids are paid to the supply."""
    return [m - b for m, b in zip(money, bids, strict=True)]


def pick(revealed: Sequence[str], taken: Sequence[str], card: str) -> list[str]:
    """The cards taken once the next seat takes `card`; ValueError when it is not on offer."""
    if card not in revealed or card in taken:
        raise ValueError(f"{card} is not among the cards left to pick")
    return [*taken, card]

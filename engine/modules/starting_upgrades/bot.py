"""How the engine's bots answer this module's decisions: a card is worth its token's bonus
and what leaving the tower brings, plus its upgrade's lasting effect (the estimates the data
file's header argues, in money); a sealed bid is a share of what the best card on offer is
worth over the worst, never another seat's bid (a bot does not peek)."""

from __future__ import annotations

from engine.commands import Command
from engine.game import Game
from engine.modules.starting_upgrades.commands import PickCard, RevealCard, SealBid
from engine.modules.starting_upgrades.decisions import (
    PickStartingCard,
    RevealStartingCard,
    SealedBids,
)

# Tower place -> worth in money: its bonus now plus what leaving the tower brings later (a
# funding token gives 2 from then on; a grey token no longer raises an expert's cost).
TOKEN = {"top0": 3.0, "top1": 3.0, "top2": 3.5, "top3": 3.5,
         "bottom0": 7.0, "bottom1": 7.0, "bottom2": 7.0, "bottom3": 7.5}
# Upgrade effect kind -> what it gives over a game started with it.
UPGRADE = {"bump_own": 3.0, "refill_silo_extra": 3.0, "launch_fuel_discount": 4.0,
           "silo_extra": 4.0, "hire_discount": 4.0, "advertise_discount": 4.5,
           "max_ships_segments": 5.5, "fee_free": 5.5, "segment_discount": 6.0}
MAX_BID = 3  # at most the 3 money the auction hands out


def worth(game: Game, card_id: str) -> float:
    card = game.comps.starting_upgrade(card_id)
    return TOKEN.get(card.token, 5.0) + \
        UPGRADE.get(game.comps.upgrade(card.upgrade).effect.kind, 4.0)


def bid(game: Game, seat: int) -> int:
    """Half of what the best card is worth over the worst, at most MAX_BID and what the
    seat has."""
    st = game.state.starting
    assert st is not None
    values = sorted(worth(game, c) for c in st.offer)
    spread = values[-1] - values[0] if values else 0.0
    return max(0, min(MAX_BID, game.state.players[seat].money, int(spread // 2)))


def choose(game: Game) -> Command | None:
    """The bot's answer to one of this module's decisions; None for any other decision."""
    dec = game.pending
    if isinstance(dec, SealedBids):
        return SealBid(dec.seat, bid(game, dec.seat))
    if isinstance(dec, (RevealStartingCard, PickStartingCard)):
        cards = [c for c in game.legal() if isinstance(c, (RevealCard, PickCard))]
        if cards:
            return max(cards, key=lambda c: worth(game, c.card))  # the first of equals
    return None

"""初期アップグレード・カード (Starting Upgrade Cards), a module of 『快適空間』: 33 cards (data/),
revealing one at the start of your first turn (rules.py), and the auction and handicap variants
(variants.py), wired into the turn by `extend` (play.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.starting_upgrades import play
    from engine.modules.starting_upgrades.decisions import (
        PickStartingCard,
        RevealStartingCard,
        SealedBids,
    )
    from engine.registry import Kind

    return replace(
        rules,
        kinds={**rules.kinds,
               RevealStartingCard: Kind(play.reveal_options, play.reveal_apply,
                                        play.reveal_words, free=False),
               SealedBids: Kind(play.bid_options, play.bid_apply, play.bid_words, free=False),
               PickStartingCard: Kind(play.pick_options, play.pick_apply, play.pick_words,
                                      free=False)},
        setup=(*rules.setup, play.setup),
        on_turn_start=(*rules.on_turn_start, play.turn_start),
    )

"""A fee offered is a fee the player can pay: with 上級技術 a technology's fee carries its
track's surcharge, and the listing of legal moves must count it (a fuzzer find: a fee offered
at the base price drove Pink's money below 0)."""

from __future__ import annotations

import random

from engine import Game, GameOptions
from engine.commands import UseTechnology


def test_every_technology_fee_offered_is_affordable_with_its_surcharge() -> None:
    offered = 0
    for seed in range(6):
        g = Game.new(GameOptions(players=1 + seed % 4, seed=20 + seed,
                                 modules=("advanced_technologies",)))
        r = random.Random(seed)
        while not g.is_over and g.state.turns_taken < 60:
            legal = g.legal()
            for cmd in legal:
                if isinstance(cmd, UseTechnology):
                    offered += 1
                    after, _ = g.try_apply(cmd)
                    assert min(p.money for p in after.state.players) >= 0
            g.apply(r.choice(legal))
    assert offered > 0

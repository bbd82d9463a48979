"""Rachel's setup (1人用ゲーム 準備): her board without resources, money or ads, her deck,
her first development (food row) on an empty connection and one blueprint discarded, both by
the number system. She goes before you in the reverse-order setup picks, so she makes hers
here and you make yours after."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import developments
from engine.rules.rachel import NAME, SEAT, actions, deck, numbers

if TYPE_CHECKING:
    from engine.ctx import Ctx


def prepare(ctx: Ctx) -> None:
    s = ctx.s
    b = s.board
    p = ctx.player(SEAT)
    assert p.name == NAME
    p.money = p.ads = 0
    p.food = p.oxygen = p.fuel = 0
    for card in p.hand:  # she gains no agenda cards: the one dealt to her is discarded
        b.agenda_discard.append(card)
    p.hand = []
    s.rachel = deck.new_deck(ctx)
    # Her first development: food row, an empty connection (no development at all).
    k = numbers.choose(ctx, 6, lambda j: not b.connections[j])
    if k is None:
        k = numbers.choose(ctx, 6, lambda j: p.seat not in b.connections[j])
    assert k is not None
    developments.place(ctx, p, "food", f"c{k + 1}")
    slot = actions.top_down(b.blueprint_display)
    i = numbers.choose(ctx, len(slot), lambda j: b.blueprint_display[slot[j]] is not None)
    if i is not None:
        bp = b.blueprint_display[slot[i]]
        assert bp is not None
        b.blueprint_display[slot[i]] = None
        s.rachel.discarded_blueprints.append(bp)
        ctx.log("blueprint", p.seat, f"Rachel discards the {ctx.c.blueprint(bp).name} "
                "blueprint from the display.")
    s.setup_queue = [seat for seat in s.setup_queue if seat != SEAT]

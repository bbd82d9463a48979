"""Rulebook examples for the simple actions: experts, supplies, silo and agenda cards."""

from __future__ import annotations

from helpers import finish_setup, new_game, set_turn

from engine.commands import (
    ChooseResource,
    Done,
    DrawAgenda,
    FundingBonus,
    HireExpert,
    PlaceWorker,
    PurchaseSupplies,
    RefillAgenda,
    TakeAction,
)
from engine.rules.experts import hire_cost


def at_station(actions: list[str], players: int = 2, seed: int = 5):
    g = finish_setup(new_game(players=players, seed=seed))
    s = g.state
    p = s.players[0]
    s.board.stations[0] = actions
    s.board.occupants = [None] * 6
    p.break_room = ["worker"]
    set_turn(g, p.seat)
    g.apply(PlaceWorker("worker", 1))
    return g, p


def test_right_expert_costs_8_and_left_9_as_in_the_example():
    g, pink = at_station(["hire_expert", "purchase_supplies"])
    pink.developments_left = [1, 3, 3]  # two food developments placed: 4 left in food+oxygen
    pink.tower_bottom = ["removed", "flipped", "up", "up"]
    assert hire_cost(pink, "right") == 8
    assert hire_cost(pink, "left") == 9
    pink.money = 8
    g.apply(TakeAction(1, "hire_expert"))
    assert HireExpert("left") not in g.legal()
    g.apply(HireExpert("right"))
    assert pink.money == 0
    assert "expert_right" in pink.break_room
    assert g.pending.kind == "funding"
    g.apply(FundingBonus("money"))
    assert pink.money == 1


def test_purchase_supplies_once_each_per_action():
    g, p = at_station(["purchase_supplies", "hire_expert"])
    p.money, p.food, p.fuel, p.ads = 5, 0, 0, 0
    g.apply(TakeAction(1, "purchase_supplies"))
    g.apply(PurchaseSupplies(("food", "fuel"), True))
    assert (p.money, p.food, p.fuel, p.ads) == (3, 1, 1, 2)


def test_a_pair_of_one_kind_that_fits_is_not_logged_as_lost():
    g, p = at_station(["purchase_supplies", "hire_expert"])
    p.money, p.fuel = 5, 0
    assert p.capacity("fuel") >= 2
    g.apply(TakeAction(1, "purchase_supplies"))
    events = g.apply(PurchaseSupplies(("fuel", "fuel"), False))
    assert p.fuel == 2
    assert [e.text for e in events if e.kind == "purchase"] == [f"{p.name} buys fuel and fuel."]


def test_agenda_draw_from_discard_costs_reputation_then_display_is_free():
    g, green = at_station(["draw_agenda", "refill_agenda"])
    b = g.state.board
    top = b.agenda_discard and b.agenda_discard[-1]
    if not top:
        b.agenda_discard.append(b.agenda_deck.pop(0))
        top = b.agenda_discard[-1]
    b.agenda_display = [b.agenda_display[0], b.agenda_display[1], None, None]
    first = b.agenda_display[0]
    green.reputation = 3
    hand = list(green.hand)
    g.apply(TakeAction(1, "draw_agenda"))
    g.apply(DrawAgenda(-1))
    assert green.reputation == 2
    g.apply(DrawAgenda(0))
    assert green.hand == [*hand, top, first]
    # Taken display cards are not replaced.
    assert b.agenda_display == [None, b.agenda_display[1], None, None]
    assert b.agenda_display[1] is not None


def test_agenda_refill_gives_the_empty_slots_bonuses():
    g, green = at_station(["refill_agenda", "draw_agenda"])
    b = g.state.board
    last = b.agenda_display[3]
    b.agenda_display = [None, None, None, last]  # the money slot still holds a card
    green.reputation, green.ads, green.money, green.food = 2, 0, 3, 0
    g.apply(TakeAction(1, "refill_agenda"))
    g.apply(RefillAgenda((last,)))
    assert g.pending.kind == "choose_resource"
    g.apply(ChooseResource("food"))
    assert (green.reputation, green.ads, green.money, green.food) == (3, 1, 3, 1)
    assert b.agenda_discard[-1] == last
    assert all(b.agenda_display)


def test_ending_actions_early_passes_the_turn():
    g, p = at_station(["refill_agenda", "draw_agenda"])
    g.apply(Done())
    assert g.state.turn.seat != p.seat

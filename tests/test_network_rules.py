"""Rulebook examples for phase 2A: placing, bumping, funding bonuses, fees and reputation."""

from __future__ import annotations

from helpers import finish_setup, new_game, pending_kind, set_turn

from engine.commands import (
    CallMeeting,
    Done,
    DropReputation,
    FundingBonus,
    GainResources,
    PlaceWorker,
    RefillSilo,
    TakeAction,
)
from engine.state import NEUTRAL, Occupant


def three_player_game():
    g = finish_setup(new_game(players=3, seed=11))
    b = g.state.board
    b.connections = [[] for _ in range(6)]
    b.occupants = [None] * 6
    return g


def test_bump_gives_the_bumped_player_a_funding_bonus_of_their_choice():
    g = three_player_game()
    yellow, blue = g.state.players[0], g.state.players[1]
    g.state.board.occupants[3] = Occupant(blue.seat, "worker")
    blue.break_room = ["worker"]
    set_turn(g, yellow.seat)
    money = blue.money
    events = g.apply(PlaceWorker("worker", 4))
    assert any(e.kind == "bump" for e in events)
    assert blue.break_room == ["worker", "worker"]
    assert g.pending.kind == "funding" and g.pending.seat == blue.seat
    # The four top tokens: 1 money, 1 ad, 1 VP or 1 resource of any kind.
    kinds = sorted(c.kind for c in g.legal())
    assert kinds == ["ad", "food", "fuel", "money", "oxygen", "vp"]
    g.apply(FundingBonus("money"))
    assert blue.money == money + 1
    # Funding bonuses never flip or remove tokens.
    assert blue.tower_top == ["up"] * 4
    assert pending_kind(g) == "action" and g.pending.seat == yellow.seat


def test_you_cannot_bump_your_own_worker():
    g = three_player_game()
    p = g.state.players[0]
    g.state.board.occupants[0] = Occupant(p.seat, "worker")
    p.break_room = ["worker"]
    set_turn(g, p.seat)
    assert PlaceWorker("worker", 1) not in g.legal()
    assert PlaceWorker("worker", 2) in g.legal()


def test_fee_drops_from_2_to_1_after_a_reputation_rise_in_the_same_turn():
    g = three_player_game()
    s = g.state
    yellow, pink = s.players[0], s.players[1]
    b = s.board
    # Yellow works at station 4; station 3 (refill silo) is joined by Yellow's own development,
    # station 5 (gain resources) only through Pink's and a neutral development.
    b.stations[3] = ["purchase_supplies", "hire_expert"]
    b.stations[2] = ["refill_silo", "draw_agenda"]
    b.stations[4] = ["gain_resources", "build_development"]
    b.connections[2] = [yellow.seat]  # connection 3 joins stations 3 and 4
    b.connections[3] = [pink.seat, NEUTRAL]  # connection 4 joins stations 4 and 5
    b.silo = [2, 0, 2]
    yellow.reputation = 6
    yellow.money = 5
    yellow.hand = [s.board.agenda_deck[0]]
    yellow.break_room = ["worker"]
    set_turn(g, yellow.seat)
    g.apply(PlaceWorker("worker", 4))
    # At reputation 6 the far station costs 2 money to each of Pink and the supply.
    g.apply(TakeAction(3, "refill_silo"))
    g.apply(RefillSilo(yellow.hand[0], "oxygen"))
    assert yellow.reputation == 7
    assert yellow.money == 5 + 5  # 1 money per step: oxygen 0 -> 5
    pink_money = pink.money
    g.apply(TakeAction(5, "gain_resources"))
    assert yellow.money == 10 - 2  # now 1 money each to Pink and to the supply
    assert pink.money == pink_money + 1
    g.apply(GainResources(1, 0, 0))


def test_reputation_drop_7_to_3_gives_2_ads():
    g = three_player_game()
    p = g.state.players[0]
    p.reputation = 7
    set_turn(g, p.seat)
    ads = p.ads
    assert DropReputation(3, "ad") in g.legal()
    g.apply(DropReputation(3, "ad"))
    assert p.ads == ads + 2
    assert p.reputation == 3
    # Only once per turn.
    assert not any(isinstance(c, DropReputation) for c in g.legal())


def test_reputation_overflow_above_18_and_below_0_moves_vp():
    from engine.rules.economy import gain_reputation, lose_reputation

    g = three_player_game()
    p = g.state.players[0]
    p.reputation, p.vp = 17, 5
    from engine.ctx import Ctx

    gain_reputation(Ctx(g.state, g.comps), p, 3)
    assert (p.reputation, p.vp) == (18, 7)
    p.reputation = 1
    lose_reputation(p, 3)
    assert (p.reputation, p.vp) == (0, 5)


def test_meeting_recalls_workers_with_a_bonus_each_then_one_own_connected_action():
    g = three_player_game()
    s = g.state
    blue = s.players[1]
    b = s.board
    b.occupants[0] = Occupant(blue.seat, "worker")
    b.occupants[2] = Occupant(blue.seat, "worker")
    blue.break_room = []
    b.connections[0] = [blue.seat]  # joins stations 1 and 2
    b.connections[4] = [s.players[0].seat]  # someone else's: never usable in a meeting
    set_turn(g, blue.seat)
    # An empty break room at phase 2 forces the meeting.
    assert [type(c).__name__ for c in g.legal() if type(c).__name__ in
            ("PlaceWorker", "Launch")] == []
    g.apply(CallMeeting())
    assert sorted(blue.break_room) == ["worker", "worker"]
    assert g.pending.kind == "funding" and g.pending.left == 2
    g.apply(FundingBonus("food"))
    g.apply(FundingBonus("food"))
    assert blue.food == 3
    assert g.pending.kind == "meeting_action"
    stations = {c.station for c in g.legal() if isinstance(c, TakeAction)}
    assert stations <= {1, 2}
    g.apply(Done())
    assert g.state.turn.seat != blue.seat or g.state.turn.phase != "meeting_action"

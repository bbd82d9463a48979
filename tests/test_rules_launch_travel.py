"""Launch and travel scenarios (フェイズ2B 打ち上げ, フェイズ1 航行): the new cruise tile and its
guests, a returned ship used again the same turn, ships moving one after another."""

from __future__ import annotations

from helpers import set_turn, start_turn
from test_rules_actions import table, upgrade, work
from test_rules_cards import fly, scheduled, teal_only

from engine.commands import (
    BoardGuest,
    BuildSegment,
    Done,
    FundingBonus,
    Launch,
    PlaceWorker,
    ScheduleCruise,
    TakeAction,
    TourGuest,
    TravelShip,
)
from engine.state import Occupant, Ship


def test_new_cruise_adds_another_colour_when_one_runs_out() -> None:
    g = table()
    p = g.state.players[0]
    b = g.state.board
    space = scheduled(g, p, fuel=3, presold=["teal", "purple"])
    new = next(t for t in g.comps.cruise_tiles if t.destinations == ("teal", "purple")
               and t.id != b.cruise_spaces[space].tile)
    for sp in b.cruise_spaces:
        if sp.tile == new.id:
            sp.tile = b.cruise_deck.pop(0)
    if new.id in b.cruise_deck:
        b.cruise_deck.remove(new.id)
    b.cruise_deck.insert(0, new.id)
    b.queue = [[1, 0, 0], [0, 1, 2], [1, 1, 1]]
    b.supply = [4, 5, 0]  # no teal guest left
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(BoardGuest("purple", -1))
    g.apply(Done())
    g.apply(Done())
    assert b.cruise_spaces[space].tile == new.id
    # Teal and purple move down a section; then 2 guests: teal (none left, so the first colour
    # the supply still has: orange), then purple.
    assert b.queue == [[1, 1, 2], [0, 1, 1], [2, 1, 0]]
    assert b.supply == [3, 4, 0]


def test_an_empty_cruise_deck_is_refilled_from_the_returned_tiles() -> None:
    g = table()
    p = g.state.players[0]
    b = g.state.board
    space = scheduled(g, p, fuel=3, presold=["teal"])
    used = [t for t in b.cruise_deck[:3]]
    b.cruise_deck, b.cruise_discard = [], list(used)
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())
    assert b.cruise_spaces[space].tile in used
    assert b.cruise_discard == [] and len(b.cruise_deck) == 2
    assert sorted([*b.cruise_deck, b.cruise_spaces[space].tile]) == sorted(used)


def test_a_returned_ship_launches_again_the_same_turn() -> None:
    g = table()
    s = g.state
    p = s.players[0]
    b = s.board
    ship = fly(g, p, "S1", ["teal"], stop=1)  # next stop: return
    space = scheduled(g, p, fuel=3, presold=["orange"])
    p.upgrades = [upgrade(g, "launch_fuel_discount")]
    p.break_room = []  # the other worker is on the network
    b.occupants[4] = Occupant(p.seat, "worker")
    new_tile = b.cruise_spaces[space].tile
    money = p.money
    start_turn(g, p.seat)
    assert ship.cruise is None and p.break_room == ["worker"] and p.cruises_completed == 1
    assert g.pending.kind == "funding"
    g.apply(FundingBonus("money"))
    assert p.money == money + 1
    assert g.pending.kind == "phase2" and Launch(0) in g.legal()
    g.apply(Launch(0))
    g.apply(BoardGuest("orange", -1))
    g.apply(Done())
    g.apply(Done())
    assert ship.cruise == new_tile and ship.pilot == "worker" and ship.guests == ["orange"]
    assert (p.food, p.oxygen, p.fuel) == (5 - 2, 5 - 3, 5 - 2)  # the upgrade: 1 fuel less
    assert p.break_room == [] and p.launches == 1


def test_book_example_a_returned_ship_takes_a_fourth_segment_the_same_turn() -> None:
    g = table()
    p = g.state.players[0]
    ship = fly(g, p, "S1", ["teal"], stop=1)
    p.upgrades = [upgrade(g, "max_ships_segments")]
    p.blueprints, p.money = [teal_only(g, 4)[3]], 10
    cost = g.comps.blueprint(p.blueprints[0]).cost
    g.state.board.stations[0] = ["build_segments", "purchase_supplies"]
    start_turn(g, p.seat)
    g.apply(FundingBonus("vp"))
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "build_segments"))
    g.apply(BuildSegment(p.blueprints[0], 0))
    assert len(ship.segments) == 4 and p.money == 10 - cost


def test_ships_move_in_the_chosen_order_each_stop_resolved_first() -> None:
    g = table()
    p = g.state.players[0]
    first = fly(g, p, "S2", ["teal"])  # purple first
    b = g.state.board
    for sp in b.cruise_spaces:
        if sp.tile == "B12":
            sp.tile = b.cruise_deck.pop(0)
    if "B12" in b.cruise_deck:
        b.cruise_deck.remove("B12")
    second = Ship(cockpit=first.cockpit, engine=first.engine, segments=list(first.segments),
                  launched_once=True, cruise="B12", guests=["teal"], pilot="worker")  # orange
    p.ships.append(second)
    p.break_room, p.ads = [], 4
    vp = p.vp
    start_turn(g, p.seat)
    assert g.pending.kind == "travel_order"
    g.apply(TravelShip(1))
    assert (second.stop, first.stop) == (0, -1) and g.pending.kind == "tour"
    assert g.pending.stop == "orange"
    g.apply(TourGuest("teal"))  # 2 ads, not matching
    assert (second.stop, first.stop) == (0, 0)  # the other ship moves only now
    assert g.pending.kind == "tour" and g.pending.stop == "purple"
    g.apply(TourGuest("teal"))
    assert (p.ads, p.vp) == (0, vp + 6)


def test_with_every_token_gone_a_cruise_is_scheduled_and_launched_without_one() -> None:
    g = table()
    p = g.state.players[0]
    b = g.state.board
    p.tower_top, p.tower_bottom = ["removed"] * 4, ["removed"] * 4
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile)
    b.cruise_spaces[sp].presold = ["teal"]
    p.ships[0].segments = teal_only(g, 2)
    p.food = p.oxygen = p.fuel = 2
    p.developments_left = [3, 3, 0]
    p.fuel = 5
    work(g, p, 1, ["schedule_cruise", "purchase_supplies"])
    g.apply(TakeAction(1, "schedule_cruise"))
    assert [c.token for c in g.legal() if isinstance(c, ScheduleCruise)] == ["none"] * len(
        [x for x in b.cruise_spaces if x.tile and x.consultant is None])
    g.apply(ScheduleCruise(sp, "none"))
    assert p.scheduled == sp and p.scheduled_token is None
    g.apply(Done())
    set_turn(g, p.seat)
    p.break_room = ["worker"]
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())
    assert p.ships[0].cruise is not None and p.ships[0].token is None


def test_the_scheduling_token_serves_funding_again_only_once_removed_at_launch() -> None:
    g = table()
    s = g.state
    p, other = s.players[0], s.players[1]
    b = s.board
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile)
    b.cruise_spaces[sp].presold = ["teal"]
    p.ships[0].segments = teal_only(g, 2)
    p.developments_left = [0, 0, 0]
    p.food = p.oxygen = p.fuel = 5
    p.money = 0
    work(g, p, 1, ["schedule_cruise", "purchase_supplies"])
    g.apply(TakeAction(1, "schedule_cruise"))
    g.apply(ScheduleCruise(sp, "top0"))  # 1 money, flipped
    g.apply(Done())
    assert (p.money, p.tower_top[0]) == (1, "flipped")
    # Bumped while the token is flipped: no money bonus.
    set_turn(g, other.seat)
    g.apply(PlaceWorker("worker", 1))
    assert FundingBonus("money") not in g.legal()
    g.apply(FundingBonus("vp"))
    g.apply(Done())
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())
    assert p.tower_top[0] == "removed" and p.ships[0].token == "top0"
    # Removed at T-1, it now gives 2 money.
    p.break_room.remove("worker")
    b.occupants[1] = Occupant(p.seat, "worker")
    set_turn(g, other.seat)
    g.apply(PlaceWorker("worker", 2))
    g.apply(FundingBonus("money"))
    assert p.money == 1 + 2

"""Rulebook examples for ships, cruises, launch and travel (issue: the heart of the game)."""

from __future__ import annotations

from helpers import finish_setup, invent, new_game, set_turn, start_turn

from engine.commands import (
    AdvertiseCruise,
    BoardGuest,
    ChooseResource,
    Done,
    DropReputation,
    Launch,
    PlaceWorker,
    PlayAgendaResource,
    SellTicket,
    TakeAction,
    TourGuest,
    UnlockUpgrade,
)
from engine.ctx import Ctx
from engine.rules.launch import new_cruise
from engine.state import COLOURS, NEUTRAL, Ship


def base(players: int = 2, seed: int = 3):
    g = finish_setup(new_game(players=players, seed=seed))
    g.state.board.occupants = [None] * 6
    return g


def tile_with(g, pred):
    for t in g.comps.cruise_tiles:
        if pred(t):
            return t
    raise AssertionError("no such cruise tile")


def upgrade(g, colour: str, index: int) -> str:
    return next(u.id for u in g.comps.upgrades if u.colour == colour and u.index == index)


def blueprints_with(g, colour: str, n: int, icons: int = 1) -> list[str]:
    out = [b.id for b in g.comps.blueprints if b.icons.count(colour) == icons]
    return out[:n]


def test_advertise_own_single_destination_cruise_vs_two_destination_cruise():
    g = base(players=3, seed=9)
    s = g.state
    yellow = s.players[0]
    b = s.board
    one = tile_with(g, lambda t: t.destinations == ("orange",))
    two = tile_with(g, lambda t: set(t.destinations) == {"orange", "purple"}
                    and len(t.destinations) == 2)
    b.cruise_spaces[0].tile, b.cruise_spaces[0].consultant = one.id, yellow.seat
    b.cruise_spaces[1].tile = two.id
    yellow.scheduled = 0
    b.queue = [[1, 1, 0], [0, 0, 0], [1, 1, 1]]
    b.stations[0] = ["advertise_cruise", "schedule_cruise"]
    yellow.break_room, yellow.ads, yellow.money, yellow.reputation = ["worker"], 2, 0, 0
    set_turn(g, yellow.seat)
    snap = g.snapshot()
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "advertise_cruise"))
    g.apply(AdvertiseCruise(0))
    g.apply(SellTicket("orange", 0))
    g.apply(SellTicket("purple", 0))
    assert (yellow.money, yellow.reputation, yellow.ads) == (2, 1, 0)
    assert b.cruise_spaces[0].presold == ["orange", "purple"]
    # The same guests on the two-destination cruise: 4 money and 2 reputation.
    g2 = type(g).from_snapshot(snap, g.comps)
    y2 = g2.state.players[0]
    g2.apply(PlaceWorker("worker", 1))
    g2.apply(TakeAction(1, "advertise_cruise"))
    g2.apply(AdvertiseCruise(1))
    g2.apply(SellTicket("orange", 0))
    g2.apply(SellTicket("purple", 0))
    assert (y2.money, y2.reputation) == (4, 2)


def launch_ready(g):
    """Pink: a 3-segment ship, a scheduled fuel-4 cruise with a presold teal guest."""
    s = g.state
    pink = s.players[0]
    b = s.board
    tile = tile_with(g, lambda t: t.fuel == 4)
    b.cruise_spaces[0].tile = tile.id
    b.cruise_spaces[0].consultant = pink.seat
    b.cruise_spaces[0].presold = ["teal"]
    b.queue = [[0, 0, 0], [0, 0, 1], [0, 0, 0]]
    pink.scheduled, pink.scheduled_token = 0, "top0"
    pink.tower_top[0] = "flipped"
    ck = next(c.id for c in g.comps.cockpits
              if c.condition.metric == "segments_built" and c.condition.vp == 1
              and c.condition.per == 1)
    pink.ships = [Ship(cockpit=ck, engine=pink.ships[0].engine,
                       segments=blueprints_with(g, "teal", 3))]
    pink.break_room, pink.ads = ["worker"], 2
    pink.food, pink.oxygen, pink.fuel = 2, 2, 3
    return pink, tile


def test_launch_example_food_3_oxygen_3_fuel_reduced_cockpit_3_vp():
    g = base()
    s = g.state
    pink, tile = launch_ready(g)
    b = s.board
    # The fuel technology takes the fuel from 4 to 3.
    invent(g, "launch_fuel_discount", pink.seat)
    food_card = next(c.id for c in g.comps.agenda_cards if c.resource == "food")
    pink.hand = [food_card]
    pink.reputation = 1  # space 1 shows a resource
    vp, cubes = pink.vp, len(b.progress)
    set_turn(g, pink.seat)
    g.apply(Launch(0))
    assert g.pending.kind == "launch_board"
    g.apply(BoardGuest("teal", -1))
    g.apply(BoardGuest("teal", 1))  # a last-minute guest from the middle section: 2 ads
    assert pink.ads == 0
    g.apply(Done())
    assert len(b.progress) == cubes + 1 and b.progress[-1] == pink.seat
    assert g.pending.kind == "launch_supplies"
    assert "3 food, 3 oxygen, 3 fuel" in g.waiting_for()
    assert Done() not in g.legal()
    g.apply(PlayAgendaResource(food_card))
    g.apply(DropReputation(0, "resource"))
    g.apply(ChooseResource("oxygen"))
    g.apply(Done())
    ship = pink.ships[0]
    assert (pink.food, pink.oxygen, pink.fuel) == (0, 0, 0)
    assert pink.vp == vp + 3  # 1 VP per segment on all ships
    assert ship.launched_once and ship.pilot == "worker" and ship.token == "top0"
    assert pink.tower_top[0] == "removed"
    assert ship.guests == ["teal", "teal"] and ship.cruise == tile.id
    assert b.cruise_spaces[0].tile not in (None, tile.id)


def test_presold_guest_left_behind_costs_2_reputation_and_goes_to_the_queue_top():
    g = base()
    pink, _ = launch_ready(g)
    b = g.state.board
    b.cruise_spaces[0].presold = ["teal", "orange"]
    pink.ships[0].segments = pink.ships[0].segments[:2]  # one cabin only
    pink.reputation = 5
    top_orange = b.queue[2][0]
    set_turn(g, pink.seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    assert [c for c in g.legal() if isinstance(c, BoardGuest)] == []
    g.apply(Done())
    assert pink.reputation == 3
    assert b.queue[2][0] == top_orange + 1


def test_new_cruise_shifts_matching_guests_down_and_adds_guests_left_to_right():
    g = base()
    b = g.state.board
    tile = tile_with(g, lambda t: t.destinations[:2] == ("teal", "purple"))
    b.cruise_deck.remove(tile.id) if tile.id in b.cruise_deck else None
    b.cruise_deck.insert(0, tile.id)
    b.queue = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
    before = list(b.supply)
    new_cruise(Ctx(g.state, g.comps), 0, 3)
    o, p, t = (COLOURS.index(c) for c in ("orange", "purple", "teal"))
    assert [b.queue[s][o] for s in range(3)] == [1, 1, 1]
    assert [b.queue[s][p] for s in range(3)] == [2, 1, 1]  # moved down, one new on top
    # three guests: teal, purple, then teal again from the left
    assert [b.queue[s][t] for s in range(3)] == [2, 1, 2]
    assert b.supply[t] == before[t] - 2 and b.supply[p] == before[p] - 1


def test_destination_upgrade_then_mismatched_tour_for_2_ads_and_4_vp():
    g = base()
    s = g.state
    pink = s.players[0]
    tile = tile_with(g, lambda t: t.stops[0] == "orange" and "teal" in t.stops[1:])
    ship = pink.ships[0]
    ship.segments = blueprints_with(g, "teal", 3)
    ship.cruise, ship.stop, ship.pilot = tile.id, -1, "worker"
    ship.guests, ship.token = ["teal", "teal"], "top1"
    pink.break_room, pink.ads = ["worker"], 2
    vp = pink.vp
    start_turn(g, pink.seat)  # phase 1: the ship reaches its first stop
    assert g.pending.kind == "unlock"
    assert Done() in g.legal()  # may keep the token for the later teal destination
    g.apply(UnlockUpgrade(upgrade(g, "orange", 3)))
    assert g.pending.kind == "tour"
    g.apply(TourGuest("teal"))
    assert pink.ads == 0 and pink.vp == vp + 4
    assert TourGuest("teal") not in g.legal()
    g.apply(Done())
    from engine.rules import upgrades

    assert upgrades.max_ships(Ctx(s, g.comps), pink) == 4
    assert upgrades.max_segments(Ctx(s, g.comps), pink) == 4


def test_day_in_space_family_guests_times_family_icons():
    g = base()
    s = g.state
    pink = s.players[0]
    tile = tile_with(g, lambda t: t.stops[0] == "space")
    s.board.guest_bonus[COLOURS.index("teal")] = "ad"
    ship = pink.ships[0]
    ship.segments = blueprints_with(g, "teal", 2) + blueprints_with(g, "orange", 1)
    ship.cruise, ship.stop, ship.pilot, ship.guests = tile.id, -1, "worker", ["teal", "teal"]
    pink.ads = 0
    from engine.rules.travel import move

    move(Ctx(s, g.comps), pink, 0)
    assert pink.ads == 4


def test_return_home_pilot_to_break_room_with_funding_bonus_guests_to_supply():
    g = base()
    s = g.state
    pink = s.players[0]
    tile = next(t for t in g.comps.cruise_tiles if t.id not in s.board.cruise_deck
                and all(sp.tile != t.id for sp in s.board.cruise_spaces)) \
        if False else g.comps.cruise_tiles[0]
    ship = pink.ships[0]
    ship.cruise, ship.pilot, ship.guests = tile.id, "worker", ["teal", "teal"]
    ship.stop = len(tile.stops) - 2
    pink.break_room = []
    supply = list(s.board.supply)
    from engine.rules.travel import move

    ctx = Ctx(s, g.comps)
    move(ctx, pink, 0)
    assert pink.break_room == ["worker"]
    assert ship.cruise is None and ship.guests == []
    assert s.board.supply[COLOURS.index("teal")] == supply[COLOURS.index("teal")] + 2
    assert s.stack[-1].kind == "funding"
    assert pink.cruises_completed == 1
    _ = NEUTRAL

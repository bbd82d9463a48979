"""Agenda card effects, technologies and the Diplomat expert: real outcomes in their windows
(計画カードのプレイ, 技術, 専門家). Card ids and texts: engine/data/agenda.toml."""

from __future__ import annotations

from helpers import set_turn, start_turn
from test_rules_actions import blueprint_costing, card, table, take_card, work

from engine.commands import (
    AchieveGoal,
    AcquireBlueprint,
    AdvertiseCruise,
    BoardGuest,
    BuildDevelopment,
    BuildSegment,
    ChooseResource,
    Done,
    GainResources,
    HireExpert,
    Launch,
    PlaceWorker,
    PlayAgendaEffect,
    PurchaseSupplies,
    RefillSilo,
    SellTicket,
    TakeAction,
    TourGuest,
    TravelShip,
    UseTechnology,
)
from engine.game import Game
from engine.state import COLOURS, Player, Ship


def teal_only(g: Game, n: int) -> list[str]:
    return [b.id for b in g.comps.blueprints if b.icons == ("teal",)][:n]


def fly(g: Game, p: Player, tile_id: str, guests: list[str], stop: int = -1) -> Ship:
    """Put `p`'s first ship in flight on `tile_id` with teal-only segments and a worker pilot."""
    b = g.state.board
    for sp in b.cruise_spaces:
        if sp.tile == tile_id:
            sp.tile = b.cruise_deck.pop(0)
    if tile_id in b.cruise_deck:
        b.cruise_deck.remove(tile_id)
    ship = p.ships[0]
    ship.segments = teal_only(g, 3)
    ship.cruise, ship.stop, ship.pilot, ship.guests = tile_id, stop, "worker", list(guests)
    ship.launched_once = True
    for c in guests:
        b.supply[COLOURS.index(c)] -= 1
    p.break_room = ["worker"]
    return ship


def scheduled(g: Game, p: Player, fuel: int, presold: list[str]) -> int:
    """`p` has scheduled a cruise needing `fuel` with `presold` guests; a 3-segment ship."""
    b = g.state.board
    tile = next(t.id for t in g.comps.cruise_tiles if t.fuel == fuel)
    for sp in b.cruise_spaces:
        if sp.tile == tile:
            sp.tile = b.cruise_deck.pop(0)
    if tile in b.cruise_deck:
        b.cruise_deck.remove(tile)
    space = next(i for i, sp in enumerate(b.cruise_spaces) if sp.tile)
    sp = b.cruise_spaces[space]
    sp.tile, sp.consultant, sp.presold = tile, p.seat, list(presold)
    p.scheduled, p.scheduled_token = space, None
    p.ships[0].segments = teal_only(g, 3)
    p.developments_left = [0, 0, 0]  # storage 5 each
    p.food = p.oxygen = p.fuel = 5
    p.break_room = ["worker"]
    return space


# --- cards tied to an action ---------------------------------------------------------------
def test_second_opinion_takes_2_off_a_development() -> None:  # ag12
    g = table()
    p = g.state.players[0]
    take_card(g, p, card(g, "Second Opinion"))
    p.developments_left, p.money, p.oxygen = [3, 3, 3], 3, 0
    work(g, p, 1, ["build_development", "purchase_supplies"])
    g.apply(TakeAction(1, "build_development"))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(BuildDevelopment("oxygen", "c2", 0))
    assert p.money == 3 - (4 - 2)


def test_bulk_order_adds_2_resources_of_choice_to_a_purchase() -> None:  # ag13
    g = table()
    p = g.state.players[0]
    take_card(g, p, card(g, "Bulk Order"))
    p.developments_left = [3, 3, 0]
    p.money, p.food, p.oxygen, p.fuel = 1, 0, 0, 0
    work(g, p, 1, ["purchase_supplies", "hire_expert"])
    g.apply(TakeAction(1, "purchase_supplies"))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(PurchaseSupplies(("food", "oxygen"), False))
    g.apply(ChooseResource("fuel"))
    g.apply(ChooseResource("fuel"))
    assert (p.money, p.food, p.oxygen, p.fuel) == (0, 1, 1, 2)


def test_silo_overtime_takes_up_to_5() -> None:  # ag14
    g = table()
    p = g.state.players[0]
    g.state.board.silo = [5, 5, 5]
    take_card(g, p, card(g, "Silo Overtime"))
    p.developments_left = [0, 0, 0]
    p.food = p.oxygen = p.fuel = 0
    work(g, p, 1, ["gain_resources", "hire_expert"])
    g.apply(TakeAction(1, "gain_resources"))
    assert GainResources(4, 0, 0) not in g.legal()
    g.apply(PlayAgendaEffect(p.hand[0]))
    assert GainResources(5, 0, 1) not in g.legal()
    g.apply(GainResources(5, 0, 0))
    assert p.food == 5 and g.state.board.silo == [0, 5, 5]


def test_grant_application_adds_2_money_to_refill_silo() -> None:  # ag15
    g = table()
    p = g.state.players[0]
    g.state.board.silo = [5, 3, 5]
    grant = card(g, "Grant Application")
    take_card(g, p, grant)
    take_card(g, p, card(g, "Bulk Order"))
    p.money, p.reputation = 0, 0
    work(g, p, 1, ["refill_silo", "hire_expert"])
    g.apply(TakeAction(1, "refill_silo"))
    g.apply(PlayAgendaEffect(grant))
    g.apply(RefillSilo(p.hand[0], "oxygen"))
    assert (p.money, p.reputation, p.hand) == (2 + 2, 1, [])


def test_viral_video_takes_1_ad_off_each_presold_guest() -> None:  # ag16
    g = table()
    p = g.state.players[0]
    b = g.state.board
    take_card(g, p, card(g, "Viral Video"))
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile)
    b.queue = [[1, 0, 0], [0, 0, 0], [0, 0, 1]]
    p.ads = 2
    work(g, p, 1, ["advertise_cruise", "hire_expert"])
    g.apply(TakeAction(1, "advertise_cruise"))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(AdvertiseCruise(sp))
    g.apply(SellTicket("orange", 0))  # 1 - 1
    assert p.ads == 2
    g.apply(SellTicket("teal", 2))  # 3 - 1
    assert p.ads == 0 and b.cruise_spaces[sp].presold == ["orange", "teal"]


def test_design_sprint_takes_a_third_blueprint() -> None:  # ag17
    g = table()
    p = g.state.players[0]
    b = g.state.board
    take_card(g, p, card(g, "Design Sprint"))
    shown = list(b.blueprint_display)
    p.blueprints = []
    work(g, p, 1, ["acquire_blueprints", "hire_expert"])
    g.apply(TakeAction(1, "acquire_blueprints"))
    g.apply(PlayAgendaEffect(p.hand[0]))
    for slot in range(3):
        g.apply(AcquireBlueprint(slot))
    assert p.blueprints == shown[:3]
    assert g.pending.kind == "action"


def test_prefab_modules_takes_1_off_each_segment() -> None:  # ag22
    g = table()
    p = g.state.players[0]
    take_card(g, p, card(g, "Prefab Modules"))
    two, three = blueprint_costing(g, 2), blueprint_costing(g, 3)
    p.blueprints, p.money = [two, three], 10
    p.ships[0].segments = []
    work(g, p, 1, ["build_segments", "hire_expert"])
    g.apply(TakeAction(1, "build_segments"))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(BuildSegment(two, 0))
    g.apply(BuildSegment(three, 0))
    assert p.money == 10 - 1 - 2


def test_overtime_pay_gives_a_third_action() -> None:  # ag35
    g = table()
    p = g.state.players[0]
    take_card(g, p, card(g, "Overtime Pay"))
    p.money, p.ads = 3, 0
    work(g, p, 1, ["purchase_supplies", "hire_expert"])
    g.apply(TakeAction(1, "purchase_supplies"))
    g.apply(PurchaseSupplies((), True))
    assert g.state.turn.actions_left == 1
    g.apply(PlayAgendaEffect(p.hand[0]))
    assert g.state.turn.actions_left == 2
    for _ in range(2):
        g.apply(TakeAction(1, "purchase_supplies"))
        g.apply(PurchaseSupplies((), True))
    assert (p.money, p.ads) == (0, 6)
    assert g.state.turn.seat != p.seat


# --- cards at launch ------------------------------------------------------------------------
def test_last_minute_purchase_takes_1_ad_off_each_last_minute_guest() -> None:  # ag05
    g = table()
    p = g.state.players[0]
    b = g.state.board
    scheduled(g, p, fuel=3, presold=[])
    take_card(g, p, card(g, "Last-minute Purchase"))
    b.queue = [[0, 0, 1], [0, 1, 0], [0, 0, 0]]
    p.ads = 1
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(BoardGuest("teal", 0))  # 1 - 1
    g.apply(BoardGuest("purple", 1))  # 2 - 1
    assert p.ads == 0 and p.ships[0].guests == ["teal", "purple"]
    g.apply(Done())
    g.apply(Done())
    assert (p.food, p.oxygen, p.fuel) == (5 - 3, 5 - 3, 5 - 3)


def test_lean_launch_ram_scoop_and_rebreathers_each_save_1_supply() -> None:  # ag23-25
    g = table()
    p = g.state.players[0]
    scheduled(g, p, fuel=3, presold=["teal"])
    for name in ("Lean Launch", "Ram Scoop", "Rebreathers"):
        take_card(g, p, card(g, name))
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    assert g.pending.kind == "launch_supplies"
    for c in list(p.hand):
        g.apply(PlayAgendaEffect(c))
    g.apply(Done())
    # Food 1 guest + pilot = 2, oxygen 3 segments, fuel 3: each one less.
    assert (p.food, p.oxygen, p.fuel) == (5 - 1, 5 - 2, 5 - 2)
    assert g.state.turn.active == []


def test_rebreathers_makes_up_for_the_missing_oxygen() -> None:  # ag25
    g = table()
    p = g.state.players[0]
    scheduled(g, p, fuel=3, presold=["teal"])
    take_card(g, p, card(g, "Rebreathers"))  # a food card: its icon cannot pay oxygen
    p.oxygen, p.reputation = 2, 0
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())
    assert (p.food, p.oxygen, p.fuel) == (5 - 2, 0, 5 - 3)


def test_last_minute_purchase_boards_a_1_ad_guest_with_no_ads() -> None:  # ag05
    g = table()
    p = g.state.players[0]
    scheduled(g, p, fuel=3, presold=[])
    take_card(g, p, card(g, "Last-minute Purchase"))
    g.state.board.queue = [[0, 0, 1], [0, 0, 0], [0, 0, 0]]
    p.ads, p.reputation = 0, 0
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(BoardGuest("teal", 0))
    g.apply(Done())
    g.apply(Done())
    assert p.ads == 0 and p.ships[0].guests == ["teal"]


# --- cards on a cruise ------------------------------------------------------------------------
def test_schedule_advance_moves_a_ship_one_extra_stop() -> None:  # 快適空間 acc03
    from test_effects import with_accommodations

    g = with_accommodations(table())
    p = g.state.players[0]
    ship = fly(g, p, "S1", ["orange"])  # space, orange, return
    take_card(g, p, card(g, "Schedule Advance"))
    p.ads = 1
    vp = p.vp
    start_turn(g, p.seat)
    assert g.pending.kind == "travel_start"
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(Done())
    assert ship.stop == 0 and g.pending.kind == "extra_travel"
    g.apply(TravelShip(0))
    assert ship.stop == 1 and g.pending.kind == "tour"
    g.apply(TourGuest("orange"))
    assert (p.ads, p.vp) == (0, vp + 3)


def test_shore_excursion_adds_1_vp_per_guest_toured() -> None:  # ag26
    g = table()
    p = g.state.players[0]
    fly(g, p, "S2", ["purple", "teal"])  # purple, space, teal, return
    take_card(g, p, card(g, "Shore Excursion"))
    p.ads, p.upgrades = 3, []
    vp = p.vp
    start_turn(g, p.seat)
    assert g.pending.kind == "tour"
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(TourGuest("purple"))  # 1 ad, 3 + 1 VP
    g.apply(TourGuest("teal"))  # 2 ads, 3 + 1 VP
    assert (p.ads, p.vp) == (0, vp + 8)


def test_talent_show_pays_the_day_in_space_bonuses_twice() -> None:  # ag27
    g = table()
    p = g.state.players[0]
    b = g.state.board
    ship = fly(g, p, "B10", ["teal", "teal"])  # space, teal, return
    ship.segments = teal_only(g, 2) + [
        next(x.id for x in g.comps.blueprints if x.icons == ("orange",))]
    b.guest_bonus[COLOURS.index("teal")] = "money"
    take_card(g, p, card(g, "Talent Show"))
    p.money = 0
    start_turn(g, p.seat)
    assert g.pending.kind == "day_in_space"
    g.apply(PlayAgendaEffect(p.hand[0]))
    g.apply(Done())
    assert p.money == 2 * 2 * 2  # 2 teal guests x 2 teal icons, twice


def test_quarterly_review_meets_a_goal_one_short() -> None:  # ag28
    g = table()
    s = g.state
    p = s.players[0]
    s.board.goal_tile = "intro"  # developments 5, segments 4, launches 2 at the bottom
    s.board.goal_trackers = [0, 0, 0]
    p.developments_placed, p.launches = 4, 0
    p.ships[0].segments = []
    take_card(g, p, card(g, "Quarterly Review"))
    work(g, p, 1, ["purchase_supplies", "hire_expert"])
    cubes = len(s.board.progress)
    g.apply(Done())
    assert g.pending.kind == "goal"
    assert [c for c in g.legal() if isinstance(c, AchieveGoal)] == []
    g.apply(PlayAgendaEffect(p.hand[0]))
    assert [c for c in g.legal() if isinstance(c, AchieveGoal)] == [AchieveGoal(0)]
    g.apply(AchieveGoal(0))
    assert p.goals_done == [0] and s.board.progress[cubes:] == [p.seat]


# --- technologies (技術) ---------------------------------------------------------------------
def test_navigation_target_identifier_by_fee_moves_a_ship_one_extra_stop() -> None:  # te04
    g = table()
    s = g.state
    p, owner = s.players[0], s.players[1]
    s.board.technologies[0], s.board.tech_owners[0] = "te04", [owner.seat]
    ship = fly(g, p, "S1", ["orange"])
    p.money, p.reputation = 5, 0
    snap = g.snapshot()
    start_turn(g, p.seat)
    assert g.pending.kind == "travel_start"
    g.apply(UseTechnology(1))
    assert p.money == 3
    g.apply(Done())
    assert g.pending.kind == "extra_travel"
    g.apply(TravelShip(0))
    assert ship.stop == 1 and g.pending.kind == "tour"
    # Not paid for, the technology adds nothing: one stop only.
    g2 = Game.from_snapshot(snap, g.comps)
    start_turn(g2, p.seat)
    g2.apply(Done())
    assert g2.state.players[0].ships[0].stop == 0 and g2.pending.kind == "phase2"


def test_orbital_elevator_and_fusion_injector_cut_launch_supplies() -> None:  # te01, te03
    g = table()
    s = g.state
    p, owner = s.players[0], s.players[1]
    s.board.technologies[0], s.board.tech_owners[0] = "te01", [owner.seat]
    s.board.technologies[1], s.board.tech_owners[1] = "te03", [p.seat]
    scheduled(g, p, fuel=3, presold=["teal"])
    p.money, p.reputation = 4, 7
    owner_money = owner.money
    set_turn(g, p.seat)
    g.apply(Launch(0))
    g.apply(UseTechnology(1))  # fee 1 at reputation 7
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())
    assert (p.food, p.oxygen, p.fuel) == (5 - 2, 5 - 2, 5 - 2)
    assert (p.money, owner.money) == (3, owner_money + 1)


def test_automation_system_recruitment_ai_and_holo_ads_for_their_developer() -> None:
    # te02 segments -1, te07 hiring -3, te06 advertising -1 ad.
    g = table()
    s = g.state
    p = s.players[0]
    b = s.board
    b.technologies[:3] = ["te02", "te07", "te06"]
    b.tech_owners[:3] = [[p.seat], [p.seat], [p.seat]]
    b.connections[0] = [p.seat]
    b.stations[1] = ["advertise_cruise", "hire_expert"]
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile)
    b.queue = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    p.blueprints, p.money, p.ads = [blueprint_costing(g, 3)], 10, 1
    p.ships[0].segments = []
    p.developments_left = [2, 3, 3]  # the right expert costs 10
    work(g, p, 1, ["build_segments", "purchase_supplies"])
    g.apply(TakeAction(1, "build_segments"))
    g.apply(BuildSegment(p.blueprints[0], 0))
    assert p.money == 10 - 2
    g.apply(Done())
    g.apply(TakeAction(2, "hire_expert"))
    g.apply(HireExpert("right"))
    assert p.money == 8 - 7
    g.apply(g.legal()[0])  # the funding bonus
    set_turn(g, p.seat)
    p.break_room = ["worker"]
    g.apply(PlaceWorker("worker", 2))
    g.apply(TakeAction(2, "advertise_cruise"))
    g.apply(AdvertiseCruise(sp))
    g.apply(SellTicket("orange", 1))  # 2 ads - 1
    assert p.ads == 0


# --- the Diplomat expert (専門家: fee_free) -------------------------------------------------
def test_diplomat_expert_uses_others_developments_free_and_a_worker_pays() -> None:
    g = table()
    s = g.state
    p, owner = s.players[0], s.players[1]
    b = s.board
    b.expert_tile = "ex4"
    b.connections[0] = [owner.seat]
    b.stations[0] = ["hire_expert", "draw_agenda"]
    b.stations[1] = ["purchase_supplies", "refill_silo"]
    p.experts, p.break_room = ["expert_right"], ["expert_left", "worker"]
    p.money, p.reputation, p.ads = 4, 0, 0
    owner_money = owner.money
    set_turn(g, p.seat)
    g.apply(PlaceWorker("expert_left", 1))
    events = g.apply(TakeAction(2, "purchase_supplies"))
    assert not [e for e in events if e.kind == "fee"]
    g.apply(PurchaseSupplies((), True))
    assert (p.money, owner.money, p.ads) == (3, owner_money, 2)
    g.apply(Done())
    set_turn(g, p.seat)
    b.occupants[0] = None
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(2, "purchase_supplies"))
    assert (p.money, owner.money) == (1, owner_money + 2)


def test_book_example_four_segments_for_2_money_with_an_accountant_expert() -> None:
    # 計画カードを複数枚プレイする場合の例: Double Shift, Accounting Loophole (-2 each), the
    # Automation System (-1 each) and the Accountant expert (-1 on the action's total).
    # Karaoke and Pizza World fall to 0, Cocktail Bar to 2, Zero-G Circus to 1: 2 money in all.
    g = table()
    s = g.state
    green = s.players[0]
    b = s.board
    b.expert_tile = "ex2"
    b.technologies[0], b.tech_owners[0] = "te02", [green.seat]
    names = ("Karaoke", "Pizza World", "Cocktail Bar", "Zero-G Circus")
    green.blueprints = [next(x.id for x in g.comps.blueprints if x.name == n) for n in names]
    green.ships = [Ship(cockpit=green.ships[0].cockpit, engine=green.ships[0].engine),
                   Ship(cockpit=green.ships[0].cockpit, engine=green.ships[0].engine)]
    for name in ("Double Shift", "Accounting Loophole"):
        take_card(g, green, card(g, name))
    green.experts, green.break_room, green.money = ["expert_right"], ["expert_left"], 10
    b.stations[0] = ["build_segments", "purchase_supplies"]
    set_turn(g, green.seat)
    g.apply(PlaceWorker("expert_left", 1))
    g.apply(TakeAction(1, "build_segments"))
    for c in list(green.hand):
        g.apply(PlayAgendaEffect(c))
    for i, bp in enumerate(list(green.blueprints)):
        g.apply(BuildSegment(bp, i // 2))
    assert green.blueprints == [] and green.segments_built == 4
    assert green.money == 10 - 2

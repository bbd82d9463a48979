"""Phase 2 rule scenarios with exact outcomes: fees, funding bonuses, the forced meeting and
the twelve actions (フェイズ2A 配備, アクション; フェイズ2C 集会)."""

from __future__ import annotations

from helpers import finish_setup, invent, new_game, set_turn, start_turn
from test_effects import give

from engine.commands import (
    AcquireBlueprint,
    AcquireShip,
    AdvertiseCruise,
    BuildDevelopment,
    BuildSegment,
    CallMeeting,
    ChooseResource,
    Done,
    FundingBonus,
    GainResources,
    HireExpert,
    PayFee,
    PlaceWorker,
    PlayAgendaEffect,
    PlayAgendaResource,
    PurchaseSupplies,
    RefillAgenda,
    RefillSilo,
    ScheduleCruise,
    SellTicket,
    TakeAction,
    TravelShip,
    UseTechnology,
)
from engine.game import Game
from engine.state import Occupant, Player, Ship


def table(players: int = 3, seed: int = 7) -> Game:
    """A game after setup with an empty network: no pieces, developments or inventions."""
    g = finish_setup(new_game(players=players, seed=seed))
    b = g.state.board
    b.occupants = [None] * 6
    b.connections = [[] for _ in range(6)]
    b.tech_owners = [[] for _ in b.technologies]
    for p in g.state.players:
        p.hand = []
        p.break_room = ["worker", "worker"]
    return g


def work(g: Game, p: Player, station: int = 1, actions: list[str] | None = None) -> None:
    """`p` places a worker on `station` (given its two actions) and is about to choose."""
    if actions:
        g.state.board.stations[station - 1] = actions
    set_turn(g, p.seat)
    g.apply(PlaceWorker("worker", station))


def card(g: Game, name: str) -> str:
    return next(c.id for c in g.comps.agenda_cards if c.name == name)


def take_card(g: Game, p: Player, card_id: str) -> None:
    give(g, p.seat, card_id)


def blueprint_costing(g: Game, cost: int, skip: tuple[str, ...] = ()) -> str:
    return next(b.id for b in g.comps.blueprints if b.cost == cost and b.id not in skip)


def upgrade(g: Game, kind: str) -> str:
    return next(u.id for u in g.comps.upgrades if u.effect.kind == kind)


# --- fees (評判: 開発トークンの使用) -------------------------------------------------------
def test_own_development_beside_others_makes_the_connection_free() -> None:
    g = table()
    s = g.state
    yellow, green = s.players[0], s.players[1]
    s.board.connections[0] = [green.seat, yellow.seat]  # joins stations 1 and 2
    s.board.stations[1] = ["gain_resources", "draw_agenda"]
    yellow.money, yellow.reputation, yellow.food = 5, 0, 0
    green_money = green.money
    work(g, yellow, 1, ["purchase_supplies", "hire_expert"])
    events = g.apply(TakeAction(2, "gain_resources"))
    assert not [e for e in events if e.kind == "fee"]
    g.apply(GainResources(1, 0, 0))
    assert (yellow.money, green.money, yellow.food) == (5, green_money, 1)


def test_a_fee_pays_for_a_place_not_for_its_owner() -> None:
    # 評判: 「そこに開発トークンがある個々の取締役の全員…への支払い」 and 「こうしてコストを
    # 支払った開発トークンに関しては、その手番が終わるまで自由に使用できる」. 3 players: Yellow
    # at reputation 3 works at station 2 and uses stations 1 and 3 through Pink's connections
    # 1 and 2: 2 money for each connection, 4 in all. A connection paid for stays free.
    g = table()
    s = g.state
    b = s.board
    yellow, pink = s.players[0], s.players[1]
    b.connections[0] = [pink.seat]
    b.connections[1] = [pink.seat]
    b.stations[0] = ["purchase_supplies", "draw_agenda"]
    b.stations[2] = ["purchase_supplies", "refill_agenda"]
    tech = next(i for i, t in enumerate(b.technologies)
                if g.comps.technology(t).effect.kind != "extra_travel")
    b.tech_owners[tech] = [pink.seat]
    yellow.money, yellow.reputation, yellow.ads = 8, 3, 0
    pink_money = pink.money
    work(g, yellow, 2, ["hire_expert", "refill_silo"])
    g.apply(TakeAction(1, "purchase_supplies"))
    assert (yellow.money, pink.money) == (6, pink_money + 2)  # reputation 3: 2 money
    g.apply(PurchaseSupplies((), True))
    # Paying for connection 1 bought neither connection 2 nor Pink's technology.
    assert UseTechnology(tech + 1) in g.legal()
    assert PayFee(1) not in g.legal() and PayFee(2) in g.legal()
    events = g.apply(TakeAction(3, "purchase_supplies"))
    assert [e.kind for e in events].count("fee") == 1
    g.apply(PurchaseSupplies((), True))
    assert (yellow.money, pink.money, yellow.ads) == (2, pink_money + 4, 4)


def test_a_place_paid_for_is_free_for_the_rest_of_the_turn() -> None:
    g = table()
    b = g.state.board
    yellow, pink, blue = g.state.players
    # Connection 1 holds Pink's and Blue's developments: one fee to each, once.
    b.connections[0] = [pink.seat, blue.seat]
    b.stations[0] = ["purchase_supplies", "draw_agenda"]
    yellow.money, yellow.reputation, yellow.ads = 8, 3, 0
    money = (pink.money, blue.money)
    work(g, yellow, 2, ["hire_expert", "refill_silo"])
    g.apply(PayFee(1))
    assert (yellow.money, pink.money, blue.money) == (4, money[0] + 2, money[1] + 2)
    for _ in range(2):
        events = g.apply(TakeAction(1, "purchase_supplies"))
        assert not [e for e in events if e.kind == "fee"]
        g.apply(PurchaseSupplies((), True))
    assert (yellow.money, yellow.ads) == (2, 4)


# --- funding bonuses (先見ボーナス) ---------------------------------------------------------
def test_a_flipped_top_token_is_not_offered_and_a_removed_one_gives_2() -> None:
    g = table()
    s = g.state
    blue, yellow = s.players[0], s.players[1]
    blue.tower_top = ["flipped", "removed", "up", "removed"]  # money flipped; ad, resource gone
    blue.fuel, blue.developments_left = 0, [3, 3, 2]  # fuel storage 3
    s.board.occupants[3] = Occupant(blue.seat, "worker")
    s.board.occupants[4] = Occupant(blue.seat, "worker")
    blue.break_room = []
    set_turn(g, yellow.seat)
    g.apply(PlaceWorker("worker", 4))
    assert g.pending.kind == "funding" and g.pending.seat == blue.seat
    assert sorted(c.kind for c in g.legal()) == ["ad", "food", "fuel", "oxygen", "vp"]
    ads, vp = blue.ads, blue.vp
    g.apply(FundingBonus("ad"))
    assert (blue.ads, blue.vp) == (ads + 2, vp)
    g.apply(Done())  # Yellow ends the actions; Blue's other worker is bumped next
    set_turn(g, yellow.seat)
    yellow.break_room = ["worker"]
    g.apply(PlaceWorker("worker", 5))
    g.apply(FundingBonus("fuel"))
    assert blue.fuel == 2  # a removed resource token gives 2 of one kind
    g.apply(Done())


# --- the meeting forced by an empty break room (明確化: every worker piloting) --------------
def test_meeting_with_every_worker_piloting_recalls_nothing_but_keeps_the_action() -> None:
    g = table()
    s = g.state
    blue = s.players[1]
    tile = next(t for t in g.comps.cruise_tiles if t.stops[:2] == ("space", "orange"))
    for sp in s.board.cruise_spaces:
        if sp.tile == tile.id:
            sp.tile = s.board.cruise_deck.pop(0)
    blue.ships = [Ship(cockpit=blue.ships[0].cockpit, engine=blue.ships[0].engine,
                       segments=["bp01", "bp02"], launched_once=True, cruise=tile.id,
                       pilot="worker") for _ in range(2)]
    blue.break_room, blue.reputation, blue.hand = [], 0, []
    blue.money, blue.ads = 4, 0
    s.board.connections[0] = [blue.seat]  # joins stations 1 and 2
    s.board.connections[3] = [s.players[0].seat]  # others' developments give no meeting action
    s.board.stations[0] = ["purchase_supplies", "hire_expert"]
    s.board.occupants[2] = Occupant(s.players[0].seat, "worker")
    start_turn(g, blue.seat)  # phase 1: both ships have a day in space with no guests
    assert g.pending.kind == "travel_order"
    g.apply(TravelShip(0))
    assert g.pending.kind == "phase2"
    # No worker to place and none to launch with: the meeting is all that is left.
    assert [c for c in g.legal() if not isinstance(c, PayFee)] == [CallMeeting()]
    events = g.apply(CallMeeting())
    assert [e.text for e in events if e.kind == "meeting"] == [
        f"{blue.name} calls a meeting and recalls 0 pieces."]
    assert g.pending.kind == "meeting_action" and g.pending.seat == blue.seat
    stations = sorted({c.station for c in g.legal() if isinstance(c, TakeAction)})
    assert stations == [1, 2]
    g.apply(TakeAction(1, "purchase_supplies"))
    g.apply(PurchaseSupplies((), True))
    assert (blue.money, blue.ads, blue.break_room) == (3, 2, [])
    assert [sh.pilot for sh in blue.ships] == ["worker", "worker"]
    assert g.state.turn.seat != blue.seat  # one action only: the turn has passed


# --- Refill Agenda Cards (計画の補充) -----------------------------------------------------
def test_refill_agenda_every_empty_slot_bonus_bottom_to_top() -> None:
    g = table()
    green = g.state.players[0]
    b = g.state.board
    b.agenda_display = [None] * 4
    green.reputation, green.ads, green.money, green.oxygen = 2, 0, 1, 0
    work(g, green, 1, ["refill_agenda", "hire_expert"])
    g.apply(TakeAction(1, "refill_agenda"))
    deck_top = b.agenda_deck[:4]
    events = g.apply(RefillAgenda(()))
    # One line for the four bonuses (the slots' order: reputation, ad, resource, money).
    said = [e.text for e in events if "empty slot" in e.text]
    assert said == [f"{green.name} gains the empty slots' bonuses: 1 reputation, 1 ad, 1 resource "
                    "and 1 money."]
    assert g.pending.kind == "choose_resource"
    g.apply(ChooseResource("oxygen"))
    assert (green.reputation, green.ads, green.oxygen, green.money) == (3, 1, 1, 2)
    assert b.agenda_display == deck_top


def test_refill_agenda_discards_in_the_chosen_order_and_reshuffles_an_empty_deck() -> None:
    g = table()
    green = g.state.players[0]
    b = g.state.board
    a, c = b.agenda_display[2], b.agenda_display[3]
    rest = [x for x in b.agenda_deck + b.agenda_discard + b.agenda_display[:2] if x]
    b.agenda_deck, b.agenda_discard = rest[:2], rest[2:5]
    b.agenda_display = [None, None, a, c]
    green.reputation, green.ads = 0, 0
    work(g, green, 1, ["refill_agenda", "hire_expert"])
    g.apply(TakeAction(1, "refill_agenda"))
    assert RefillAgenda((c, a)) in g.legal() and RefillAgenda((a, c)) in g.legal()
    events = g.apply(RefillAgenda((c, a)))
    assert (green.reputation, green.ads) == (1, 1)  # empty slots 1 and 2 only
    assert [e.text for e in events if "empty slot" in e.text] == [
        f"{green.name} gains the empty slots' bonuses: 1 reputation and 1 ad."]
    # Two cards from the deck, then the discard pile (with the two just discarded, c then a)
    # is shuffled into a new deck for the last two slots.
    assert b.agenda_display[:2] == rest[:2]
    assert b.agenda_discard == []
    assert len(b.agenda_deck) == 3
    assert sorted(b.agenda_deck + b.agenda_display[2:]) == sorted([*rest[2:5], a, c])


# --- Gain Resources and Refill Silo (物資の獲得, 倉庫の補充) --------------------------------
def test_gain_resources_is_capped_by_storage_and_by_the_silo() -> None:
    g = table()
    yellow = g.state.players[0]
    b = g.state.board
    b.silo = [5, 1, 5]
    yellow.developments_left = [3, 3, 3]  # storage 2 each
    yellow.food, yellow.oxygen, yellow.fuel = 2, 0, 1
    work(g, yellow, 1, ["gain_resources", "hire_expert"])
    g.apply(TakeAction(1, "gain_resources"))
    legal = [c for c in g.legal() if isinstance(c, GainResources)]
    assert max(c.food for c in legal) == 0  # storage full
    assert max(c.oxygen for c in legal) == 1  # one left in the silo
    assert max(c.fuel for c in legal) == 1  # room for one more
    g.apply(GainResources(0, 1, 1))
    assert b.silo == [5, 0, 4]
    assert (yellow.food, yellow.oxygen, yellow.fuel) == (2, 1, 2)


def test_refill_silo_gives_1_reputation_and_1_money_per_step() -> None:
    g = table()
    yellow = g.state.players[0]
    b = g.state.board
    b.silo = [5, 2, 1]
    food_card = next(c.id for c in g.comps.agenda_cards if c.resource == "food")
    take_card(g, yellow, food_card)
    yellow.money, yellow.reputation = 0, 4
    work(g, yellow, 1, ["refill_silo", "hire_expert"])
    g.apply(TakeAction(1, "refill_silo"))
    assert RefillSilo(food_card, "food") not in g.legal()  # a full silo refills nothing
    g.apply(RefillSilo(food_card, "fuel"))  # the card's own resource is ignored
    assert b.silo == [5, 2, 5]
    assert (yellow.money, yellow.reputation, yellow.hand) == (4, 5, [])
    assert b.agenda_discard[-1] == food_card


# --- Build a Development (開発) ------------------------------------------------------------
def test_book_example_second_food_development_under_a_technology() -> None:
    g = table()
    s = g.state
    pink, blue = s.players[0], s.players[1]
    b = s.board
    b.technologies[0] = "te01"  # Orbital Elevator
    pink.developments_left = [2, 3, 3]  # the second food development costs 6
    pink.developments_placed, pink.technologies_developed = 1, 0
    pink.food, pink.money, pink.reputation = 1, 5, 2
    work(g, pink, 1, ["build_development", "hire_expert"])
    g.apply(TakeAction(1, "build_development"))
    assert BuildDevelopment("food", "t1", 0) not in g.legal()  # 6 money needed
    g.apply(BuildDevelopment("food", "t1", 1))
    assert (pink.food, pink.money) == (0, 0)
    assert pink.capacity("food") == 4
    assert pink.reputation == 3  # the first development there covers the icon
    assert b.tech_owners[0] == [pink.seat] and pink.technologies_developed == 1
    assert pink.developments_left == [1, 3, 3] and pink.developments_placed == 2
    # Invented: the others may use it by paying Pink.
    g.apply(Done())
    set_turn(g, blue.seat)
    blue.reputation, blue.money = 7, 3
    pink_money = pink.money
    g.apply(UseTechnology(1))
    assert (blue.money, pink.money) == (2, pink_money + 1)


def test_a_new_connection_serves_the_second_action_at_once() -> None:
    g = table()
    s = g.state
    pink = s.players[0]
    s.board.stations[1] = ["gain_resources", "draw_agenda"]
    pink.developments_left, pink.money, pink.oxygen = [3, 3, 3], 4, 0
    work(g, pink, 1, ["build_development", "hire_expert"])
    assert TakeAction(2, "gain_resources") not in g.legal()
    g.apply(TakeAction(1, "build_development"))
    g.apply(BuildDevelopment("oxygen", "c1", 0))
    assert pink.reputation == 2 and pink.money == 0
    assert TakeAction(2, "gain_resources") in g.legal()
    g.apply(TakeAction(2, "gain_resources"))
    g.apply(GainResources(0, 2, 0))
    assert pink.oxygen == 2 and pink.capacity("oxygen") == 3


def test_an_agenda_card_resource_beyond_storage_is_spent_at_once() -> None:
    g = table()
    s = g.state
    pink = s.players[0]
    food = [c.id for c in g.comps.agenda_cards if c.resource == "food"][:2]
    for c in food:
        take_card(g, pink, c)
    pink.developments_left, pink.food, pink.money = [3, 3, 3], 2, 2
    work(g, pink, 1, ["build_development", "purchase_supplies"])
    g.apply(PlayAgendaResource(food[0]))
    assert pink.food == 3  # over the storage of 2 until the step ends
    g.apply(TakeAction(1, "build_development"))
    assert BuildDevelopment("food", "c1", 3) in g.legal()
    g.apply(BuildDevelopment("food", "c1", 3))
    assert (pink.food, pink.money) == (0, 1)
    # Played and not spent, the extra resource is lost when the step ends.
    pink.food = 3  # storage is 3 now
    g.apply(PlayAgendaResource(food[1]))
    assert pink.food == 4
    g.apply(TakeAction(1, "purchase_supplies"))
    g.apply(PurchaseSupplies((), True))
    assert pink.food == 3


# --- Acquire New Ship (新しい宇宙船の獲得) --------------------------------------------------
def test_acquire_ship_engine_bonus_and_refill_without_sliding() -> None:
    g = table()
    blue = g.state.players[0]
    b = g.state.board
    b.cockpit_display = ["ck05", "ck06", "ck07", None]
    b.engine_display = ["en07", "en06", "en05", None]
    b.cockpit_deck, b.engine_deck = ["ck08", "ck09"], ["en08", "en09"]
    blue.money = 2
    work(g, blue, 1, ["acquire_ship", "hire_expert"])
    g.apply(TakeAction(1, "acquire_ship"))
    assert [c for c in g.legal() if isinstance(c, AcquireShip)] == [
        AcquireShip(0), AcquireShip(1), AcquireShip(2)]
    g.apply(AcquireShip(2))
    assert blue.money == 5  # Cash Burner: 3 money
    assert (blue.ships[-1].cockpit, blue.ships[-1].engine) == ("ck07", "en05")
    assert not blue.ships[-1].launched_once
    # Nothing slides: the empty pair spaces take the next tiles where they are.
    assert b.cockpit_display == ["ck05", "ck06", "ck08", "ck09"]
    assert b.engine_display == ["en07", "en06", "en08", "en09"]
    assert b.cockpit_deck == [] and b.engine_deck == []


def test_three_ships_at_most_and_four_with_the_adventurous_upgrade() -> None:
    g = table()
    blue = g.state.players[0]
    starter = blue.ships[0]
    blue.ships = [Ship(cockpit=starter.cockpit, engine=starter.engine) for _ in range(3)]
    work(g, blue, 1, ["acquire_ship", "purchase_supplies"])
    assert TakeAction(1, "acquire_ship") not in g.legal()
    blue.upgrades = [upgrade(g, "max_ships_segments")]
    g._legal_cache = None
    g.apply(TakeAction(1, "acquire_ship"))
    g.apply(next(c for c in g.legal() if isinstance(c, AcquireShip)))
    while g.pending.kind != "action":  # an engine bonus may ask for a choice
        g.apply(g.legal()[0])
    assert len(blue.ships) == 4
    assert TakeAction(1, "acquire_ship") not in g.legal()


# --- Acquire Blueprints (製図) -------------------------------------------------------------
def test_acquire_two_blueprints_then_slide_and_refill() -> None:
    g = table()
    blue = g.state.players[0]
    b = g.state.board
    shown, tray = list(b.blueprint_display), b.blueprint_deck[:3]
    blue.blueprints = []
    work(g, blue, 1, ["acquire_blueprints", "purchase_supplies"])
    g.apply(TakeAction(1, "acquire_blueprints"))
    g.apply(AcquireBlueprint(1))
    assert Done() in g.legal()  # the second is optional
    g.apply(AcquireBlueprint(3))
    assert blue.blueprints == [shown[1], shown[3]]
    assert g.pending.kind == "action"  # two taken: the action is over
    assert b.blueprint_display == [shown[0], shown[2], shown[4], tray[0], tray[1]]


def test_at_most_5_blueprints_are_held() -> None:
    g = table()
    blue = g.state.players[0]
    b = g.state.board
    shown, tray = list(b.blueprint_display), b.blueprint_deck[0]
    blue.blueprints = [x for x in b.blueprint_deck[5:9]]
    work(g, blue, 1, ["acquire_blueprints", "purchase_supplies"])
    g.apply(TakeAction(1, "acquire_blueprints"))
    g.apply(AcquireBlueprint(0))
    assert len(blue.blueprints) == 5 and g.pending.kind == "action"
    assert b.blueprint_display == [*shown[1:], tray]
    assert TakeAction(1, "acquire_blueprints") not in g.legal()


# --- Build Ship Segments (施設の建造) --------------------------------------------------------
def test_a_display_blueprint_costs_1_more_money_and_1_reputation() -> None:
    g = table()
    blue = g.state.players[0]
    b = g.state.board
    bp = blueprint_costing(g, 3)
    for pile in (b.blueprint_deck, blue.blueprints):
        if bp in pile:
            pile.remove(bp)
    b.blueprint_display[2] = bp
    shown, tray = list(b.blueprint_display), b.blueprint_deck[0]
    blue.ships[0].segments, blue.blueprints = [], []
    blue.money, blue.reputation = 4, 2
    work(g, blue, 1, ["build_segments", "purchase_supplies"])
    g.apply(TakeAction(1, "build_segments"))
    g.apply(BuildSegment("display:2", 0))
    assert (blue.money, blue.reputation) == (0, 1)
    assert blue.ships[0].segments == [bp] and blue.segments_built == 1
    g.apply(Done())
    assert b.blueprint_display == [*shown[:2], *shown[3:], tray]


def test_three_segments_per_ship_four_with_the_upgrade_and_none_in_flight() -> None:
    g = table()
    blue = g.state.players[0]
    b = g.state.board
    st = blue.ships[0]
    full = Ship(cockpit=st.cockpit, engine=st.engine, segments=["bp01", "bp02", "bp03"])
    flying = Ship(cockpit=st.cockpit, engine=st.engine, segments=["bp04"], cruise="S1",
                  pilot="worker")
    blue.ships = [full, flying]
    blue.blueprints = [blueprint_costing(g, 1)]
    b.blueprint_display = [None] * 5
    b.blueprint_deck = []
    blue.money = 10
    work(g, blue, 1, ["build_segments", "purchase_supplies"])
    blue.break_room = []
    assert TakeAction(1, "build_segments") not in g.legal()
    blue.upgrades = [upgrade(g, "max_ships_segments")]
    g._legal_cache = None
    g.apply(TakeAction(1, "build_segments"))
    assert [c for c in g.legal() if isinstance(c, BuildSegment)] == [
        BuildSegment(blue.blueprints[0], 0)]
    g.apply(BuildSegment(blue.blueprints[0], 0))
    assert len(full.segments) == 4 and flying.segments == ["bp04"]


def test_stacked_segment_discounts_stop_at_0() -> None:
    g = table()
    s = g.state
    blue = s.players[0]
    invent(g, "segment_discount", blue.seat)
    blue.upgrades = [upgrade(g, "segment_discount")]
    cheap, dear = blueprint_costing(g, 1), blueprint_costing(g, 5)
    blue.blueprints = [cheap, dear]
    blue.ships[0].segments = []
    loophole = card(g, "Accounting Loophole")
    take_card(g, blue, loophole)
    blue.money = 1
    work(g, blue, 1, ["build_segments", "purchase_supplies"])
    g.apply(TakeAction(1, "build_segments"))
    g.apply(PlayAgendaEffect(loophole))  # -2, with the technology -1 and the upgrade -1
    g.apply(BuildSegment(cheap, 0))
    assert blue.money == 1  # 1 - 4 is 0, never a refund
    g.apply(BuildSegment(dear, 0))
    assert blue.money == 0  # 5 - 4
    assert blue.ships[0].segments == [cheap, dear]


def test_stacked_development_discounts_stop_at_0() -> None:
    # An Architect expert (2 off) takes the 4-money-off bottom token's development.
    g = table()
    s = g.state
    blue = s.players[0]
    b = s.board
    b.expert_tile = "ex6"
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile and x.consultant is None)
    blue.experts = ["expert_right"]
    blue.break_room = ["expert_left"]
    blue.developments_left, blue.money, blue.fuel = [3, 3, 3], 0, 1
    b.stations[0] = ["schedule_cruise", "purchase_supplies"]
    set_turn(g, blue.seat)
    g.apply(PlaceWorker("expert_left", 1))
    g.apply(TakeAction(1, "schedule_cruise"))
    g.apply(ScheduleCruise(sp, "bottom3"))
    assert g.pending.kind == "act" and g.pending.action == "build_development"
    assert BuildDevelopment("fuel", "c1", 1) not in g.legal()  # nothing left to pay
    g.apply(BuildDevelopment("fuel", "c1", 0))
    assert (blue.money, blue.fuel, blue.tower_bottom[3]) == (0, 1, "flipped")
    assert g.pending.kind == "action" and g.state.turn.actions_left == 1


def test_stacked_hiring_discounts_stop_at_0() -> None:
    g = table()
    s = g.state
    blue = s.players[0]
    invent(g, "hire_discount", blue.seat)
    bonus = card(g, "Recruiting Bonus")
    take_card(g, blue, bonus)
    blue.developments_left = [0, 2, 3]  # the right expert costs 4
    blue.money = 3
    work(g, blue, 1, ["hire_expert", "purchase_supplies"])
    g.apply(TakeAction(1, "hire_expert"))
    g.apply(PlayAgendaEffect(bonus))
    g.apply(HireExpert("right"))
    assert blue.money == 3 and "expert_right" in blue.break_room


# --- Schedule a Cruise (クルーズの立案) -----------------------------------------------------
def test_schedule_one_cruise_at_a_time_token_bonus_and_flip() -> None:
    g = table()
    s = g.state
    yellow, blue = s.players[0], s.players[1]
    b = s.board
    open_spaces = [i for i, x in enumerate(b.cruise_spaces) if x.tile]
    yellow.money = 0
    work(g, yellow, 1, ["schedule_cruise", "purchase_supplies"])
    g.apply(TakeAction(1, "schedule_cruise"))
    g.apply(ScheduleCruise(open_spaces[1], "top0"))
    assert yellow.money == 1 and yellow.tower_top == ["flipped", "up", "up", "up"]
    assert yellow.scheduled == open_spaces[1]
    assert b.cruise_spaces[open_spaces[1]].consultant == yellow.seat
    assert TakeAction(1, "schedule_cruise") not in g.legal()  # one at a time
    g.apply(Done())
    # Blue cannot take the scheduled space, and Yellow's flipped token is no funding bonus.
    set_turn(g, blue.seat)
    b.occupants[0] = Occupant(yellow.seat, "worker")
    blue.break_room = ["worker"]
    g.apply(PlaceWorker("worker", 1))
    assert g.pending.seat == yellow.seat
    assert sorted(c.kind for c in g.legal()) == ["ad", "food", "fuel", "oxygen", "vp"]
    g.apply(FundingBonus("vp"))
    g.apply(TakeAction(1, "schedule_cruise"))
    spaces = {c.space for c in g.legal() if isinstance(c, ScheduleCruise)}
    assert open_spaces[1] not in spaces and open_spaces[0] in spaces


def test_bottom_tokens_give_4_ads_and_4_resources() -> None:
    g = table()
    yellow = g.state.players[0]
    b = g.state.board
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile)
    yellow.ads = 0
    work(g, yellow, 1, ["schedule_cruise", "purchase_supplies"])
    snap = g.snapshot()
    g.apply(TakeAction(1, "schedule_cruise"))
    g.apply(ScheduleCruise(sp, "bottom1"))
    assert yellow.ads == 4 and yellow.tower_bottom == ["up", "flipped", "up", "up"]
    g2 = Game.from_snapshot(snap, g.comps)
    y2 = g2.state.players[0]
    y2.developments_left, y2.food, y2.oxygen, y2.fuel = [3, 3, 0], 0, 0, 0
    g2.apply(TakeAction(1, "schedule_cruise"))
    g2.apply(ScheduleCruise(sp, "bottom2"))
    for _ in range(4):
        assert g2.pending.kind == "choose_resource"
        g2.apply(ChooseResource("fuel"))
    assert (y2.food, y2.oxygen, y2.fuel) == (0, 0, 4)


# --- upgrades in their actions (アップグレード) ---------------------------------------------
def test_bump_own_upgrade_lets_a_worker_bump_its_owner() -> None:
    g = table()
    s = g.state
    pink = s.players[0]
    s.board.occupants[0] = Occupant(pink.seat, "worker")
    pink.break_room = ["worker"]
    pink.upgrades = [upgrade(g, "bump_own")]
    set_turn(g, pink.seat)
    g.apply(PlaceWorker("worker", 1))
    assert pink.break_room == ["worker"]
    assert g.pending.kind == "funding" and g.pending.seat == pink.seat
    money = pink.money
    g.apply(FundingBonus("money"))
    assert pink.money == money + 1


def test_purple_upgrades_in_gain_resources_hiring_and_refill_silo() -> None:
    g = table()
    s = g.state
    pink = s.players[0]
    b = s.board
    pink.upgrades = [upgrade(g, "silo_extra"), upgrade(g, "hire_discount"),
                     upgrade(g, "refill_silo_extra")]
    b.silo = [5, 5, 0]
    pink.developments_left = [0, 2, 3]  # storage 5 / 3 / 2; the right expert costs 4
    pink.food = pink.oxygen = pink.fuel = 0
    pink.money, pink.reputation = 0, 0
    take_card(g, pink, g.state.board.agenda_deck[0])
    b.stations[1] = ["hire_expert", "purchase_supplies"]
    b.connections[0] = [pink.seat]
    work(g, pink, 1, ["gain_resources", "refill_silo"])
    g.apply(TakeAction(1, "gain_resources"))
    assert GainResources(4, 0, 0) in g.legal() and GainResources(5, 0, 0) not in g.legal()
    g.apply(GainResources(3, 1, 0))
    g.apply(TakeAction(1, "refill_silo"))
    g.apply(RefillSilo(pink.hand[0], "fuel"))
    assert (pink.money, pink.reputation) == (5 + 2, 1)
    g.apply(Done())
    set_turn(g, pink.seat)
    pink.break_room = ["worker"]
    g.apply(PlaceWorker("worker", 2))
    g.apply(TakeAction(2, "hire_expert"))
    g.apply(HireExpert("right"))
    assert pink.money == 7 - 1  # 4 - 3


def test_teal_upgrades_in_advertising_fees_and_segments() -> None:
    g = table()
    s = g.state
    pink, green = s.players[0], s.players[1]
    b = s.board
    pink.upgrades = [upgrade(g, "advertise_discount"), upgrade(g, "fee_free"),
                     upgrade(g, "segment_discount")]
    b.connections[0] = [green.seat]
    b.stations[1] = ["advertise_cruise", "build_segments"]
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile and x.consultant is None)
    b.queue = [[1, 0, 0], [0, 1, 0], [0, 0, 0]]
    pink.ads, pink.money, pink.reputation = 1, 2, 0
    pink.blueprints = [blueprint_costing(g, 2)]
    pink.ships[0].segments = []
    green_money = green.money
    work(g, pink, 1, ["purchase_supplies", "hire_expert"])
    g.apply(TakeAction(2, "advertise_cruise"))
    assert (pink.money, green.money) == (2, green_money)  # no fee
    g.apply(AdvertiseCruise(sp))
    g.apply(SellTicket("orange", 0))  # 1 ad - 1 = 0
    g.apply(SellTicket("purple", 1))  # 2 ads - 1 = 1
    assert pink.ads == 0
    dests = len(g.comps.cruise_tile(b.cruise_spaces[sp].tile).destinations)
    assert pink.money == 2 + 2 * dests
    money = pink.money
    g.apply(TakeAction(2, "build_segments"))
    g.apply(BuildSegment(pink.blueprints[0], 0))
    assert pink.money == money - 1

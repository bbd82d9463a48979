"""Solo play against Rachel: setup, the book's worked examples and her rules, exact numbers.

The book's examples show card backs that no single real card carries, so `solo()` plays them
with the examples' own deck (tests/data/rachel_examples.toml); `solo(real=True)` keeps the
real deck of engine/data/rachel.toml.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from helpers import finish_setup, new_game

from engine import Game, GameOptions, flow
from engine.commands import PlaceWorker
from engine.components import Components, RachelCard, data_hash
from engine.ctx import Ctx
from engine.errors import IllegalOptions
from engine.rules import metrics, scoring
from engine.rules.rachel import actions, deck, launch, numbers, turn
from engine.rules.rachel import travel as rtravel
from engine.state import NPC, Occupant, Ship, Turn

STATIONS = [["build_segments", "acquire_ship"], ["gain_resources", "purchase_supplies"],
            ["advertise_cruise", "schedule_cruise"], ["draw_agenda", "refill_agenda"],
            ["build_development", "acquire_blueprints"], ["hire_expert", "refill_silo"]]


class _Deck(msgspec.Struct):
    card: tuple[RachelCard, ...]


EXAMPLE_CARDS = msgspec.toml.decode(
    (Path(__file__).parent / "data" / "rachel_examples.toml").read_bytes(), type=_Deck).card


def examples_deck(comps: Components) -> Components:
    files = dict(comps.files)
    files["rachel.toml"] = msgspec.structs.replace(files["rachel.toml"], card=EXAMPLE_CARDS)
    return Components(files, data_hash(files))


def solo(difficulty: str = "normal", seed: int = 5, real: bool = False,
         **kw) -> Game:  # noqa: ANN003
    g = finish_setup(new_game(players=1, seed=seed, difficulty=difficulty, **kw))
    if not real:
        g.comps = examples_deck(g.comps)
        g._legal_cache = None
    return g


def stack_deck(g: Game, *ids: str) -> None:
    """Put these action cards on top of her deck, in this order."""
    rs = g.state.rachel
    assert rs is not None
    rest = [c.id for c in g.comps.rachel_cards if c.id not in ids]
    rs.deck, rs.discard = [*ids, *rest], []


def fixed_board(g: Game) -> None:
    b = g.state.board
    b.stations = [list(x) for x in STATIONS]
    b.connections = [[] for _ in range(6)]
    b.occupants = [None, None, Occupant(NPC, "npc_worker"), Occupant(NPC, "npc_worker"),
                   None, None]


def run(g: Game, phase: str = "start", station: int = 0) -> str:
    """Run Rachel's turn from `phase` until you have to decide; her log as one text."""
    s = g.state
    s.turn = Turn(seat=1, number=s.turn.number + 1, phase=phase, station=station)
    s.stack = []
    ctx = Ctx(s, g.comps)
    flow.advance(ctx)
    g._legal_cache = None
    return "\n".join(e.text for e in ctx.events)


def unscheduled(g: Game) -> None:
    """Every cruise on the marketing board free: no consultant, no presold guest."""
    for sp in g.state.board.cruise_spaces:
        sp.presold, sp.consultant = [], None


def agenda_of(g: Game, resource: str, n: int) -> list[str]:
    return [a.id for a in g.comps.agenda_cards if a.resource == resource][:n]


def bps(g: Game, vp: int, n: int, skip: int = 0) -> list[str]:
    return [b.id for b in g.comps.blueprints if b.vp == vp][skip:skip + n]


# --- setup and options --------------------------------------------------------------------
def test_solo_setup_gives_rachel_the_second_seat_and_her_own_start() -> None:
    g = new_game(players=1, seed=3)
    s = g.state
    you, rachel = s.players
    assert (rachel.seat, rachel.name, rachel.kind) == (1, "Rachel", "rachel")
    assert you.kind == "human" and s.turn_order == [0, 1]
    assert g.pending is not None and g.pending.seat == 0  # she made her setup picks herself
    assert (rachel.money, rachel.ads, rachel.food, rachel.oxygen, rachel.fuel) == (0,) * 5
    assert rachel.hand == [] and rachel.blueprints == []
    # Reputation 1 as the second player, +1 for covering a connection's icon.
    assert rachel.reputation == 2 and rachel.developments_left == [2, 3, 3]
    placed = [k for k, owners in enumerate(s.board.connections) if 1 in owners]
    assert len(placed) == 1 and s.board.connections[placed[0]] == [1]
    assert s.rachel is not None and len(s.rachel.deck) == 12
    assert len(s.rachel.discarded_blueprints) == 1
    assert len(g.scores()) == 2


def test_first_development_and_discarded_blueprint_follow_the_number_system() -> None:
    for seed in range(6):
        g = new_game(players=1, seed=seed)
        s = g.state
        assert s.rachel is not None
        top = g.comps.rachel_card(s.rachel.deck[0])
        neutral = [k for k in range(6) if -1 in s.board.connections[k]]
        want = next((top.first - 1 + k) % 6 for k in range(6)
                    if (top.first - 1 + k) % 6 not in neutral)
        assert 1 in s.board.connections[want]
        # #1 is the top of the display (slot 4); a 6 names none of 5, so the second number.
        assert s.board.blueprint_display[4 - numbers.start(top.first, top.second, 5)] is None


def test_custom_mix_sets_each_row_from_its_own_level() -> None:
    opts = GameOptions(players=1, seed=1, difficulty="custom",
                       custom_mix=("hard", "easy", "normal", "easy", "hard", "normal"))
    g = Game.new(opts)
    ctx = Ctx(g.state, g.comps)
    assert deck.targets(ctx) == (5, 7, 2)
    assert deck.row(ctx, deck.SECOND_ACTION).second_action == "same_station"
    assert deck.row(ctx, deck.MEETING).meeting_action is True
    assert deck.row(ctx, deck.EXPERT).expert_funding == 1
    assert deck.targets(Ctx(new_game(players=1, difficulty="easy").state, g.comps)) == (7, 7, 3)
    assert deck.targets(Ctx(new_game(players=1, difficulty="hard").state, g.comps)) == (5, 5, 2)


@pytest.mark.parametrize("mix,difficulty", [(("hard",) * 5, "custom"),
                                            (("hard",) * 5 + ("brutal",), "custom"),
                                            (("easy",) * 6, "normal")])
def test_bad_custom_mixes_are_refused(mix: tuple[str, ...], difficulty: str) -> None:
    with pytest.raises(IllegalOptions):
        GameOptions(players=1, difficulty=difficulty, custom_mix=mix).validate()  # type: ignore[arg-type]


# --- the turn example ---------------------------------------------------------------------
def _turn_example(difficulty: str) -> tuple[Game, str]:
    g = solo(difficulty)
    fixed_board(g)
    s = g.state
    b = s.board
    b.connections[5] = [0]  # your development joins top-left (6) and top-middle (1)
    you, r = s.players
    you.money = 10
    r.reputation = 8
    three, two = bps(g, 2, 3), bps(g, 1, 2)
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=three, launched_once=True,
                    cruise="S1", stop=-1, guests=["orange"], pilot="worker", berths=2),
               Ship(cockpit="ck05", engine="en06", segments=two)]
    r.break_room = ["worker"]
    b.blueprint_display = bps(g, 3, 5)
    b.cockpit_display[3], b.engine_display[3] = "ck06", "en05"
    stack_deck(g, "ra03", "ra10", "ra07")
    return g, run(g)


def test_turn_example_easy_one_action_and_the_segments_goal() -> None:
    g, text = _turn_example("easy")
    s = g.state
    you, r = s.players
    shown = bps(g, 3, 5)
    assert r.reputation == 9  # a day in space with 1 guest aboard
    assert s.board.occupants[5] == Occupant(1, "worker")  # ra10's diagram: top-left station
    # ra10 is on top: its first number 4 takes display #4 (slot 1) to ship 2, which is full;
    # pair #4 becomes ship 3, and the blueprint below (#5, slot 0) goes on it.
    assert r.ships[1].segments[-1] == shown[1]
    assert len(r.ships) == 3 and r.ships[2].cockpit == "ck06"
    assert r.ships[2].segments == [shown[0]]
    assert "second action" not in text and you.money == 10
    # 7 segments: her goal 2 (easy 7); the middle goal's tracker goes to the top.
    assert r.goal_cubes == [True, False, True] and s.board.goal_trackers[1] == 3
    assert s.board.progress.count(1) == 1
    assert g.pending is not None and g.pending.seat == 0


def test_turn_example_normal_pays_you_one_money_for_the_second_action() -> None:
    g, text = _turn_example("normal")
    you, r = g.state.players
    assert "pays Pink 1 money" in text
    assert you.money == 11
    # The second card (ra10): no expert costs 6 yet, so its bottom, Advertise: +2 reputation.
    assert r.reputation == 11
    assert g.state.rachel is not None and g.state.rachel.discard == ["ra03", "ra10"]
    assert r.goal_cubes[1] is False


def test_no_second_action_when_the_connection_is_empty() -> None:
    g, text = _turn_example("easy")
    assert g.state.players[1].reputation == 9
    g2 = solo("normal")
    fixed_board(g2)
    g2.state.players[1].break_room = ["worker"]
    g2.state.players[1].ships[0].segments = bps(g2, 2, 1)
    stack_deck(g2, "ra03", "ra10")
    text = run(g2)
    assert "second action" not in text and g2.state.rachel.discard == ["ra03"]


def test_her_own_station_action_gives_a_second_action_at_easy() -> None:
    g = solo("easy")
    fixed_board(g)
    r = g.state.players[1]
    r.break_room = ["worker"]
    g.state.board.silo = [5, 5, 5]
    # ra06 (gain resources) revealed; ra07 sends her to station 2: the same action there.
    stack_deck(g, "ra06", "ra07", "ra12")
    text = run(g)
    assert "her station offers that action" in text
    assert g.state.rachel.discard == ["ra06", "ra07"]
    # The same card with a silo refill instead: refill silo is not on station 2.
    g = solo("easy")
    fixed_board(g)
    g.state.players[1].break_room = ["worker"]
    g.state.board.silo = [0, 0, 0]
    stack_deck(g, "ra06", "ra07", "ra12")
    text = run(g)
    assert "refills the silo" in text and "second action" not in text


@pytest.mark.parametrize("difficulty", ["easy", "normal"])
def test_a_development_where_her_station_offers_it_gives_a_second_action(difficulty: str) -> None:
    """Her development actions are the board's Build a Development: at station 5, which
    offers it, a second card follows (book: 2 actions when her worker's station offers hers)."""
    g = solo(difficulty, real=True)
    fixed_board(g)
    r = g.state.players[1]
    r.break_room = ["worker"]
    placed = r.developments_placed
    # ra04: Hire an Expert (none affordable) / Build a Development on the network; the next
    # card's diagram (ra06) sends her worker to station 5: Build a Development there.
    stack_deck(g, "ra04", "ra06", "ra10")
    text = run(g)
    assert "station 5 (Build a Development" in text
    assert "Rachel takes a second action: her station offers that action." in text
    assert g.state.rachel is not None and g.state.rachel.discard == ["ra04", "ra06"]
    assert r.developments_placed == placed + 2


# --- the actions' examples ------------------------------------------------------------------
def test_build_example_new_ship_and_the_discarded_agenda_card() -> None:
    g = solo()
    s = g.state
    b = s.board
    r = s.players[1]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2))]
    shown = bps(g, 3, 5)
    b.blueprint_display = list(shown)
    b.cockpit_display[3], b.engine_display[3] = "ck06", "en06"  # an agenda card and an ad
    agenda = list(b.agenda_display)
    discard_before = len(b.agenda_discard)
    stack_deck(g, "ra04")  # first number 4
    ctx = Ctx(s, g.comps)
    assert actions.build(ctx, r, g.comps.rachel_card("ra04")) == "build_segments"
    assert r.ships[0].segments[-1] == shown[1]  # #4 from the top
    assert r.ships[1].engine == "en06" and r.ships[1].segments == [shown[0]]  # #5, below it
    # The engine's agenda card: #4 of the agenda display (the bottom) is discarded; no ad.
    assert b.agenda_discard[-1] == agenda[0] and len(b.agenda_discard) == discard_before + 1
    assert r.ads == 0 and r.hand == [] and r.money == 0 and r.reputation == 2
    assert r.segments_built == 2


def test_eight_segments_build_only_one() -> None:
    g = solo()
    r = g.state.players[1]
    r.ships = [Ship(cockpit="ck01", engine="en01", segments=bps(g, 2, 3)),
               Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3, skip=3)),
               Ship(cockpit="ck03", engine="en03", segments=bps(g, 1, 2))]
    g.state.board.blueprint_display = bps(g, 3, 5)
    stack_deck(g, "ra04")
    actions.build(Ctx(g.state, g.comps), r, g.comps.rachel_card("ra04"))
    assert [len(sh.segments) for sh in r.ships] == [3, 3, 3]
    assert sum(1 for x in g.state.board.blueprint_display if x) == 5  # slid and refilled
    assert not actions.can_build(Ctx(g.state, g.comps), r)


def test_refill_blueprints_when_she_cannot_build() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    r.ships = [Ship(cockpit="ck01", engine="en01", segments=bps(g, 2, 3)),
               Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3, skip=3)),
               Ship(cockpit="ck03", engine="en03", segments=bps(g, 1, 3))]
    old = list(s.board.blueprint_display)
    stack_deck(g, "ra03")
    ctx = Ctx(s, g.comps)
    assert turn.choose(ctx, r, g.comps.rachel_card("ra03")) == "refill_blueprints"
    turn.carry_out(ctx, r, g.comps.rachel_card("ra03"))
    assert r.reputation == 1
    assert s.rachel.discarded_blueprints[1:] == [x for x in old if x]
    assert all(s.board.blueprint_display) and not set(old) & set(s.board.blueprint_display)


def test_draw_agenda_example_5_then_4_with_the_wrap_around() -> None:
    g = solo()
    b = g.state.board
    cards = list(b.agenda_display)
    assert all(cards)
    stack_deck(g, "ra11")  # 5 / 4: no 5th card, so the 4th (the bottom one)
    actions.draw(Ctx(g.state, g.comps), g.state.players[1], g.comps.rachel_card("ra11"))
    assert b.agenda_discard[-2:] == [cards[0], cards[3]]  # the 4th, then (wrapping) the 1st
    assert b.agenda_display == [None, cards[1], cards[2], None]


def test_too_few_agenda_cards_so_she_refills_the_display() -> None:
    g = solo()
    b = g.state.board
    r = g.state.players[1]
    last = b.agenda_display[3]
    b.agenda_discard.extend(x for x in b.agenda_display[:3] if x)
    b.agenda_display = [None, None, None, last]
    ctx = Ctx(g.state, g.comps)
    card = g.comps.rachel_card("ra05")  # draw agenda / refill agenda
    assert turn.choose(ctx, r, card) == "refill_agenda"
    turn.carry_out(ctx, r, card)
    assert r.reputation == 3  # the one reputation icon, on the empty bottom space
    assert b.agenda_discard[-1] == last and all(b.agenda_display)


def test_gain_resources_example_fuel_skip_food_wrap_fuel() -> None:
    g = solo()
    b = g.state.board
    food, fuel = agenda_of(g, "food", 1)[0], agenda_of(g, "fuel", 1)[0]
    b.agenda_deck += [x for x in b.agenda_display if x]
    b.agenda_deck = [x for x in b.agenda_deck if x not in (food, fuel)]
    b.agenda_discard = [x for x in b.agenda_discard if x not in (food, fuel)]
    b.agenda_display = [food, None, fuel, None]  # bottom to top: #4 food, #2 fuel
    b.silo = [2, 2, 2]
    stack_deck(g, "ra02")  # first number 2
    done = actions.gain(Ctx(g.state, g.comps), g.state.players[1], g.comps.rachel_card("ra02"))
    assert done == "gain_resources"
    assert b.silo == [1, 2, 0]  # 2 fuel and 1 food removed; she keeps nothing
    assert g.state.players[1].fuel == 0


def test_refill_silo_fallback_when_a_resource_is_missing() -> None:
    g = solo()
    b = g.state.board
    r = g.state.players[1]
    food, fuel = agenda_of(g, "food", 1)[0], agenda_of(g, "fuel", 1)[0]
    b.agenda_display = [food, None, fuel, None]
    b.silo = [2, 2, 0]
    stack_deck(g, "ra02")
    ctx = Ctx(g.state, g.comps)
    # 物資の獲得: not all three can come out, so she does not take the action; the real
    # cards print 倉庫の補充 as its bottom, which refills the one she could not take.
    assert not actions.gain_possible(ctx, r) and actions.refill_silo_possible(ctx, r)
    done = actions.refill_silo(ctx, r, g.comps.rachel_card("ra02"))
    assert done == "refill_silo"
    assert b.silo == [2, 2, 5] and r.reputation == 3


def test_the_real_gain_card_falls_back_to_its_refill_silo_bottom() -> None:
    g = solo(real=True)
    b = g.state.board
    r = g.state.players[1]
    food, fuel = agenda_of(g, "food", 1)[0], agenda_of(g, "fuel", 1)[0]
    b.agenda_display = [food, None, fuel, None]
    b.silo = [2, 2, 0]
    card = g.comps.rachel_card("ra10")  # gain resources / refill silo; first number 4
    stack_deck(g, "ra10")
    ctx = Ctx(g.state, g.comps)
    assert (card.top, card.bottom) == ("gain_resources", "refill_silo")
    assert turn.choose(ctx, r, card) == "refill_silo"
    rep = r.reputation
    turn.carry_out(ctx, r, card)
    assert b.silo == [2, 2, 5] and r.reputation == rep + 1


def test_gain_resources_from_the_discard_pile_when_the_display_is_empty() -> None:
    g = solo()
    b = g.state.board
    oxygen = agenda_of(g, "oxygen", 1)[0]
    b.agenda_display = [None] * 4
    b.agenda_discard = [oxygen]
    b.silo = [2, 5, 2]
    actions.gain(Ctx(g.state, g.comps), g.state.players[1], g.comps.rachel_card("ra02"))
    assert b.silo == [2, 2, 2]


def test_advertise_takes_the_cheapest_section_first() -> None:
    g = solo()
    s = g.state
    b = s.board
    r = s.players[1]
    unscheduled(g)
    b.cruise_spaces[0].tile = "B6"  # teal, then purple
    b.queue = [[2, 0, 1], [0, 1, 0], [1, 1, 1]]  # orange, purple, teal per section
    stack_deck(g, "ra07")  # first number 1: the top cruise
    actions.advertise(Ctx(s, g.comps), r, g.comps.rachel_card("ra07"))
    assert b.cruise_spaces[0].presold == ["teal", "purple"]
    assert b.queue == [[2, 0, 0], [0, 0, 0], [1, 1, 1]]
    assert r.reputation == 4 and r.ads == 0 and r.money == 0


def test_advertise_skips_cruises_with_guests_and_uses_the_supply_last() -> None:
    g = solo()
    b = g.state.board
    unscheduled(g)
    b.cruise_spaces[0].tile = "B6"
    b.cruise_spaces[0].presold = ["orange"]
    b.cruise_spaces[1].tile = "B7"  # a lone orange destination
    supply = list(b.supply)
    b.queue = [[0, 0, 0], [1, 0, 0], [0, 0, 0]]
    stack_deck(g, "ra07")
    actions.advertise(Ctx(g.state, g.comps), g.state.players[1], g.comps.rachel_card("ra07"))
    assert b.cruise_spaces[1].presold == ["orange", "orange"]
    assert b.queue[1][0] == 0 and b.supply[0] == supply[0] - 1


@pytest.mark.parametrize("difficulty,vp", [("easy", 1), ("normal", 2)])
def test_hire_expert_at_six_money_with_its_funding_bonus(difficulty: str, vp: int) -> None:
    g = solo(difficulty)
    r = g.state.players[1]
    r.developments_left = [1, 2, 3]  # right expert: 2 x 3 = 6; left: 3 x 4 = 12
    before = r.vp
    ctx = Ctx(g.state, g.comps)
    assert actions.possible(ctx, r, g.comps.rachel_card("ra10"), "hire_expert")
    actions.hire(ctx, r, g.comps.rachel_card("ra10"))
    assert r.experts == ["expert_left"] and "expert_right" in r.break_room
    assert r.vp == before + vp  # at normal the book's example gives two bonuses
    # The second expert waits until it costs 3 or less.
    assert not actions.possible(ctx, r, g.comps.rachel_card("ra10"), "hire_expert")
    r.tower_bottom = ["removed"] * 3 + ["up"]
    assert actions.possible(ctx, r, g.comps.rachel_card("ra10"), "hire_expert")


def test_development_skips_places_that_give_no_reputation() -> None:
    g = solo()
    fixed_board(g)
    b = g.state.board
    r = g.state.players[1]
    b.connections[1] = [-1]  # connection 2 has a neutral development
    r.developments_left = [2, 3, 3]
    stack_deck(g, "ra08")  # first number 2
    actions.develop(Ctx(g.state, g.comps), r, "c")
    assert b.connections[2] == [1]  # skipped 2, placed on 3
    assert r.reputation == 3 and r.developments_left == [2, 2, 3]  # oxygen, column 1


def test_technology_development_goes_right_to_the_next_free_tile() -> None:
    g = solo()
    b = g.state.board
    r = g.state.players[1]
    b.tech_owners = [[0], [], [-1], []]
    r.developments_left = [2, 2, 2]
    stack_deck(g, "ra07")  # first number 1
    actions.develop(Ctx(g.state, g.comps), r, "t")
    assert b.tech_owners[1] == [1] and r.developments_left == [1, 2, 2]
    assert r.technologies_developed == 1 and r.reputation == 3


# --- launch ---------------------------------------------------------------------------------
def test_launch_example_second_action_with_the_fuel_shortfall_and_the_vp_token() -> None:
    g = solo()
    fixed_board(g)
    s = g.state
    b = s.board
    r = s.players[1]
    unscheduled(g)
    b.cruise_spaces[0].tile = "S3"  # teal, space, orange, space: 4 fuel
    b.queue = [[1, 0, 1], [0, 0, 0], [0, 0, 0]]
    r.developments_left = [1, 3, 2]  # 3 placed, fuel capacity 3
    r.developments_placed = 3
    r.experts, r.break_room = ["expert_right"], ["expert_left"]  # left expert hired
    r.reputation = 5
    # Trainer: 1 VP per 2 segments, so 1 VP for the ship's 3.
    r.ships = [Ship(cockpit="ck01", engine="en03", segments=bps(g, 2, 3))]
    b.occupants[1] = Occupant(1, "worker")  # her first action's worker, on station 2
    stack_deck(g, "ra01", "ra07")  # Countdown (3+); then a first number 1 for the cruise
    vp, cubes = r.vp, b.progress.count(1)
    text = run(g, phase="r_act2", station=2)
    ship = r.ships[0]
    assert ship.cruise == "S3" and ship.guests == ["teal", "orange"]
    assert b.progress.count(1) == cubes + 1
    assert r.reputation == 2  # passes 5 (money), 4 (ad), 3 (a resource): the missing fuel
    assert r.vp == vp + 7  # cockpit 1 + segments 6
    assert ship.launched_once and r.launches == 1
    assert r.tower_top[2] == "removed" and ship.token == "top2"
    assert ship.pilot == "worker" and b.occupants[1] is None
    assert b.cruise_spaces[0].tile is not None and "T-0: liftoff" in text


def test_launch_prefers_a_ship_never_launched_then_more_vp() -> None:
    g = solo()
    r = g.state.players[1]
    r.ships = [Ship(cockpit="ck01", engine="en01", segments=bps(g, 3, 3), launched_once=True),
               Ship(cockpit="ck02", engine="en02", segments=bps(g, 1, 2)),
               Ship(cockpit="ck03", engine="en03", segments=bps(g, 2, 2))]
    ctx = Ctx(g.state, g.comps)
    assert launch.choose_ship(ctx, r, launch.candidates(r, 2)) == 2
    assert launch.candidates(r, 3) == [0]


def test_one_cabin_and_two_presold_guests_sends_one_back() -> None:
    g = solo()
    s = g.state
    b = s.board
    r = s.players[1]
    unscheduled(g)
    b.cruise_spaces[0].tile = "B6"
    b.cruise_spaces[0].presold = ["teal", "purple"]
    r.reputation = 6
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2))]
    stack_deck(g, "ra07")
    launch.launch(Ctx(s, g.comps), r, g.comps.rachel_card("ra02"))
    ship = r.ships[0]
    assert len(ship.guests) == 1 and ship.guests[0] in ("teal", "purple")
    assert b.cruise_spaces[0].presold == []
    # -2 for the guest left behind (6 to 4); then B6 needs 3 fuel and she holds 2: the drop
    # passes 4 (an ad) and 3 (a resource).
    assert r.reputation == 2
    assert r.tower_bottom[0] == "removed"  # left expert not hired: a bottom token first


def test_fuel_shortfall_at_zero_reputation_costs_vp() -> None:
    g = solo()
    r = g.state.players[1]
    r.reputation, r.vp = 1, 10
    assert launch.pay_fuel(Ctx(g.state, g.comps), r, 2) == (1, 1)
    assert (r.reputation, r.vp) == (0, 9)


def test_token_order_bottom_until_the_left_expert_then_vp() -> None:
    g = solo()
    r = g.state.players[1]
    assert launch.next_token(r) == "bottom0"
    r.tower_bottom = ["removed"] * 4
    assert launch.next_token(r) == "top2"
    r.tower_bottom = ["up"] * 4
    r.experts = ["expert_right"]
    assert launch.next_token(r) == "top2"
    r.tower_top[2] = "removed"
    assert launch.next_token(r) == "top0"


# --- travel, funding, AGM, the end --------------------------------------------------------
def test_travel_example_two_guests_at_four_vp() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    s.rachel.upgrades = ["up-o1"]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3), launched_once=True,
                    cruise="S1", stop=0, guests=["orange", "teal"], pilot="worker", berths=2)]
    vp = r.vp
    rtravel.move(Ctx(s, g.comps), r, 0)
    assert r.vp == vp + 8 and r.ads == 0


def test_first_destination_places_the_token_leftmost_for_one_vp() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2), launched_once=True,
                    cruise="S1", stop=0, guests=["teal"], pilot="worker", berths=1,
                    token="bottom1")]
    vp = r.vp
    rtravel.move(Ctx(s, g.comps), r, 0)
    assert s.rachel.upgrades == ["up-o1"] and r.upgrades == []
    assert r.ships[0].token is None
    assert r.vp == vp + 1 + 4  # the token, then 1 guest x (3 + 1 orange upgrade)


def test_a_full_colour_passes_the_token_on_or_discards_it() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    s.rachel.upgrades = ["up-t1", "up-t2", "up-t3"]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2), launched_once=True,
                    cruise="S3", stop=-1, guests=["teal"], pilot="worker", berths=1,
                    token="top0")]
    ctx = Ctx(s, g.comps)
    rtravel.move(ctx, r, 0)  # teal: full, the orange stop later has room
    assert r.ships[0].token == "top0" and len(s.rachel.upgrades) == 3
    rtravel.move(ctx, r, 0)
    rtravel.move(ctx, r, 0)  # orange
    assert s.rachel.upgrades[-1] == "up-o1" and r.ships[0].token is None
    s.rachel.upgrades = ["up-o1", "up-o2", "up-o3"]
    r.ships[0] = Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2), cruise="S1",
                      stop=0, guests=["teal"], pilot="worker", berths=1, token="top1")
    rtravel.move(ctx, r, 0)
    assert r.ships[0].token is None and len(s.rachel.upgrades) == 3


def test_day_in_space_gives_a_reputation_per_guest() -> None:
    g = solo()
    r = g.state.players[1]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3), cruise="S3",
                    stop=0, guests=["teal", "orange"], pilot="worker", berths=2)]
    rtravel.move(Ctx(g.state, g.comps), r, 0)
    assert r.reputation == 4


@pytest.mark.parametrize("difficulty,vp", [("easy", 2), ("normal", 4)])
def test_bumped_expert_brings_vp_and_at_normal_one_more_bonus(difficulty: str, vp: int) -> None:
    g = solo(difficulty)
    s = g.state
    r = s.players[1]
    s.board.occupants = [None] * 6
    s.board.occupants[4] = Occupant(1, "expert_left")
    r.experts = ["expert_right"]
    r.break_room = ["worker", "worker"]
    s.rachel.away = ["expert_left"]
    r.tower_top[2] = "removed"  # 2 VP per bonus
    before = r.vp
    g.apply(PlaceWorker("worker", 5))
    assert r.vp == before + vp and "expert_left" in r.break_room
    assert s.rachel.away == []
    assert g.pending is not None and g.pending.seat == 0  # no decision for her


def test_hard_meeting_recalls_with_vp_then_acts_once_and_may_launch() -> None:
    g = solo("hard")
    fixed_board(g)
    s = g.state
    b = s.board
    r = s.players[1]
    unscheduled(g)
    b.cruise_spaces[0].tile = "B7"
    r.break_room = []
    b.occupants[0], b.occupants[4] = Occupant(1, "worker"), Occupant(1, "worker")
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 2))]
    stack_deck(g, "ra02", "ra07")  # Maiden Voyage (2+): launch
    vp = r.vp
    text = run(g)
    assert "calls a meeting and recalls 2 pieces" in text
    assert r.ships[0].cruise == "B7" and r.ships[0].pilot == "worker"
    assert r.break_room == ["worker"]
    assert r.vp == vp + 2 + 4  # two bonuses, then the launch: cockpit 0 + segments 4
    assert s.rachel.discard == ["ra02"]


def test_normal_meeting_takes_no_action() -> None:
    g = solo("normal")
    fixed_board(g)
    r = g.state.players[1]
    r.break_room = []
    g.state.board.occupants[0] = Occupant(1, "worker")
    stack_deck(g, "ra02")
    text = run(g)
    assert "recalls 1 piece" in text and g.state.rachel.discard == []


def test_agm_example_4_cubes_times_2_wings_with_the_reputation_tie() -> None:
    g = solo()
    s = g.state
    you, r = s.players
    r.goal_cubes = [True, False, True]  # 2 wings
    you.reputation = r.reputation = 10
    s.board.progress = [1, 1, 1, 0]
    vp = r.vp
    scoring.run_agm(Ctx(s, g.comps), 0)
    assert r.vp == vp + 8


def test_final_travel_goes_to_the_stop_worth_most() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    s.rachel.upgrades = ["up-o1"]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3), launched_once=True,
                    cruise="S3", stop=0, guests=["orange", "teal"], pilot="worker", berths=2)]
    ctx = Ctx(s, g.comps)
    assert [rtravel.stop_vp(ctx, r, r.ships[0], k) for k in (1, 2, 3, 4)] == [0, 8, 0, 1]
    vp = r.vp
    rtravel.final_travel(ctx, 1)
    assert r.ships[0].stop == 2 and r.vp == vp + 8 and r.ships[0].final_moved


def test_final_score_sheet_cockpits_include_segments_and_no_others() -> None:
    g = solo()
    s = g.state
    r = s.players[1]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=bps(g, 2, 3), launched_once=True),
               Ship(cockpit="ck01", engine="en01", segments=bps(g, 1, 1))]
    r.launches = 2
    r.money = 30  # fees you paid her: she holds nothing that scores
    line = scoring.sheet(Ctx(s, g.comps), final=False)[1]
    # Ship 1: Shuttle 2 launches x 2 + segments 6 = 10. Ship 2: Trainer 4 segments / 2 = 2,
    # + its segment 1, -5 never launched = -2.
    assert line.cockpits == 8
    assert line.segments == 7
    assert line.others == 0


def test_her_upgrade_tokens_count_for_a_cockpit_of_upgrades_unlocked() -> None:
    """Her tokens cover her board's upgrade spaces (kept apart from Player.upgrades: no effect
    applies to her); Explorer Bridge, 3 VP per upgrade unlocked, counts them."""
    g = solo()
    s = g.state
    r = s.players[1]
    assert s.rachel is not None
    s.rachel.upgrades = ["up-o1", "up-p1"]
    r.ships = [Ship(cockpit="ck10", engine="en02", segments=bps(g, 2, 2), launched_once=True)]
    line = scoring.sheet(Ctx(s, g.comps), final=False)[1]
    assert line.cockpits == 2 * 3 + 4  # the condition, then her ship's segments
    assert metrics.cockpit_vp(Ctx(s, g.comps), r, r.ships[0]) == 6


def test_rachel_never_gets_a_decision_and_logs_sentences() -> None:
    g = solo()
    events = []
    from engine.bots.random_bot import RandomBot

    bot = RandomBot(2)
    for _ in range(300):
        if g.is_over:
            break
        events += g.apply(bot.choose(g))
        assert g.pending is None or g.pending.seat == 0
    texts = [e.text for e in events if e.seat == 1]
    assert any(t.startswith("Rachel reveals ") for t in texts)
    assert all(t.endswith((".", "!")) for t in texts)


def test_last_card_uses_the_first_revealed_back_then_all_twelve_are_shuffled() -> None:
    g = solo()
    fixed_board(g)
    s = g.state
    r = s.players[1]
    r.break_room = ["worker"]
    others = [c.id for c in g.comps.rachel_cards if c.id not in ("ra05", "ra10")]
    s.rachel.deck = ["ra05"]
    s.rachel.discard = ["ra10", *others]  # ra10 was revealed first: its back is on top
    cards = list(s.board.agenda_display)
    text = run(g)
    assert s.board.occupants[5] == Occupant(1, "worker")  # ra10's diagram: station 6
    # Draw Agenda with ra10's numbers (4): the bottom card and, wrapping, the top one.
    assert s.board.agenda_discard[-2:] == [cards[0], cards[3]]
    assert "shuffled into a new deck" in text
    assert sorted(s.rachel.deck) == sorted(c.id for c in g.comps.rachel_cards)
    assert s.rachel.discard == []


def test_a_neutral_development_connects_for_free() -> None:
    g = solo("hard")
    fixed_board(g)
    s = g.state
    you, r = s.players
    s.board.connections[5] = [0, -1]  # yours and a neutral one
    r.break_room = ["worker"]
    r.ships[0].segments = bps(g, 2, 1)
    money = you.money
    stack_deck(g, "ra03", "ra10", "ra07")
    text = run(g)
    assert "connection 6 joins her station" in text and you.money == money


def test_her_expert_has_no_tile_ability_when_it_bumps() -> None:
    g = solo()
    fixed_board(g)
    s = g.state
    you, r = s.players
    s.board.expert_tile = "ex1"  # "when your expert bumps a worker, gain a funding bonus"
    assert g.comps.expert_tile("ex1").ability.kind == "bump_bonus"
    r.experts, r.break_room = ["expert_right"], ["expert_left"]
    s.board.occupants[5] = Occupant(0, "worker")
    you.break_room = ["worker"]
    stack_deck(g, "ra03", "ra10")  # ra10's diagram: station 6, where your worker is
    vp = r.vp
    run(g)
    assert s.board.occupants[5] == Occupant(1, "expert_left")
    assert g.pending is not None and g.pending.kind == "funding" and g.pending.seat == 0
    assert r.vp == vp  # no bonus for her bump; your choice comes first, then she goes on
    g.apply(g.legal()[0])
    assert g.state.turn.seat == 0 and len(r.ships[0].segments) == 2


def test_the_deck_data_is_checked() -> None:
    import msgspec

    from engine.components import check_rachel

    g = solo(real=True)
    cards = list(g.comps.rachel_cards)

    class Fake:
        rachel_cards = cards
        rachel_workers = g.comps.rachel_workers

    assert check_rachel(Fake()) == []  # type: ignore[arg-type]
    Fake.rachel_cards = [msgspec.structs.replace(cards[0], launch_segments=3), *cards[1:]]
    assert any("two Rachel cards launch" in x for x in check_rachel(Fake()))  # type: ignore[arg-type]
    Fake.rachel_cards = [msgspec.structs.replace(cards[0], first=2), *cards[1:]]
    assert any("spread evenly" in x for x in check_rachel(Fake()))  # type: ignore[arg-type]
    Fake.rachel_cards = [msgspec.structs.replace(cards[0], second=5), *cards[1:]]
    assert any("ra01" in x and "second" in x for x in check_rachel(Fake()))  # type: ignore[arg-type]


# NOTES.md, "Public facts found since": card, top, bottom, first, second, station.
REAL_DECK = [
    (1, "launch", "build_segments", 1, 4, 6), (2, "launch", "build_segments", 2, 3, 1),
    (3, "build_segments", "refill_blueprints", 3, 2, 2),
    (4, "hire_expert", "develop_network", 4, 1, 3), (5, "hire_expert", "develop_network", 5, 4, 4),
    (6, "hire_expert", "develop_technology", 6, 3, 5),
    (7, "draw_agenda", "build_segments", 1, 2, 6),
    (8, "draw_agenda", "refill_agenda", 2, 1, 1), (9, "draw_agenda", "refill_agenda", 3, 4, 2),
    (10, "gain_resources", "refill_silo", 4, 3, 3), (11, "gain_resources", "refill_silo", 5, 2, 4),
    (12, "advertise_cruise", "build_segments", 6, 1, 5),
]


def test_her_deck_is_the_real_one() -> None:
    g = solo(real=True)
    got = [(int(c.id[2:]), c.top, c.bottom, c.first, c.second, c.station)
           for c in g.comps.rachel_cards]
    assert got == REAL_DECK
    assert [(c.id, c.launch_segments) for c in g.comps.rachel_cards if c.launch_segments] == [
        ("ra01", 2), ("ra02", 3)]
    assert all(c.source == "pub" for c in g.comps.rachel_cards)


# --- the book's remaining numbered examples ----------------------------------------------------
def test_network_development_example_2_skips_taken_connections_to_4() -> None:
    # 開発トークンの設置 (業務ネットワーク), example "2 / 1": connection 2 is taken, so is 3;
    # she places on 4 and gains the reputation.
    g = solo()
    fixed_board(g)
    b = g.state.board
    r = g.state.players[1]
    b.connections[1], b.connections[2] = [-1], [0]
    r.developments_left = [2, 3, 3]
    rep = r.reputation
    stack_deck(g, "ra08")  # first number 2, second 6
    actions.develop(Ctx(g.state, g.comps), r, "c")
    assert b.connections[3] == [1] and r.reputation == rep + 1


def test_technology_development_example_6_then_1_then_2() -> None:
    # 開発トークンの設置 (技術タイル), example "6 / 1": there is no sixth tile, so the second
    # number 1; tile 1 already has a development, so she goes right to tile 2.
    g = solo()
    b = g.state.board
    r = g.state.players[1]
    b.tech_owners = [[0], [], [], []]
    r.developments_left = [2, 3, 3]
    rep = r.reputation
    stack_deck(g, "ra12")  # first number 6, second 1
    actions.develop(Ctx(g.state, g.comps), r, "t")
    assert b.tech_owners[1] == [1] and b.tech_owners[0] == [0]
    assert r.reputation == rep + 1 and r.technologies_developed == 1


def test_final_scoring_example_97_plus_87_is_184() -> None:
    # レイチェルの勝利点計算: 97 VP during play; others 0, progress 3 x 4 = 12, reputation 15,
    # segments 20, developments 15, cockpits 10 + 20 (segments) - 5 (never launched) = 25.
    g = solo()
    s = g.state
    you, r = s.players
    b = s.board
    r.vp, r.reputation, you.reputation = 97, 15, 9
    r.goal_cubes = [False, False, True]  # 3 wings
    r.developments_left = [1, 1, 1]  # two columns emptied: 15 VP
    r.cruises_completed = 2
    s1, s2, _ = b.progress_sections
    b.progress = [0] * (s1 + s2) + [1, 1, 1]  # her 3 cubes in section 3, +1 for reputation
    threes, ones = bps(g, 3, 6), bps(g, 1, 2)
    # Cockpits: 2 VP x 2 launches, 3 VP x 2 cruises, and 5 VP per expert with none hired (never
    # launched).
    r.launches = 2
    r.ships = [
        Ship(cockpit="ck02", engine="en01", segments=threes[:3], launched_once=True),
        Ship(cockpit="ck13", engine="en02", segments=threes[3:], launched_once=True),
        Ship(cockpit="ck05", engine="en03", segments=ones),
    ]
    r.experts = ["expert_left", "expert_right"]
    ctx = Ctx(s, g.comps)
    line = scoring.final_agm(ctx)[1]
    assert (line.others, line.progress, line.reputation, line.segments, line.developments,
            line.cockpits) == (0, 12, 15, 20, 15, 25)
    assert line.total == 184 and r.vp == 184


def test_her_lines_begin_with_her_name_so_a_turn_summary_reads_on() -> None:
    # A turn's summary joins her lines with "; " and drops her name: "…(2 segments); Her
    # station offers that action: …" read as a capital mid-sentence.
    from tests.helpers import random_positions

    second = 0
    for game in random_positions(1, range(4)):
        for e in game.try_apply(game.legal()[0])[1]:
            if e.kind == "rachel" and "second action" in e.text:
                assert e.text.startswith("Rachel "), e.text
                second += 1
    assert second

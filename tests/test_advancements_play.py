"""『技術革新』 in play: the book's examples of each module, carried out by commands applied to a
real `Game` (the pure-function forms are in test_advancements_rules.py)."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions, IllegalCommand
from engine.commands import BuildDevelopment, ChooseTile, PlaceWorker, PlayAgendaEffect, TakeAction
from engine.component_sets import components_for
from tests.helpers import build_under_first_technology, finish_setup, set_turn

PINK, BLUE, GREEN, YELLOW = 0, 1, 2, 3
STATIONS = ("station_bonuses",)


def station_game(players: int, variants: tuple[str, ...] = (), seed: int = 3,
                 comps_modules: tuple[str, ...] = STATIONS) -> Game:
    """A game at phase 2 of the first turn with an empty network, station 5 offering Build a
    Development, station 2 holding the Marketing Office (1 ad) and every tile grey."""
    opts = GameOptions(players=players, seed=seed, modules=STATIONS, variants=variants)
    g = finish_setup(Game.new(opts, components_for(comps_modules)))
    b = g.state.board
    b.connections = [[] for _ in range(6)]
    b.occupants = [None] * 6
    b.stations[4] = ["build_development", "build_development"]
    tiles = list(b.station_tiles)
    i = tiles.index("sb2")
    tiles[1], tiles[i] = tiles[i], tiles[1]
    b.station_tiles = tiles
    b.station_active = [stations_active(variants)] * 6
    for p in g.state.players:
        p.money, p.food = 20, 3
    return g


def stations_active(variants: tuple[str, ...]) -> bool:
    return "stations_active" in variants


def develop(g: Game, seat: int, connection: int) -> list:
    """`seat` places a worker on station 5 and builds a food development on `connection`."""
    g.state.board.occupants = [None] * 6
    g.state.players[seat].break_room = ["worker", "worker"]
    set_turn(g, seat)
    events = g.apply(PlaceWorker("worker", 5))
    events += g.apply(TakeAction(5, "build_development"))
    events += g.apply(BuildDevelopment("food", f"c{connection}", 0))  # type: ignore[arg-type]
    return events


def test_book_example_green_turns_the_tile_and_visitors_gain_an_ad_before_acting() -> None:
    g = station_game(3)
    b = g.state.board
    b.connections[0], b.connections[1] = [PINK], [PINK]
    events = develop(g, GREEN, 1)
    assert b.connections[0] == [PINK, GREEN]
    assert b.station_active == [False, True, False, False, False, False]
    line = next(e.text for e in events if "Station 2's bonus tile turns active: " in e.text)
    assert "Marketing Office (" in line
    assert line.endswith(").") and ".)" not in line  # the tile's sentence ends the line
    # From then on a worker placed on station 2 gains the ad before any action.
    green = g.state.players[GREEN]
    ads = green.ads
    set_turn(g, GREEN)
    g.apply(PlaceWorker("worker", 2))
    assert green.ads == ads + 1
    assert g.pending is not None and g.pending.kind == "action"


def test_in_a_four_player_game_the_fourth_development_turns_the_tile() -> None:
    g = station_game(4)
    b = g.state.board
    b.connections[0], b.connections[1] = [PINK], [PINK]
    develop(g, GREEN, 1)
    assert b.station_active[1] is False
    develop(g, BLUE, 2)
    assert b.station_active[1] is True


def test_book_example_an_agenda_card_needs_two_of_your_developments() -> None:
    g = station_game(3, ("stations_active",))
    b = g.state.board
    i = b.station_tiles.index("sb6")  # Planning Office: a card for 2 developments
    b.station_tiles[1], b.station_tiles[i] = b.station_tiles[i], b.station_tiles[1]
    b.connections[0], b.connections[1] = [PINK, GREEN], [PINK]
    green, pink = g.state.players[GREEN], g.state.players[PINK]
    hand = len(green.hand)
    set_turn(g, GREEN)
    g.apply(PlaceWorker("worker", 2))
    assert len(green.hand) == hand  # 1 development next to it: no card
    hand = len(pink.hand)
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 2))
    assert len(pink.hand) == hand + 1


def test_a_grey_tile_pays_nothing_and_the_variant_starts_every_tile_active() -> None:
    g = station_game(2)
    g.state.board.connections[0] = [PINK]
    ads = g.state.players[PINK].ads
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 2))
    assert g.state.players[PINK].ads == ads
    opts = GameOptions(players=2, seed=3, modules=STATIONS, variants=("stations_active",))
    assert Game.new(opts).state.board.station_active == [True] * 6


def test_a_resource_bonus_asks_which_resource_before_the_actions() -> None:
    g = station_game(2, ("stations_active",))
    b = g.state.board
    i = b.station_tiles.index("sb3")  # Logistics Office: 1 resource of choice each
    b.station_tiles[1], b.station_tiles[i] = b.station_tiles[i], b.station_tiles[1]
    b.connections[0], b.connections[1] = [PINK], [PINK]
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 2))
    assert g.pending is not None and g.pending.kind == "choose_resource"
    assert g.pending.left == 2  # type: ignore[union-attr]


def test_open_house_pays_a_chosen_active_tile_as_if_two_developments_were_next_to_it() -> None:
    g = station_game(2, ("stations_active",), comps_modules=(*STATIONS, "advancements"))
    b = g.state.board
    pink = g.state.players[PINK]
    pink.hand.append("adv04")
    b.agenda_deck.remove("adv04") if "adv04" in b.agenda_deck else None
    for where in (b.agenda_display, b.agenda_discard):
        if "adv04" in where:
            where[where.index("adv04")] = None if where is b.agenda_display else where.pop()
    set_turn(g, PINK)
    assert PlayAgendaEffect("adv04") in g.legal()
    g.apply(PlayAgendaEffect("adv04"))
    assert g.pending is not None and g.pending.kind == "open_house"
    assert set(g.legal()) >= {ChooseTile(t) for t in b.station_tiles}
    money = pink.money
    g.apply(ChooseTile("sb1"))  # Finance Office: 1 money each, as if 2 were next to it
    assert pink.money == money + 2
    with pytest.raises(IllegalCommand):
        g.apply(ChooseTile("sb1"))


def test_open_house_is_not_offered_while_every_tile_is_grey() -> None:
    g = station_game(2, comps_modules=(*STATIONS, "advancements"))
    g.state.players[PINK].hand.append("adv04")
    set_turn(g, PINK)
    assert PlayAgendaEffect("adv04") not in g.legal()


# --- 技術革新: other contents (module advancements) ------------------------------------------
from engine.commands import BuildSegment, ScheduleCruise  # noqa: E402
from engine.ctx import Ctx  # noqa: E402
from engine.errors import IllegalOptions  # noqa: E402
from engine.rules import cruises, technologies  # noqa: E402

ADV = ("advancements",)


def tower_game(players: int = 2, **kw) -> Game:  # noqa: ANN003
    """Phase 2 of Pink's first turn; station 5 offers Schedule a Cruise."""
    g = finish_setup(Game.new(GameOptions(players=players, seed=8, modules=ADV, **kw)))
    b = g.state.board
    b.stations[4] = ["schedule_cruise", "schedule_cruise"]
    b.occupants = [None] * 6
    set_turn(g, PINK)
    return g


def bottoms(g: Game, seat: int) -> list[str]:
    return cruises.bottom_ids(Ctx(g.state, g.comps), g.state.players[seat])


def test_upgrade_tokens_take_the_chosen_bottom_places_and_rachel_keeps_hers() -> None:
    g = tower_game()
    assert bottoms(g, PINK) == ["bottom0", "tt1", "tt2", "bottom3"]  # the default: ads, goods
    g = tower_game(tower_replace=(0, 3))
    assert bottoms(g, BLUE) == ["tt1", "bottom1", "bottom2", "tt2"]
    solo = Game.new(GameOptions(players=1, seed=8, modules=ADV, tower_replace=(0, 3)))
    assert bottoms(solo, 0) == ["tt1", "bottom1", "bottom2", "tt2"]
    assert bottoms(solo, 1) == ["bottom0", "bottom1", "bottom2", "bottom3"]  # Rachel


@pytest.mark.parametrize(("kw", "words"), [
    ({"tower_replace": (1, 2)}, "tower_replace is only used with module 'advancements'"),
    ({"modules": ADV, "tower_replace": (1, 1)}, "replace 2 different bottom"),
    ({"modules": ADV, "tower_replace": (0, 4)}, "replace 2 different bottom"),
])
def test_the_tables_choice_of_places_is_checked(kw: dict, words: str) -> None:
    with pytest.raises(IllegalOptions, match=words):
        Game.new(GameOptions(players=2, **kw))


def schedule(g: Game, place: str) -> None:
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "schedule_cruise"))
    space = next(c.space for c in g.legal() if isinstance(c, ScheduleCruise))
    g.apply(ScheduleCruise(space, place))


def test_investor_relations_gives_its_money_and_reputation_when_flipped() -> None:
    g = tower_game()
    pink = g.state.players[PINK]
    money, rep = pink.money, pink.reputation
    schedule(g, "bottom1")
    assert (pink.money, pink.reputation) == (money + 2, rep + 2)
    assert pink.tower_bottom[1] == "flipped"


def test_prefab_segment_builds_one_segment_at_3_off_without_using_an_action() -> None:
    g = tower_game()
    pink = g.state.players[PINK]
    bp = g.comps.blueprint(pink.blueprints[0])  # the starting blueprint
    pink.money = 10
    schedule(g, "bottom2")
    assert g.pending is not None and g.pending.kind == "prefab_segment"
    assert g.state.turn.actions_left == 1  # the schedule used one; the token uses none
    money = pink.money
    g.apply(BuildSegment(bp.id, 0))
    assert pink.money == money - max(0, bp.cost - 3)
    assert pink.ships[0].segments == [bp.id]
    assert g.pending is not None and g.pending.kind == "action"  # one segment, no more
    assert g.state.turn.actions_left == 1


def test_prefab_segment_is_not_offered_when_no_segment_could_be_built() -> None:
    g = tower_game()
    pink = g.state.players[PINK]
    pink.blueprints, pink.money = [], 0
    g.state.board.blueprint_display = [None] * len(g.state.board.blueprint_display)
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "schedule_cruise"))
    places = {c.token for c in g.legal() if isinstance(c, ScheduleCruise)}
    assert "bottom2" not in places and "bottom1" in places
    # QA s53 Q3: the token is not offered, and the bar says why, as for any missing option.
    from engine.view import view

    assert [(m.label, m.reason) for m in view(g).missing()] == [
        ("flip bottom token: Prefab Segment: a segment at 3 money off",
         "its segment cannot be built now: needs a blueprint")]


def test_a_prefab_segment_no_blueprint_can_pair_says_the_half_cabin_needed() -> None:
    # QA s53 Q3 with cabin pairing: blueprints on show, money enough, but every one of them
    # ½L or ½R beside a ship of ½C halves.
    from engine.view import view

    g = finish_setup(Game.new(GameOptions(players=2, seed=8, modules=(*ADV, "cabin_pairing")),
                              components_for((*ADV, "cabin_pairing"))))
    b = g.state.board
    b.stations[4] = ["schedule_cruise", "schedule_cruise"]
    b.occupants = [None] * 6
    set_turn(g, PINK)
    pink = g.state.players[PINK]
    pink.blueprints, pink.money = [], 10
    c = g.comps
    pink.ships[0].segments = [x for x in b.blueprint_deck if c.cabin(x) == "centre"][:2]
    b.blueprint_display = [x for x in b.blueprint_deck if c.cabin(x) == "left"][:5]
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "schedule_cruise"))
    assert "bottom2" not in {c.token for c in g.legal() if isinstance(c, ScheduleCruise)}
    assert [m.reason for m in view(g).missing()] == [
        "its segment cannot be built now: no blueprint you hold or on display completes a "
        "cabin on a ship at home (½C needed)"]


def test_its_cards_experts_engine_join_and_module_cards_need_their_module() -> None:
    alone = components_for(ADV)
    cards = {c.id for c in alone.agenda_cards}
    assert {"adv05", "adv06"} <= cards and not {"adv01", "adv02", "adv03", "adv04"} & cards
    assert {"ex7", "ex8"} <= {e.id for e in alone.expert_tiles}
    assert "en20" in {e.id for e in alone.engines}
    assert "ck20" not in {c.id for c in alone.cockpits}  # only with cabin pairing
    both = components_for((*STATIONS, *ADV))
    assert "adv04" in {c.id for c in both.agenda_cards}


# --- 上級技術 Advanced Technologies ---------------------------------------------------------
from test_rules_cards import scheduled  # noqa: E402

from engine.commands import BoardGuest, Done, Launch, UseTechnology  # noqa: E402

TECH = ("advanced_technologies",)


def tech_table(variants: tuple[str, ...] = (), modules: tuple[str, ...] = TECH) -> Game:
    """A 4-player game after setup, empty network; Fusion Injector (1 fuel off at launch) in
    slot 1, developed by Yellow only, its marker on the first space."""
    g = finish_setup(Game.new(GameOptions(players=4, seed=7, modules=modules,
                                          variants=variants)))
    b = g.state.board
    b.occupants = [None] * 6
    b.connections = [[] for _ in range(6)]
    b.tech_owners = [[] for _ in b.technologies]
    if "te03" in b.technologies:
        i = b.technologies.index("te03")
        b.technologies[i], b.tech_markers[i] = b.technologies[0], b.tech_markers[0]
    b.technologies[0], b.tech_owners[0], b.tech_markers[0] = "te03", [YELLOW], 0
    for p in g.state.players:
        p.hand, p.break_room = [], ["worker", "worker"]
    return g


def launch(g: Game, seat: int) -> None:
    """`seat` launches a 3-segment ship on a cruise needing 3 fuel, one teal guest aboard."""
    p = g.state.players[seat]
    p.ships[0].cruise = None
    scheduled(g, p, fuel=3, presold=["teal"])
    g.state.turn.seat = seat
    if g.pending is None or g.pending.kind != "phase2":
        set_turn(g, seat)
    g.apply(Launch(0))
    g.apply(BoardGuest("teal", -1))
    g.apply(Done())
    g.apply(Done())


def test_book_example_yellow_uses_the_fusion_injector_and_its_marker_passes_a_money_icon() -> None:
    g = tech_table()
    yellow = g.state.players[YELLOW]
    set_turn(g, YELLOW)
    launch(g, YELLOW)
    assert yellow.fuel == 5 - 2  # 3 fuel, 1 off
    assert g.state.board.tech_markers[0] == 1


def test_book_example_blue_at_reputation_17_pays_yellow_2_then_the_tile_is_enhanced() -> None:
    g = tech_table()
    b = g.state.board
    b.tech_markers[0] = 2  # Yellow used it in two earlier turns: two money icons passed
    blue, yellow = g.state.players[BLUE], g.state.players[YELLOW]
    blue.reputation = 17
    set_turn(g, BLUE)
    assert UseTechnology(1) in g.legal()
    money_b, money_y = blue.money, yellow.money
    g.apply(UseTechnology(1))
    assert (blue.money, yellow.money) == (money_b - 2, money_y + 2)  # fee 0, then 2 icons
    launch(g, BLUE)
    assert blue.fuel == 5 - 2  # 1 fuel off
    assert b.tech_markers[0] == 3  # the last space: enhanced, 2 fuel off from now on
    set_turn(g, YELLOW)
    launch(g, YELLOW)
    assert yellow.fuel == 5 - 1


def test_the_marker_moves_once_a_turn_and_a_development_under_it_costs_the_surcharge() -> None:
    g = tech_table()
    b = g.state.board
    yellow = g.state.players[YELLOW]
    set_turn(g, YELLOW)
    g.state.turn.tech_moved = [0]  # it moved earlier this turn (a Prototype Run)
    launch(g, YELLOW)
    assert b.tech_markers[0] == 0 and yellow.fuel == 5 - 2
    set_turn(g, YELLOW)
    yellow.ships[0].cruise = None
    launch(g, YELLOW)
    assert b.tech_markers[0] == 1
    # Green builds under it: the row's cost as usual, plus 1 money for the icon passed.
    cost = build_under_first_technology(g, GREEN)
    assert g.state.players[GREEN].money == 20 - cost - 1


def test_the_variant_starts_every_marker_on_its_last_space() -> None:
    g = Game.new(GameOptions(players=2, seed=3, modules=TECH, variants=("technologies_enhanced",)))
    techs = [g.comps.advanced(t) for t in g.state.board.technologies]
    assert g.state.board.tech_markers == [t.spaces - 1 for t in techs]  # type: ignore[union-attr]


def give_card(g: Game, seat: int, card: str) -> None:
    b = g.state.board
    for pile in (b.agenda_deck, b.agenda_discard, *(p.hand for p in g.state.players)):
        if card in pile:
            pile.remove(card)
    if card in b.agenda_display:
        b.agenda_display[b.agenda_display.index(card)] = None
    g.state.players[seat].hand.append(card)


def test_prototype_run_moves_a_chosen_marker_as_that_turns_move() -> None:
    g = tech_table(modules=(*TECH, *ADV))
    give_card(g, PINK, "adv01")
    set_turn(g, PINK)
    g.apply(PlayAgendaEffect("adv01"))
    assert g.pending is not None and g.pending.kind == "prototype_run"
    assert [c for c in g.legal() if isinstance(c, ChooseTile)] == [ChooseTile("te03")]
    g.apply(ChooseTile("te03"))
    assert g.state.board.tech_markers[0] == 1 and g.state.turn.tech_moved == [0]
    give_card(g, PINK, "adv01")
    assert PlayAgendaEffect("adv01") not in g.legal()  # it has moved this turn


def test_patent_pool_waives_the_surcharge_for_the_turn() -> None:
    g = tech_table(modules=(*TECH, *ADV))
    g.state.board.tech_markers[0] = 2
    blue = g.state.players[BLUE]
    blue.reputation = 17
    give_card(g, BLUE, "adv02")
    set_turn(g, BLUE)
    g.apply(PlayAgendaEffect("adv02"))
    # Fee 0 at reputation 17, no surcharge: nothing to pay, so (rules 2) nothing to turn on.
    assert UseTechnology(1) not in g.legal()
    assert technologies.usable(Ctx(g.state, g.comps), blue, 0)
    g.state.rules = 1  # a game begun under rules 1 turned it on, for 0 money
    g._legal_cache = None
    money = blue.money
    g.apply(UseTechnology(1))
    assert blue.money == money


def test_rachel_moves_the_least_advanced_invented_marker_with_each_cube() -> None:
    from engine.rules import progress

    g = Game.new(GameOptions(players=1, seed=4, modules=TECH))
    b = g.state.board
    b.tech_owners = [[0], [0], [], [0]]
    b.tech_markers = [2, 1, 0, 1]
    ctx = Ctx(g.state, g.comps)
    progress.place_cube(ctx, 1, "a launch")  # Rachel's seat
    assert b.tech_markers[2] == 0  # not invented: never moved
    assert sorted(b.tech_markers) == [0, 1, 2, 2] and b.tech_markers[0] == 2
    assert g.state.turn.tech_rachel == 1
    progress.place_cube(ctx, 0, "a launch")  # yours: no move
    assert sorted(b.tech_markers) == [0, 1, 2, 2]


# --- 客室斡旋 Cabin Pairing ------------------------------------------------------------------
from engine.rules import ships as ship_rules  # noqa: E402

PAIR = ("cabin_pairing",)


def pair_table(modules: tuple[str, ...] = PAIR) -> Game:
    """Pink at Build Ship Segments (station 5) with plenty of money and no blueprints."""
    g = finish_setup(Game.new(GameOptions(players=2, seed=9, modules=modules)))
    b = g.state.board
    b.occupants = [None] * 6
    b.stations[4] = ["build_segments", "build_segments"]
    pink = g.state.players[PINK]
    pink.money, pink.blueprints, pink.hand = 30, [], []
    return g


def with_half(g: Game, half: str, n: int, skip: tuple[str, ...] = ()) -> list[str]:
    """n paired blueprints showing `half`, taken out of the deck and displays."""
    b = g.state.board
    out = [x.id for x in g.comps.blueprints if g.comps.cabin(x.id) == half
           and x.id not in skip and x.id in b.blueprint_deck][:n]
    for x in out:
        b.blueprint_deck.remove(x)
    return out


def test_book_example_a_segment_goes_only_where_its_half_completes_a_cabin() -> None:
    g = pair_table()
    pink = g.state.players[PINK]
    ship = pink.ships[0]
    first, second = with_half(g, "left", 2)
    [wrong] = with_half(g, "right", 1)
    ship.segments = [first]
    pink.blueprints = [second, wrong]
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "build_segments"))
    builds = {c for c in g.legal() if isinstance(c, BuildSegment) and c.ship == 0}
    # 組み込み可能: above it or below it. 組み込み不可: a right half meets a left one.
    assert {c for c in builds if c.blueprint == second} == {BuildSegment(second, 0, 0),
                                                             BuildSegment(second, 0, 1)}
    assert not {c for c in builds if c.blueprint == wrong}
    g.apply(BuildSegment(second, 0, 0))
    assert ship.segments == [second, first]
    assert ship_rules.cabins(ship, Ctx(g.state, g.comps), pink) == 1


def test_the_first_segment_of_a_ship_goes_in_whatever_its_half() -> None:
    g = pair_table()
    pink = g.state.players[PINK]
    [bp] = with_half(g, "centre", 1)
    pink.blueprints = [bp]
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "build_segments"))
    assert BuildSegment(bp, 0, 0) in g.legal()


def perfect_fit_played() -> tuple[Game, str]:
    """Pink building segments with Perfect Fit played, a ship of two left halves and a third
    left half in hand: built between them it completes two cabins at once."""
    g = pair_table((*PAIR, *ADV))
    pink = g.state.players[PINK]
    a, b2, mid = with_half(g, "left", 3)
    pink.ships[0].segments = [a, b2]
    pink.blueprints = [mid]
    give_card(g, PINK, "adv03")
    set_turn(g, PINK)
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "build_segments"))
    g.apply(PlayAgendaEffect("adv03"))
    return g, mid


def test_perfect_fit_takes_2_off_a_segment_that_completes_two_cabins() -> None:
    g, mid = perfect_fit_played()
    pink = g.state.players[PINK]
    money = pink.money
    g.apply(BuildSegment(mid, 0, 1))  # between two left halves: two cabins at once
    assert pink.money == money - max(0, g.comps.blueprint(mid).cost - 2)
    assert ship_rules.cabins(pink.ships[0], Ctx(g.state, g.comps), pink) == 2


def test_perfect_fit_counts_when_listing_what_a_player_can_afford() -> None:
    g, mid = perfect_fit_played()
    pink = g.state.players[PINK]
    cost = g.comps.blueprint(mid).cost
    assert cost >= 2
    pink.money = cost - 2  # enough only where the segment completes two cabins
    options = [c for c in g.legal() if isinstance(c, BuildSegment)]
    assert options == [BuildSegment(mid, 0, 1)]
    g.apply(BuildSegment(mid, 0, 1))
    assert pink.money == 0


def test_rachel_ignores_pairing_and_keeps_the_base_count_of_cabins() -> None:
    g = Game.new(GameOptions(players=1, seed=9, modules=PAIR))
    rachel = g.state.players[1]
    left, right = with_half(g, "left", 1), with_half(g, "right", 1)
    rachel.ships[0].segments = [*left, *right]
    ctx = Ctx(g.state, g.comps)
    assert ship_rules.cabins(rachel.ships[0], ctx, rachel) == 1
    assert ship_rules.spots(ctx, rachel, rachel.ships[0], left[0]) == [-1]
    you = g.state.players[0]
    you.ships[0].segments = [*left, *right]  # never built so: half-built
    assert ship_rules.cabins(you.ships[0], ctx, you) == 0


def test_cabin_pairing_is_refused_with_the_specialised_blueprints() -> None:
    from engine.modules import MODULES

    assert MODULES["cabin_pairing"].incompatible == ("specialised_blueprints",)


def test_the_tile_choices_read_in_words() -> None:
    from engine.describe import describe

    g = tech_table(modules=(*TECH, *ADV))
    give_card(g, PINK, "adv01")
    set_turn(g, PINK)
    g.apply(PlayAgendaEffect("adv01"))
    assert describe(g, ChooseTile("te03")) == "Advance the Fusion Injector marker (space 1 to 2)"
    s = station_game(2, ("stations_active",))
    assert describe(s, ChooseTile("sb2")).startswith("Take the bonus of station 2's Marketing")


def test_a_paired_blueprint_reads_with_its_half_cabin() -> None:
    from engine.describe import blueprint_text

    g = pair_table()
    [bp] = with_half(g, "centre", 1)
    assert ", ½C, " in blueprint_text(g, bp)
    base = Game.new(GameOptions(players=2, seed=3))
    assert "½" not in blueprint_text(base, base.state.board.blueprint_display[0] or "")


def test_bots_price_developments_by_the_station_visits_they_will_pay_for() -> None:
    from engine.modules.station_bonuses import bot
    from engine.modules.station_bonuses.rules import connections_of

    g = station_game(2)
    b = g.state.board
    ctx = Ctx(g.state, g.comps)
    pink = g.state.players[PINK]
    assert bot.value(ctx, pink, 0.0) == 0.0
    a, c = connections_of(2)  # the Marketing Office's station: 1 ad a development
    b.connections[a - 1] = [PINK]
    grey = bot.value(ctx, pink, 0.0)
    b.station_active[1] = True
    one = bot.value(ctx, pink, 0.0)
    b.connections[c - 1] = [PINK]
    assert 0 < grey < one < bot.value(ctx, pink, 0.0)
    assert bot.value(ctx, pink, 1.0) == 0.0  # nothing left to visit at the game's end


def test_a_game_saved_with_the_first_station_tiles_loads_and_plays_as_it_did() -> None:
    """The Boardroom and the Press Office paid for each development in the module's first
    data edition; a game saved then is rebuilt with that edition (editions/1)."""
    from pathlib import Path

    from saves.reader import read_game_file
    from saves.session import Session

    path = Path(__file__).parent / "data" / "station-edition1.json"
    gf = read_game_file(path)
    session = Session.from_file(gf, None)
    assert session.game.comps.data_hash == gf.data_hash == "1254d2691909adae684b5dcccf5d885c"
    assert session.game.state_hash() == "0bdeb60a1ea9b1185dd1af95da56854e"
    assert session.length == 300
    boardroom = session.game.comps.station_bonus("sb4")
    assert boardroom.per == 1
    now = components_for(STATIONS)
    assert now.data_hash != gf.data_hash and now.station_bonus("sb4").per == 2

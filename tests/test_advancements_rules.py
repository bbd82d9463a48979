"""『技術革新』 (Advancements): the pure rules of its modules, with the book's examples and numbers
(拡張セット『技術革新』: the cabin pairing example, Yellow and Blue's technology, Green and Pink's
station bonus tiles)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.component_sets import components_for
from engine.components import Gain
from engine.modules.advanced_technologies import rules as tech
from engine.modules.advancements import rules as adv
from engine.modules.cabin_pairing import rules as pairing
from engine.modules.station_bonuses import rules as stations
from engine.rules.economy import fee

POS = ("left", "centre", "right")


# --- 《客室斡旋》 Cabin Pairing --------------------------------------------------------------
def test_book_example_halves_that_meet_make_a_cabin_and_others_do_not() -> None:
    # 組み込み可能: the halves meet and complete one cabin. 組み込み不可: the halves do not match.
    ship = ["left"]
    assert pairing.build_spots(None, ship, "left") == [0, 1]  # above it or below it
    assert pairing.cabins(None, pairing.build(None, ship, "left", 1)) == 1
    assert pairing.build_spots(None, ship, "right") == []
    with pytest.raises(ValueError, match="a right half cabin cannot go at place 1: it would "
                                         "meet a left half there"):
        pairing.build(None, ship, "right", 1)


def test_a_segment_may_go_between_two_and_then_completes_two_cabins() -> None:
    ship = ["centre", "centre"]
    assert pairing.build_spots(None, ship, "centre") == [0, 1, 2]
    assert pairing.cabins_completed(None, ship, "centre", 1) == 2
    assert pairing.cabins_completed(None, ship, "centre", 2) == 1
    assert pairing.cabins(None, pairing.build(None, ship, "centre", 1)) == 2


def test_cockpit_and_engine_form_no_cabin_so_a_first_segment_goes_in_freely() -> None:
    for pos in POS:
        assert pairing.build_spots(None, [], pos) == [0]
        assert pairing.cabins(None, [pos]) == 0
    # [ours] the expansion's cockpit shows a half: the segment beside it must match it.
    assert pairing.build_spots("centre", [], "centre") == [0]
    assert pairing.build_spots("centre", [], "left") == []
    assert pairing.build_spots("centre", ["centre"], "centre") == [0, 1]
    assert pairing.cabins("centre", ["centre", "centre"]) == 2


def test_rachel_ignores_pairing_and_keeps_the_base_cabins() -> None:
    mixed = ["left", "right", "centre"]
    assert pairing.half_built(None, mixed) == [0, 1]
    assert pairing.ship_cabins(None, mixed, paired=False) == 2
    assert pairing.ship_cabins(None, mixed, paired=True) == 0


@given(st.sampled_from((None, "centre")),
       st.lists(st.tuples(st.sampled_from(POS), st.integers(0, 4)), max_size=12))
def test_building_by_the_rules_never_leaves_a_cabin_half_built(
        cockpit: str | None, tries: list[tuple[str, int]]) -> None:
    ship: list[str] = []
    for new, pick in tries:
        spots = pairing.build_spots(cockpit, ship, new)
        if len(ship) >= 4 or not spots:
            continue
        ship = pairing.build(cockpit, ship, new, spots[pick % len(spots)])
        assert pairing.never_half_built(cockpit, ship)
        assert pairing.cabins(cockpit, ship) == len(ship) - (cockpit is None)


def test_paired_blueprints_carry_their_half_into_the_rules() -> None:
    c = components_for(("cabin_pairing",))
    lefts = [b.id for b in c.blueprints if c.cabin(b.id) == "left"][:3]
    ship: list[str] = []
    for bp in lefts:
        ship = pairing.build(None, ship, c.cabin(bp), len(ship))  # type: ignore[arg-type]
    assert pairing.cabins(None, ship) == 2


# --- 《上級技術》 Advanced Technologies ---------------------------------------------------------
def fusion_injector() -> tech.AdvancedTechnology:
    t = components_for(("advanced_technologies",)).advanced("te03")
    assert t is not None and t.name == "Fusion Injector"
    return t


def test_book_example_yellow_uses_it_and_the_marker_passes_a_money_icon() -> None:
    fi = fusion_injector()
    assert tech.effect(fi, 0).kind == "launch_fuel_discount" and tech.effect(fi, 0).amount == 1
    # Yellow used the technology in her turn: at the end of that action the marker moves.
    markers, moved = tech.end_of_action([fi], [0], used=[0], moved=[])
    assert markers == [1] and moved == [0]
    # From then on a development under it costs 1 money more (a 6 stays payable in fuel or
    # money; the extra 1 is money) ...
    assert tech.development_cost(6, fi, 0) == (6, 0)
    assert tech.development_cost(6, fi, 1) == (6, 1)
    # ... and so does using it without a development there (reputation 3: 2 money, now 3).
    assert tech.fee_each(fee(3), fi, 0) == 2
    assert tech.fee_each(fee(3), fi, 1) == 3


def test_book_example_blue_at_reputation_17_pays_yellow_2_then_the_tile_gives_2_fuel_off() -> None:
    fi = fusion_injector()
    marker = 2  # used again in a later turn: two money icons passed
    assert tech.surcharge(fi, marker) == 2
    # Blue has no development under it and reputation 17: the fee after that discount is 0,
    # then the icons passed add theirs: Blue pays Yellow 2.
    assert fee(17) == 0
    assert tech.fee_each(fee(17), fi, marker) == 2
    # Blue's use takes 1 fuel off and moves the marker to the last space: enhanced.
    assert tech.effect(fi, marker).amount == 1
    [marker], _ = tech.end_of_action([fi], [marker], used=[0], moved=[])
    assert marker == tech.last(fi) == 3
    assert tech.enhanced(fi, marker)
    assert tech.effect(fi, marker).amount == 2


def test_the_marker_moves_at_most_once_a_turn_and_never_past_the_end() -> None:
    fi = fusion_injector()
    markers, moved = tech.end_of_action([fi], [0], used=[0, 0], moved=[])
    assert markers == [1]
    markers, moved = tech.end_of_action([fi], markers, used=[0], moved=moved)
    assert markers == [1] and moved == [0]  # a second action in the same turn
    assert tech.advance(fi, 3, moved_this_turn=False) == 3


def test_the_surcharge_comes_after_every_discount() -> None:
    fi = fusion_injector()
    # A development at 4 money off (launch-tower token) from a cost of 4: 0, then +2 money.
    assert tech.development_cost(4 - 4, fi, 2) == (0, 2)
    # An expert or card that waives the fee still leaves the surcharge.
    assert tech.fee_each(0, fi, 2) == 2
    # Patent Pool (adv02) waives the surcharges.
    assert tech.fee_each(1, fi, 2, surcharge_free=True) == 1
    assert tech.development_cost(6, fi, 2, surcharge_free=True) == (6, 0)


def test_variant_every_technology_enhanced_from_the_start() -> None:
    for t in components_for(("advanced_technologies",)).technologies:
        m = tech.start(t, all_enhanced=True)  # type: ignore[arg-type]
        assert tech.enhanced(t, m) and tech.surcharge(t, m) == len(t.money)  # type: ignore[arg-type]
        assert tech.start(t) == 0 and tech.surcharge(t, 0) == 0  # type: ignore[arg-type]


def test_rachel_moves_the_least_advanced_invented_marker_ties_by_her_numbers() -> None:
    techs = list(components_for(("advanced_technologies",)).technologies[:4])
    markers = [1, 0, 0, 2]
    invented = [True, True, True, True]
    # Tied at 0: slots 1 and 2 (tiles 2 and 3). Her first number 3 names tile 3.
    assert tech.rachel_target(techs, markers, invented, first=3, second=1) == 2  # type: ignore[arg-type]
    # First number 1 names tile 1, not tied: on to the right, tile 2.
    assert tech.rachel_target(techs, markers, invented, first=1, second=4) == 1  # type: ignore[arg-type]
    # First number 6 names no tile: the second number, 3.
    assert tech.rachel_target(techs, markers, invented, first=6, second=3) == 2  # type: ignore[arg-type]
    # Only invented technologies count; none, or all on their last space: nothing moves.
    assert tech.rachel_target(techs, markers, [True, False, False, True], 3, 1) == 0  # type: ignore[arg-type]
    assert tech.rachel_target(techs, markers, [False] * 4, 3, 1) is None  # type: ignore[arg-type]
    ends = [tech.last(t) for t in techs]  # type: ignore[arg-type]
    assert tech.rachel_target(techs, ends, invented, 3, 1) is None  # type: ignore[arg-type]


# --- 区画ボーナス・タイル Station Bonus Tiles -------------------------------------------------
PINK, BLUE, GREEN = 0, 1, 2


def tile(kind: str) -> stations.StationBonusTile:
    return next(t for t in components_for(("station_bonuses",)).station_bonus_tiles
                if t.kind == kind)


def test_book_example_green_turns_the_tile_with_the_third_development() -> None:
    station = 2  # between connections 1 and 2
    assert stations.connections_of(station) == (1, 2)
    conns: list[list[int]] = [[PINK], [PINK], [], [], [], []]
    active = stations.start_active()
    assert stations.newly_active(conns, active, players=3) == []
    conns[0].append(GREEN)  # Green places the development the example shows
    assert stations.adjacent(conns, station) == 3
    assert stations.newly_active(conns, active, players=3) == [station]
    # Anyone placing a worker there now gains an ad before acting: Green has 1 development
    # next to it.
    assert stations.bonus(tile("ad"), stations.own_adjacent(conns, station, GREEN)) == Gain(ads=1)
    # In a 4-player game the third development is not enough.
    assert stations.newly_active(conns, active, players=4) == []
    conns[1].append(BLUE)
    assert stations.newly_active(conns, active, players=4) == [station]


def test_book_example_an_agenda_card_needs_two_of_your_developments() -> None:
    station = 2
    conns: list[list[int]] = [[PINK, GREEN], [PINK], [], [], [], []]
    card = tile("agenda")
    # Green has 1 development next to the station: no card. Pink has 2: one card.
    assert stations.own_adjacent(conns, station, GREEN) == 1
    assert stations.bonus(card, 1) == Gain()
    assert stations.own_adjacent(conns, station, PINK) == 2
    assert stations.bonus(card, 2) == Gain(agenda=1)


def test_bonuses_scale_with_own_developments_and_rachel_takes_vp_for_goods() -> None:
    assert stations.bonus(tile("money"), 2) == Gain(money=2)
    assert stations.bonus(tile("resource"), 0) == Gain()
    for kind in ("money", "ad", "resource"):
        assert stations.rachel_bonus(tile(kind), 2) == Gain(vp=2)
    # VP and reputation come 1 for 2 developments (edition 2 of the stand-ins)
    assert stations.rachel_bonus(tile("reputation"), 2) == Gain(reputation=1)
    assert stations.rachel_bonus(tile("vp"), 1) == Gain()
    assert stations.rachel_bonus(tile("vp"), 2) == Gain(vp=1)
    assert stations.rachel_bonus(tile("agenda"), 2) == Gain(agenda=1)


def test_variant_every_tile_active_from_the_start() -> None:
    assert stations.start_active(all_active=True) == [True] * 6
    assert stations.newly_active([[]] * 6, [True] * 6, players=2) == []


# --- the contents and the options ---------------------------------------------------------
def test_variants_need_their_module() -> None:
    assert adv.variant_problems(("station_bonuses",), ("stations_active",)) == []
    assert adv.variant_problems((), ("technologies_enhanced",)) == [
        "variant 'technologies_enhanced' needs module 'advanced_technologies'"]
    assert adv.variant_problems(("station_bonuses",), ("nope",)) == [
        "no variant 'nope' (there are: stations_active, technologies_enhanced)"]


def test_upgrade_tokens_replace_two_bottom_tokens_the_same_for_all_but_rachel() -> None:
    tokens = [t.id for t in components_for(("advancements",)).tower_tokens]
    assert adv.tower_bottom((0, 3), tokens) == ["tt1", "bottom1", "bottom2", "tt2"]
    assert adv.tower_bottom(adv.DEFAULT_REPLACED, tokens) == ["bottom0", "tt1", "tt2", "bottom3"]
    assert adv.tower_bottom((0, 3), tokens, rachel=True) == list(adv.BASE_BOTTOM)
    assert adv.tower_problems((1, 1)) and adv.tower_problems((0, 4))
    with pytest.raises(ValueError, match="replace 2 different bottom launch-tower tokens"):
        adv.tower_bottom((2,), tokens)


def test_invariants_for_the_fuzzer() -> None:
    fi = fusion_injector()
    assert tech.marker_problems([fi, fi], [0, 1], [1, 1]) == []
    assert tech.marker_problems([fi], [2], [1]) == [
        "the Fusion Injector marker moved left (2 to 1)"]
    assert tech.marker_problems([fi], [0], [2]) == [
        "the Fusion Injector marker moved 2 spaces in one turn"]
    assert tech.marker_problems([fi], [0], [2], rachel_cubes=1) == []
    conns: list[list[int]] = [[PINK, GREEN], [PINK], [], [], [], []]
    active = [False, True, False, False, False, False]
    assert stations.tile_problems(conns, active, players=3) == []
    assert stations.tile_problems(conns, active, players=4) == [
        "station 2's bonus tile is active with 3 developments next to it (turns at 4)"]
    assert stations.tile_problems(conns, [True] * 6, players=2, all_active=True) == []

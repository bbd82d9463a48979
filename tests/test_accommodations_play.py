"""『快適空間』's other contents in play (module accommodations): its upgrade tokens on the
launch tower (alone and beside 『技術革新』's), its technologies' +1 money icon on fees and
developments, with and without 《上級技術》."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions
from engine.commands import PlaceWorker, ScheduleCruise, TakeAction
from engine.component_sets import components_for
from engine.ctx import Ctx
from engine.errors import IllegalOptions
from engine.rules import cruises, network, technologies
from tests.helpers import build_under_first_technology, finish_setup, set_turn

ACC = ("accommodations",)
PINK, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def game(players: int = 2, modules: tuple[str, ...] = ACC, **kw) -> Game:  # noqa: ANN003
    return finish_setup(Game.new(GameOptions(players=players, seed=8, modules=modules, **kw),
                                 components_for(modules)))


def bottoms(g: Game, seat: int) -> list[str]:
    return cruises.bottom_ids(Ctx(g.state, g.comps), g.state.players[seat])


def test_its_tokens_take_two_bottom_places_and_rachel_keeps_hers() -> None:
    assert bottoms(game(), PINK) == ["bottom0", "tt3", "tt4", "bottom3"]
    assert bottoms(game(tower_replace=(0, 3)), BLUE) == ["tt3", "bottom1", "bottom2", "tt4"]
    solo = game(players=1)
    assert bottoms(solo, 0) == ["bottom0", "tt3", "tt4", "bottom3"]
    assert bottoms(solo, 1) == ["bottom0", "bottom1", "bottom2", "bottom3"]  # Rachel


def test_with_both_expansions_the_four_bottom_tokens_are_theirs() -> None:
    both = ("advancements", "accommodations")
    assert bottoms(game(modules=both), PINK) == ["tt3", "tt1", "tt2", "tt4"]
    assert bottoms(game(modules=both[::-1]), PINK) == ["tt3", "tt1", "tt2", "tt4"]
    g = game(modules=both, tower_replace=(0, 1, 2, 3))
    assert bottoms(g, PINK) == ["tt1", "tt2", "tt3", "tt4"]
    g = game(modules=both, tower_replace=(0, 3))
    assert bottoms(g, PINK) == ["tt1", "tt3", "tt4", "tt2"]  # the two places left


@pytest.mark.parametrize(("kw", "words"), [
    ({"tower_replace": (1, 2)}, "tower_replace is only used with module 'advancements' or "
                                "'accommodations'"),
    ({"modules": ACC, "tower_replace": (2, 2)}, "replace 2 different bottom"),
    ({"modules": ACC, "tower_replace": (0, 1, 2, 3)}, "replace 2 different bottom"),
    ({"modules": ("advancements", *ACC), "tower_replace": (0, 1, 1, 2)}, "cannot replace the "
                                                                         "same bottom"),
    ({"modules": ("advancements", *ACC), "tower_replace": (0, 1, 2)}, "with both expansions 4"),
])
def test_the_tables_choice_is_checked(kw: dict, words: str) -> None:
    with pytest.raises(IllegalOptions, match=words):
        GameOptions(players=2, **kw).validate()


def test_five_star_review_gives_its_vp_and_reputation_when_flipped() -> None:
    g = game()
    b = g.state.board
    b.stations[4] = ["schedule_cruise", "schedule_cruise"]
    b.occupants = [None] * 6
    set_turn(g, PINK)
    pink = g.state.players[PINK]
    vp, rep = pink.vp, pink.reputation
    g.apply(PlaceWorker("worker", 5))
    g.apply(TakeAction(5, "schedule_cruise"))
    space = next(c.space for c in g.legal() if isinstance(c, ScheduleCruise))
    g.apply(ScheduleCruise(space, "bottom2"))  # tt4, Five-Star Review: 2 VP, 2 reputation
    assert (pink.vp, pink.reputation) == (vp + 2, rep + 2)
    assert pink.tower_bottom[2] == "flipped"


def tech_table(modules: tuple[str, ...] = ACC) -> Game:
    """4 players; Convertible Suites (te09, +1 money icon) in slot 1, developed by Yellow."""
    g = game(players=4, modules=modules)
    b = g.state.board
    b.occupants = [None] * 6
    b.connections = [[] for _ in range(6)]
    b.tech_owners = [[] for _ in b.technologies]
    if "te09" in b.technologies:
        i = b.technologies.index("te09")
        b.technologies[i] = b.technologies[0]
    b.technologies[0], b.tech_owners[0] = "te09", [YELLOW]
    for p in g.state.players:
        p.hand, p.break_room = [], ["worker", "worker"]
    return g


@pytest.mark.parametrize("modules", [ACC, ("advanced_technologies", *ACC)])
def test_the_icon_adds_1_money_to_each_fee_after_reputation(modules: tuple[str, ...]) -> None:
    g = tech_table(modules)
    ctx = Ctx(g.state, g.comps)
    blue = g.state.players[BLUE]
    assert g.comps.surcharge("te09") == 1
    blue.reputation = 17  # no fee by reputation: the icon's 1 money is still due
    assert network.fee_at(ctx, blue, "t1") == 1
    blue.reputation = 0
    assert network.fee_at(ctx, blue, "t1") == network.fee_each(ctx, blue) + 1
    other = next(i for i, t in enumerate(g.state.board.technologies) if t != "te09"
                 and g.comps.surcharge(t) == 0)
    track = technologies.surcharge(ctx, other)  # 上級技術's, at its marker; 0 without
    assert track == 0 or "advanced_technologies" in modules
    assert network.fee_at(ctx, blue, f"t{other + 1}") == network.fee_each(ctx, blue) + track


def test_patent_pool_waives_the_track_surcharge_not_the_printed_icon() -> None:
    g = tech_table(("advanced_technologies", "advancements", *ACC))
    ctx = Ctx(g.state, g.comps)
    blue = g.state.players[BLUE]
    blue.reputation = 17
    g.state.board.tech_markers[0] = 2  # past the track's money icon
    assert network.fee_at(ctx, blue, "t1") == 2
    g.state.turn.surcharge_free = True
    assert network.fee_at(ctx, blue, "t1") == 1


def test_a_development_under_it_costs_1_money_more() -> None:
    g = tech_table()
    cost = build_under_first_technology(g, GREEN)
    assert g.state.players[GREEN].money == 20 - cost - 1


def test_both_technologies_join_the_pool() -> None:
    c = components_for(ACC)
    assert {"te09", "te10"} <= {t.id for t in c.technologies}
    assert c.technology("te10").effect.kind == "tour_bonus_vp"


def test_the_hospitality_manager_pays_when_an_expert_is_placed() -> None:
    g = game()
    b = g.state.board
    b.expert_tile, b.occupants = "ex10", [None] * 6
    pink = g.state.players[PINK]
    pink.break_room, pink.experts = ["worker", "worker", "expert_left"], ["expert_right"]
    set_turn(g, PINK)
    ads, rep = pink.ads, pink.reputation
    g.apply(PlaceWorker("expert_left", 3))
    assert (pink.ads, pink.reputation) == (ads + 1, rep + 1)
    assert g.comps.expert_tile("ex9").ability.kind == "blueprint_extra"

"""《専門設計図》 (Specialised Blueprints) in play: the book's Yellow example and the module's
rules carried out by commands applied to a real `Game` (the pure forms are in
test_accommodations_rules.py)."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions, IllegalCommand
from engine.commands import BuildSegment, Done, PlayAgendaEffect
from engine.component_sets import components_for
from engine.ctx import Ctx
from engine.errors import IllegalOptions
from engine.modules.specialised_blueprints.commands import PlaceGuest
from engine.rules import ships
from engine.rules.rachel import travel as rtravel
from engine.state import Ship
from tests.helpers import finish_setup, start_turn

MODS = ("specialised_blueprints",)
YELLOW = 3
STUNT, SHOW, WINE = "sp11", "sp12", "sp29"  # Aerial Stunt Deck, Game Show, Wine Tasting Corner


def game(players: int = 4, modules: tuple[str, ...] = MODS, seed: int = 2) -> Game:
    return finish_setup(Game.new(GameOptions(players=players, seed=seed, modules=modules),
                                 components_for(modules)))


def space_tile(g: Game) -> str:
    return next(t.id for t in g.comps.cruise_tiles if t.stops[0] == "space")


def flying(g: Game, seat: int, segments: list[str], guests: list[str]) -> Ship:
    """`seat`'s first ship in flight, its next stop a day in space."""
    p = g.state.players[seat]
    ship = p.ships[0]
    ship.segments = list(segments)
    ship.cruise, ship.stop, ship.pilot, ship.guests = space_tile(g), -1, "worker", list(guests)
    ship.berths = 0
    p.hand = []
    return ship


def placements(g: Game) -> list[PlaceGuest]:
    return [c for c in g.legal() if isinstance(c, PlaceGuest)]


def test_the_module_deals_its_blueprints_and_guest_tokens() -> None:
    g = game()
    b = g.state.board
    assert b.guest_bonus == ["gt-o", "gt-p", "gt-t"]
    assert all(x.startswith("sp") for x in b.blueprint_display + b.blueprint_deck)
    # The base layout of the same seed is dealt: a seed deals like a base game.
    base = finish_setup(Game.new(GameOptions(players=4, seed=2)))
    assert b.technologies == base.state.board.technologies
    assert b.queue == base.state.board.queue
    assert [bp[2:] for bp in b.blueprint_deck] == [bp[2:] for bp in base.state.board.blueprint_deck]


def test_book_example_yellow_places_each_guest_on_a_segment() -> None:
    g = game()
    yellow = g.state.players[YELLOW]
    flying(g, YELLOW, [STUNT, SHOW, WINE], ["orange", "purple"])
    # A second ship at home with a blueprint to build (the Wine Tasting Corner's build).
    yellow.ships.append(Ship(cockpit=yellow.ships[0].cockpit, engine=yellow.ships[0].engine))
    yellow.blueprints = ["sp01"]  # Zero-G Circus, cost 4, a left half cabin
    yellow.money = 1
    start_turn(g, YELLOW)
    dec = g.pending
    assert dec is not None and dec.kind == "visit_segment"
    # Every segment shows the adventurous icon; the relaxing guest may go to two of them.
    assert set(g.legal()) >= {PlaceGuest("orange", 0), PlaceGuest("orange", 1),
                              PlaceGuest("orange", 2), PlaceGuest("purple", 1),
                              PlaceGuest("purple", 2)}
    with pytest.raises(IllegalCommand, match="Aerial Stunt Deck shows no purple icon"):
        g.apply(PlaceGuest("purple", 0))
    g.apply(PlaceGuest("orange", 0))
    assert yellow.money == 1 + 3  # 1 money per adventurous icon aboard: 3 in all
    assert g.pending is not None and g.pending.kind == "visit_segment"
    assert placements(g) == [PlaceGuest("purple", 1), PlaceGuest("purple", 2)]
    g.apply(PlaceGuest("purple", 2))  # the Wine Tasting Corner: build in another ship
    assert g.pending is not None and g.pending.kind == "visit_build"
    assert BuildSegment("sp01", 1, 0) in g.legal()
    assert all(c.ship == 1 for c in g.legal() if isinstance(c, BuildSegment))
    g.apply(BuildSegment("sp01", 1, 0))  # paid with the money just gained
    assert yellow.ships[1].segments == ["sp01"] and yellow.money == 0
    assert g.pending is None or g.pending.kind not in ("visit_segment", "visit_build")


def test_each_effect_is_finished_before_the_next_guest() -> None:
    g = game()
    yellow = g.state.players[YELLOW]
    flying(g, YELLOW, [STUNT, SHOW, WINE], ["purple", "orange"])
    yellow.ships.append(Ship(cockpit=yellow.ships[0].cockpit, engine=yellow.ships[0].engine))
    yellow.blueprints, yellow.money = ["sp01"], 10
    start_turn(g, YELLOW)
    g.apply(PlaceGuest("purple", 2))
    # The build comes before the adventurous guest is placed.
    assert g.pending is not None and g.pending.kind == "visit_build"
    under = g.state.stack[-2]
    assert under.kind == "visit_segment" and under.waiting == ["orange"]
    g.apply(BuildSegment("sp01", 1, 0))
    assert g.pending is not None and g.pending.kind == "visit_segment"
    assert placements(g) == [PlaceGuest("orange", 0), PlaceGuest("orange", 1)]


def test_a_segment_starts_once_and_a_guest_with_none_gains_its_token() -> None:
    g = game()
    yellow = g.state.players[YELLOW]
    flying(g, YELLOW, [SHOW, WINE], ["purple", "purple", "purple", "teal"][:3])
    yellow.ships[0].guests = ["purple", "purple", "purple"]
    start_turn(g, YELLOW)
    rep, ads = yellow.reputation, yellow.ads
    g.apply(PlaceGuest("purple", 0))  # Game Show: 1 ad, 1 reputation
    assert (yellow.ads, yellow.reputation) == (ads + 1, rep + 1)
    g.apply(PlaceGuest("purple", 1))  # the Wine Tasting Corner: no ship to build in
    assert g.pending is not None and g.pending.kind == "visit_segment"
    # Both segments have started: the third relaxing guest gains its token's 1 reputation.
    assert placements(g) == [PlaceGuest("purple", -1)]
    with pytest.raises(IllegalCommand, match="Game Show has already started this day"):
        g.apply(PlaceGuest("purple", 0))
    g.apply(PlaceGuest("purple", -1))
    assert yellow.reputation == rep + 2


def test_encore_performance_lets_a_segment_start_again() -> None:
    g = game(modules=("specialised_blueprints", "accommodations"))
    yellow = g.state.players[YELLOW]
    flying(g, YELLOW, [STUNT], ["orange", "orange"])
    yellow.hand = ["acc04"]
    start_turn(g, YELLOW)
    assert g.pending is not None and g.pending.kind == "day_in_space"
    g.apply(PlayAgendaEffect("acc04"))
    g.apply(Done())
    money = yellow.money
    g.apply(PlaceGuest("orange", 0))
    assert placements(g)[:1] == [PlaceGuest("orange", 0)]  # a second start, not the fallback
    g.apply(PlaceGuest("orange", 0))
    assert yellow.money == money + 1 + 1
    assert "acc04" not in g.state.turn.active  # the card lasted for this day in space only


def test_encore_performance_is_left_out_without_the_module() -> None:
    g = game(modules=("accommodations",))
    assert "acc04" not in g.state.board.agenda_deck + [c for p in g.state.players
                                                         for c in p.hand]


def test_segments_are_built_by_cabin_pairing() -> None:
    g = game()
    yellow = g.state.players[YELLOW]
    ship = yellow.ships[0]
    ship.segments = [STUNT]  # a centre half: only another centre half completes the cabin
    ctx = Ctx(g.state, g.comps)
    assert ships.spots(ctx, yellow, ship, SHOW) == [0, 1]
    assert ships.spots(ctx, yellow, ship, "sp01") == []  # a left half leaves a cabin half-built
    assert ships.cabins(ship, ctx, yellow) == 0


def test_rachel_ignores_the_segments_and_gains_reputation() -> None:
    g = game(players=1)
    r = g.state.players[1]
    r.ships = [Ship(cockpit="ck02", engine="en02", segments=[STUNT, SHOW, WINE],
                    cruise=space_tile(g), stop=-1, guests=["teal", "orange"], pilot="worker",
                    berths=2)]
    rep = r.reputation
    rtravel.move(Ctx(g.state, g.comps), r, 0)
    assert r.reputation == rep + 2
    assert not any(d.kind == "visit_segment" for d in g.state.stack)


def test_rachel_builds_by_the_number_system_without_pairing() -> None:
    g = game(players=1)
    r = g.state.players[1]
    ctx = Ctx(g.state, g.comps)
    assert ships.spots(ctx, r, r.ships[0], "sp01") == [-1]
    r.ships[0].segments = ["sp01", STUNT]  # halves that do not pair: still a cabin for her
    assert ships.cabins(r.ships[0], ctx, r) == 1


def test_the_module_cannot_be_played_with_cabin_pairing() -> None:
    with pytest.raises(IllegalOptions, match=r"Cabin Pairing\) and .*\(Specialised "
                                              r"Blueprints\) cannot be played together"):
        GameOptions(modules=("specialised_blueprints", "cabin_pairing")).validate()


def test_a_resource_of_choice_is_taken_before_the_next_guest() -> None:
    import msgspec

    from engine.components import Components, Gain, data_hash

    g = game()
    files = dict(g.comps.files)
    bps = files["blueprints.toml"]
    show = next(b for b in bps.blueprint if b.id == SHOW)  # type: ignore[attr-defined]
    mine = msgspec.structs.replace(show, effect=msgspec.structs.replace(
        show.effect, gain=Gain(resources=1)))
    files["blueprints.toml"] = type(bps)(blueprint=tuple(
        mine if b.id == SHOW else b for b in bps.blueprint))  # type: ignore[attr-defined]
    g.comps = Components(files, data_hash(files))
    g._legal_cache = None
    flying(g, YELLOW, [SHOW, STUNT], ["purple", "orange"])
    start_turn(g, YELLOW)
    g.apply(PlaceGuest("purple", 0))
    assert g.pending is not None and g.pending.kind == "choose_resource"
    assert g.state.stack[-2].kind == "visit_segment"

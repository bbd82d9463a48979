"""Every agenda card, technology, expert ability and upgrade is exercised here."""

from __future__ import annotations

import pytest
from helpers import finish_setup, invent, new_game, set_turn, start_turn

from engine.commands import (
    BuildSegment,
    Done,
    FundingBonus,
    GainResources,
    HireExpert,
    Launch,
    PlaceWorker,
    PlayAgendaEffect,
    TakeAction,
    TourGuest,
    UseTechnology,
)
from engine.components import load_components, with_module_cards
from engine.ctx import Ctx
from engine.rules import modifiers
from engine.state import Occupant, Ship

COMPS = load_components()
# The 快適空間 expansion's three cards (PAL 9001, Schedule Advance, Board Game Cruise) are not in
# the base deck; their rules are still the engine's, tested with the expansion's cards added.
ACC = with_module_cards(COMPS, "accommodations")


def with_accommodations(g):
    g.comps = ACC
    g._legal_cache = None
    return g


def rich_game(players: int = 2, seed: int = 8):
    g = finish_setup(new_game(players=players, seed=seed))
    s = g.state
    s.board.occupants = [None] * 6
    for p in s.players:
        p.money, p.ads, p.reputation = 30, 10, 5
        p.food = p.oxygen = p.fuel = 2
        p.break_room = ["worker", "worker"]
        p.blueprints = [b.id for b in g.comps.blueprints[:4]]
        for b in p.blueprints:
            if b in s.board.blueprint_deck:
                s.board.blueprint_deck.remove(b)
            if b in s.board.blueprint_display:
                s.board.blueprint_display[s.board.blueprint_display.index(b)] = None
    return g


def give(g, seat: int, card: str) -> None:
    b = g.state.board
    for pile in (b.agenda_deck, b.agenda_discard):
        if card in pile:
            pile.remove(card)
    if card in b.agenda_display:
        b.agenda_display[b.agenda_display.index(card)] = None
    for p in g.state.players:
        if card in p.hand:
            p.hand.remove(card)
    g.state.players[seat].hand.append(card)
    g._legal_cache = None


def in_flight(g, seat: int, first_stop: str, guests: list[str]):
    p = g.state.players[seat]
    tile = next(t for t in g.comps.cruise_tiles if t.stops[0] == first_stop)
    b = g.state.board
    for sp in b.cruise_spaces:
        if sp.tile == tile.id:
            sp.tile = b.cruise_deck.pop(0)
    if tile.id in b.cruise_deck:
        b.cruise_deck.remove(tile.id)
    ship = p.ships[0]
    ship.segments = [x.id for x in g.comps.blueprints if x.icons == ("teal",)][:3]
    ship.cruise, ship.stop, ship.pilot, ship.guests = tile.id, -1, "worker", guests
    b.supply[2] -= guests.count("teal")
    p.break_room = ["worker"]
    return ship


def open_window(g, card_id: str):
    """Bring the game to a decision where the card's timing condition holds."""
    card = g.comps.agenda(card_id)
    s = g.state
    me, other = s.players[0], s.players[1]
    if card.timing == "bumped":
        s.board.occupants[0] = Occupant(me.seat, "worker")
        me.break_room = ["worker"]
        give(g, me.seat, card_id)
        set_turn(g, other.seat)
        g.apply(PlaceWorker("worker", 1))
        return
    give(g, me.seat, card_id)
    if card.timing == "any_time":
        set_turn(g, me.seat)
        if card.effect.kind == "extra_action":
            s.board.stations[0] = ["purchase_supplies", "gain_resources"]
            g.apply(PlaceWorker("worker", 1))
        return
    if card.timing == "action":
        s.board.stations[0] = [card.action, "purchase_supplies"]
        if card.action == "build_segments":
            me.ships[0].segments = []
        if card.action == "refill_silo":
            s.board.silo = [1, 1, 1]
        if card.action == "advertise_cruise":
            s.board.queue[0] = [2, 2, 2]
        if card.action == "refill_agenda":
            me.hand.append(s.board.agenda_deck.pop())
        set_turn(g, me.seat)
        g.apply(PlaceWorker("worker", 1))
        g.apply(TakeAction(1, card.action))
        return
    if card.timing == "launch":
        sp = s.board.cruise_spaces[0]
        sp.consultant, sp.presold = me.seat, []
        me.scheduled, me.scheduled_token = 0, None
        me.ships[0].segments = [x.id for x in g.comps.blueprints[:3]]
        me.food = me.oxygen = me.fuel = 5
        me.developments_left = [0, 0, 0]
        s.board.queue[0] = [2, 2, 2]
        set_turn(g, me.seat)
        if card.effect.kind == "launch_without_worker":
            me.break_room = []
        g.apply(Launch(0))
        return
    if card.timing in ("phase1", "destination", "day_in_space"):
        first = {"phase1": "space", "destination": "teal", "day_in_space": "space"}[card.timing]
        in_flight(g, me.seat, first, ["teal", "teal"])
        start_turn(g, me.seat)
        return
    if card.timing == "phase3":
        me.developments_placed = 0
        set_turn(g, me.seat)
        s.stack = []
        s.turn.phase = "goals"
        from engine import flow

        goal = g.comps.goal_tile(s.board.goal_tile).goals[0]
        me.goal_cubes = [True, True, True]
        # One short of the first goal: only the card's discount makes it.
        from engine.rules.goals import threshold
        from engine.rules.metrics import metric

        need = threshold(Ctx(s, g.comps), 0)
        have = metric(Ctx(s, g.comps), me, goal.metric)
        if goal.metric == "developments_placed":
            me.developments_placed = need - 1
        else:
            assert have < need
        flow.advance(Ctx(s, g.comps))
        g._legal_cache = None
        return
    raise AssertionError(card.timing)


@pytest.mark.parametrize("card", [c.id for c in ACC.agenda_cards])
def test_every_agenda_card_can_be_played_for_its_effect(card: str) -> None:
    g = with_accommodations(rich_game())
    open_window(g, card)
    me = g.state.players[0]
    if g.comps.agenda(card).effect.kind == "launch_without_worker":
        # Played by Launch itself: the ship lifts off with nobody from the break room.
        assert g.state.board.agenda_discard[-1] == card and g.pending.kind == "launch_board"
        return
    cmd = PlayAgendaEffect(card)
    assert cmd in g.legal(), f"{g.comps.agenda(card).name}: not playable at {g.waiting_for()}"
    before = (me.money, me.ads, me.vp, me.reputation, len(me.hand))
    g.apply(cmd)
    assert g.state.board.agenda_discard[-1] == card
    kind = g.comps.agenda(card).effect.kind
    e = g.comps.agenda(card).effect
    if kind == "gain":
        gain = e.gain
        assert me.money >= before[0] + gain.money
        assert me.ads >= before[1] + gain.ads
        assert me.vp >= before[2] + gain.vp
    elif kind == "reputation_gain":
        assert me.reputation == before[3] + e.amount
    elif kind == "agenda_draw_deck":
        assert len(me.hand) == before[4] - 1 + e.amount
    elif kind == "extra_action":
        assert g.state.turn.actions_left == 3
    elif kind == "extra_travel":
        assert g.state.turn.extra_travel == 1
    else:
        assert modifiers.amount(Ctx(g.state, g.comps), me, kind) >= max(1, e.amount) or \
            modifiers.has(Ctx(g.state, g.comps), me, kind)


def test_recruiting_bonus_takes_4_off_the_expert():
    g = rich_game()
    card = next(c.id for c in g.comps.agenda_cards if c.name == "Recruiting Bonus")
    open_window(g, card)
    me = g.state.players[0]
    g.apply(PlayAgendaEffect(card))
    money = me.money
    from engine.rules.experts import hire_cost

    full = hire_cost(me, "right")
    g.apply(HireExpert("right"))
    assert me.money == money - (full - 4)


def test_double_shift_builds_four_and_accounting_loophole_takes_2_each():
    g = rich_game()
    me = g.state.players[0]
    shift = next(c.id for c in g.comps.agenda_cards if c.name == "Double Shift")
    loop = next(c.id for c in g.comps.agenda_cards if c.name == "Accounting Loophole")
    give(g, 0, loop)
    open_window(g, shift)
    g.apply(PlayAgendaEffect(shift))
    g.apply(PlayAgendaEffect(loop))
    me.ships[0].segments = []
    me.ships.append(Ship(cockpit="ck05", engine="en05"))
    built = 0
    costs = sum(max(0, g.comps.blueprint(b).cost - 2) for b in me.blueprints)
    money = me.money
    while g.pending.kind == "act":
        cmd = next(c for c in g.legal() if isinstance(c, BuildSegment)
                   and not c.blueprint.startswith("display"))
        g.apply(cmd)
        built += 1
    assert built == 4
    assert me.money == money - costs


def test_board_game_cruise_lets_one_cabin_hold_3():
    g = with_accommodations(rich_game())
    card = next(c.id for c in g.comps.agenda_cards if c.name == "Board Game Cruise")
    open_window(g, card)
    me = g.state.players[0]
    g.apply(PlayAgendaEffect(card))
    from engine.commands import BoardGuest

    boarded = 0
    while any(isinstance(c, BoardGuest) for c in g.legal()):
        g.apply(next(c for c in g.legal() if isinstance(c, BoardGuest)))
        boarded += 1
    assert boarded == 4  # 3 segments: 2 cabins, one of them holding 3
    assert len(me.ships[0].guests) == 4


def test_pal_9001_launches_with_an_empty_break_room():
    g = with_accommodations(rich_game())
    card = next(c.id for c in g.comps.agenda_cards if c.name == "PAL 9001")
    open_window(g, card)
    assert g.pending.kind == "launch_board"
    assert card in g.state.board.agenda_discard


def test_helping_hand_is_played_when_bumped_off_turn():
    g = rich_game()
    card = next(c.id for c in g.comps.agenda_cards if c.name == "Helping Hand")
    open_window(g, card)
    me = g.state.players[0]
    assert g.pending.kind == "funding" and g.pending.seat == me.seat
    money = me.money
    g.apply(PlayAgendaEffect(card))
    g.apply(FundingBonus("money"))
    assert me.money == money + 2 + 1


@pytest.mark.parametrize("tech", [t.id for t in COMPS.technologies])
def test_every_technology_works_for_its_developer_and_by_fee(tech: str) -> None:
    g = rich_game(players=3)
    s = g.state
    me, owner = s.players[0], s.players[1]
    s.board.technologies[0] = tech
    s.board.tech_owners[0] = [owner.seat]
    t = g.comps.technology(tech)
    kind = t.effect.kind
    ctx = Ctx(s, g.comps)
    set_turn(g, me.seat)
    assert modifiers.amount(ctx, me, kind) == 0
    assert UseTechnology(1) in g.legal()
    fee = 2 if me.reputation < 7 else 1
    money, owner_money = me.money, owner.money
    g.apply(UseTechnology(1))
    assert (me.money, owner.money) == (money - fee, owner_money + fee)
    assert modifiers.amount(ctx, me, kind) == t.effect.amount
    # The developer pays nothing.
    set_turn(g, owner.seat)
    assert modifiers.amount(Ctx(s, g.comps), owner, kind) == t.effect.amount
    assert UseTechnology(1) not in g.legal()


def test_hydroponic_farm_lets_gain_resources_take_4():
    g = rich_game()
    s = g.state
    me = s.players[0]
    invent(g, "silo_extra", me.seat)
    s.board.silo = [5, 5, 5]
    me.developments_left = [0, 0, 0]
    me.food = me.oxygen = me.fuel = 0
    s.board.stations[0] = ["gain_resources", "purchase_supplies"]
    set_turn(g, me.seat)
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "gain_resources"))
    assert GainResources(2, 2, 0) in g.legal()
    assert GainResources(2, 2, 1) not in g.legal()


@pytest.mark.parametrize("expert", [e.id for e in COMPS.expert_tiles])
def test_every_expert_ability(expert: str) -> None:
    g = rich_game()
    s = g.state
    s.board.expert_tile = expert
    me, other = s.players
    tile = g.comps.expert_tile(expert)
    kind = tile.ability.kind
    me.experts = []
    me.break_room = ["expert_left", "worker"]
    s.board.occupants[0] = Occupant(other.seat, "worker")
    s.board.occupants[1] = Occupant(me.seat, "worker")
    s.board.stations[0] = ["build_development", "hire_expert"]
    s.board.stations[1] = ["build_development", "hire_expert"]
    set_turn(g, me.seat)
    money = me.money
    if kind == "bump_own":
        assert PlaceWorker("expert_left", 2) in g.legal()
        assert PlaceWorker("worker", 2) not in g.legal()
        g.apply(PlaceWorker("expert_left", 2))
        assert g.pending.kind == "funding" and g.pending.seat == me.seat
        return
    g.apply(PlaceWorker("expert_left", 1))
    if kind == "bump_bonus":
        seats = [d.seat for d in s.stack if d.kind == "funding"]
        assert sorted(seats) == [me.seat, other.seat]
    elif kind == "gain":
        assert me.money == money + tile.ability.gain.money
    else:
        while g.pending.kind == "funding":
            g.apply(FundingBonus("vp"))
        g.apply(TakeAction(1, "build_development"))
        from engine.commands import BuildDevelopment

        cmd = next(c for c in g.legal() if isinstance(c, BuildDevelopment) and c.resources == 0
                   and c.row == "food")
        money = me.money
        from engine.rules.developments import next_cost

        full = next_cost(Ctx(s, g.comps), me, "food")
        g.apply(cmd)
        cut = 1 if kind == "cost_reduction_total" else 2 if kind == "development_discount" else 0
        if kind == "fee_free":
            from engine.rules import network

            assert network.use_cost(Ctx(s, g.comps), me, "c1", [other.seat]) == 0
            return
        assert me.money == money - (full - cut)


@pytest.mark.parametrize("upgrade", [u.id for u in COMPS.upgrades])
def test_every_upgrade_changes_its_rule(upgrade: str) -> None:
    g = rich_game()
    me = g.state.players[0]
    up = g.comps.upgrade(upgrade)
    ctx = Ctx(g.state, g.comps)
    before = modifiers.amount(ctx, me, up.effect.kind), modifiers.has(ctx, me, up.effect.kind)
    me.upgrades.append(upgrade)
    after = modifiers.amount(ctx, me, up.effect.kind), modifiers.has(ctx, me, up.effect.kind)
    assert before == (0, False)
    assert after[1] and after[0] == up.effect.amount


def test_tour_guide_drones_and_family_trip_make_touring_free():
    g = rich_game()
    me = g.state.players[0]
    invent(g, "tour_discount", me.seat)
    card = next(c.id for c in g.comps.agenda_cards if c.name == "Family Trip")
    open_window(g, card)
    assert g.pending.kind == "tour"
    g.apply(PlayAgendaEffect(card))
    ads, vp = me.ads, me.vp
    g.apply(TourGuest("teal"))
    assert me.ads == ads  # 1 ad for a matching guest, -1 tech, -1 card: never below 0
    assert me.vp == vp + 3
    g.apply(TourGuest("teal"))
    g.state.turn.active = []
    assert Done() in g.legal() or g.pending.kind != "tour"

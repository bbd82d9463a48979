"""The rulebook's clarifications (明確化と特殊なケース) and setup details that are easy to get
wrong: empty connections at setup, the drop paying for a second guest, paying fees ahead,
the 0 VP / 0 reputation rule at launch, the pilot choice."""

from __future__ import annotations

from helpers import finish_setup, new_game, set_turn
from test_ships_cruises import base, launch_ready, tile_with

from engine.commands import (
    AdvertiseCruise,
    BoardGuest,
    Done,
    DropReputation,
    Launch,
    PayFee,
    PlaceWorker,
    SellTicket,
    SetupDevelopment,
    TakeAction,
)
from engine.state import NEUTRAL


def test_starting_developments_go_only_on_empty_connections() -> None:
    for players in (1, 2, 3, 4):
        for seed in range(6):
            g = new_game(players=players, seed=seed)
            while g.state.turn.phase == "setup":
                for c in g.legal():
                    if isinstance(c, SetupDevelopment):
                        assert g.state.board.connections[c.connection - 1] == [], (players, seed)
                g.apply(g.legal()[0])
            # Every player's starting development covered a reputation icon: the book's
            # starting reputation by seat, +1.
            for pos, seat in enumerate(g.state.turn_order):
                p = g.state.players[seat]
                if p.kind != "rachel":
                    assert p.reputation == pos + 1


def test_the_drop_pays_for_the_second_presold_guest() -> None:
    # 明確化: the reputation gained by the first guest is dropped for an ad, which buys the
    # second guest in the same action.
    g = base(players=3, seed=9)
    b = g.state.board
    yellow = g.state.players[0]
    one = tile_with(g, lambda t: t.destinations == ("orange",))
    b.cruise_spaces[0].tile = one.id
    b.queue = [[1, 1, 0], [0, 0, 0], [0, 0, 0]]
    b.stations[0] = ["advertise_cruise", "schedule_cruise"]
    yellow.break_room, yellow.ads, yellow.money, yellow.reputation = ["worker"], 1, 0, 3
    set_turn(g, yellow.seat)
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "advertise_cruise"))
    g.apply(AdvertiseCruise(0))
    g.apply(SellTicket("orange", 0))
    assert (yellow.ads, yellow.reputation, yellow.money) == (0, 4, 1)
    # No ad left, but the sale stays open because the drop can still pay.
    assert g.pending is not None and g.pending.kind == "sell_ticket"
    assert Done() in g.legal()
    ad_drops = [c for c in g.legal() if isinstance(c, DropReputation) and c.bonus == "ad"]
    assert DropReputation(3, "ad") in ad_drops  # leaving space 4 shows one ad
    g.apply(DropReputation(3, "ad"))
    assert yellow.ads == 1
    g.apply(SellTicket("purple", 0))
    assert b.cruise_spaces[0].presold == ["orange", "purple"]
    assert (yellow.ads, yellow.reputation, yellow.money) == (0, 3, 2)


def test_fees_can_be_paid_ahead_at_the_lower_price() -> None:
    # 明確化 例1: paid at the start of the turn, the fee stays paid when reputation falls.
    g = finish_setup(new_game(players=3, seed=4))
    s = g.state
    b = s.board
    pink, blue = s.players[0], s.players[1]
    b.occupants = [None] * 6
    b.connections = [[blue.seat], [], [], [], [], []]
    pink.reputation, pink.money = 7, 5
    blue_money = blue.money
    set_turn(g, pink.seat)
    assert PayFee(1) in g.legal()
    g.apply(PayFee(1))
    assert pink.money == 4 and blue.money == blue_money + 1  # reputation 7: 1 money
    assert PayFee(1) not in g.legal()
    pink.reputation = 3  # a later loss would have made the fee 2
    g.apply(PlaceWorker("worker", 1))
    took = [c for c in g.legal() if isinstance(c, TakeAction) and c.station == 2]
    assert took
    g.apply(took[0])
    assert pink.money == 4 and blue.money == blue_money + 1


def test_neutral_fee_goes_to_the_supply_and_own_development_is_free() -> None:
    g = finish_setup(new_game(players=3, seed=4))
    s = g.state
    b = s.board
    pink = s.players[0]
    b.occupants = [None] * 6
    b.connections = [[NEUTRAL], [NEUTRAL, pink.seat], [], [], [], []]
    pink.reputation, pink.money = 0, 5
    total = sum(p.money for p in s.players)
    set_turn(g, pink.seat)
    assert [c for c in g.legal() if isinstance(c, PayFee)] == [PayFee(1)]
    g.apply(PayFee(1))
    assert pink.money == 3 and sum(p.money for p in s.players) == total - 2


def test_no_launch_that_leaves_presold_guests_behind_at_0_vp_and_0_reputation() -> None:
    g = base()
    pink, _ = launch_ready(g)
    b = g.state.board
    b.cruise_spaces[0].presold = ["teal", "orange"]
    pink.ships[0].segments = pink.ships[0].segments[:2]  # one cabin: one guest must stay
    pink.reputation, pink.vp = 0, 0
    set_turn(g, pink.seat)
    assert not [c for c in g.legal() if isinstance(c, Launch)]
    # 評判: only 0 VP and 0 reputation refuse a loss. With 1 VP the 2 reputation may be lost
    # though only 1 VP can pay for it.
    pink.vp = 1
    g._legal_cache = None
    assert Launch(0) in g.legal()


def test_a_reputation_loss_at_0_reputation_with_vp_left_is_allowed() -> None:
    from engine.rules.economy import can_lose_reputation, lose_reputation

    g = base()
    pink = g.state.players[0]
    pink.reputation, pink.vp = 0, 0
    assert not can_lose_reputation(pink, 1)
    pink.vp = 1
    assert can_lose_reputation(pink, 2)
    lose_reputation(pink, 2)
    assert (pink.reputation, pink.vp) == (0, 0)
    pink.reputation, pink.vp = 1, 0
    assert can_lose_reputation(pink, 2)


def test_an_ad_drop_at_boarding_buys_a_last_minute_guest() -> None:
    g = base()
    pink, _ = launch_ready(g)
    b = g.state.board
    b.cruise_spaces[0].presold = []
    b.queue = [[0, 0, 0], [0, 0, 0], [0, 0, 2]]  # two teal guests, 3 ads each
    pink.ads, pink.reputation = 0, 9
    pink.food, pink.oxygen, pink.fuel = 5, 5, 5
    set_turn(g, pink.seat)
    assert Launch(0) in g.legal()  # the drop will pay for the guest
    g.apply(Launch(0))
    assert not [c for c in g.legal() if isinstance(c, BoardGuest)]
    drops = [c for c in g.legal() if isinstance(c, DropReputation)]
    assert drops and all(c.bonus == "ad" for c in drops)
    g.apply(DropReputation(0, "ad"))
    assert pink.ads >= 3
    g.apply(BoardGuest("teal", 2))
    g.apply(Done())
    assert pink.ships[0].guests == ["teal"]


def test_the_player_chooses_which_piece_pilots_the_ship() -> None:
    g = base()
    pink, _ = launch_ready(g)
    pink.break_room = ["worker", "expert_left"]
    pink.experts = ["expert_right"]
    set_turn(g, pink.seat)
    launches = [c for c in g.legal() if isinstance(c, Launch)]
    assert launches == [Launch(0), Launch(0, "expert_left")]
    g.apply(Launch(0, "expert_left"))
    assert pink.ships[0].pilot == "expert_left" and pink.break_room == ["worker"]


# --- card and technology timing (計画カードのプレイ, 明確化) ------------------------------
def _card(g, kind: str, timing: str) -> str:
    return next(a.id for a in g.comps.agenda_cards
                if a.effect.kind == kind and a.timing == timing)


def test_family_trip_style_cards_still_work_at_the_final_ship_moves() -> None:
    from test_effects import give, in_flight, rich_game

    from engine.commands import AdvanceShip, PlayAgendaEffect

    g = rich_game()
    s = g.state
    me = s.players[0]
    card = next(a.id for a in g.comps.agenda_cards if a.timing == "destination")
    give(g, me.seat, card)
    ship = in_flight(g, me.seat, "teal", ["teal", "teal"])
    s.final_phase = "ships"
    s.turn.phase = "final"
    s.stack = []
    from engine import flow
    from engine.ctx import Ctx

    flow.advance(Ctx(s, g.comps))
    g._legal_cache = None
    assert g.pending.kind == "final_travel"
    g.apply(AdvanceShip(0, 0))  # the first stop: a teal destination
    while g.pending.kind == "unlock":
        g.apply(Done())
    assert g.pending.kind == "tour"
    assert PlayAgendaEffect(card) in g.legal()
    assert ship.final_moved


def test_extra_stops_are_phase_1_only_and_not_in_the_final_turns() -> None:
    from test_effects import give, in_flight, rich_game, with_accommodations

    from engine.commands import PlayAgendaEffect

    g = with_accommodations(rich_game())  # Schedule Advance is a 快適空間 card
    s = g.state
    me = s.players[0]
    card = _card(g, "extra_travel", "phase1")
    give(g, me.seat, card)
    in_flight(g, me.seat, "space", ["teal"])
    snap = g.snapshot()
    from helpers import start_turn

    start_turn(g, me.seat)
    assert g.pending.kind == "travel_start"
    assert PlayAgendaEffect(card) in g.legal()
    # The same position in a final turn: the window never opens, the ship moves one stop.
    g2 = type(g).from_snapshot(snap, g.comps)
    g2.state.final_phase = "turns"
    start_turn(g2, me.seat)
    assert g2.state.players[0].ships[0].stop == 0
    assert all(not isinstance(c, PlayAgendaEffect) or c.card != card for c in g2.legal())


def test_a_bump_reaction_card_works_with_every_funding_token_flipped() -> None:
    from test_effects import give, rich_game

    from engine.commands import PlayAgendaEffect
    from engine.state import Occupant

    g = rich_game()
    s = g.state
    me, other = s.players[0], s.players[1]
    card = _card(g, "gain", "bumped")
    s.board.occupants[0] = Occupant(me.seat, "worker")
    me.break_room = ["worker"]
    me.tower_top = ["flipped"] * 4
    give(g, me.seat, card)
    money = me.money
    set_turn(g, other.seat)
    g.apply(PlaceWorker("worker", 1))
    assert g.pending.kind == "funding" and g.pending.seat == me.seat
    assert g.legal()[0] == Done() and PlayAgendaEffect(card) in g.legal()
    g.apply(PlayAgendaEffect(card))
    g.apply(Done())
    assert me.money == money + g.comps.agenda(card).effect.gain.money


def test_bumping_your_own_piece_opens_no_reaction_window() -> None:
    from test_effects import give, rich_game

    from engine.commands import PlayAgendaEffect
    from engine.state import Occupant

    g = rich_game()
    s = g.state
    me = s.players[0]
    own = next(u.id for u in g.comps.upgrades if u.effect.kind == "bump_own")
    me.upgrades.append(own)
    card = _card(g, "gain", "bumped")
    s.board.occupants[0] = Occupant(me.seat, "worker")
    me.break_room = ["worker"]
    give(g, me.seat, card)
    set_turn(g, me.seat)
    g.apply(PlaceWorker("worker", 1))
    assert g.pending.kind == "funding" and g.pending.seat == me.seat
    assert PlayAgendaEffect(card) not in g.legal()


def test_over_the_hand_limit_a_card_may_be_played_instead_of_discarded() -> None:
    from test_effects import give, rich_game

    from engine.commands import DiscardAgenda, PlayAgendaEffect

    g = rich_game()
    s = g.state
    me = s.players[0]
    any_time = _card(g, "gain", "any_time")
    others = [a.id for a in g.comps.agenda_cards if a.timing == "action"][:5]
    for c in [any_time, *others]:
        give(g, me.seat, c)
    assert len(me.hand) >= 6
    me.hand = me.hand[-6:]
    set_turn(g, me.seat)
    from engine.commands import CallMeeting

    g.apply(CallMeeting())
    while g.pending.kind != "discard":
        g.apply(Done() if Done() in g.legal() else g.legal()[0])
    assert PlayAgendaEffect(any_time) in g.legal()
    assert DiscardAgenda(any_time) in g.legal()
    g.apply(PlayAgendaEffect(any_time))
    # Five cards left: the discard is over and the turn ends.
    assert len(me.hand) == 5
    assert g.state.turn.seat != me.seat

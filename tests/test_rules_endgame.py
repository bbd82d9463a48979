"""Company goals through phase 3 and the whole final round (フェイズ3 経営目標の達成,
進捗トラックとゲームの終了, 最終ラウンド, 明確化: goals after the end trigger)."""

from __future__ import annotations

from helpers import set_turn
from test_rules_actions import table, work
from test_rules_cards import fly

from engine.commands import (
    AchieveGoal,
    AdvanceShip,
    BuildDevelopment,
    Done,
    FundingBonus,
    PlaceWorker,
    PlayAgendaEffect,
    TakeAction,
)
from engine.game import Game
from engine.state import Occupant, Player


def build_one(g: Game, p: Player) -> None:
    """`p`'s turn: a worker on station 1 builds an oxygen development on connection 1."""
    p.developments_left, p.money = [0, 3, 3], 10
    work(g, p, 1, ["build_development", "purchase_supplies"])
    g.apply(TakeAction(1, "build_development"))
    g.apply(BuildDevelopment("oxygen", "c1", 0))
    g.apply(Done())


def pass_turn(g: Game, station: int) -> None:
    """The player to move places a worker on an empty `station` and ends the actions."""
    assert g.pending.kind == "phase2"
    g.apply(PlaceWorker("worker", station))
    g.apply(Done())


def goal_choices(g: Game) -> list:
    """What the goal decision offers, without the free commands (reputation drop, cards)."""
    return [c for c in g.legal() if isinstance(c, (AchieveGoal, Done))]


# --- company goals ---------------------------------------------------------------------------
def goal_race(players: int) -> tuple[Game, Player]:
    g = table(players=players)
    b = g.state.board
    b.goal_tile = "g1"  # developments 5/6/7/8, cruises completed, upgrades unlocked
    b.goal_trackers, b.goal_achievers = [2, 0, 0], [2, 0, 0]
    p = g.state.players[2]
    p.developments_placed = 6
    return g, p


def test_four_players_the_third_achiever_needs_the_top_threshold() -> None:
    g, p = goal_race(players=4)
    cubes = len(g.state.board.progress)
    build_one(g, p)  # 7 placed: the tracker shows 7, but the third achiever needs 8
    assert g.state.turn.seat != p.seat and p.goals_done == []
    assert len(g.state.board.progress) == cubes
    g, p = goal_race(players=4)
    p.developments_placed = 7
    build_one(g, p)
    assert g.pending.kind == "goal" and goal_choices(g) == [AchieveGoal(0), Done()]
    g.apply(AchieveGoal(0))
    b = g.state.board
    assert b.goal_trackers[0] == 3 and b.goal_achievers[0] == 3
    assert b.progress[cubes:] == [p.seat] and p.goal_cubes == [False, True, True]


def test_three_players_the_third_achiever_meets_the_tracker() -> None:
    g, p = goal_race(players=3)
    build_one(g, p)
    assert g.pending.kind == "goal" and goal_choices(g) == [AchieveGoal(0), Done()]


def test_one_goal_per_turn_and_each_goal_once() -> None:
    g = table()
    s = g.state
    b = s.board
    b.goal_tile = "intro"  # developments 5, segments 4, launches 2
    b.goal_trackers = [0, 0, 0]
    pink = s.players[0]
    pink.developments_placed = 5
    pink.ships[0].segments = ["bp01", "bp02", "bp03", "bp04"]
    work(g, pink, 1, ["purchase_supplies", "hire_expert"])
    g.apply(Done())
    assert g.pending.kind == "goal" and goal_choices(g) == [AchieveGoal(0), AchieveGoal(1), Done()]
    g.apply(AchieveGoal(0))
    assert pink.goals_done == [0]
    assert g.pending.kind == "phase2" and g.pending.seat == 1  # no second goal this turn
    pass_turn(g, 2)
    pass_turn(g, 3)
    pink.developments_placed = 9  # goal 0 is met again, but each goal is achieved once
    assert g.pending.seat == pink.seat
    pass_turn(g, 4)
    assert g.pending.kind == "goal" and goal_choices(g) == [AchieveGoal(1), Done()]
    g.apply(AchieveGoal(1))
    assert pink.goals_done == [0, 1] and pink.goal_cubes == [False, False, True]
    assert b.goal_trackers == [1, 1, 0]


# --- the final round ---------------------------------------------------------------------------
def test_final_round_from_the_trigger_to_the_final_agm() -> None:
    g = table(players=3)
    s = g.state
    b = s.board
    pink, blue, green = s.players
    b.goal_tile = "g1"  # developments 5/6/7/8, cruises completed 1/2/3/4, upgrades 1/2/3/4
    b.goal_trackers = [0, 0, 0]
    b.progress_sections = [6, 6, 6]  # the scenario's own track: tuned data must not move it
    # 17 of 18 spaces filled, both AGMs held; section 3: Pink 2, Green 3 so far.
    b.progress = [pink.seat, blue.seat, green.seat] * 4 + [pink.seat, green.seat, pink.seat,
                                                          green.seat, green.seat]
    s.agm_done = 2
    pink.reputation, blue.reputation, green.reputation = 10, 4, 3
    ship = fly(g, pink, "S1", ["orange"])  # space, orange, return
    pink.break_room = []
    b.occupants[2] = Occupant(pink.seat, "worker")
    b.occupants[5] = Occupant(green.seat, "worker")
    green.break_room = ["worker"]
    blue.developments_placed = 5
    vp = {p.seat: p.vp for p in s.players}

    # Blue's phase 3 fills section 3: the end is triggered, but Green still plays the round.
    set_turn(g, blue.seat)
    pass_turn(g, 1)
    g.apply(AchieveGoal(0))
    assert s.end_triggered and len(b.progress) == 18 and s.final_phase == ""
    assert g.pending.kind == "phase2" and g.pending.seat == green.seat
    pass_turn(g, 2)

    # Every piece on the network comes home at once, a funding bonus each, first player first.
    assert all(o is None for o in b.occupants)
    assert (pink.break_room, blue.break_room, sorted(green.break_room)) == (
        ["worker"], ["worker", "worker"], ["worker", "worker"])
    assert [(d.seat, d.left) for d in reversed(s.stack)] == [(0, 1), (1, 1), (2, 2)]
    for _ in range(4):
        g.apply(FundingBonus("vp"))
    assert [p.vp - vp[p.seat] for p in s.players] == [1, 1, 2]
    assert g.pending.kind == "phase2" and g.pending.seat == pink.seat  # no meeting action

    # One final turn each, in order; Pink's ship makes its phase-1 move (a day in space).
    seen = []
    for station in (4, 5, 6):
        seen.append(g.pending.seat)
        pass_turn(g, station)
    assert seen == [0, 1, 2] and ship.stop == 0

    # Each ship in flight goes to one later stop of its owner's choice.
    assert s.final_phase == "ships" and g.pending.kind == "final_travel"
    assert g.legal() == [AdvanceShip(0, 1), AdvanceShip(0, 2)]
    g.apply(AdvanceShip(0, 2))  # skip the destination: straight home
    assert ship.cruise is None and pink.cruises_completed == 1
    g.apply(FundingBonus("money"))  # the pilot is back in the break room

    # The goal met after the end trigger still counts; its cube goes beyond section 3.
    assert s.final_phase == "goals" and g.pending.kind == "goal" and g.pending.seat == pink.seat
    g.apply(AchieveGoal(1))
    assert len(b.progress) == 19 and b.progress[-1] == pink.seat
    assert g.is_over
    sheet = g.score_sheet()
    # (section 3 + overflow cubes, +1 for the top reputation) x wings.
    assert [line.progress for line in sheet] == [(3 + 1) * 2, 1 * 2, 3 * 1]
    assert [line.total for line in sheet] == [p.vp for p in s.players]


def at_final_recall(holding: bool = True, flipped: bool = False
                    ) -> tuple[Game, Player, Player, str]:
    """A 3-player game whose last goal, met by Green, the last player of the round, just
    triggered the final recall; Pink has a worker on station 1 and, when `holding`, Helping
    Hand (it reacts to a worker sent home) in hand."""
    g = table(players=3)
    s = g.state
    b = s.board
    pink, green = s.players[0], s.players[2]
    card = next(c.id for c in g.comps.agenda_cards if c.name == "Helping Hand")
    b.goal_tile, b.goal_trackers = "g1", [0, 0, 0]
    b.progress = [0, 1, 2] * 5 + [0, 1]
    s.agm_done = 2
    green.developments_placed = 5
    b.occupants[0] = Occupant(pink.seat, "worker")
    pink.break_room = ["worker"]
    if holding:
        pink.hand = [card]
    if flipped:
        pink.tower_top = ["flipped"] * 4
    set_turn(g, green.seat)
    pass_turn(g, 2)
    g.apply(AchieveGoal(0))
    return g, pink, green, card


def test_the_last_player_of_the_round_triggering_the_end_goes_straight_to_the_recall() -> None:
    g, pink, _, _ = at_final_recall(holding=False)
    s = g.state
    assert s.final_phase == "recall" and s.final_turns_left == [0, 1, 2]
    assert g.pending.kind == "funding" and g.pending.seat == pink.seat
    assert [d.seat for d in reversed(s.stack)] == [0, 2]


def test_a_card_reacting_to_a_worker_coming_home_may_be_played_at_the_final_recall() -> None:
    # FAQ: 最終ラウンドで全プレイヤーが部下を回収する際、このアイコンを持つ計画カードを
    # 使用できますか？ できます。Helping Hand reacts to a worker sent home, so it may.
    g, pink, green, card = at_final_recall()
    assert g.state.final_phase == "recall"
    assert g.pending.kind == "funding" and g.pending.seat == pink.seat
    assert PlayAgendaEffect(card) in g.legal()
    money = pink.money
    g.apply(PlayAgendaEffect(card))
    g.apply(FundingBonus("money"))
    assert pink.money == money + 2 + 1
    # Green's pieces came home too but Green holds no such card: only the bonus is offered.
    assert g.pending.seat == green.seat
    assert not [c for c in g.legal() if isinstance(c, PlayAgendaEffect)]


def test_the_final_recall_opens_the_window_even_with_every_token_flipped() -> None:
    g, pink, _, card = at_final_recall(flipped=True)
    assert g.pending.seat == pink.seat and PlayAgendaEffect(card) in g.legal()

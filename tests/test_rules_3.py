"""Rules 3 (engine.options.RULES), each change against the rules before it. First: a card
that may be played any time on your turn can still be played after the last action
(自分の手番中いつでもプレイできます), not only at a later decision of the turn."""

from __future__ import annotations

from engine import Game, GameOptions
from engine.commands import Done, DrawAgenda, PlaceWorker, PlayAgendaEffect, TakeAction
from engine.describe import describe
from tests.helpers import finish_setup, set_turn

SURGE = "ag07"  # Surge Campaign: any time on your turn, gain 3 ads


def _refill_then_draw(rules: int) -> tuple[Game, int]:
    """Pink refills the silo (discarding her only card), then, as her last action, takes
    Surge Campaign, the display's only card; returns the game and her ads before. (Had a
    second card been there to draw, that choice would have been her moment to play it.)"""
    g = finish_setup(Game.new(GameOptions(players=2, seed=5), rules=rules))
    s = g.state
    pink = s.players[0]
    s.board.stations[0] = ["refill_silo", "draw_agenda"]
    s.board.occupants = [None] * 6
    s.board.agenda_display = [SURGE, None, None, None]
    pink.break_room = ["worker"]
    set_turn(g, 0)
    g.apply(PlaceWorker("worker", 1))
    g.apply(TakeAction(1, "refill_silo"))
    g.apply(g.legal()[0])
    assert pink.hand == []
    s.board.agenda_discard = []  # nothing left to draw after Surge: the turn's last command
    g.apply(TakeAction(1, "draw_agenda"))
    g.apply(DrawAgenda(0))
    assert pink.hand == [SURGE]
    return g, pink.ads


def test_a_card_drawn_by_the_last_action_can_be_played_before_phase_3() -> None:
    g, ads = _refill_then_draw(3)
    assert g.pending.kind == "last_cards" and g.pending.seat == 0
    words = [describe(g, c) for c in g.legal()]
    assert words[0] == "Play no card: go on to phase 3 (company goals)"
    assert "Play Surge Campaign: Any time on your turn: gain 3 ads." in words
    g.apply(PlayAgendaEffect(SURGE))
    pink = g.state.players[0]
    assert (pink.ads, pink.hand) == (ads + 3, [])
    # The window stays open until the player goes on; nothing else is left to play for effect.
    assert g.pending.kind == "last_cards"
    assert not any(isinstance(c, PlayAgendaEffect) for c in g.legal())
    g.apply(Done())
    assert g.state.turn.seat != 0 or g.pending.kind != "last_cards"


def test_going_on_keeps_the_card_and_ends_the_turn() -> None:
    g, ads = _refill_then_draw(3)
    g.apply(Done())
    pink = g.state.players[0]
    assert (pink.ads, pink.hand) == (ads, [SURGE])
    assert g.pending is None or g.pending.kind != "last_cards"


def test_under_rules_2_the_turn_ended_with_the_card_unplayed() -> None:
    g, _ = _refill_then_draw(2)
    # Rules 2 asked for a second card with none to draw ("Draw no second card" alone); a
    # drawn card's last moment, but only by that accident.
    assert [describe(g, c) for c in g.legal() if not isinstance(c, PlayAgendaEffect)][0] == \
        "Draw no second card"
    g.apply(Done())
    assert g.state.turn.seat == 1 and g.state.players[0].hand == [SURGE]


def test_a_card_held_from_an_earlier_decision_of_the_turn_asks_nothing_more() -> None:
    # Surge Campaign in hand since before the turn: every decision of the turn offered it, so
    # the turn's end does not stop to ask again (a card kept for later is not a question
    # every turn).
    g = finish_setup(Game.new(GameOptions(players=2, seed=5)))
    s = g.state
    pink = s.players[0]
    s.board.stations[0] = ["refill_silo", "draw_agenda"]
    s.board.occupants = [None] * 6
    pink.break_room = ["worker"]
    pink.hand = [SURGE]
    set_turn(g, 0)
    g.apply(PlaceWorker("worker", 1))
    assert PlayAgendaEffect(SURGE) in g.legal()
    g.apply(Done())  # end the actions without taking any
    assert pink.hand == [SURGE]
    assert g.pending is None or g.pending.kind != "last_cards"


def test_random_games_under_rules_3_open_the_window_only_with_a_card_to_play() -> None:
    from tests.helpers import random_positions

    opened = 0
    before = ""
    for g in random_positions(2, range(4)):
        kind = g.state.turn.phase
        if g.pending is not None and g.pending.kind == "last_cards":
            assert g.pending.seat == g.state.turn.seat
            if before != "last_cards":  # the turn's phase 2 just ended: a card to play
                assert any(isinstance(c, PlayAgendaEffect) for c in g.legal())
                opened += 1
        before = kind
    for g in random_positions(2, range(4), rules=2):
        assert g.pending is None or g.pending.kind != "last_cards"
    assert opened > 3


# --- rules 3's other changes, each against the older rules --------------------------------
def test_a_lowered_goal_threshold_never_falls_to_zero() -> None:
    # Quarterly Review (a stand-in: thresholds 1 lower this turn) let a bot reach "Cruise
    # veteran" (1+ cruises completed) with none completed.
    from engine.ctx import Ctx
    from engine.rules import goals

    for rules, reached in ((2, True), (3, False)):
        g = finish_setup(Game.new(GameOptions(players=2, seed=5), rules=rules))
        s = g.state
        s.board.goal_tile = "g1"
        veteran = next(j for j, x in enumerate(g.comps.goal_tile("g1").goals)
                       if x.metric == "cruises_completed")
        pink = s.players[0]
        pink.cruises_completed = 0
        s.board.goal_trackers[veteran] = 0
        ctx = Ctx(s, g.comps)
        assert goals.threshold(ctx, veteran) == 1
        assert (veteran in goals.achievable(ctx, pink, 1)) is reached
        pink.cruises_completed = 1
        assert veteran in goals.achievable(ctx, pink, 1)  # one done: still reached with it


def test_phase_1_stops_for_an_extra_stop_only_where_its_fee_can_be_paid() -> None:
    # A tester met "Let the ships travel" every turn for Navigation Target Identifier, a
    # technology whose fee he could not pay (or that added its stop by itself).
    from engine.commands import UseTechnology
    from tests.helpers import random_positions

    def windows(rules: int) -> tuple[int, int]:
        useful = idle = 0
        for g in random_positions(2, range(8), rules=rules):
            dec = g.pending
            t = g.state.turn
            if dec is None or dec.kind != "travel_start" or t.paid or t.played:
                continue  # as it opens, before anything is paid or played in it
            p = g.state.players[dec.seat]
            b = g.state.board
            card = any(g.comps.agenda(c).timing == "phase1" for c in p.hand)
            fee = any(isinstance(c, UseTechnology) and g.comps.technology(
                b.technologies[c.slot - 1]).effect.kind == "extra_travel" for c in g.legal())
            useful += card or fee
            idle += not (card or fee)
        return useful, idle

    old, new = windows(2), windows(3)
    assert old[1] > 0  # rules 2 stopped where nothing could add a stop
    assert new[0] > 0 and new[1] == 0


def test_a_game_begun_under_rules_2_goes_on_under_rules_2_through_save_and_load(
        tmp_path) -> None:  # noqa: ANN001
    # A game saved by the galcruise before rules 3 keeps its rules: no moment for a late
    # card, and the same moves and hashes after a reload as before it.
    from engine.bots.random_bot import RandomBot
    from replays import verify
    from saves import Session
    from saves.envelope import new_file

    opts = GameOptions(players=2, seed=9)
    game = Game.new(opts, rules=2)
    session = Session(game, new_file(opts, game.comps.data_id, game.comps.data_hash,
                                     "2026-11-20T00:00:00Z", 2), None)  # saved at the end
    bot = RandomBot(9)
    for _ in range(400):
        pending = session.game.pending
        assert pending is None or pending.kind != "last_cards"
        session.apply(bot.choose(session.game))
    session.path = tmp_path / "old.json"
    session.save()
    again = Session.load(tmp_path / "old.json")
    assert again.game.state.rules == 2 and again.file.rules == 2
    assert again.game.state_hash() == session.game.state_hash()
    assert verify(tmp_path / "old.json")[0]

"""The expert bot: it never reads hidden information, it repeats itself, it plays legally."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import Game, GameOptions
from engine.bots import greedy
from engine.bots.expert import ExpertBot
from engine.bots.random_bot import RandomBot
from engine.bots.seats import bot_for
from engine.commands import Command


def positions(players: int, seed: int, count: int, every: int = 23) -> list[Game]:
    game = Game.new(GameOptions(players=players, seed=seed))
    bot = RandomBot(seed)
    out = []
    n = 0
    while not game.is_over and len(out) < count:
        n += 1
        if n % every == 0:
            out.append(game.copy())
        game.apply(bot.choose(game))
    return out


def test_games_that_differ_only_in_hidden_cards_get_the_same_move() -> None:
    checked = 0
    for game in positions(3, seed=51, count=6) + positions(1, seed=52, count=4):
        seat = game.pending.seat
        if seat < 0:
            continue
        # Two "real" games the seat cannot tell apart: the hidden cards lie differently.
        a, b = game.determinize(seat, 1), game.determinize(seat, 2)
        assert a.state_hash() != b.state_hash()
        assert a.determinize(seat, 9).state_hash() == b.determinize(seat, 9).state_hash()
        assert ExpertBot(5).choose(a) == ExpertBot(5).choose(b)
        checked += 1
    assert checked >= 8


def test_the_expert_repeats_itself_and_plays_legally() -> None:
    for game in positions(2, seed=61, count=3, every=31):
        cmd = bot_for("expert", 3).choose(game)
        assert cmd in game.legal()
        assert ExpertBot(3).choose(game.copy()) == cmd


def test_an_expert_seat_plays_a_game_to_its_first_agm() -> None:
    game = Game.new(GameOptions(players=2, seed=62, seats=("expert", "greedy")))
    bots = {0: bot_for("expert", 62), 1: bot_for("greedy", 62)}
    while not game.is_over and game.state.agm_done == 0:
        game.apply(bots[game.pending.seat].choose(game))
    assert game.state.agm_done == 1


def test_a_worker_process_thinks_the_same_moves_and_gives_hints() -> None:
    from engine.bots.remote import Thinker

    game = positions(2, seed=63, count=1, every=40)[0]
    thinker = Thinker(seconds=float("inf"))  # the budgets alone: the moves of any machine
    try:
        assert thinker.choose("greedy", 5, game) == bot_for("greedy", 5).choose(game)
        hints = thinker.hints(game, 5)
        assert hints == ExpertBot(5).ranked(game, 3, fill=True)
        assert 1 <= len(hints) <= 3 and all(cmd in game.legal() for cmd, _ in hints)
        assert [v for _, v in hints] == sorted((v for _, v in hints), reverse=True)
        assert hints[0][0] == ExpertBot(5).choose(game)
    finally:
        thinker.close()


def test_the_best_launch_is_always_played_out_and_equal_worths_count_once() -> None:
    from engine.bots.expert import _looked
    from engine.commands import CallMeeting, Launch, PlaceWorker

    options = [PlaceWorker("worker", 1), PlaceWorker("worker", 2), PlaceWorker("worker", 3),
               CallMeeting(), Launch(0), Launch(1)]
    worths = [10.0, 10.0, 9.0, 8.0, 2.0, 3.0]
    order = sorted(range(len(options)), key=lambda i: -worths[i])
    # Stations 1 and 2 are worth the same: the second is skipped for the next worth; the
    # launch worth 3 is looked at although it ranks last but one.
    assert _looked(options, worths, order, 3) == [0, 2, 3, 5]
    assert _looked(options[:4], worths[:4], order[:4], 3) == [0, 2, 3]


def test_a_budget_of_commands_bounds_the_work_of_a_main_choice() -> None:

    games = [g for g in positions(4, seed=64, count=12, every=7) if g.pending.kind == "phase2"]
    assert games
    game = games[0]
    seat = game.pending.seat
    # With a budget of one command only the greedy bot's best is played out, so that is the
    # one answer.
    (only, _), = ExpertBot(5, budget=1).ranked(game, 3)
    first = game.determinize(seat, ExpertBot(5)._deal_seed(game, seat))
    options = [c for c in greedy._candidates(first.legal(), first.state.players[seat].reputation,
                                             first.comps.board.reputation_icons)
               if c in game.legal()]
    worths = greedy.weigh(first.state, first.comps, seat, options)
    assert only == options[max(range(len(options)), key=worths.__getitem__)]
    # The full budget: no play-out starts once it is spent, so it overruns by less than one.
    bot = ExpertBot(5)
    before = greedy.work()
    full = bot.ranked(game, 3)
    cost = greedy.work() - before
    assert len(full) >= 2
    assert -bot._left < 60  # a round at 4 players is about 35 commands

    # The budget of trial applies: the greedy ranking alone spends it, so again only the
    # greedy bot's best is played out and it is the one answer.
    (capped, _), = ExpertBot(5, work=1).ranked(game, 3)
    assert capped == only
    # Given what the full choice cost, a cap below it cuts the work: no play-out starts once
    # the applies are spent, so it overruns by at most one play-out.
    before = greedy.work()
    half = ExpertBot(5, work=cost // 2).ranked(game, 3)
    assert cost // 2 <= greedy.work() - before < cost
    assert len(full) >= 2 and half


def _greedy_ranking(game: Game) -> tuple[list[tuple[Command, float]], int]:
    """The expert's first deal ranked by the greedy bot, best first with worths, and the
    trial applies that ranking cost."""
    seat = game.pending.seat
    first = game.determinize(seat, ExpertBot(5)._deal_seed(game, seat))
    options = [c for c in greedy._candidates(first.legal(), first.state.players[seat].reputation,
                                             first.comps.board.reputation_icons)
               if c in game.legal()]
    before = greedy.work()
    worths = greedy.weigh(first.state, first.comps, seat, options)
    cost = greedy.work() - before
    order = sorted(range(len(options)), key=lambda i: -worths[i])
    return [(options[i], worths[i]) for i in order], cost


def _work_clock(work: int) -> Callable[[], float]:
    """A clock that runs with the work, a stand-in for seconds so that a test repeats itself:
    `work` trial applies from now, the time is up."""
    end = greedy.work() + work
    return lambda: float(end - greedy.work())


def _solo_choice() -> Game:
    return next(g for g in positions(1, seed=65, count=12, every=5)
                if g.pending.kind == "phase2" and len(g.legal()) > 3)


def test_the_apps_time_limit_cuts_the_look_as_the_budgets_do() -> None:
    game = _solo_choice()
    full = ExpertBot(5).ranked(game, 3)
    # Time to spare changes nothing; no time at all leaves the greedy bot's ranking, whose
    # best is the answer a budget of one play-out gives.
    assert ExpertBot(5, time_left=lambda: 1e9).ranked(game, 3) == full
    ranking, _ = _greedy_ranking(game)
    assert ExpertBot(5, time_left=lambda: 0.0).ranked(game, 3) == ranking[:3]
    assert ranking[0][0] == ExpertBot(5, budget=1).ranked(game, 3)[0][0]
    # With half the full choice's time, a deal that would not fit is not started, and no
    # play-out once the time is spent.
    before = greedy.work()
    ExpertBot(5).ranked(game, 3)
    cost = greedy.work() - before
    before = greedy.work()
    half = ExpertBot(5, time_left=_work_clock(cost // 2)).ranked(game, 3)
    assert greedy.work() - before < cost
    assert half and all(cmd in game.legal() for cmd, _ in half)


def test_a_play_out_the_clock_cuts_short_counts_for_nothing() -> None:
    """A round at 4 players late in a game once took longer than all the app's time: the
    play-out under way stops when the time is gone, so the wait has a bound."""
    game = _solo_choice()
    ranking, ranked_cost = _greedy_ranking(game)
    before = greedy.work()
    ExpertBot(5, budget=1).ranked(game, 3)  # the ranking and one play-out
    play_out = greedy.work() - before - ranked_cost
    assert play_out > 2
    # The time runs out halfway through the first play-out: the greedy bot's ranking stands,
    # worths and all, and the rest of that play-out is never played.
    before = greedy.work()
    cut = ExpertBot(5, time_left=_work_clock(ranked_cost + play_out // 2)).ranked(game, 3)
    assert cut == ranking[:3]
    assert greedy.work() - before < ranked_cost + play_out


def test_a_hint_cut_short_by_the_clock_goes_on_in_the_greedy_order() -> None:
    game = _solo_choice()
    ranking, ranked_cost = _greedy_ranking(game)
    before = greedy.work()
    ExpertBot(5, budget=1).ranked(game, 3)
    # The ranking and the greedy bot's best played out, and a unit to spare: a play-out's last
    # commands may cost no trial apply (one option), and the clock is asked before each.
    one = greedy.work() - before + 1
    # Time for that alone: the hint still shows three, the next two in the greedy bot's
    # order, worth no more than the one played out.
    (only, worth), = ExpertBot(5, time_left=_work_clock(one)).ranked(game, 3)
    hint = ExpertBot(5, time_left=_work_clock(one)).ranked(game, 3, fill=True)
    assert len(hint) == 3 and hint[0] == (only, worth)
    assert [cmd for cmd, _ in hint] == [cmd for cmd, _ in ranking[:3]]
    assert [v for _, v in hint] == sorted((v for _, v in hint), reverse=True)
    # With the time to play them all out, filling adds nothing that was not there.
    full = ExpertBot(5).ranked(game, 3)
    assert ExpertBot(5).ranked(game, 3, fill=True)[:len(full)] == full


def test_a_play_out_runs_as_many_rounds_as_asked() -> None:
    # bench versus's expert-deep plays each line out two rounds instead of one (with the
    # same budget, so on fewer deals).
    game = _solo_choice()
    seat = game.pending.seat
    cmd = _greedy_ranking(game)[0][0][0]
    spent = []
    for rounds in (1, 2):
        bot = ExpertBot(5, rounds=rounds)
        bot._left = 10_000
        bot._played_out(game, cmd, seat, 5)
        spent.append(10_000 - bot._left)
    assert 5 < spent[0] < spent[1] < 600
    assert ExpertBot(5).rounds == 1


def test_a_choice_of_actions_is_played_out_only_when_asked() -> None:
    # Its main choice is played out, its choice of actions at the station is the greedy
    # bot's ranking; bench versus's expert-acts plays that out as well.
    from engine.bots import expert

    game = next(g for g in positions(1, seed=65, count=40, every=3)
                if g.pending.kind == "action" and len(g.legal()) > 2)
    ranking, _ = _greedy_ranking(game)
    plain = ExpertBot(5)
    assert plain.ranked(game, 3) == ranking[:3] and plain._left == 0
    acts = ExpertBot(5, searched=(*expert.SEARCHED, "action"))
    looked = acts.ranked(game, 3)
    assert 0 <= acts._left < expert.BUDGET  # commands were played out
    assert looked and all(cmd in game.legal() for cmd, _ in looked)
    assert looked != ranking[:3]  # worths from play-outs, not the one-step ranking


def test_solo_a_line_is_worth_less_by_the_vp_its_placements_hand_rachel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # What decides a solo game is the margin over Rachel: each of her workers the seat's
    # placements bump is a funding bonus she takes as VP, a VP off the line's worth. Her other
    # VP along the line (her own turns, an AGM) are not counted.
    from engine.bots import expert
    from engine.commands import PlaceWorker

    gifts: list[tuple[Command, int]] = []
    gift = expert.handed_to_rachel

    def recorded(before, after, cmd, rachel):  # noqa: ANN001, ANN202
        got = gift(before, after, cmd, rachel)
        gifts.append((cmd, got))
        return got

    monkeypatch.setattr(expert, "handed_to_rachel", recorded)
    handed = lines = 0
    for game in positions(1, seed=66, count=40, every=5):
        seat = game.pending.seat
        # A placement that bumps a worker of hers (or the NPC onto one).
        cmd = next((c for c in game.legal() if isinstance(c, PlaceWorker) and
                    game.try_apply(c)[0].state.players[1].vp > game.state.players[1].vp), None)
        if cmd is None:
            continue
        plain_bot, margin_bot = ExpertBot(5, margin=False), ExpertBot(5)
        plain_bot._left = margin_bot._left = 10_000
        plain = plain_bot._played_out(game, cmd, seat, 5)
        assert not gifts
        margin = margin_bot._played_out(game, cmd, seat, 5)
        assert gifts[0][0] == cmd  # the line's first command, then the seat's own ones
        assert all(got == 0 for c, got in gifts if not isinstance(c, PlaceWorker))
        line = sum(got for _, got in gifts)
        assert margin == plain - line
        assert line >= game.try_apply(cmd)[0].state.players[1].vp - game.state.players[1].vp
        handed += line
        lines += 1
        gifts.clear()
        if lines == 3:
            break
    assert lines == 3 and handed >= 3
    # At a table there is no Rachel: nothing is counted.
    game = positions(2, seed=61, count=1, every=31)[0]
    cmd = game.legal()[0]
    bots = ExpertBot(5, margin=False), ExpertBot(5)
    for bot in bots:
        bot._left = 10_000
    assert bots[0]._played_out(game, cmd, game.pending.seat, 5) == \
        bots[1]._played_out(game, cmd, game.pending.seat, 5)
    assert not gifts


def test_expert_end_plays_a_line_out_to_the_end_near_it_worth_the_final_margin() -> None:
    # bench versus's expert-end: with END_CUBES cubes left to place on the progress track,
    # the end is a few rounds away, and a line is played out to the game's end and, solo, is
    # worth its final margin over Rachel. The expert's own plays a round, and a line is worth
    # the greedy bot's value() of where it stops.
    from engine.bots import expert
    from engine.bots.greedy import GreedyBot

    def to_the_end(game: Game, cmd: Command) -> Game:
        line, _ = game.try_apply(cmd)
        bot = GreedyBot(5, explore=0)
        while not line.is_over:
            line.apply(bot.choose(line))
        return line

    # A main choice with a cube left to place, whose line lasts over two rounds.
    for game in positions(1, seed=69, count=400, every=1):
        left = sum(game.state.board.progress_sections) - len(game.state.board.progress)
        if game.pending.kind == "phase2" and game.pending.seat == 0 and \
                0 < left <= expert.END_CUBES:
            cmd = game.legal()[0]
            line = to_the_end(game, cmd)
            if line.state.turns_taken - game.state.turns_taken > 4:
                break
    else:
        raise AssertionError("no such position")
    near, far = ExpertBot(5, end_cubes=expert.END_CUBES), ExpertBot(5)
    near._left = far._left = 10_000
    assert near._played_out(game, cmd, 0, 5) == \
        line.state.players[0].vp - line.state.players[1].vp
    short = far._played_out(game, cmd, 0, 5)
    assert 10_000 - far._left < 10_000 - near._left
    assert short > 10  # a position's worth, not a margin


def test_expert_end_has_the_larger_budget_near_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.bots import expert
    from engine.bots.greedy import OutOfTime

    game = next(g for g in positions(1, seed=67, count=400, every=1)
                if g.pending.kind == "phase2" and g.pending.seat == 0 and
                sum(g.state.board.progress_sections) - len(g.state.board.progress) == 1)
    # The budget left when a choice's first play-out starts is the whole budget; the clock
    # then stops the choice there (the play-outs are not the point).
    budgets: dict[ExpertBot, int] = {}

    def first(self, *args):  # noqa: ANN001, ANN002, ANN202
        budgets[self] = self._left
        raise OutOfTime

    monkeypatch.setattr(ExpertBot, "_played_out", first)
    near, far, sooner = (ExpertBot(5, end_cubes=expert.END_CUBES), ExpertBot(5),
                         ExpertBot(5, end_cubes=0))
    for bot in (near, far, sooner):
        bot.ranked(game, 3)
    assert budgets == {near: expert.BUDGET * expert.END_LOOK, far: expert.BUDGET,
                       sooner: expert.BUDGET}

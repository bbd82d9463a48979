"""The planner bot: greedy judgement with two turns of sight, used for calibration."""

from __future__ import annotations

from engine import Game, GameOptions
from engine.bots.greedy import GreedyBot
from engine.bots.planner import PlannerBot
from engine.commands import Command


def _play(players: int, seed: int, limit: int) -> tuple[Game, list[Command]]:
    game = Game.new(GameOptions(players=players, seed=seed))
    bot = PlannerBot(seed)
    log: list[Command] = []
    while not game.is_over and len(log) < limit:
        log.append(bot.choose(game))
        game.apply(log[-1])
    return game, log


def test_planner_is_deterministic() -> None:
    # 60 commands: some ten main choices each, the planner's own decisions (a machine 2.5x
    # slower than stop 34's took 76 s for 120).
    a, log_a = _play(2, 3, limit=60)
    b, log_b = _play(2, 3, limit=60)
    assert log_a == log_b and a.state_hash() == b.state_hash()
    assert sum(1 for c in log_a if type(c).__name__ in ("PlaceWorker", "CallMeeting",
                                                        "Launch")) >= 8


def test_planning_leaves_the_game_untouched() -> None:
    game, _ = _play(2, 4, limit=60)
    before = game.state_hash()
    for _ in range(3):
        PlannerBot(9).choose(game)
    assert game.state_hash() == before


def test_planner_only_changes_the_main_choice() -> None:
    """Funding bonuses, boarding and the like are the greedy bot's: the same seed gives the
    same command wherever the pending decision is not a turn's main choice."""
    game, _ = _play(2, 6, limit=60)
    seen = 0
    while not game.is_over and seen < 20:
        dec = game.pending
        assert dec is not None
        if dec.kind != "phase2" and len(game.legal()) > 1:
            assert PlannerBot(1).choose(game) == GreedyBot(1).choose(game)
            seen += 1
        game.apply(GreedyBot(2).choose(game))
    assert seen == 20


def test_planner_with_random_moves() -> None:
    """`explore=8` (one main choice in 8 at random, as the greedy bot makes them) plays on:
    every choice it makes is legal."""
    game = Game.new(GameOptions(players=2, seed=7))
    bot = PlannerBot(7, explore=8)
    mains = 0
    while mains < 6:
        dec = game.pending
        assert dec is not None
        cmd = bot.choose(game)
        assert cmd in game.legal()
        mains += dec.kind == "phase2"
        game.apply(cmd)


def test_the_apps_clock_cuts_the_planners_look() -> None:
    """In the app's worker the planner's play-outs stop when the time is gone (at 4 players a
    main choice took 3 CPU s): with no time its choice is the greedy bot's, with time to spare
    its own."""
    from engine.bots import greedy

    game = Game.new(GameOptions(players=2, seed=4))
    while game.state.turn.number < 6 or game.pending.kind != "phase2":
        game.apply(GreedyBot(2).choose(game))
    mine = PlannerBot(9).choose(game)
    assert PlannerBot(9, time_left=lambda: 1e9).choose(game) == mine
    assert PlannerBot(9, time_left=lambda: 0.0).choose(game) == GreedyBot(9).choose(game)
    # A clock that runs with the work (the test repeats itself): half the look's work.
    before = greedy.work()
    PlannerBot(9).choose(game)
    cost = greedy.work() - before
    end = greedy.work() + cost // 2
    before = greedy.work()
    cut = PlannerBot(9, time_left=lambda: float(end - greedy.work())).choose(game)
    assert greedy.work() - before < cost and cut in game.legal()

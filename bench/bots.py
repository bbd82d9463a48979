"""Bot think time where players feel it: the CPU a greedy seat spends choosing, per turn, and
an expert seat per main choice."""

from __future__ import annotations

import statistics

from bench import timing
from bench.timing import Row
from engine import Game, GameOptions
from engine.bots import greedy
from engine.bots.expert import ExpertBot
from engine.bots.greedy import GreedyBot

TURNS = 40  # per game: enough turns to reach launches and cards in hand


def greedy_turn_times(players: int, seed: int, turns: int = TURNS) -> list[float]:
    """Seconds the greedy bot spends on each whole turn (all its commands in it)."""
    return [t for t, _ in _greedy_turns(players, seed, turns)]


def _greedy_turns(players: int, seed: int, turns: int = TURNS) -> list[tuple[float, float]]:
    """Per turn: (seconds the greedy bot spends on it, seconds its trial applies alone would
    take, at this game's median cost of one, sampled at each of its positions)."""
    game = Game.new(GameOptions(players=players, seed=seed, seats=("greedy",) * players))
    bots = {s: GreedyBot(seed * 8 + s) for s in range(players)}
    per_turn: dict[int, list[float]] = {}
    trials: list[float] = []
    clock = timing.clock
    while not game.is_over and game.state.turn.number <= turns:
        dec = game.pending
        assert dec is not None
        got = per_turn.setdefault(game.state.turn.number, [0.0, 0.0])
        work = greedy.work()
        t0 = clock()
        cmd = bots[dec.seat].choose(game)
        got[0] += clock() - t0
        got[1] += greedy.work() - work
        # One trial apply, as the bot makes them: a copy decoded from the position's one
        # encoding (shared by all the position's trials), then the rules.
        greedy._encoded(game.state)
        t1 = clock()
        greedy._apply(game.state, game.comps, cmd)
        trials.append(clock() - t1)
        greedy._forget_positions()  # the live state is written next: keep no encoding of it
        game.apply(cmd)
    each = statistics.median(trials)
    return [(t, n * each) for t, n in per_turn.values()]


def bot_rows(games: int, seed: int) -> list[Row]:
    turns = [t for i in range(games) for t in _greedy_turns(2, seed + i)]
    times = sorted(t for t, _ in turns)
    return [Row("greedy think time per turn, 2p", statistics.median(times) * 1e3, "ms/turn",
                len(times), "target < 50 ms; floor: its trial applies alone (a copy and the "
                "rules each)", statistics.median(f for _, f in turns) * 1e3),
            Row("greedy think time per turn, 2p, 90th pct", times[int(len(times) * 0.9)] * 1e3,
                "ms/turn", len(times))]


def main_choices(players: int, seed: int, count: int) -> list[Game]:
    """`count` positions where a player makes a main choice, spread over a greedy game (solo:
    against Rachel) from its fifth turn to its end (the late ones cost the expert most)."""
    seats = () if players == 1 else ("greedy",) * players
    game = Game.new(GameOptions(players=players, seed=seed, seats=seats))
    bots = {s: GreedyBot(seed * 8 + s) for s in range(players)}
    found: list[Game] = []
    while not game.is_over:
        dec = game.pending
        assert dec is not None
        if dec.kind == "phase2" and game.state.turn.number >= 5:
            found.append(game.copy())
        game.apply(bots[dec.seat].choose(game))
    step = max(1, len(found) // count)
    return found[::step][-count:]


def expert_rows(positions: int, seed: int) -> list[Row]:
    from engine.bots.remote import Thinker

    games = main_choices(1, seed, positions)
    times = []
    for game in games:
        t0 = timing.clock()
        ExpertBot(seed).choose(game)
        times.append(timing.clock() - t0)
    times.sort()
    # What a player waits for: the app's worker process, whose clock stops the play-outs on a
    # slow machine (engine.bots.remote.LOOK_SECONDS); wall time, the snapshot's trip included.
    # At 4 players a round of play-out is longest (and one greedy choice in it the dearest).
    table = main_choices(4, seed, positions)
    thinker = Thinker()
    waits, waits4 = [], []
    try:
        thinker.choose("greedy", seed, games[0])  # the worker starts once, before the timing
        for game in games:
            waits.append(timing.wall_seconds(lambda g=game: thinker.choose("expert", seed, g)))
        for game in table:
            waits4.append(timing.wall_seconds(lambda g=game: thinker.choose("expert", seed, g)))
    finally:
        thinker.close()
    waits.sort()
    waits4.sort()
    return [Row("expert think time per main choice, solo", statistics.median(times), "s",
                len(times), "budgets alone, as bench and tests play"),
            Row("expert think time per main choice, solo, max", times[-1], "s", len(times)),
            Row("expert in the app's worker, wall, solo", statistics.median(waits), "s",
                len(waits), "the same positions"),
            Row("expert in the app's worker, wall, solo, max", waits[-1], "s", len(waits),
                "target <= 2 s (issue 27)"),
            Row("expert in the app's worker, wall, 4p", statistics.median(waits4), "s",
                len(waits4), "a greedy 4-player game's main choices"),
            Row("expert in the app's worker, wall, 4p, max", waits4[-1], "s", len(waits4),
                "target <= 2 s (issue 27)")]

"""Engine speed: commands per second, apply and legal() in microseconds, games per second,
peak memory of a game."""

from __future__ import annotations

import gc
import statistics
import tracemalloc

from bench import timing
from bench.games import PLAYER_COUNTS, options, random_game
from bench.timing import Row
from engine import Game
from engine.bots.random_bot import RandomBot


def _timed_game(players: int, seed: int) -> tuple[list[float], list[float]]:
    """One random game: (seconds per apply, seconds per legal() from a cold cache)."""
    game = Game.new(options(players, seed))
    bot = RandomBot(seed)
    applies: list[float] = []
    legals: list[float] = []
    clock = timing.clock
    while not game.is_over:
        # legal() from a cold cache, as after every apply; then the bot reads the cached list.
        game._legal_cache = None
        t0 = clock()
        game.legal()
        t1 = clock()
        cmd = bot.choose(game)
        t2 = clock()
        game.apply(cmd)
        t3 = clock()
        legals.append(t1 - t0)
        applies.append(t3 - t2)
    return applies, legals


def engine_rows(games: int, seed: int) -> list[Row]:
    applies: list[float] = []
    legals: list[float] = []
    for i in range(games):
        a, lg = _timed_game(4, seed + i)
        applies += a
        legals += lg
    rate: list[float] = []
    for i in range(games):
        t = timing.now()
        _, log = random_game(options(4, seed + i))
        rate.append(len(log) / (timing.now() - t))
    return [
        Row("engine commands/s (4p, bot+legal+apply)", statistics.median(rate), "commands/s",
            games),
        Row("apply (legal() cached)", statistics.median(applies) * 1e6, "us/command",
            len(applies), "target < 50 us"),
        Row("legal() from a cold cache", statistics.median(legals) * 1e6, "us/call",
            len(legals), "target < 15 us (issue 27)"),
    ]


def game_rows(games: int, seed: int) -> list[Row]:
    rows = []
    for players in PLAYER_COUNTS:
        times = []
        for i in range(games):
            gc.collect()
            t = timing.now()
            random_game(options(players, seed + i))
            times.append(timing.now() - t)
        med = statistics.median(times)
        note = "target < 25 ms (issue 27)" if players == 4 else ""
        rows.append(Row(f"random game, {players}p", med * 1e3, "ms/game", games, note))
        rows.append(Row(f"random games/s, {players}p", len(times) / sum(times), "games/s", games))
    return rows


def memory_rows(games: int, seed: int) -> list[Row]:
    peaks = []
    sizes = []
    for i in range(games):
        gc.collect()
        tracemalloc.start()
        game, _ = random_game(options(4, seed + i))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        peaks.append(peak / 1024)
        sizes.append(len(game.snapshot()) / 1024)
    return [Row("peak memory of a 4p game (tracemalloc)", statistics.median(peaks), "KiB", games),
            Row("snapshot of a finished 4p game", statistics.median(sizes), "KiB", games)]

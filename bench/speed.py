"""Engine speed: commands per second, apply and legal() in microseconds, games per second,
peak memory of a game."""

from __future__ import annotations

import gc
import statistics
import tracemalloc

import msgspec

from bench import timing
from bench.games import PLAYER_COUNTS, options, random_game
from bench.timing import Row
from engine import Game
from engine.bots.random_bot import RandomBot
from engine.commands import Command
from engine.ctx import Ctx
from engine.flow import legal as flow_legal


class _Timed(msgspec.Struct):
    """One random game's figures, each per command, with their floors."""

    applies: list[float] = msgspec.field(default_factory=list)
    legals: list[float] = msgspec.field(default_factory=list)
    own: list[float] = msgspec.field(default_factory=list)  # the decision's options alone
    bare: list[float] = msgspec.field(default_factory=list)  # the rules' changes alone


def _timed_game(players: int, seed: int) -> _Timed:
    game = Game.new(options(players, seed))
    bot = RandomBot(seed)
    out = _Timed()
    log: list[Command] = []
    clock = timing.clock
    free = tuple(Ctx(game.state, game.comps).r.free)
    while not game.is_over:
        # legal() from a cold cache, as after every apply; then the bot reads the cached list.
        t = clock()
        flow_legal(Ctx(game.state, game.comps), skip=free)  # as game.legal() makes its own Ctx
        out.own.append(clock() - t)
        game._legal_cache = None
        t0 = clock()
        game.legal()
        t1 = clock()
        cmd = bot.choose(game)
        t2 = clock()
        game.apply(cmd)
        t3 = clock()
        out.legals.append(t1 - t0)
        out.applies.append(t3 - t2)
        log.append(cmd)
    out.bare = bare_replay(players, seed, log)[1]
    return out


def bare_replay(players: int, seed: int, log: list[Command]) -> tuple[Game, list[float]]:
    """The game again, and seconds per command to carry its commands out with nothing else:
    no listing, no check, no rollback snapshot, no bot (`apply_logged`). No way of playing
    costs less."""
    game = Game.new(options(players, seed))
    clock = timing.clock
    out = []
    for cmd in log:
        t = clock()
        game.apply_logged(cmd)
        out.append(clock() - t)
    return game, out


def engine_rows(games: int, seed: int) -> list[Row]:
    runs = [_timed_game(4, seed + i) for i in range(games)]
    applies = [x for r in runs for x in r.applies]
    legals = [x for r in runs for x in r.legals]
    own = [x for r in runs for x in r.own]
    bare = [x for r in runs for x in r.bare]
    rate: list[float] = []
    for i in range(games):
        t = timing.now()
        _, log = random_game(options(4, seed + i))
        rate.append(len(log) / (timing.now() - t))
    return [
        Row("engine commands/s (4p, bot+legal+apply)", statistics.median(rate), "commands/s",
            games),
        Row("apply (legal() cached)", statistics.median(applies) * 1e6, "us/command",
            len(applies), "target < 50 us; floor: the rules' changes alone (no check, no "
            "rollback snapshot)", statistics.median(bare) * 1e6),
        Row("legal() from a cold cache", statistics.median(legals) * 1e6, "us/call",
            len(legals), "target < 15 us (issue 27); floor: the decision's own options, "
            "free commands left out", statistics.median(own) * 1e6),
    ]


def game_rows(games: int, seed: int) -> list[Row]:
    rows = []
    for players in PLAYER_COUNTS:
        times = []
        bare = []
        for i in range(games):
            gc.collect()
            t = timing.now()
            _, log = random_game(options(players, seed + i))
            times.append(timing.now() - t)
            gc.collect()
            bare.append(sum(bare_replay(players, seed + i, log)[1]))
        med = statistics.median(times)
        note = "target < 25 ms (issue 27); " if players == 4 else ""
        rows.append(Row(f"random game, {players}p", med * 1e3, "ms/game", games,
                        note + "floor: its commands carried out alone",
                        statistics.median(bare) * 1e3))
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

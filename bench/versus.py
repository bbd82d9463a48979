"""`python -m bench versus`: one bot against another on the same seeds, for strength claims
that need many games (tests stay free of them).

Two players: each seed is played twice, the bot in either seat, the other bot in the other.
Solo: each bot plays Rachel on the same seeds, and their scores are compared.

An expert game takes minutes and the strength targets need 200 of them (hours), so a run can
be spread: `--jobs` plays games in parallel processes, `--save FILE` keeps every game as it
ends (a run started again with the same file plays only the games it lacks), and `--load`
reports saved runs together.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec

from bench import pool, runfile
from bench.runfile import data_set, data_words
from engine import Game, GameOptions
from engine.bots import expert, greedy
from engine.bots.expert import ExpertBot
from engine.bots.greedy import GreedyBot
from engine.bots.seats import BOTS, Bot, bot_for
from engine.commands import Command
from saves.atomic import write_atomic

# Bots only a strength run plays, beside the seat kinds: the expert with two and four times
# its look (budget and work; four and five choices, four and six deals), to measure how its
# strength grows with search (they think about 2x and 3x as long as the 2 s a main choice
# allows, so no seat offers them); and with play-outs two rounds long on its own budgets
# (so on fewer deals), to ask whether a one-round look is what it lacks; and solo without the
# margin over Rachel (its leaves its own worth alone), to measure that again; and playing out
# its choice of actions at the station as it does its main choice; and with its play-outs run
# to the end from the last cube or two on the progress track (expert.END_CUBES).
ACTS = (*expert.SEARCHED, "action", "meeting_action")
LOOKS: dict[str, Callable[[int], Bot]] = {
    "expert-deep": lambda seed: ExpertBot(seed, rounds=2),
    "expert-own": lambda seed: ExpertBot(seed, margin=False),
    "expert-acts": lambda seed: ExpertBot(seed, searched=ACTS),
    "expert-end": lambda seed: ExpertBot(seed, end_cubes=expert.END_CUBES),
    "expert-2x": lambda seed: ExpertBot(seed, beam=4, deals=4, budget=2 * expert.BUDGET,
                                        work=2 * expert.WORK),
    "expert-4x": lambda seed: ExpertBot(seed, beam=5, deals=6, budget=4 * expert.BUDGET,
                                        work=4 * expert.WORK),
}


class _Priced:
    """A bot whose every choice is made with some of the greedy bot's prices changed (so the
    expert's ranking, play-outs and leaves too): the module's constants are set around each
    choice and put back after it, so another seat's bot plays with its own."""

    def __init__(self, bot: Bot, prices: dict[str, float | bool]) -> None:
        self.bot = bot
        self.prices = prices

    def choose(self, game: Game) -> Command:
        old = {k: getattr(greedy, k) for k in self.prices}
        for k, v in self.prices.items():
            setattr(greedy, k, v)
        try:
            return self.bot.choose(game)
        finally:
            for k, v in old.items():
                setattr(greedy, k, v)


# Solo: the actions still between the seat and its first launch priced (greedy.FIRST_STEP),
# the launch itself one of them. Measured, with figures, at greedy.FIRST_STEP: no gain.
LAUNCH_PRICES: dict[str, float | bool] = {"FIRST_STEP": 4.0, "LAUNCH_STEP": 1.0}
LOOKS["greedy-launch"] = lambda seed: _Priced(GreedyBot(seed), LAUNCH_PRICES)
LOOKS["expert-launch"] = lambda seed: _Priced(ExpertBot(seed), LAUNCH_PRICES)
# The same price on the expert's leaves alone (ExpertBot's first_step): its play-outs greedy's.
LOOKS["expert-first"] = lambda seed: ExpertBot(seed, first_step=LAUNCH_PRICES["FIRST_STEP"])
KINDS = (*BOTS, *LOOKS)


def _bot(kind: str, seed: int) -> Bot:
    look = LOOKS.get(kind)
    return bot_for(kind, seed) if look is None else look(seed)


# CPU seconds of each main choice (place, launch or meet) of the bot under test: the expert's
# think-time budget is per main choice.
THINK: list[float] = []


class _Timed:
    """The bot under test, its main choices timed in CPU seconds (the machine is shared)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, game: Game) -> Command:
        if game.pending is None or game.pending.kind != "phase2":
            return self.bot.choose(game)
        t = time.process_time()
        cmd = self.bot.choose(game)
        THINK.append(time.process_time() - t)
        return cmd


class Played(msgspec.Struct, frozen=True):
    """One game of a run: the bot's VP and the other's (2 players: in this game, the bot in
    `seat`; solo: the other bot's own game against Rachel on the seed), Rachel's VP in the
    bot's solo game, whether the bot ranked first, and its think times. `rounds` (the bot's
    game's length) and `launches` (the bot's own) are 0 in games saved before they were kept:
    solo, Rachel's score follows the game's length, and launches are what the bots lack.
    `their_rachel`: solo, Rachel's VP in the other bot's game (0 in runs saved before it was
    kept), so that wins and margins pair seed for seed."""

    seed: int
    seat: int
    mine: int
    theirs: int
    rachel: int = 0
    won: bool = False
    think: list[float] = msgspec.field(default_factory=list)
    rounds: int = 0
    launches: int = 0
    their_rachel: int = 0


class Run(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    bot: str
    other: str
    players: int
    difficulty: str
    games: list[Played]
    # The engine data the games were played on ("base-6 1a2b3c4d5e6f"): a stand-in change
    # moves every score, so runs on two data sets are never counted together. "" in a
    # version 1 file, which did not record it.
    data: str = ""


RUN_FORMAT = "galcruise-versus"
RUN_VERSION = 2


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate: what `wins` of `n` says about the true rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def _think_line(bot: str, think: list[float]) -> str:
    if not think:
        return ""
    xs = sorted(think)
    return (f"{bot} think time per main choice (CPU s, {len(xs)} choices): median "
            f"{statistics.median(xs):.2f}, p90 {xs[int(0.9 * (len(xs) - 1))]:.2f}, "
            f"max {xs[-1]:.2f}")


def _two(bot: str, other: str, seed: int, seat: int) -> tuple[int, int, bool, Game]:
    """(bot's VP, other's VP, bot won, the game) with `bot` in `seat`."""
    kinds = [other, other]
    kinds[seat] = bot
    # A look only a run plays sits as the seat kind it extends (the seat kind is not read by
    # the bots, only by the app).
    seats = tuple(k if k in BOTS else "expert" for k in kinds)
    game = Game.new(GameOptions(players=2, seed=seed, seats=seats))  # type: ignore[arg-type]
    bots: dict[int, Bot] = {i: _bot(k, seed * 8 + i) for i, k in enumerate(kinds)}
    bots[seat] = _Timed(bots[seat])
    while not game.is_over:
        game.apply(bots[game.pending.seat].choose(game))  # type: ignore[union-attr]
    scores = game.scores()
    return scores[seat], scores[1 - seat], game.ranking()[0] == seat, game


def _solo(bot: str, seed: int, difficulty: str, timed: bool = False,
          seen: Callable[[Game, Command], None] | None = None) -> tuple[int, int, Game]:
    """(the bot's final VP, Rachel's, the game) on this seed. `seen(game, command)`: told of
    each command before it is applied (bench readiness)."""
    game = Game.new(GameOptions(players=1, seed=seed, difficulty=difficulty))  # type: ignore[arg-type]
    player: Bot = _bot(bot, seed * 8)
    if timed:
        player = _Timed(player)
    while not game.is_over:
        cmd = player.choose(game)
        if seen is not None:
            seen(game, cmd)
        game.apply(cmd)
    scores = game.scores()
    return scores[0], scores[1], game


def play(bot: str, other: str, players: int, difficulty: str, seed: int, seat: int) -> Played:
    """One game of a run (solo: the bot's game and the other bot's on the same seed)."""
    THINK.clear()
    if players == 2:
        a, b, won, game = _two(bot, other, seed, seat)
        return Played(seed, seat, a, b, won=won, think=list(THINK), rounds=game.state.round,
                      launches=game.state.players[seat].launches)
    a, ra, game = _solo(bot, seed, difficulty, timed=True)
    think = list(THINK)
    b, rb, _ = _solo(other, seed, difficulty)
    return Played(seed, 0, a, b, rachel=ra, won=a > ra, think=think, rounds=game.state.round,
                  launches=game.state.players[0].launches, their_rachel=rb)


def _play(args: tuple[str, str, int, str, int, int]) -> Played:
    return play(*args)


def games(bot: str, other: str, players: int, count: int, seed: int, difficulty: str,
          jobs: int = 1, skip: frozenset[tuple[int, int]] = frozenset()) -> Iterator[Played]:
    """The run's games as each ends (in parallel processes when `jobs` > 1), leaving out the
    (seed, seat) pairs in `skip`."""
    seats = (0, 1) if players == 2 else (0,)
    tasks = [(bot, other, players, difficulty, s, seat)
             for s in range(seed, seed + count) for seat in seats if (s, seat) not in skip]
    yield from pool.results(_play, tasks, jobs)


def summary(bot: str, other: str, players: int, difficulty: str,
            played: list[Played], data: str | None = None) -> list[str]:
    """The report of a run's games, in seed order; its last line gives the think times, the
    one before it the data set (default: this engine's)."""
    played = sorted(played, key=lambda g: (g.seed, g.seat))
    n = len(played)
    seeds = sorted({g.seed for g in played})
    span = f"{seeds[0]}-{seeds[-1]}" if seeds else "none"
    wins = sum(g.won for g in played)
    lo, hi = wilson(wins, n)
    mine = [g.mine for g in played] or [0]
    theirs = [g.theirs for g in played] or [0]
    if players == 2:
        lines = [f"{bot} against {other}, 2 players, {n} games (seeds {span}, both seats): "
                 f"{bot} wins {wins} ({100 * wins / max(1, n):.0f}%, 95% interval "
                 f"{100 * lo:.0f}-{100 * hi:.0f}%); mean VP {statistics.mean(mine):.1f} "
                 f"against {statistics.mean(theirs):.1f}"]
    else:
        rachel = [g.rachel for g in played] or [0]
        lines = [f"solo at {difficulty}, {n} seeds ({span}): {bot} "
                 f"{statistics.mean(mine):.1f} a game (median {statistics.median(mine):.1f}) "
                 f"against {other} {statistics.mean(theirs):.1f}; {bot} beats Rachel in "
                 f"{wins} of {n} (95% interval {100 * lo:.0f}-{100 * hi:.0f}%; Rachel's "
                 f"median {statistics.median(rachel):.1f}); {bot} scores more than {other} on "
                 f"{sum(g.mine > g.theirs for g in played)} seeds"]
        paired = [g for g in played if g.their_rachel]
        if len(paired) >= 2:
            # The margin over Rachel is what decides a solo game; seed for seed its spread
            # is a third of the spread of single games.
            diff = [(g.mine - g.rachel) - (g.theirs - g.their_rachel) for g in paired]
            se = statistics.stdev(diff) / len(diff) ** 0.5
            lines.append(f"margin over Rachel, {bot} less {other}: "
                         f"{statistics.mean(diff):+.1f} +- {2 * se:.1f} (2 SE) over "
                         f"{len(paired)} seeds; {other} beats Rachel in "
                         f"{sum(g.theirs > g.their_rachel for g in paired)} of them, {bot} in "
                         f"{sum(g.won for g in paired)}")
    kept = [g for g in played if g.rounds]
    if kept:
        lines.append(f"{bot}'s games: {statistics.mean(g.rounds for g in kept):.1f} rounds, "
                     f"{statistics.mean(g.launches for g in kept):.2f} launches of its own"
                     + ("" if len(kept) == n else f" (kept in {len(kept)} of {n} games)"))
    lines.append(f"played on {data_words(data_set() if data is None else data)}")
    lines.append(_think_line(bot, [t for g in played for t in g.think]))
    return lines


def game_line(bot: str, other: str, players: int, g: Played) -> str:
    if players == 2:
        return (f"  seed {g.seed} seat {g.seat + 1}: {bot} {g.mine}, {other} {g.theirs}"
                f"{'  (won)' if g.won else ''}")
    if g.their_rachel:
        return (f"  seed {g.seed}: {bot} {g.mine} against Rachel's {g.rachel}; {other} "
                f"{g.theirs} against her {g.their_rachel}")
    return f"  seed {g.seed}: {bot} {g.mine}, {other} {g.theirs}, Rachel {g.rachel}"


def report(bot: str, other: str, players: int, count: int, seed: int,
           difficulty: str = "normal", echo: Callable[[str], None] | None = None,
           jobs: int = 1, save: Path | None = None) -> str:
    """`echo` is told each game's line as it ends (an expert game takes minutes), instead of
    the report listing them. `save`: every game is kept in this file as it ends, and a file
    that already holds games of this run has them counted, not played again."""
    lines: list[str] = []
    played: list[Played] = []
    if save is not None and save.exists():
        run = load([save])
        if (run.bot, run.other, run.players, run.difficulty) != (bot, other, players,
                                                                  difficulty):
            raise ValueError(f"{save}: holds {run.bot} against {run.other}, {run.players} "
                             f"player(s), {run.difficulty}: another run")
        runfile.same_data(save, run.data)
        played = run.games
    kept = frozenset((g.seed, g.seat) for g in played)
    for g in games(bot, other, players, count, seed, difficulty, jobs, kept):
        played.append(g)
        (echo or lines.append)(game_line(bot, other, players, g))
        if save is not None:
            write_atomic(save, msgspec.json.encode(Run(RUN_FORMAT, RUN_VERSION, bot, other,
                                                       players, difficulty, played,
                                                       data_set())))
    return "\n".join(lines + summary(bot, other, players, difficulty, played))


def load(paths: list[Path]) -> Run:
    """Saved runs of one bot against one other, combined; a foreign, damaged or newer file,
    or runs of different bots, tables or levels, are refused with what is wrong (ValueError).
    A game saved twice (a seed and seat) counts once."""
    runs = []
    for path in paths:
        runs.append(runfile.read(path, Run, RUN_FORMAT, RUN_VERSION, "a versus run"))
    kinds = {(r.bot, r.other, r.players, r.difficulty) for r in runs}
    if len(kinds) > 1:
        raise ValueError("these files hold different runs: " + "; ".join(
            f"{b} against {o}, {n} player(s), {d}" for b, o, n, d in sorted(kinds)))
    data = sorted({r.data for r in runs})
    if len(data) > 1:
        raise ValueError("these files were played on different data: " + "; ".join(
            data_words(d) for d in data))
    by: dict[tuple[int, int], Played] = {}
    for r in runs:
        for g in r.games:
            by.setdefault((g.seed, g.seat), g)
    first = runs[0]
    return Run(RUN_FORMAT, RUN_VERSION, first.bot, first.other, first.players, first.difficulty,
               list(by.values()), first.data)

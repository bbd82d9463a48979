"""`python -m bench versus`: one bot against another on the same seeds, for strength claims
that need many games (tests stay free of them).

Two players: each seed is played twice, the bot in either seat, the other bot in the other.
Solo: each bot plays Rachel on the same seeds, and their scores are compared.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable

from engine import Game, GameOptions
from engine.bots.seats import Bot, bot_for
from engine.commands import Command

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


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate: what `wins` of `n` says about the true rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def _think_line(bot: str) -> str:
    if not THINK:
        return ""
    xs = sorted(THINK)
    return (f"{bot} think time per main choice (CPU s, {len(xs)} choices): median "
            f"{statistics.median(xs):.2f}, p90 {xs[int(0.9 * (len(xs) - 1))]:.2f}, "
            f"max {xs[-1]:.2f}")


def _two(bot: str, other: str, seed: int, seat: int) -> tuple[int, int, bool]:
    """(bot's VP, other's VP, bot won) with `bot` in `seat`."""
    kinds = [other, other]
    kinds[seat] = bot
    game = Game.new(GameOptions(players=2, seed=seed, seats=tuple(kinds)))  # type: ignore[arg-type]
    bots: dict[int, Bot] = {i: bot_for(k, seed * 8 + i) for i, k in enumerate(kinds)}
    bots[seat] = _Timed(bots[seat])
    while not game.is_over:
        game.apply(bots[game.pending.seat].choose(game))  # type: ignore[union-attr]
    scores = game.scores()
    return scores[seat], scores[1 - seat], game.ranking()[0] == seat


def _solo(bot: str, seed: int, difficulty: str, timed: bool = False) -> tuple[int, int]:
    """(the bot's final VP, Rachel's) on this seed."""
    game = Game.new(GameOptions(players=1, seed=seed, difficulty=difficulty))  # type: ignore[arg-type]
    player: Bot = bot_for(bot, seed * 8)
    if timed:
        player = _Timed(player)
    while not game.is_over:
        game.apply(player.choose(game))
    scores = game.scores()
    return scores[0], scores[1]


def report(bot: str, other: str, players: int, games: int, seed: int,
           difficulty: str = "normal", echo: Callable[[str], None] | None = None) -> str:
    """`echo` is told each game's line as it ends (an expert game takes minutes), instead of
    the report listing them."""
    THINK.clear()
    lines: list[str] = []

    def say(line: str) -> None:
        (echo or lines.append)(line)

    if players == 2:
        mine, theirs, wins = [], [], 0
        for s in range(seed, seed + games):
            for seat in (0, 1):
                a, b, won = _two(bot, other, s, seat)
                mine.append(a)
                theirs.append(b)
                wins += won
                say(f"  seed {s} seat {seat + 1}: {bot} {a}, {other} {b}"
                    f"{'  (won)' if won else ''}")
        n = len(mine)
        lo, hi = wilson(wins, n)
        lines.append(f"{bot} against {other}, 2 players, {n} games (seeds {seed}-"
                     f"{seed + games - 1}, both seats): {bot} wins {wins} ({100 * wins / n:.0f}%, "
                     f"95% interval {100 * lo:.0f}-{100 * hi:.0f}%); "
                     f"mean VP {statistics.mean(mine):.1f} against {statistics.mean(theirs):.1f}")
        lines.append(_think_line(bot))
        return "\n".join(lines)
    mine, theirs, rachel, beat = [], [], [], 0
    for s in range(seed, seed + games):
        a, ra = _solo(bot, s, difficulty, timed=True)
        b, _ = _solo(other, s, difficulty)
        mine.append(a)
        theirs.append(b)
        rachel.append(ra)
        beat += a > ra
        say(f"  seed {s}: {bot} {a}, {other} {b}, Rachel {ra}")
    lo, hi = wilson(beat, games)
    lines.append(f"solo at {difficulty}, {games} seeds from {seed}: {bot} "
                 f"{statistics.mean(mine):.1f} a game (median {statistics.median(mine):.1f}) "
                 f"against {other} {statistics.mean(theirs):.1f}; {bot} beats Rachel in "
                 f"{beat} of {games} (95% interval {100 * lo:.0f}-{100 * hi:.0f}%; Rachel's "
                 f"median {statistics.median(rachel):.1f}); {bot} scores more than {other} on "
                 f"{sum(a > b for a, b in zip(mine, theirs, strict=True))} seeds")
    lines.append(_think_line(bot))
    return "\n".join(lines)

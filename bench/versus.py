"""`python -m bench versus`: one bot against another on the same seeds, for strength claims
that need many games (tests stay free of them).

Two players: each seed is played twice, the bot in either seat, the other bot in the other.
Solo: each bot plays Rachel on the same seeds, and their scores are compared.
"""

from __future__ import annotations

import statistics

from engine import Game, GameOptions
from engine.bots.seats import bot_for


def _two(bot: str, other: str, seed: int, seat: int) -> tuple[int, int, bool]:
    """(bot's VP, other's VP, bot won) with `bot` in `seat`."""
    kinds = [other, other]
    kinds[seat] = bot
    game = Game.new(GameOptions(players=2, seed=seed, seats=tuple(kinds)))  # type: ignore[arg-type]
    bots = {i: bot_for(k, seed * 8 + i) for i, k in enumerate(kinds)}
    while not game.is_over:
        game.apply(bots[game.pending.seat].choose(game))  # type: ignore[union-attr]
    scores = game.scores()
    return scores[seat], scores[1 - seat], game.ranking()[0] == seat


def _solo(bot: str, seed: int, difficulty: str) -> tuple[int, int]:
    """(the bot's final VP, Rachel's) on this seed."""
    game = Game.new(GameOptions(players=1, seed=seed, difficulty=difficulty))  # type: ignore[arg-type]
    player = bot_for(bot, seed * 8)
    while not game.is_over:
        game.apply(player.choose(game))
    scores = game.scores()
    return scores[0], scores[1]


def report(bot: str, other: str, players: int, games: int, seed: int,
           difficulty: str = "normal") -> str:
    lines = []
    if players == 2:
        mine, theirs, wins = [], [], 0
        for s in range(seed, seed + games):
            for seat in (0, 1):
                a, b, won = _two(bot, other, s, seat)
                mine.append(a)
                theirs.append(b)
                wins += won
                lines.append(f"  seed {s} seat {seat + 1}: {bot} {a}, {other} {b}"
                             f"{'  (won)' if won else ''}")
        n = len(mine)
        lines.append(f"{bot} against {other}, 2 players, {n} games (seeds {seed}-"
                     f"{seed + games - 1}, both seats): {bot} wins {wins} ({100 * wins / n:.0f}%); "
                     f"mean VP {statistics.mean(mine):.1f} against {statistics.mean(theirs):.1f}")
        return "\n".join(lines)
    mine, theirs, rachel, beat = [], [], [], 0
    for s in range(seed, seed + games):
        a, ra = _solo(bot, s, difficulty)
        b, _ = _solo(other, s, difficulty)
        mine.append(a)
        theirs.append(b)
        rachel.append(ra)
        beat += a > ra
        lines.append(f"  seed {s}: {bot} {a}, {other} {b}, Rachel {ra}")
    lines.append(f"solo at {difficulty}, {games} seeds from {seed}: {bot} "
                 f"{statistics.mean(mine):.1f} a game against {other} "
                 f"{statistics.mean(theirs):.1f}; {bot} beats Rachel in "
                 f"{beat} of {games}; {bot} scores more than {other} on "
                 f"{sum(a > b for a, b in zip(mine, theirs, strict=True))} seeds")
    return "\n".join(lines)

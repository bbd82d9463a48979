"""cProfile over random games: where the engine spends its time."""

from __future__ import annotations

import cProfile
import io
import pstats

from bench.games import options, random_game


def profile(players: int, games: int, seed: int, top: int = 25) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for i in range(games):
        random_game(options(players, seed + i))
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()

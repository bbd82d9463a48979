"""`python -m bench golden OUT`: play the greedy-bot games that became tests/golden (1, 2 and
4 players). Only for making new golden games: the frozen ones are never regenerated (see
tests/test_golden.py)."""

from __future__ import annotations

from pathlib import Path

from engine import GameOptions
from engine.bots.seats import bot_for
from saves import Session

GAMES = ((1, 301), (2, 302), (4, 304))  # players, seed


def play(players: int, seed: int, out: Path) -> Session:
    opts = GameOptions(players=players, seed=seed, seats=("greedy",) * players)
    s = Session.new(opts)
    bots = {p.seat: bot_for("greedy", seed * 8 + p.seat) for p in s.game.state.players
            if p.kind == "greedy"}
    path, s.path = out, None  # save once at the end, as `galcruise simulate` does
    while not s.game.is_over:
        dec = s.game.pending
        assert dec is not None
        s.apply(bots[dec.seat].choose(s.game))
    s.path = path
    s.save()
    return s


def main(out: str) -> int:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for players, seed in GAMES:
        s = play(players, seed, folder / f"golden-{players}p.json")
        print(f"{players}p seed {seed}: {s.length} commands, scores {s.game.scores()}")
    return 0

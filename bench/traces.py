"""Determinism check for speed work: digests of every legal() list and state hash along random
games (base and with modules), and the command trace of greedy-vs-greedy games. Run before and
after a change; the output must be identical.

    python -m bench.traces > before.txt   (then after the change)   diff before.txt after.txt
"""

from __future__ import annotations

import hashlib
import sys

import msgspec

from engine import Game, GameOptions
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot

_enc = msgspec.json.Encoder()
MODULE_SETS: tuple[tuple[str, ...], ...] = (
    (),
    ("accommodations", "station_bonuses", "advanced_technologies", "advancements"),
    ("cabin_pairing",),
    ("specialised_blueprints", "accommodations"),
)


def random_digest(players: int, seed: int, modules: tuple[str, ...] = ()) -> str:
    """A digest of every legal() list and the state after every command of a random game."""
    game = Game.new(GameOptions(players=players, seed=seed, modules=modules))
    bot = RandomBot(seed)
    h = hashlib.blake2b(digest_size=12)
    n = 0
    while not game.is_over and n < 5000:
        h.update(_enc.encode(game.legal()))
        game.apply(bot.choose(game))
        h.update(game.snapshot())
        n += 1
    return f"random {players}p seed {seed} {'+'.join(modules) or 'base'}: {n} commands " \
           f"{h.hexdigest()} scores {game.scores()}"


def greedy_trace(players: int, seed: int) -> list[str]:
    """The commands of a greedy-vs-greedy game, one a line, and its end."""
    game = Game.new(GameOptions(players=players, seed=seed, seats=("greedy",) * players))
    bots = {s: GreedyBot(seed * 8 + s) for s in range(players)}
    out = []
    while not game.is_over and len(out) < 5000:
        dec = game.pending
        assert dec is not None
        cmd = bots[dec.seat].choose(game)
        out.append(_enc.encode(cmd).decode())
        game.apply(cmd)
    out.append(f"end {game.state_hash()} scores {game.scores()}")
    return out


def main(argv: list[str]) -> int:
    greedy = "--no-greedy" not in argv
    from engine.modules import problems

    for modules in MODULE_SETS:
        if problems(modules):
            continue  # a set this tree cannot play (a module not here yet)
        for players in (1, 2, 3, 4):
            for seed in (0, 1) if modules else (0, 1, 2):
                print(random_digest(players, seed, modules), flush=True)
    if greedy:
        for seed in (1000, 1001, 1002):
            lines = greedy_trace(2, seed)
            print(f"greedy 2p seed {seed}: {len(lines) - 1} commands, "
                  f"{hashlib.blake2b(chr(10).join(lines).encode(), digest_size=12).hexdigest()}"
                  f" {lines[-1]}", flush=True)
            if "--full" in argv:
                print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

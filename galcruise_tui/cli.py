"""`galcruise` command line: the app by default, and headless tools beside it."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="galcruise", description="Galactic Cruise in the terminal")
    parser.add_argument("--data-dir", help="where saves and replays live (default: user data dir)")
    sub = parser.add_subparsers(dest="cmd")
    sim = sub.add_parser("simulate", help="play a game with bots in every seat")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--turns", type=int, default=None)
    args = parser.parse_args(argv)
    if args.cmd == "simulate":
        return _simulate(args)
    from galcruise_tui.app import GalcruiseApp

    GalcruiseApp().run()
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from engine import Game, GameOptions
    from engine.bots.random_bot import play

    game = Game.new(GameOptions(players=args.players, seed=args.seed))
    n = play(game, args.seed, max_turns=args.turns)
    print(f"{n} commands, turn {game.state.turn.number}, scores {game.scores()}, "
          f"hash {game.state_hash()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

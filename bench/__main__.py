"""`python -m bench`: the speed table; `fuzz`, `calibrate`, `versus`, `readiness`, `screen` and
`profile` modes beside it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench.timing import Row, table


def _speed(args: argparse.Namespace) -> int:
    from bench import bots, repaint, speed, startup, storage, tables, timing

    timing.use_clock("wall" if args.wall else "cpu")
    quick = args.quick
    games = 3 if quick else 15
    repeats = 3 if quick else 9
    rows: list[Row] = []
    sections = args.only or ["engine", "games", "bots", "memory", "files", "startup", "tables"]
    if "engine" in sections:
        rows += speed.engine_rows(2 if quick else 8, args.seed)
    if "games" in sections:
        rows += speed.game_rows(games, args.seed)
    if "bots" in sections:
        rows += bots.bot_rows(1 if quick else 3, args.seed)
        rows += bots.expert_rows(4 if quick else 12, args.seed)
    if "memory" in sections:
        rows += speed.memory_rows(1 if quick else 3, args.seed)
    if "files" in sections:
        rows += storage.file_rows(repeats, args.seed)
    if "startup" in sections:
        rows += startup.startup_rows(3 if quick else 9)
        rows += repaint.repaint_rows(10 if quick else 40)
    if "tables" in sections:
        rows += tables.table_rows(20 if quick else 60, args.seed)
    clock = "wall time" if args.wall else "CPU time of this process"
    print(f"galcruise bench: medians; engine figures in {clock}; save write and app start in "
          "wall time\n")
    print(table(rows))
    return 0


def _fuzz(args: argparse.Namespace) -> int:
    from bench import fuzz

    if args.modules_every < 1:
        print("fuzz: --modules-every must be 1 or more", file=sys.stderr)
        return 2
    return fuzz.main(args.games, args.seed, args.out, args.stop_after, args.mutants,
                     args.module, args.modules_every)


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\r{done}/{total} games", end=end, file=sys.stderr, flush=True)


def _calibrate(args: argparse.Namespace) -> int:
    from bench import calibrate

    if args.load:
        try:
            by, bot, data, data_set = calibrate.load([Path(x) for x in args.load])
        except ValueError as e:
            print(f"calibrate: {e}", file=sys.stderr)
            return 2
        print(calibrate.render(by, bot, data, data_set))
        return 0
    from engine.modules import problems, variant_problems

    wrong = problems(tuple(args.modules)) + variant_problems(tuple(args.modules),
                                                            tuple(args.variants))
    if wrong:
        print(f"calibrate: {'; '.join(wrong)}", file=sys.stderr)
        return 2
    print(calibrate.report(args.games, args.seed, tuple(args.players), args.bot, args.data,
                           args.jobs, Path(args.save) if args.save else None,
                           _progress if sys.stderr.isatty() else None, args.difficulty,
                           tuple(args.modules), tuple(args.variants)))
    return 0


def _golden(args: argparse.Namespace) -> int:
    from bench import golden

    return golden.main(args.out)


def _versus(args: argparse.Namespace) -> int:
    from bench import versus

    try:
        if args.load:
            run = versus.load([Path(f) for f in args.load])
            print("\n".join(versus.summary(run.bot, run.other, run.players, run.difficulty,
                                            run.games, run.data)))
            return 0
        print(versus.report(args.bot, args.against, args.players, args.games, args.seed,
                            args.difficulty, echo=lambda line: print(line, flush=True),
                            jobs=args.jobs, save=Path(args.save) if args.save else None))
    except ValueError as e:
        print(f"bench versus: {e}", file=sys.stderr)
        return 2
    return 0


def _readiness(args: argparse.Namespace) -> int:
    from bench import readiness

    print(readiness.main(args.bot, args.games, args.seed, args.difficulty))
    return 0


def _screen(args: argparse.Namespace) -> int:
    from bench import screen

    try:
        if args.load:
            run = screen.load(Path(args.load))
        else:
            run = screen.run(args.bot, args.difficulty, args.games, args.seed, args.change,
                             args.jobs, Path(args.save) if args.save else None,
                             echo=lambda line: print(line, flush=True))
        lines = screen.summary(run)
        if args.base:
            lines += screen.compare(screen.load(Path(args.base)), run)
        print("\n".join(lines))
    except ValueError as e:
        print(f"bench screen: {e}", file=sys.stderr)
        return 2
    return 0


def _profile(args: argparse.Namespace) -> int:
    from bench import profiling

    print(profiling.profile(args.players, args.games, args.seed, args.top))
    return 0


def _run_options(p: argparse.ArgumentParser, games: int, seed: int) -> None:
    """The options of a long run of games (versus, screen): which seeds, at which level, in how
    many processes, kept in which file."""
    p.add_argument("--games", type=int, default=games, help="seeds")
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"])
    p.add_argument("--jobs", type=int, default=1, help="games played at once, in processes")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="keep every game in FILE as it ends; a run started again with the "
                        "same FILE plays only the games it lacks")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description="galcruise benchmarks, fuzzing, calibration")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (about 20 s)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    parser.add_argument("--only", nargs="+",
                        choices=["engine", "games", "bots", "memory", "files", "startup",
                                 "tables"])
    parser.set_defaults(run=_speed)
    sub = parser.add_subparsers(dest="mode")
    f = sub.add_parser("fuzz", help="random-legal games with every invariant after each command")
    f.add_argument("--games", type=int, default=100)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--out", default=None, help="folder for reproducing saves (default: temp)")
    f.add_argument("--stop-after", type=int, default=1, help="failures before stopping")
    f.add_argument("--mutants", type=int, default=30,
                   help="mutated saves per game (one byte, one field, one list element), each "
                        "of which must load, recover from its backup or be refused; 0: none")
    f.add_argument("--modules-every", type=int, default=3, metavar="N",
                   help="every Nth round of player counts plays a combination of modules "
                        "(1: every game)")
    f.add_argument("--module", default=None,
                   help="every game with a combination of modules holding this one (each "
                        "combination the book allows, in turn)")
    f.set_defaults(run=_fuzz)
    c = sub.add_parser("calibrate", help="bot games: game length, VP, what gets used")
    c.add_argument("--games", type=int, default=500, help="games per player count")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    c.add_argument("--bot", choices=["greedy", "planner", "expert", "random"], default="greedy",
                   help="planner: greedy with two turns of sight, 6-9x slower; expert: the "
                        "same sight over games it deals itself, about 2 s a main choice")
    c.add_argument("--data", default=None, help="a folder of component TOML to try instead")
    c.add_argument("--jobs", type=int, default=None, help="processes (default: up to 2)")
    c.add_argument("--difficulty", choices=["easy", "normal", "hard"], default="normal",
                   help="Rachel's level in the solo games")
    c.add_argument("--modules", nargs="*", default=[], metavar="MODULE",
                   help="expansion modules in play (engine.modules.MODULES ids)")
    c.add_argument("--variants", nargs="*", default=[], metavar="VARIANT",
                   help="their rule variants")
    c.add_argument("--save", default=None, help="also keep each game's figures in this file")
    c.add_argument("--load", nargs="+", default=None, metavar="FILE",
                   help="report saved runs (combined) instead of playing")
    c.set_defaults(run=_calibrate)
    gd = sub.add_parser("golden", help="play new golden games into a folder (never to refresh "
                        "the frozen ones in tests/golden)")
    gd.add_argument("out")
    gd.set_defaults(run=_golden)
    vs = sub.add_parser("versus", help="one bot against another on the same seeds")
    from bench.versus import KINDS

    vs.add_argument("--bot", default="planner", choices=KINDS,
                    help="expert-2x, expert-4x: the expert with two or four times its look; "
                         "expert-deep: its play-outs two rounds long; expert-acts: its "
                         "choice of actions played out too; expert-own: solo, "
                         "its leaves without the margin over Rachel; expert-end: its "
                         "play-outs to the end from the last cube on the progress track; "
                         "greedy-launch, expert-launch: solo, the actions still between "
                         "the seat and its first launch priced (greedy.FIRST_STEP); "
                         "expert-first: so on the expert's leaves alone; for runs only")
    vs.add_argument("--against", default="greedy", choices=KINDS)
    vs.add_argument("--players", type=int, choices=[1, 2], default=2,
                    help="2: the bots face each other, both seats; 1: each plays Rachel")
    _run_options(vs, games=12, seed=1000)
    vs.add_argument("--load", nargs="+", default=None, metavar="FILE",
                    help="report saved runs (combined) instead of playing")
    vs.set_defaults(run=_versus)
    rd = sub.add_parser("readiness", help="solo games: what stood between the bot and a launch "
                        "at each of its main choices")
    rd.add_argument("--bot", default="greedy", choices=KINDS)
    rd.add_argument("--games", type=int, default=12, help="seeds")
    rd.add_argument("--seed", type=int, default=1100)
    rd.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"])
    rd.set_defaults(run=_readiness)
    sc = sub.add_parser("screen", help="the greedy bot solo with some of its prices changed, "
                        "paired with a saved run of it as it is on the same seeds")
    sc.add_argument("--change", action="append", default=[], metavar="NAME=VALUE",
                    help="a price of engine.bots.greedy (CABIN=3.5) or a term added to its "
                         "value (sdest, plan, wout, race: see bench/screen.py) at a weight; "
                         "none: the bot as it is")
    from bench.screen import BOTS

    sc.add_argument("--bot", default="greedy", choices=BOTS)
    _run_options(sc, games=48, seed=1100)
    sc.add_argument("--load", default=None, metavar="FILE", help="report a saved run")
    sc.add_argument("--base", default=None, metavar="FILE",
                    help="a saved run to compare with, seed for seed")
    sc.set_defaults(run=_screen)
    p = sub.add_parser("profile", help="cProfile of random games")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--top", type=int, default=25)
    p.set_defaults(run=_profile)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())

"""`galcruise`: the app by default; headless verify, replay and simulate beside it."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from galcruise_tui.text import module_ids, plain

COMPONENTS_HELP = ("a folder of component data (TOML) to play with instead of the built-in "
                   "set; default: $GALCRUISE_COMPONENTS")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="galcruise",
                                     description="Galactic Cruise in the terminal")
    parser.add_argument("--data-dir", help="where saves live (default: the user data dir)")
    parser.add_argument("--bot-pause", type=float, default=0.4, metavar="SECONDS",
                        help="pause before each bot move (default 0.4; p in a game changes it)")
    parser.add_argument("--components", metavar="DIR", help=COMPONENTS_HELP)
    parser.add_argument("--name", default=None,
                        help="your name at tables (default: your login name)")
    parser.add_argument("--store", dest="app_store", default=None, metavar="PATH",
                        help="the table store, a file or folder (default: $GALCRUISE_STORE, "
                             "else tables.sqlite in the data dir)")
    # Also accepted after a subcommand; SUPPRESS keeps one given before it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--components", metavar="DIR", default=argparse.SUPPRESS,
                        help=COMPONENTS_HELP)
    sub = parser.add_subparsers(dest="cmd")
    v = sub.add_parser(
        "verify", help="replay a save and check every stored hash", parents=[common],
        description="Replay a save from its options and seed and check every stored state "
                    "hash, the final one included, and that its redo moves are legal. Two games "
                    "with the same options, seed and moves give the same hashes; their files "
                    "differ only in the created/updated timestamps.")
    v.add_argument("file")
    r = sub.add_parser("replay", help="print the state at step N of a save", parents=[common])
    r.add_argument("file")
    r.add_argument("--to", type=int, default=None, metavar="N",
                   help="the step to show: the position after N commands (default: the end)")
    r.add_argument("--json", action="store_true",
                   help="the whole state there as one JSON document, not a line of words")
    sim = sub.add_parser("simulate", help="play a game with random bots in every seat and "
                         "save it", parents=[common])
    sim.add_argument("--players", type=int, default=2, help="1-4 (1: against Rachel)")
    sim.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    sim.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"],
                     help="Rachel's, in a solo game")
    sim.add_argument("--out", default=None, metavar="FILE",
                     help="where to save it (default: a new save in the saves folder)")
    sim.add_argument("--modules", default="", metavar="A,B",
                     help="expansion modules, comma-separated, by the ids the new-game form "
                          "and saves use (e.g. cabin_pairing,advancements)")
    sim.add_argument("--max-turns", type=int, default=None, metavar="N",
                     help="stop after turn N (an unfinished game, to load and play on)")
    from galcruise_tui import table_cli

    table_cli.add_parser(sub, [common])
    args = parser.parse_args(argv)
    components = args.components or os.environ.get("GALCRUISE_COMPONENTS")
    if components:
        from engine.components import DataError, use_components

        try:
            use_components(components)
        except DataError as e:
            print(f"galcruise: {e}", file=sys.stderr)
            return 2
    try:
        if args.cmd == "verify":
            return _verify(args)
        if args.cmd == "replay":
            return _replay(args)
        if args.cmd == "simulate":
            return _simulate(args)
        if args.cmd == "table":
            from saves import data_root

            return table_cli.run(args, data_root(args.data_dir))
    except Exception as e:  # noqa: BLE001 - one sentence, never a traceback
        from saves import SaveError

        msg = str(e) if isinstance(e, SaveError) else f"{type(e).__name__}: {e}"
        print(f"galcruise: {plain(msg, 400)}", file=sys.stderr)
        return 2
    from galcruise_tui.app import run

    run(data_dir=args.data_dir, bot_delay=max(0.0, args.bot_pause), name=args.name,
        store=args.app_store)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from replays import verify

    ok, msg = verify(args.file)
    print(plain(msg, 400))
    return 0 if ok else 1


def _replay(args: argparse.Namespace) -> int:
    from replays import Replay

    rp = Replay.open(args.file)
    rp.goto(rp.length if args.to is None else args.to)
    if args.to is not None and rp.index != args.to:
        # Said, not only done: --to 9999 printed step 550/550 as if asked (QA s53 Q12). On
        # stderr, so that --json stays one JSON document.
        print(f"note: --to {args.to} is outside the save's steps 0 to {rp.length}; showing "
              f"step {rp.index}", file=sys.stderr)
    if args.json:
        sys.stdout.write(rp.state_json().decode() + "\n")
    else:
        g = rp.game
        # Seat names come from the file: printed raw, escapes in them would drive the terminal.
        print(plain(f"step {rp.index}/{rp.length}, turn {g.state.turn.number}, round "
                    f"{g.state.round}; scores {g.scores()}; {g.waiting_for()}", 400))
        for note in rp.undo_notes():
            print(plain(note, 400))
    if rp.mismatch is not None:
        # As the app warns on loading it; `verify` refuses the file.
        print(f"warning: the save's stored checkpoint at command {rp.mismatch} does not match "
              "the position there (galcruise verify reports it)", file=sys.stderr)
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from engine import GameError, GameOptions
    from engine.bots.random_bot import RandomBot
    from saves import Session, Store, data_root

    n = args.players
    modules = module_ids(args.modules)
    opts = GameOptions(players=n, seed=args.seed, difficulty=args.difficulty,
                       seats=("random",) * n, modules=modules)
    try:
        opts.validate()  # the new-game form's check, and its words
    except GameError as e:
        print(f"galcruise: the game cannot start: {plain(str(e), 400)}", file=sys.stderr)
        return 2
    if args.out:
        s = Session.new(opts)
        s.path = Path(args.out)
    else:  # into the saves under --data-dir / $GALCRUISE_HOME, like a game played in the app
        s = Session.new(opts, store=Store(data_root(args.data_dir)))
    bot = RandomBot(args.seed)
    limit = args.max_turns
    # Save once at the end: the log is the same, and the simulation stays fast.
    path, s.path = s.path, None
    while not s.game.is_over and (limit is None or s.game.state.turn.number <= limit):
        s.apply(bot.choose(s.game))
    s.path = path
    s.save()
    g = s.game
    where = f" -> {s.path}" if s.path else ""
    print(plain(f"{s.length} commands, turn {g.state.turn.number}, over={g.is_over}, "
                f"scores {g.scores()}, state {g.state_hash()[:16]}{where}", 400))
    return 0


if __name__ == "__main__":
    sys.exit(main())

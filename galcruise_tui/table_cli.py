"""`galcruise table ...`: tables played from several terminals, headless (scripts and tests).

    galcruise table new --seat alice --seat open --seat bot:greedy --seed 7
    galcruise table join --table T --as carol
    galcruise table show --table T --as alice --json
    galcruise table move --table T --as alice --index 3 --at 12
    galcruise table undo --table T --as alice --at 13
    galcruise table export --table T --out game.json
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

import msgspec


def add_parser(sub: argparse._SubParsersAction, parents: list[argparse.ArgumentParser]) -> None:
    t = sub.add_parser("table", help="games shared by several terminals (see table --help)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                       parents=parents)
    t.add_argument("--store", default=None,
                   help="the table store file or folder (default: $GALCRUISE_STORE, else "
                        "tables.sqlite in the data dir)")
    tsub = t.add_subparsers(dest="table_cmd", required=True)
    new = tsub.add_parser("new", help="create a table; prints its id")
    new.add_argument("--seat", action="append", required=True,
                     help="a person's name, open (a free seat anyone may join), or "
                          "bot:greedy / bot:planner / bot:expert / bot:random; one seat alone "
                          "is a solo game against Rachel")
    new.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    new.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"],
                     help="Rachel's, at a table of one")
    new.add_argument("--modules", default="", metavar="A,B",
                     help="expansion modules, comma-separated, as `galcruise simulate` takes "
                          "them (the app's Tables form offers them too)")
    tsub.add_parser("list", help="every table in the store")
    join = tsub.add_parser("join", help="take a free seat at a table; prints its number")
    join.add_argument("--table", required=True)
    join.add_argument("--as", dest="who", default=None,
                      help="your name at the table (default: your login name)")
    for name, text in (("show", "what a seat sees now, and its legal commands"),
                       ("move", "play one of the seat's legal commands"),
                       ("undo", "take back your own last move, in your turn, if it revealed "
                                "nothing"),
                       ("export", "write the table as a save file")):
        p = tsub.add_parser(name, help=text)
        p.add_argument("--table", required=True)
        if name != "export":
            p.add_argument("--as", dest="who", default=None,
                           help="your name at the table (default: your login name)")
        if name == "show":
            p.add_argument("--json", action="store_true")
        if name == "move":
            p.add_argument("--index", type=int, required=True,
                           help="the command's number in `show`'s list")
        if name in ("move", "undo"):
            p.add_argument("--at", type=int, default=None, required=name == "undo",
                           help="the move count `show` gave: refused if the table moved on")
        if name == "export":
            p.add_argument("--out", required=True)
            p.add_argument("--in-progress", action="store_true",
                           help="export a game still being played: the file holds every hand "
                                "and the deck order (for the host, not for a player)")


def run(args: argparse.Namespace, data_root: Path) -> int:
    from galcruise_tui.text import plain
    from saves.session import now
    from saves.tables import Secrets, TableStore, store_path

    store = TableStore(store_path(args.store or args.app_store, data_root))
    try:
        cmd = args.table_cmd
        if cmd == "new":
            opens = tuple(i for i, spec in enumerate(args.seat) if spec == "open")
            print(store.create(_options(args), now(), open_seats=opens))
            return 0
        if cmd == "list":
            for info in store.tables():
                seats = ", ".join(f"{s.name or '(free seat)'}"
                                  f"{'' if s.kind == 'human' else f' ({s.kind})'}"
                                  for s in info.seats)
                print(plain(f"{info.id}  {seats}  {info.moves} moves{_state(store, info)}",
                            400))
            return 0
        if cmd == "export":
            print(store.export(args.table, Path(args.out), now(),
                               finished_only=not args.in_progress))
            return 0
        who = args.who or args.name or getpass.getuser()
        if cmd == "join":
            seat = store.join(args.table, who, Secrets(data_root))
            print(f"seat {seat + 1}")
            return 0
        seat = store.seat_of(args.table, who)
        secret = store.claim(args.table, seat, Secrets(data_root), who)
        store.play_bots(args.table)
        game, log = store.game(args.table)
        if cmd == "show":
            return _show(game, seat, len(log), args.json)
        if cmd == "undo":
            print(f"move {store.undo(args.table, seat, secret, args.at)}")
            return 0
        legal = game.legal_for(seat) if game.pending and seat in game.deciders() else []
        if not 0 <= args.index < len(legal):
            print(f"galcruise: no command {args.index} for {plain(who)} now "
                  f"({len(legal)} to choose from).", file=sys.stderr)
            return 2
        moves = store.move(args.table, seat, secret, legal[args.index], args.at)
        moves += store.play_bots(args.table)
        print(f"move {moves}")
        return 0
    finally:
        store.close()


def _state(store, info) -> str:  # noqa: ANN001 - saves.tables.TableStore, TableInfo
    """What `list` adds after the move count: that the game is over (as the lobby says), or
    why the table cannot be read."""
    if info.error is not None:
        return f"  ✗ {info.error}"
    try:
        game, _ = store.game(info.id)
    except Exception as e:  # noqa: BLE001 - one bad table never hides the others
        return f"  ✗ {e}"
    return "  game over" if game.is_over else ""


def _options(args: argparse.Namespace):  # noqa: ANN202 - GameOptions, imported late
    from engine import GameOptions
    from galcruise_tui.text import module_ids

    names: list[str] = []
    kinds: list[str] = []
    defaults = ("Pink", "Blue", "Green", "Yellow")
    for i, spec in enumerate(args.seat):
        if spec.startswith("bot:"):
            kinds.append(spec[4:])
            names.append(defaults[i % 4])
        elif spec == "open":  # a free seat: a person's, under its colour until one joins
            kinds.append("human")
            names.append(defaults[i % 4])
        else:
            kinds.append("human")
            names.append(spec)
    return GameOptions(players=len(names), seed=args.seed, names=tuple(names),
                       seats=tuple(kinds), difficulty=args.difficulty,  # type: ignore[arg-type]
                       modules=module_ids(args.modules))


def _show(game, seat: int, moves: int, as_json: bool) -> int:  # noqa: ANN001
    from engine.describe import describe
    from galcruise_tui.text import plain

    mine = game.pending is not None and seat in game.deciders()
    legal = game.legal_for(seat) if mine else []
    if as_json:
        doc = {"move": moves, "seat": seat, "your_decision": mine,
               "waiting": game.waiting_for(), "over": game.is_over,
               "observation": game.observation(seat),
               "legal": [{"index": i, "text": describe(game, c), "command": c}
                         for i, c in enumerate(legal)]}
        sys.stdout.write(msgspec.json.encode(doc).decode() + "\n")
        return 0
    print(plain(f"move {moves}: {game.waiting_for()}", 400))
    for i, c in enumerate(legal):
        print(plain(f"  {i}  {describe(game, c)}", 400))
    return 0

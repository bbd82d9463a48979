"""Mutated save files: one byte, one field or one list element changed in a real save.

Each mutant is put where a player's save would be, with the good save one move earlier as its
backup, and read by everything that reads saves (the saves list, loading, verify). Every
mutant must end one of three ways: loaded (the change was harmless), recovered from the
backup, or refused with a SaveError; anything else (a traceback) is a finding.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec

from engine import GameOptions
from engine.bots.random_bot import RandomBot
from engine.commands import Command
from replays import verify
from saves import SaveError, Session, Store
from saves.atomic import backup_path

KINDS = ("byte", "msgpack byte", "field", "list element")
# Values a field is replaced with: wrong types, edges of ranges, markup, escapes, a big string.
ODD_VALUES: tuple[Any, ...] = (
    None, True, -1, 0, 2**63, -(2**63), 10**30, 1.5, "", "[/]", "\x1b[2J", "x" * 5000,
    [], {}, [[[]]], {"type": "teleport"}, {"type": "pass_turn"},
)


def saved_game(folder: Path, opts: GameOptions, log: list[Command], keep: int = 120) -> Path:
    """A save of the first `keep` commands of `log`, with an undo record and a redo list."""
    st = Store(folder)
    s = Session.new(msgspec.structs.replace(opts, free_undo=True, seats=()), name="base",
                    store=st)
    for cmd in log[:keep]:
        s.apply(cmd)
    if s.length >= 2:
        s.undo()
        s.undo()
        s.redo()
    return s.path  # type: ignore[return-value]


def _paths(doc: Any, at: tuple = ()) -> list[tuple]:  # noqa: ANN401 - any JSON value
    """Every path to a value inside a decoded JSON document."""
    out = [at]
    if isinstance(doc, dict):
        for k in sorted(doc):
            out += _paths(doc[k], (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*at, i))
    return out


def _get(doc: Any, path: tuple) -> Any:  # noqa: ANN401
    for k in path:
        doc = doc[k]
    return doc


def mutate(good: bytes, kind: str, rng: random.Random) -> bytes:
    if kind in ("byte", "msgpack byte"):
        data = good if kind == "byte" else msgspec.msgpack.encode(msgspec.json.decode(good))
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    doc = msgspec.json.decode(good)
    if kind == "field":
        path = rng.choice(_paths(doc)[1:])
        parent = _get(doc, path[:-1])
        parent[path[-1]] = rng.choice(ODD_VALUES)
    else:
        lists = [p for p in _paths(doc) if isinstance(_get(doc, p), list) and _get(doc, p)]
        items = _get(doc, rng.choice(lists))
        i = rng.randrange(len(items))
        how = rng.randrange(4)
        if how == 0:
            del items[i]
        elif how == 1:
            items.insert(i, items[rng.randrange(len(items))])
        elif how == 2:
            j = rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        else:
            items[i] = rng.choice(ODD_VALUES)
    return msgspec.json.encode(doc)


def check(path: Path, mutant: bytes, good_backup: bytes | None) -> str:
    """How the readers took one mutant: 'loaded', 'recovered' or 'refused'.

    Raises whatever a reader raised other than a SaveError: that is the finding.
    """
    path.write_bytes(mutant)
    if good_backup is None:
        backup_path(path).unlink(missing_ok=True)
    else:
        backup_path(path).write_bytes(good_backup)
    Store(path.parent.parent).list()
    try:
        verify(path)
    except SaveError:
        pass
    try:
        s = Session.load(path)
    except SaveError:
        return "refused"
    return "recovered" if s.warning and "backup" in s.warning else "loaded"


def run(folder: Path, games: list[tuple[GameOptions, list[Command]]], per_game: int,
        seed: int) -> tuple[Counter[str], list[str]]:
    """Mutate a save of each game `per_game` times; (outcomes, tracebacks)."""
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    rng = random.Random(seed)
    for n, (opts, log) in enumerate(games):
        home = folder / f"g{n}"
        path = saved_game(home, opts, log)
        good = path.read_bytes()
        good_backup = backup_path(path).read_bytes()
        for k in range(per_game):
            kind = KINDS[k % len(KINDS)]
            mutant = mutate(good, kind, rng)
            # Every other round of kinds has no backup, so refusals are exercised too.
            backup = good_backup if (k // len(KINDS)) % 2 == 0 else None
            try:
                outcomes[check(path, mutant, backup)] += 1
            except Exception:  # noqa: BLE001 - the finding: report it, keep going
                outcomes["traceback"] += 1
                keep = home / f"mutant-{k}.json"
                keep.write_bytes(mutant)
                failures.append(f"{kind} mutant {keep}:\n{traceback.format_exc()}")
    return outcomes, failures


def random_games(count: int, seed: int) -> list[tuple[GameOptions, list[Command]]]:
    """Short random-legal logs at every player count, for `run` when no fuzz games are given."""
    out = []
    for i in range(count):
        opts = GameOptions(players=1 + i % 4, seed=seed + i)
        s = Session.new(opts)
        bot = RandomBot(seed + i)
        while s.length < 130 and not s.game.is_over:
            s.apply(bot.choose(s.game))
        out.append((opts, list(s.file.commands)))
    return out

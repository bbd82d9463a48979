"""Files: save write, load + replay of a 1,000-command game, undo at the end of a long game,
and msgspec against the stdlib json module on the same command log."""

from __future__ import annotations

import json
import os
import statistics
import tempfile
from pathlib import Path

import msgspec

from bench import timing
from bench.games import options, random_game
from bench.timing import Row, seconds, wall_seconds
from engine import Game, GameOptions
from engine.command_union import AnyCommand
from engine.commands import Command
from saves import Session, Store
from saves.envelope import decode
from saves.reader import read_bytes

LOG_LENGTH = 1000


def long_log(seed: int) -> tuple[GameOptions, list[Command]]:
    """The first 1,000 commands of a 4-player random game (a long one, to be sure of 1,000)."""
    for s in range(seed, seed + 50):
        opts = options(4, s)
        _, log = random_game(opts)
        if len(log) >= LOG_LENGTH:
            return opts, log[:LOG_LENGTH]
    raise RuntimeError("no random game reached 1,000 commands")


def _session(home: Path, opts: GameOptions, log: list[Command]) -> Session:
    s = Session.new(opts, name="bench", store=Store(home))
    path, s.path = s.path, None  # no autosave while building it
    for cmd in log:
        s.apply(cmd)
    s.path = path
    s.save()
    return s


def _carried_out(opts: GameOptions, log: list[Command]) -> None:
    game = Game.new(opts)
    for cmd in log:
        game.apply_logged(cmd)


def file_rows(repeats: int, seed: int) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="galcruise-bench-") as tmp:
        home = Path(tmp)
        old = os.environ.get("GALCRUISE_HOME")
        os.environ["GALCRUISE_HOME"] = str(home)  # never the real home
        try:
            return _file_rows(home, repeats, seed)
        finally:
            if old is None:
                os.environ.pop("GALCRUISE_HOME", None)
            else:
                os.environ["GALCRUISE_HOME"] = old


def _file_rows(home: Path, repeats: int, seed: int) -> list[Row]:
    opts, log = long_log(seed)
    s = _session(home, opts, log)
    assert s.path is not None
    size = s.path.stat().st_size
    save = statistics.median(wall_seconds(s.save) for _ in range(repeats))
    path = s.path
    # A load cannot cost less than reading and decoding its file (the typed, validated log);
    # its commands carried out alone say how much of the rest is the rules. Taken in turn, so
    # that a busy machine weighs on all three alike.
    loads, reads, rules = [], [], []
    for _ in range(repeats):
        loads.append(seconds(lambda: Session.load(path)))
        reads.append(seconds(lambda: decode(read_bytes(path), path)))
        rules.append(seconds(lambda: _carried_out(opts, log)))
    load, read, rule = (statistics.median(x) for x in (loads, reads, rules))

    # Undo of one command at the end of the long game: all seats human, free undo, no file.
    free = msgspec.structs.replace(opts, free_undo=True)
    u = _session(home, free, log)
    u.path = None
    undo = []
    for _ in range(repeats):
        t = timing.now()
        ok = u.undo()
        undo.append(timing.now() - t)
        assert ok and u.redo()
    return [
        Row("save write (1,000 commands, atomic)", save * 1e3, "ms/save", repeats,
            f"{size / 1024:.0f} KiB JSON"),
        Row("load + replay (1,000 commands)", load * 1e3, "ms/load", repeats,
            "target < 20 ms; floor: reading and decoding the file", read * 1e3),
        Row("  its commands carried out alone", rule * 1e3, "ms", repeats,
            "the rules' share of a load: a new game and apply_logged, no file, no session"),
        Row("undo at command 1,000", statistics.median(undo) * 1e3, "ms/undo", repeats),
        *codec_rows(log, repeats),
    ]


def codec_rows(log: list[Command], repeats: int) -> list[Row]:
    """Encode and decode the same log; stdlib json works on plain dicts and validates nothing."""
    plain = msgspec.to_builtins(log)
    enc = msgspec.json.Encoder()
    dec = msgspec.json.Decoder(list[AnyCommand])
    data = enc.encode(log)
    text = json.dumps(plain)

    def ms_trip() -> None:
        dec.decode(enc.encode(log))

    def std_trip() -> None:
        json.loads(json.dumps(plain))

    rounds = max(repeats, 20)
    ms = statistics.median(seconds(ms_trip) for _ in range(rounds))
    std = statistics.median(seconds(std_trip) for _ in range(rounds))
    ms_enc = statistics.median(seconds(lambda: enc.encode(log)) for _ in range(rounds))
    std_enc = statistics.median(seconds(lambda: json.dumps(plain)) for _ in range(rounds))
    ms_dec = statistics.median(seconds(lambda: dec.decode(data)) for _ in range(rounds))
    std_dec = statistics.median(seconds(lambda: json.loads(text)) for _ in range(rounds))
    return [
        Row("msgspec json round trip (1,000 commands)", ms * 1e6, "us", rounds,
            "typed, validated Structs"),
        Row("stdlib json round trip (same log)", std * 1e6, "us", rounds, "plain dicts"),
        Row("stdlib / msgspec round trip", std / ms, "x", rounds,
            f"encode {std_enc / ms_enc:.1f}x, decode {std_dec / ms_dec:.1f}x"),
    ]

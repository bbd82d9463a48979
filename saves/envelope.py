"""The game file: a header (versions, data set, options, stamps) and the command log.

JSON by default so a person can read it; msgpack is accepted too. Decoding refuses, with one
sentence, anything that is not exactly a galcruise save this version can read.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine import ENGINE_VERSION, GameOptions
from engine.commands import AnyCommand

FORMAT = "galcruise-save"
FORMAT_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024  # a real save is a few KB; anything huge is not ours
HASH_EVERY = 25


class SaveError(Exception):
    """A game file could not be read; the message names the file and the problem.

    `problem` is the same sentence without the file name, so a caller can combine two refusals
    (a damaged save and its damaged backup) into one sentence.
    """

    def __init__(self, message: str, problem: str | None = None) -> None:
        super().__init__(message)
        self.problem = problem if problem is not None else message


def refuse(path: Path | str | None, problem: str) -> SaveError:
    problem = problem.rstrip(". ")
    return SaveError(f"{'the save' if path is None else path}: {problem}.", problem)


class UndoRecord(msgspec.Struct, frozen=True):
    at: int  # log length before the undo
    undone: int  # commands taken back
    # Added within format 1 with defaults: files without them still load, and an older
    # galcruise reading a newer file ignores them (UndoRecord does not forbid unknown fields).
    commands: tuple[AnyCommand, ...] = ()  # the commands taken back, in the order played
    hash: str = ""  # state hash at the position the undo went back to


class Summary(msgspec.Struct):
    turn: int = 0
    round: int = 1
    scores: list[int] = msgspec.field(default_factory=list)
    over: bool = False
    waiting: str = ""


class GameFile(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    format_version: int
    engine_version: str
    data_id: str
    data_hash: str
    options: GameOptions
    created: str
    updated: str
    seats: list[str]
    commands: list[AnyCommand]
    hashes: list[tuple[int, str]] = msgspec.field(default_factory=list)
    redo: list[AnyCommand] = msgspec.field(default_factory=list)
    undo_log: list[UndoRecord] = msgspec.field(default_factory=list)
    summary: Summary = msgspec.field(default_factory=Summary)


class _Header(msgspec.Struct):
    format: str = ""
    format_version: int = 0


def encode(gf: GameFile, fmt: str = "json") -> bytes:
    if fmt == "msgpack":
        return msgspec.msgpack.encode(gf)
    return msgspec.json.format(msgspec.json.encode(gf), indent=1)


def decode(data: bytes, path: Path | str) -> GameFile:
    if len(data) > MAX_BYTES:
        raise refuse(path, f"too large to be a galcruise save ({len(data)} bytes)")
    if not data.strip():
        raise refuse(path, "the file is empty")
    is_json = data.lstrip()[:1] == b"{"
    module = msgspec.json if is_json else msgspec.msgpack
    try:
        header = module.decode(data, type=_Header)
    except msgspec.DecodeError:
        what = "truncated or damaged JSON" if is_json else "not a galcruise save (unreadable bytes)"
        raise refuse(path, what) from None
    except msgspec.ValidationError:
        raise refuse(path, "not a galcruise save (wrong shape)") from None
    except MemoryError:
        raise refuse(path, "too large to read") from None
    if header.format != FORMAT:
        raise refuse(path, f"not a galcruise save (no '{FORMAT}' header)")
    if header.format_version > FORMAT_VERSION:
        raise refuse(path, f"written by a newer galcruise (format {header.format_version}; "
                           f"this one reads up to {FORMAT_VERSION})")
    if header.format_version < 1:
        raise refuse(path, f"damaged save: format version {header.format_version} never existed")
    try:
        return module.decode(migrate(data, header.format_version), type=GameFile)
    except msgspec.ValidationError as e:
        raise refuse(path, f"damaged save: {e}") from None
    except msgspec.DecodeError:
        raise refuse(path, "truncated or damaged save") from None
    except MemoryError:
        raise refuse(path, "too large to read") from None


# Migrations from older format versions, applied in order: version -> function(bytes) -> bytes.
# Format 1 is the first, so there is nothing to migrate yet.
MIGRATIONS: dict[int, object] = {}


def migrate(data: bytes, version: int) -> bytes:
    return data


def new_file(options: GameOptions, data_id: str, data_hash: str, now: str) -> GameFile:
    return GameFile(format=FORMAT, format_version=FORMAT_VERSION, engine_version=ENGINE_VERSION,
                    data_id=data_id, data_hash=data_hash, options=options, created=now,
                    updated=now, seats=list(options.seat_names()), commands=[])

"""The game file: a header (versions, data set, options, stamps) and the command log.

JSON by default so a person can read it; msgpack is accepted too. Decoding refuses, with one
sentence, anything that is not exactly a galcruise save this version can read.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import msgspec

from engine import ENGINE_VERSION, GameOptions
from engine.options import RULES
from saves.atomic import backup_path

if TYPE_CHECKING:
    from engine.command_union import AnyCommand

FORMAT = "galcruise-save"
# 2: the header names the rules version the game is played under (`rules`); a format-1 file
# holds a game begun under rules 1.
FORMAT_VERSION = 2
MAX_BYTES = 64 * 1024 * 1024  # a real save is a few KB; anything huge is not ours
HASH_EVERY = 25
# What a real game can hold. A game takes about 1,000-1,500 commands (bench: a random game
# about 1,500; 20,000 means the engine loops). Every list in a file is bounded so that a file
# inside MAX_BYTES cannot make a reader replay millions of commands or build millions of
# records; the session trims its undo history to stay inside these when it writes.
MAX_COMMANDS = 20_000
MAX_HASHES = MAX_COMMANDS // HASH_EVERY + 2
MAX_UNDO_RECORDS = 2_000
MAX_UNDONE = 50_000  # commands kept in all undo records together
MAX_TEXT = 200  # a header string, or a problem quoted in a message
MAX_SEATS = 4

Text = Annotated[str, msgspec.Meta(max_length=MAX_TEXT)]


class SaveError(Exception):
    """A game file could not be read; the message names the file and the problem.

    `problem` is the same sentence without the file name, so a caller can combine two refusals
    (a damaged save and its damaged backup) into one sentence. `intact`: the file is sound but
    beyond this galcruise (a newer format or rules version, another component data set), so
    its backup must not stand in for it: played on, the backup would be saved over it.
    """

    def __init__(self, message: str, problem: str | None = None, intact: bool = False) -> None:
        super().__init__(message)
        self.problem = problem if problem is not None else message
        self.intact = intact


def standing_backup(path: Path, refused: SaveError) -> Path | None:
    """The backup that stands for the save at `path` whose main file was `refused`: a damaged
    file's, where there is one. A sound file beyond this galcruise keeps its place (its backup,
    played on, would be saved over it)."""
    bak = backup_path(path)
    return bak if not refused.intact and bak.exists() else None


def refuse(path: Path | str | None, problem: str, intact: bool = False) -> SaveError:
    # A problem can quote a field of the file (msgspec names a bad tag value); a line on a
    # screen must not echo a megabyte of it.
    problem = problem.rstrip(". ")
    if len(problem) > MAX_TEXT:
        problem = problem[: MAX_TEXT - 1] + "…"
    return SaveError(f"{'the save' if path is None else path}: {problem}.", problem, intact)


Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COMMANDS)]


class UndoRecord(msgspec.Struct, frozen=True):
    at: Count  # log length before the undo
    undone: Count  # commands taken back
    # Added within format 1 with defaults: files without them still load, and an older
    # galcruise reading a newer file ignores them (UndoRecord does not forbid unknown fields).
    # The commands taken back, in the order played.
    commands: Annotated[tuple[AnyCommand, ...], msgspec.Meta(max_length=MAX_COMMANDS)] = ()
    hash: Text = ""  # state hash at the position the undo went back to


class Summary(msgspec.Struct):
    turn: Count = 0
    round: Count = 1
    scores: Annotated[list[int], msgspec.Meta(max_length=MAX_SEATS + 1)] = msgspec.field(
        default_factory=list)
    over: bool = False
    # A sentence of the engine's (about 110 characters at most): read leniently, written cut.
    waiting: Annotated[str, msgspec.Meta(max_length=2000)] = ""


T = TypeVar("T")


class GameFile(msgspec.Struct, forbid_unknown_fields=True):
    format: Text
    format_version: int
    engine_version: Text
    data_id: Text
    data_hash: Text
    options: GameOptions
    created: Text
    updated: Text
    seats: Annotated[list[Text], msgspec.Meta(max_length=MAX_SEATS)]
    commands: Annotated[list[AnyCommand], msgspec.Meta(max_length=MAX_COMMANDS)]
    hashes: Annotated[list[tuple[Count, Text]], msgspec.Meta(max_length=MAX_HASHES)] = (
        msgspec.field(default_factory=list))
    redo: Annotated[list[AnyCommand], msgspec.Meta(max_length=MAX_COMMANDS)] = msgspec.field(
        default_factory=list)
    undo_log: Annotated[list[UndoRecord], msgspec.Meta(max_length=MAX_UNDO_RECORDS)] = (
        msgspec.field(default_factory=list))
    summary: Summary = msgspec.field(default_factory=Summary)
    # The rules version of the game (engine.options.RULES when it began); absent: format 1,
    # whose games all began under rules 1.
    rules: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 1


class Listing(msgspec.Struct):
    """The part of a file the saves list shows: decoding skips the logs without building them."""

    format: Text = ""
    format_version: int = 0
    options: GameOptions | None = None
    updated: Text = ""
    seats: Annotated[list[Text], msgspec.Meta(max_length=MAX_SEATS)] = msgspec.field(
        default_factory=list)
    summary: Summary = msgspec.field(default_factory=Summary)


class _Header(msgspec.Struct):
    format: Text = ""
    # Kept raw: a version too big for an int is a damaged file, not a truncated one.
    format_version: msgspec.Raw = msgspec.Raw(b"0")


def encode(gf: GameFile, fmt: str = "json") -> bytes:
    if fmt == "msgpack":
        return msgspec.msgpack.encode(gf)
    return msgspec.json.format(msgspec.json.encode(gf), indent=1)


def _know_commands() -> None:
    """The command types, which GameFile's annotations name, imported when a whole file is
    first decoded: msgspec reads the annotations then, from this module. The title screen
    lists saves without them (the command union is 15 ms of the app's cold start)."""
    if "AnyCommand" not in globals():
        from engine.command_union import AnyCommand

        globals()["AnyCommand"] = AnyCommand


def decode(data: bytes, path: Path | str) -> GameFile:
    _know_commands()
    gf = _decode(data, path, GameFile)
    check_bounds(gf, path)
    return gf


def decode_listing(data: bytes, path: Path | str) -> Listing:
    return _decode(data, path, Listing)


def _decode(data: bytes, path: Path | str, kind: type[T]) -> T:
    """`data` as `kind`, or a SaveError: whatever the bytes, nothing else escapes."""
    if len(data) > MAX_BYTES:
        raise refuse(path, f"too large to be a galcruise save ({len(data)} bytes)")
    if not data.strip():
        raise refuse(path, "the file is empty")
    is_json = data.lstrip()[:1] == b"{"
    module = msgspec.json if is_json else msgspec.msgpack
    unreadable = ("truncated or damaged JSON" if is_json
                  else "not a galcruise save (unreadable bytes)")
    try:
        header = module.decode(data, type=_Header)
    except msgspec.ValidationError:  # a subclass of DecodeError: it must come first
        # Bytes that happen to parse as msgpack (zeros are a number) are still just bytes.
        raise refuse(path, "not a galcruise save (wrong shape)" if is_json
                     else unreadable) from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise refuse(path, unreadable) from None
    except RecursionError:
        raise refuse(path, "not a galcruise save (nested too deeply)") from None
    except MemoryError:
        raise refuse(path, "too large to read") from None
    if header.format != FORMAT:
        raise refuse(path, f"not a galcruise save (no '{FORMAT}' header)")
    try:
        version = module.decode(header.format_version, type=int)
    except msgspec.DecodeError:
        version = None
    if version is None or not -(2**31) < version < 2**31:
        raise refuse(path, "damaged save: its format version is not a version number")
    if version > FORMAT_VERSION:
        raise refuse(path, f"written by a newer galcruise (format {version}; "
                           f"this one reads up to {FORMAT_VERSION})", intact=True)
    if version < 1:
        raise refuse(path, f"damaged save: format version {version} never existed")
    try:
        return module.decode(migrate(data, version), type=kind)
    except msgspec.ValidationError as e:
        raise refuse(path, f"damaged save: {e}") from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise refuse(path, "truncated or damaged save") from None
    except RecursionError:
        raise refuse(path, "damaged save (nested too deeply)") from None
    except MemoryError:
        raise refuse(path, "too large to read") from None


def check_bounds(gf: GameFile, path: Path | str | None) -> None:
    """What the field types cannot say: hashes inside the log, in order; undo records within
    what a real game keeps."""
    last = 0
    for i, _ in gf.hashes:
        if not last < i <= len(gf.commands):
            raise refuse(path, f"damaged save: a hash for command {i} is out of place")
        last = i
    if sum(len(r.commands) for r in gf.undo_log) > MAX_UNDONE:
        raise refuse(path, f"damaged save: its undo records hold more than {MAX_UNDONE} "
                           "commands, more than a real game keeps")


# Migrations from older format versions, applied in order: version -> function(bytes) -> bytes.
# Format 1 reads as format 2 as it is (its missing `rules` is 1), so there is nothing to
# migrate yet.
MIGRATIONS: dict[int, object] = {}


def migrate(data: bytes, version: int) -> bytes:
    return data


def new_file(options: GameOptions, data_id: str, data_hash: str, now: str,
             rules: int = RULES) -> GameFile:
    """The file of a game with no command yet; `rules`: its rules version (State.rules)."""
    return GameFile(format=FORMAT, format_version=FORMAT_VERSION, engine_version=ENGINE_VERSION,
                    data_id=data_id, data_hash=data_hash, options=options, created=now,
                    updated=now, seats=list(options.seat_names()), commands=[], rules=rules)

"""Tables: games that several people play from their own terminals, kept in one SQLite store.

One file holds every table of a host (or of a group, in a shared folder). A table is its game
options and seats plus its command log, one row per command keyed `(table, seq)`: two apps
that move at the same instant both try to write the same `seq`, and the second is refused and
told the table moved on. Writes run in `BEGIN IMMEDIATE` with a busy timeout, in WAL mode, so
readers never wait and kill -9 never loses a row that was committed.

A seat is taken by a person the first time they act on it: the store keeps a hash of a secret
that only that person's own data dir holds (`Secrets`), so another login on the host can watch
but never move for them.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Protocol

import msgspec

from engine import Game, GameError, GameOptions
from engine.bots.seats import bot_for
from engine.command_union import AnyCommand
from engine.commands import Command
from saves.atomic import write_atomic
from saves.envelope import GameFile, SaveError, encode, new_file
from saves.session import Session, rebuild
from saves.table_schema import _SCHEMA, MIGRATE_1_TO_2, TableError

FORMAT = "galcruise-tables"
SCHEMA_VERSION = 2  # 2: tables.rules (table_schema.MIGRATE_1_TO_2)
ENV = "GALCRUISE_STORE"
FILE_NAME = "tables.sqlite"
BUSY_MS = 5000


_command = msgspec.json.Decoder(AnyCommand)
_options = msgspec.json.Decoder(GameOptions)


class SeatInfo(msgspec.Struct, frozen=True):
    seat: int
    name: str
    kind: str  # "human" or a bot kind
    taken: bool


class TableInfo(msgspec.Struct, frozen=True):
    id: str
    options: GameOptions
    seats: tuple[SeatInfo, ...]
    moves: int
    error: str | None = None  # a damaged table: listed with its sentence, never opened


class Stale(TableError):
    """The table moved on (another app played first, or took a move back): read it again."""


OPEN = ""  # the name of a person's seat that anyone may join (it takes the joiner's name)


URL_SCHEMES = ("postgresql://", "postgres://")


def store_path(cli: str | Path | None, data_root: Path) -> Path | str:
    """--store beats $GALCRUISE_STORE beats the user data dir; a folder means its store file;
    a postgresql:// URL stays as it is (saves/tables_pg.py)."""
    raw = cli or os.environ.get(ENV)
    if isinstance(raw, str) and raw.startswith(URL_SCHEMES):
        return raw
    path = Path(raw).expanduser() if raw else data_root / FILE_NAME
    return path / FILE_NAME if path.is_dir() else path


def _key(store: Path | str) -> str:
    """How a person's secrets file names a store: a file by its real path, a server by URL."""
    return store if isinstance(store, str) else str(store.resolve())


def _hash(secret: str) -> str:
    return hashlib.blake2b(secret.encode(), digest_size=16).hexdigest()


class Secrets:
    """A person's seat secrets, in their own data dir (mode 600): store, table, seat -> secret."""

    def __init__(self, root: Path) -> None:
        self.path = root / "table-secrets.json"

    def _read(self) -> dict[str, str]:
        try:
            data = msgspec.json.decode(self.path.read_bytes(), type=dict[str, str])
        except FileNotFoundError:
            return {}
        except (OSError, msgspec.DecodeError) as e:
            raise TableError(f"{self.path}: your seat secrets cannot be read ({e}).") from None
        return data

    def get(self, store: Path | str, table: str, seat: int) -> str | None:
        return self._read().get(f"{_key(store)}|{table}|{seat}")

    def new(self, store: Path | str, table: str, seat: int) -> str:
        data = self._read()
        secret = secrets.token_hex(16)
        data[f"{_key(store)}|{table}|{seat}"] = secret
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.path, msgspec.json.encode(data))
        os.chmod(self.path, 0o600)
        return secret


class Backend(Protocol):
    """What the store needs of a database: SQL with `?` parameters, one write transaction at
    a time (writers queue), a read transaction, and a counter that moves whenever another
    connection commits. SQLite here; PostgreSQL in saves/tables_pg.py."""

    where: str  # the file or server, for messages
    new: bool  # the store was made by this open
    IntegrityError: type[Exception]

    def q(self, sql: str, params: tuple = ()) -> list[tuple]: ...
    def write(self) -> AbstractContextManager[None]: ...
    def read(self) -> AbstractContextManager[None]: ...
    def version(self) -> int: ...
    def close(self) -> None: ...


def _made(path: Path) -> bool:
    """Make the store's empty file (SQLite takes an empty file for a new database), with the
    mode any file gets under the person's umask; False when another app made it first.

    SQLite makes a file 0644 whatever the umask, and gives its journal files the file's mode:
    a store the first player of a group made (the README's `umask 002` in a shared folder)
    was then read-only for the rest of the group."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except FileExistsError:
        return False
    except OSError as e:
        raise TableError(f"{path}: the store cannot be made ({e.strerror or e}).") from None
    return True


class SqliteBackend:
    IntegrityError = sqlite3.IntegrityError

    def __init__(self, path: Path) -> None:
        self.where = str(path)
        self.new = not path.exists()
        if self.new:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise TableError(f"{path}: the store's folder cannot be made "
                                 f"({e.strerror or e}).") from None
        elif not path.is_file():
            raise TableError(f"{path}: not a galcruise table store (not a file).")
        # SQLite writes its journal beside the file: a folder or file it cannot write would
        # fail at the first move, or read as "not a store"; say so now.
        folder = path.parent
        what = "its folder" if not os.access(folder, os.W_OK | os.X_OK) else \
            "the file" if not self.new and not os.access(path, os.R_OK | os.W_OK) else None
        if what:
            # A store an older galcruise made in a group's folder is 0644 (see _made).
            fix = f"; its owner can let the group write it: chmod g+w '{path}'*" \
                if what == "the file" else ""
            raise TableError(f"{path}: {what} is not writable for you, and a table store "
                             f"writes its journal there (a group's folder: see the README{fix}).")
        if self.new:
            self.new = _made(path)
        try:
            self.db = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            if self.new:
                self.db.execute("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as e:
            raise TableError(f"{path}: not a galcruise table store ({e}).") from None

    def q(self, sql: str, params: tuple = ()) -> list[tuple]:
        return self.db.execute(sql, params).fetchall()

    def write(self) -> AbstractContextManager[None]:
        return _immediate(self.db)

    def read(self) -> AbstractContextManager[None]:
        return _read(self.db)

    def version(self) -> int:
        return self.db.execute("PRAGMA data_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()


class TableStore:
    def __init__(self, path: Path | str) -> None:
        self.path = path
        if isinstance(path, str) and path.startswith(URL_SCHEMES):
            from saves.tables_pg import PostgresBackend

            self._db: Backend = PostgresBackend(path)
        else:
            self._db = SqliteBackend(Path(path))
        try:
            self._check()
        except BaseException:
            self._db.close()
            raise
        # table -> (undos seen, game, log, snapshot before the last move)
        self._games: dict[str, tuple[int, Game, list[Command], bytes]] = {}

    # --- the file ---------------------------------------------------------------------------
    def _check(self) -> None:
        """Make a new store's tables, or make sure an old one is ours and not too new."""
        db = self._db
        try:
            if db.new:
                with db.write():
                    for stmt in getattr(db, "SCHEMA", _SCHEMA).split(";"):
                        if stmt.strip():
                            db.q(stmt)
                    db.q("INSERT INTO meta VALUES ('format', ?), ('schema', ?)",
                         (FORMAT, str(SCHEMA_VERSION)))
            meta = dict(db.q("SELECT key, value FROM meta"))
        except TableError:
            raise
        except Exception as e:  # noqa: BLE001 - each backend's own error: not our store
            raise TableError(f"{self.path}: not a galcruise table store "
                             f"({str(e).splitlines()[0] if str(e) else type(e).__name__}).") \
                from None
        if meta.get("format") != FORMAT:
            raise TableError(f"{self.path}: not a galcruise table store.")
        version = meta.get("schema", "")
        if not version.isdigit() or int(version) > SCHEMA_VERSION:
            raise TableError(f"{self.path}: written by a newer galcruise (schema {version[:20]}; "
                             f"this one reads up to {SCHEMA_VERSION}).")
        if int(version) < SCHEMA_VERSION:
            self._migrate()

    def _migrate(self) -> None:
        """Bring an older store up to this schema, once, whoever opens it first: the version is
        read again inside the write, where no other app can be migrating it too."""
        db = self._db
        with db.write():
            (version,) = db.q("SELECT value FROM meta WHERE key = 'schema'")[0]
            if int(version) < 2:
                db.q(MIGRATE_1_TO_2)
            db.q("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))

    def close(self) -> None:
        self._db.close()

    def _one(self, sql: str, params: tuple = ()) -> tuple | None:
        rows = self._db.q(sql, params)
        return rows[0] if rows else None

    # --- tables -----------------------------------------------------------------------------
    def create(self, options: GameOptions, created: str, open_seats: tuple[int, ...] = ()
               ) -> str:
        """A new table for `options` (its seat kinds say which seats are people); its id.
        `open_seats`: people's seats that anyone may join (they play under the seat's colour)."""
        game = Game.new(options)  # refuses bad options before anything is written
        comps = game.comps
        table = secrets.token_hex(4)
        with self._db.write():
            self._db.q("INSERT INTO tables (id, options, data_id, data_hash, created, undos, "
                       "rules) VALUES (?, ?, ?, ?, ?, 0, ?)",
                       (table, msgspec.json.encode(options), comps.data_id, comps.data_hash,
                        created, game.state.rules))
            for seat, (name, kind) in enumerate(zip(options.seat_names(), options.seat_kinds(),
                                                    strict=True)):
                self._db.q("INSERT INTO seats VALUES (?, ?, ?, ?, NULL)",
                                 (table, seat, OPEN if seat in open_seats else name, kind))
        return table

    def tables(self) -> list[TableInfo]:
        """Every table, oldest first; a damaged one carries its sentence in `error`."""
        out = []
        for (t,) in self._db.q("SELECT id FROM tables ORDER BY created, id"):
            try:
                out.append(self.info(t))
            except TableError as e:
                out.append(TableInfo(t, GameOptions(), (), 0, str(e)))
        return out

    def data_version(self) -> int:
        """Changes whenever another connection commits to the file (SQLite's own counter):
        a poll that costs no read of any table."""
        return self._db.version()

    def head(self, table: str) -> tuple[int, int]:
        """(undos, moves) of a table: what a poll compares."""
        rows = self._db.q("SELECT undos, (SELECT COUNT(*) FROM moves WHERE table_id = ?) "
                          "FROM tables WHERE id = ?", (table, table))
        row = rows[0] if rows else None
        if row is None:
            raise TableError(f"{self.path}: no table {table!r}.")
        return row[0], row[1]

    def commands(self, table: str, since: int = 0) -> tuple[int, list[tuple[int, Command]]]:
        """(undos, [(seat, command)]) for the moves from `since` on, in order, read in one
        transaction so the two agree."""
        with self._db.read():
            undos, _ = self.head(table)
            out: list[tuple[int, Command]] = []
            for seq, seat, blob in self._db.q(
                    "SELECT seq, seat, command FROM moves WHERE table_id = ? AND seq >= ? "
                    "ORDER BY seq", (table, since)):
                try:
                    if seq != since + len(out):
                        raise GameError(f"move {since + len(out) + 1} is missing")
                    out.append((seat, _command.decode(bytes(blob))))
                except (msgspec.DecodeError, GameError) as e:
                    raise TableError(f"{self.path}: table {table} is damaged at move {seq + 1} "
                                     f"({e}).") from None
        return undos, out

    def info(self, table: str) -> TableInfo:
        row = self._one("SELECT options FROM tables WHERE id = ?", (table,))
        if row is None:
            raise TableError(f"{self.path}: no table {table!r}.")
        try:
            options = _options.decode(bytes(row[0]))
        except msgspec.DecodeError as e:
            raise TableError(f"{self.path}: table {table} is damaged ({e}).") from None
        seats = tuple(SeatInfo(s, n, k, h is not None) for s, n, k, h in self._db.q(
            "SELECT seat, name, kind, secret_hash FROM seats WHERE table_id = ? ORDER BY seat",
            (table,)))
        (moves,) = self._one("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table,))
        return TableInfo(table, options, seats, moves)

    def game(self, table: str) -> tuple[Game, list[Command]]:
        """The table's game and its log: a copy, brought up to date by the moves landed since
        this store last looked (so a poll every second replays nothing twice)."""
        row = self._one("SELECT undos FROM tables WHERE id = ?", (table,))
        if row is None:
            raise TableError(f"{self.path}: no table {table!r}.")
        cached = self._games.get(table)
        if cached is None or cached[0] != row[0]:
            cached = (row[0], self.start(table), [], b"")
        _, game, log, before_last = cached
        for seq, blob in self._db.q(
                "SELECT seq, command FROM moves WHERE table_id = ? AND seq >= ? ORDER BY seq",
                (table, len(log))):
            try:
                if seq != len(log):
                    raise GameError(f"move {len(log) + 1} is missing")
                cmd = _command.decode(bytes(blob))
                before_last = game.snapshot()
                game.apply(cmd)
            except (msgspec.DecodeError, GameError) as e:
                raise TableError(f"{self.path}: table {table} is damaged at move {seq + 1} "
                                 f"({e}).") from None
            log.append(cmd)
        self._games[table] = (row[0], game, log, before_last)
        return game.copy(), list(log)

    def start(self, table: str) -> Game:
        """The table's starting position, refused if this galcruise cannot rebuild it."""
        info = self.info(table)
        data_id, data_hash, rules = self._one(
            "SELECT data_id, data_hash, rules FROM tables WHERE id = ?", (table,))
        try:
            return rebuild(info.options, data_id, data_hash, f"{self.path}, table {table}",
                           rules)
        except SaveError as e:
            raise TableError(str(e), e.problem) from None

    # --- seats ------------------------------------------------------------------------------
    def seat_of(self, table: str, name: str) -> int:
        for s in self.info(table).seats:
            if s.kind == "human" and s.name == name:
                return s.seat
        raise TableError(f"table {table} has no seat for {name!r}.")

    def claim(self, table: str, seat: int, mine: Secrets, name: str | None = None) -> str:
        """This person's secret for `seat`, taking the seat if it is free; an open seat takes
        `name` (the seat keeps its colour in the game)."""
        secret = mine.get(self.path, table, seat)
        with self._db.write():
            row = self._one("SELECT secret_hash, name, kind FROM seats "
                            "WHERE table_id = ? AND seat = ?", (table, seat))
            if row is None:
                raise TableError(f"table {table} has no seat {seat + 1}.")
            if row[2] != "human":
                raise TableError(f"seat {seat + 1} of table {table} is a {row[2]} bot's.")
            if row[0] is None:
                if row[1] == OPEN and not name:
                    raise TableError(f"seat {seat + 1} of table {table} needs your name.")
                secret = secret or mine.new(self.path, table, seat)
                self._db.q("UPDATE seats SET secret_hash = ?, name = ? "
                                 "WHERE table_id = ? AND seat = ?",
                                 (_hash(secret), row[1] or name, table, seat))
            elif secret is None or _hash(secret) != row[0]:
                raise TableError(f"seat {seat + 1} of table {table} is taken by someone else.")
        return secret

    def join(self, table: str, name: str, mine: Secrets) -> int:
        """Take the table's first free seat under `name`; the seat. Refused when `name`
        already sits there (play that seat) or no seat is free."""
        seats = self.info(table).seats
        if any(s.kind == "human" and s.name == name for s in seats):
            raise TableError(f"{name!r} already has a seat at table {table}.")
        free = next((s.seat for s in seats if s.kind == "human" and s.name == OPEN
                     and not s.taken), None)
        if free is None:
            raise TableError(f"table {table} has no free seat.")
        self.claim(table, free, mine, name)
        return free

    # --- moves ------------------------------------------------------------------------------
    def move(self, table: str, seat: int, secret: str, cmd: Command, at: int | None) -> int:
        """Play `cmd` for `seat` as move `at` (None: whatever comes next); the new move count.

        Refused when the secret is wrong, when it is not that seat's decision, when the command
        is illegal there, or when the table has moved on past `at`.
        """
        with self._db.write():
            game, log = self._holding(table, seat, secret, at)
            # A decision all its seats answer in any order (sealed bids) takes each seat's own.
            if game.pending is None or seat not in game.deciders() or game.actor(cmd) != seat:
                raise TableError(f"it is not your decision: {game.waiting_for()}")
            return self._play(table, game, len(log), seat, cmd)

    def _holding(self, table: str, seat: int, secret: str, at: int | None
                 ) -> tuple[Game, list[Command]]:
        """The game, once sure that `secret` holds `seat` and the table is still at `at`."""
        row = self._one("SELECT secret_hash FROM seats WHERE table_id = ? AND seat = ?",
                        (table, seat))
        if row is None or row[0] is None or row[0] != _hash(secret):
            raise TableError(f"you do not hold seat {seat + 1} of table {table}.")
        game, log = self.game(table)
        if at is not None and at != len(log):
            raise _not_at(table, len(log), at)
        return game, log

    def undo(self, table: str, seat: int, secret: str, at: int) -> int:
        """Take back the seat's last move; the new move count.

        The usual online policy: only your own move, only while the decision is still yours,
        and never one that revealed hidden information (a draw, a flip, a shuffle) or that
        another seat has acted after.
        """
        from engine.game import REVEAL

        with self._db.write():
            game, log = self._holding(table, seat, secret, at)
            last = self._one("SELECT seat FROM moves WHERE table_id = ? AND seq = ?",
                             (table, len(log) - 1))
            if last is None or last[0] != seat or game.pending is None \
                    or game.pending.seat != seat:
                raise TableError("only your own last move can be taken back, in your turn.")
            before = Game.from_snapshot(self._games[table][3], game.comps)
            if any(e.kind == REVEAL for e in before.apply(log[-1])):
                raise TableError("that move revealed hidden information: it stands.")
            self._db.q("DELETE FROM moves WHERE table_id = ? AND seq = ?",
                             (table, len(log) - 1))
            self._db.q("UPDATE tables SET undos = undos + 1 WHERE id = ?", (table,))
        return len(log) - 1

    def play_bots(self, table: str, limit: int = 10_000) -> int:
        """Play the bot seats' moves until a person decides or the game ends; the moves made.

        Each bot move is its own transaction at the next seq: should another app play it
        first, the insert is refused and this app stops (the store decided who moves).
        """
        made = 0
        for _ in range(limit):
            game, log = self.game(table)
            dec = game.pending
            kinds = game.options.seat_kinds()
            if game.is_over or dec is None or not 0 <= dec.seat < len(kinds) \
                    or kinds[dec.seat] == "human":
                return made
            cmd = bot_for(kinds[dec.seat], game.options.seed + len(log)).choose(game)
            try:
                with self._db.write():
                    self._insert(table, len(log), dec.seat, cmd)
            except self._db.IntegrityError:
                return made
            made += 1
        return made

    def bot_move(self, table: str, cmd: Command, at: int) -> int:
        """Play a bot seat's `cmd` as move `at`, for whichever app thought of it first; the new
        move count. Stale when that move is already there (the other app's bot landed)."""
        with self._db.write():
            game, log = self.game(table)
            if at != len(log):
                raise _not_at(table, len(log), at)
            seat = game.actor(cmd)
            kinds = game.options.seat_kinds()
            if game.pending is None or not 0 <= seat < len(kinds) or kinds[seat] == "human" \
                    or seat not in game.deciders():
                raise TableError(f"it is not a bot's decision: {game.waiting_for()}")
            return self._play(table, game, len(log), seat, cmd)

    def _play(self, table: str, game: Game, seq: int, seat: int, cmd: Command) -> int:
        """Inside a write: the rules check `cmd` on the table's game, then it is stored as move
        `seq`; the new move count."""
        try:
            game.apply(cmd)
        except GameError as e:
            raise TableError(str(e)) from None
        self._insert(table, seq, seat, cmd)
        return seq + 1

    def _insert(self, table: str, seq: int, seat: int, cmd: Command) -> None:
        self._db.q("INSERT INTO moves VALUES (?, ?, ?, ?)",
                         (table, seq, seat, msgspec.json.encode(cmd)))

    # --- export -----------------------------------------------------------------------------
    def export(self, table: str, dest: Path, now: str, finished_only: bool = False) -> Path:
        """The table as an ordinary save file, which replays and `verify` read."""
        write_atomic(dest, encode(self.game_file(table, now, finished_only)))
        return dest

    def game_file(self, table: str, now: str, finished_only: bool = False) -> GameFile:
        """The table as a save file's contents (for `export`, and for the Replays list).
        `finished_only`: refused while the game is played, since the file holds every hand
        and the deck order (what the players' terminals keep from each other)."""
        game, log = self.game(table)
        if finished_only and not game.is_over:
            raise SaveError(f"table {table}: the game is still being played, and a file of it "
                            "would show every hand and the deck order; it can be written once "
                            "the game is over")
        comps = game.comps
        gf: GameFile = new_file(game.options, comps.data_id, comps.data_hash, now,
                                game.state.rules)
        s = Session.from_file(gf, None)
        for cmd in log:
            s.apply(cmd)
        return s.to_file()


def _not_at(table: str, moves: int, at: int) -> Stale:
    """The refusal of a move or an undo meant for move `at` of a table now at `moves`: one
    ahead of the table has not moved on, it was never there (or a move was taken back)."""
    if at > moves:
        return Stale(f"table {table} is at move {moves}, not {at}: move {at} has not been "
                     "played (or was taken back since); look again.")
    return Stale(f"table {table} has moved on: it is at move {moves}, not {at}; look again.")


@contextmanager
def _read(db: sqlite3.Connection) -> Iterator[None]:
    """One read transaction: every SELECT in it sees the same moment (WAL snapshot)."""
    if db.in_transaction:
        yield
        return
    db.execute("BEGIN")
    try:
        yield
    finally:
        db.execute("COMMIT")


@contextmanager
def _immediate(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken at once (BEGIN IMMEDIATE), so a racing writer waits or is
    refused instead of finding out at commit."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")

"""A game at a table, for the game screen: the same face as saves.session.Session (apply,
undo, game, length, save...), with the moves kept in the table store instead of a file.

Each app keeps its own Game and brings it up to date from the store: `poll()` costs one
`PRAGMA data_version` while nothing changed, and replays only the moves that landed since.
A move goes to the store first and is played here only once the store took it; a refusal
because the table moved on (`Stale`) leaves this copy as it was, for the next poll to mend.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TypeVar

from engine import Game
from engine.commands import Command
from engine.events import Event
from engine.game import REVEAL
from saves.envelope import SaveError
from saves.tables import TableError, TableStore

KEEP_SNAPSHOTS = 24  # positions kept before the latest moves: an undo needs no replay
T = TypeVar("T")


class Landed(NamedTuple):
    """A move another app (or this one's bot) played: who, what it said, the VP before it."""

    seat: int
    events: list[Event]
    vp_before: list[int]


class Polled(NamedTuple):
    """What a poll found: the moves taken back at the table (an undo there), in the order
    they had been played, then the moves that landed, in order."""

    taken: list[Landed]
    landed: list[Landed]


class TableSession:
    def __init__(self, store: TableStore, table: str, seat: int | None,
                 secret: str | None) -> None:
        self.store = store
        self.table = table
        self.seat = seat  # None: watching
        self.secret = secret
        self.path: Path | None = None
        self.title = f"table {table}"
        self.warning: str | None = None
        self.save_error: str | None = None
        self.last_events: list[Event] = []
        self.backlog: list[Event] = []  # the moves played before this copy joined, for the log
        self.game: Game
        self.actors: list[int] = []
        # Each move as it was played here: an undo at the table says which moves it took back.
        self.moves: list[Landed] = []
        self.commands: list[Command] = []
        self.taken_back: list[Landed] = []  # what this app's own last undo took back
        self.redone: list[tuple[int, list[Event], list[int]]] = []  # no redo at a table
        self.reveals: list[int] = []  # move counts after a move that revealed hidden cards
        self._snaps: dict[int, bytes] = {}
        self._undos = -1
        self._seen_version = store.data_version()
        self._load()

    def _load(self) -> None:
        undos, moves = self.store.commands(self.table, 0)
        self.game = self.store.start(self.table)
        self.actors, self.reveals, self._snaps = [], [], {}
        self.moves, self.commands = [], []
        self._undos = undos
        self.backlog = []
        for seat, cmd in moves:
            self.backlog += self._play(seat, cmd)

    def _play(self, seat: int, cmd: Command) -> list[Event]:
        g = self.game
        vp = [p.vp for p in g.state.players]
        self._snaps[self.length] = g.snapshot()
        self._snaps.pop(self.length - KEEP_SNAPSHOTS, None)
        try:
            events = g.apply(cmd)
        except Exception as e:  # noqa: BLE001 - a log this copy cannot play is the store's fault
            raise TableError(f"{self.store.path}: table {self.table} is damaged at move "
                             f"{self.length + 1} ({e}).") from None
        self.actors.append(seat)
        self.moves.append(Landed(seat, events, vp))
        self.commands.append(cmd)
        if any(e.kind == REVEAL for e in events):
            self.reveals.append(self.length)
        self.last_events = events
        return events

    @property
    def length(self) -> int:
        return len(self.actors)

    @property
    def last_command(self) -> Command | None:
        return self.commands[-1] if self.commands else None

    def _is_bot(self, seat: int) -> bool:
        kinds = self.game.options.seat_kinds()
        return 0 <= seat < len(kinds) and kinds[seat] != "human"

    def people(self) -> dict[int, str]:
        """Who sits at each person's seat, by the store's seat records: a free seat keeps its
        colour's name in the game (the options, which the state hash covers), and this is
        how the screens name the person beside it."""
        seats = self._ask(lambda: self.store.info(self.table).seats)
        return {s.seat: s.name for s in seats if s.kind == "human" and s.name}

    # --- playing ----------------------------------------------------------------------------
    def apply(self, cmd: Command) -> list[Event]:
        """Send the move to the store, then play it here. A bot seat's move may come from any
        app on the table: the first to land it wins, the others get Stale."""
        if self.game.pending is None:
            raise TableError("the game is over.")
        actor = self.game.actor(cmd)  # a sealed bid names its seat: any waiting seat may bid
        if self._is_bot(actor):
            self._ask(lambda: self.store.bot_move(self.table, cmd, self.length))
        elif self.seat is None:
            raise TableError("you are watching this table, not playing at it.")
        else:
            self._ask(lambda: self.store.move(self.table, self.seat or 0, self.secret or "",
                                              cmd, self.length))
        return self._play(actor, cmd)

    def _ask(self, call: Callable[[], T]) -> T:
        """A store call whose database trouble (locked past the busy timeout, a full disk, a
        lost server) comes back as a sentence, never as a crash of the app."""
        try:
            return call()
        except SaveError:
            raise
        except Exception as e:  # noqa: BLE001 - sqlite3.Error, psycopg.Error, OSError
            raise TableError(f"{self.store.path}: the table store did not answer "
                             f"({type(e).__name__}: {str(e)[:200]}); nothing was lost, try "
                             "again.") from None

    def poll(self) -> Polled | None:
        """What changed at the table since the last look; None when nothing did."""
        version = self._ask(self.store.data_version)
        if version == self._seen_version:
            return None
        self._seen_version = version
        undos, moves = self._ask(lambda: self.store.commands(self.table, self.length))
        if undos != self._undos:
            # The game is read afresh; the moves both lines share stand, the rest of the old
            # line was taken back (moves may have landed after the undo, before this look).
            old, old_commands = self.moves, self.commands
            self._load()
            k = 0
            while k < min(len(old), self.length) and old_commands[k] == self.commands[k] \
                    and old[k].seat == self.moves[k].seat:
                k += 1
            return Polled(old[k:], self.moves[k:])
        start = self.length
        for seat, cmd in moves:
            self._play(seat, cmd)
        return Polled([], self.moves[start:]) if moves else None

    # --- undo: your own moves, in your own turn, until a reveal ----------------------------
    @property
    def can_undo(self) -> bool:
        g = self.game
        return (self.seat is not None and self.length > 0 and self.actors[-1] == self.seat
                and g.pending is not None and g.pending.seat == self.seat
                and self.length not in self.reveals)

    @property
    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        if not self.can_undo or self.seat is None:
            return False
        seat = self.seat
        try:
            self._ask(lambda: self.store.undo(self.table, seat, self.secret or "", self.length))
        except TableError as e:
            self.warning = str(e)
            return False
        target = self.length - 1
        self.taken_back = self.moves[target:]
        snap = self._snaps.pop(target, None)
        self._undos += 1
        if snap is None:
            self._load()
        else:
            self.game = Game.from_snapshot(snap, self.game.comps)
            self.actors.pop()
            self.moves.pop()
            self.commands.pop()
            self.reveals = [r for r in self.reveals if r <= target]
        return True

    def redo(self) -> bool:
        return False

    # --- files: the store keeps the game; a save file is an export --------------------------
    def save(self) -> bool:
        return True

    def save_as(self, path: Path) -> None:
        from saves.session import now

        try:
            self.store.export(self.table, path, now(), finished_only=True)
        except OSError as e:
            raise SaveError(f"{path}: not saved ({e.strerror or e}).") from None

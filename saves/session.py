"""A game being played: the Game, its command log, undo/redo, checkpoints and autosave."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Game, GameError, GameOptions
from engine.commands import Command
from engine.components import load_components
from engine.events import Event
from saves.atomic import backup_path, write_atomic
from saves.envelope import (
    HASH_EVERY,
    GameFile,
    SaveError,
    Summary,
    UndoRecord,
    encode,
    new_file,
    refuse,
)
from saves.reader import read_game_file

if TYPE_CHECKING:
    from saves.store import Store

CHECKPOINT_EVERY = 50


def now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _decks(game: Game) -> tuple[int, ...]:
    b = game.state.board
    return (len(b.agenda_deck), len(b.blueprint_deck), len(b.cockpit_deck), len(b.engine_deck),
            len(b.cruise_deck), game.state.rng)


def starting_position(gf: GameFile, path: Path | None) -> Game:
    """The game a file's log starts from; refused if this galcruise cannot rebuild it."""
    comps = load_components()
    if gf.data_hash != comps.data_hash:
        raise refuse(path, f"made with the component data set {gf.data_id} "
                           f"({gf.data_hash[:8]}), not the one loaded now, {comps.data_id} "
                           f"({comps.data_hash[:8]}); start galcruise with --components DIR "
                           f"(a folder holding data set {gf.data_id}) to load it")
    try:
        return Game.new(gf.options, comps)
    except GameError as e:
        raise refuse(path, f"its game options are not valid ({e})") from None


class Session:
    """Apply commands, undo and redo them, and keep the file on disk in step."""

    def __init__(self, game: Game, gf: GameFile, path: Path | None) -> None:
        self.game = game
        self.file = gf
        self.path = path
        self.last_events: list[Event] = []
        self.warning: str | None = None
        # Why the last autosave failed (read-only dir, full disk...), None once one succeeds.
        # The game goes on in memory; the screens show it as "not saved: <why>".
        self.save_error: str | None = None
        self.actors: list[int] = []  # who decided each command
        self.reveals: list[int] = []  # log indices of commands that showed hidden information
        self._checkpoints: dict[int, bytes] = {0: game.snapshot()}

    # --- creating and loading -------------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions, name: str | None = None,
            store: Store | None = None) -> Session:
        game = Game.new(options)
        gf = new_file(options, game.comps.data_id, game.comps.data_hash, now())
        path = None
        if store is not None:
            path = store.path_for(name or store.fresh_name(options))
        s = cls(game, gf, path)
        s.save()
        return s

    @classmethod
    def load(cls, name_or_path: str | Path, store: Store | None = None) -> Session:
        """Load a save by name from `store`, or any file by path (see `Store.locate`).

        A damaged file falls back to its backup with a warning; when the backup is bad too the
        refusal names the main file's problem, since that is the file the player asked for.
        """
        path = store.locate(name_or_path) if store is not None else Path(name_or_path)
        try:
            return cls._load(path)
        except SaveError as first:
            bak = backup_path(path)
            if not bak.exists():
                raise
            try:
                s = cls._load(bak)
            except SaveError as second:
                raise SaveError(f"{path}: {first.problem}; its backup {bak.name} is bad too "
                                f"({second.problem}).", first.problem) from None
            s.path = path
            s.warning = f"{first} Loaded the backup from the save before it instead."
            return s

    @classmethod
    def _load(cls, path: Path) -> Session:
        return cls.from_file(read_game_file(path), path)

    @classmethod
    def from_file(cls, gf: GameFile, path: Path | None) -> Session:
        s = cls(starting_position(gf, path), gf, path)
        expected = dict(gf.hashes)
        for i, cmd in enumerate(gf.commands):
            try:
                s._apply_logged(cmd)
            except GameError as e:
                raise refuse(path, f"the log replays illegally at command {i + 1}: {e}") from None
            want = expected.get(i + 1)
            if want is not None and want != s.game.state_hash():
                raise refuse(path, f"the game diverges at command {i + 1} (the rules changed "
                                   "since it was saved)")
        return s

    # --- playing ----------------------------------------------------------------------------
    def apply(self, cmd: Command) -> list[Event]:
        events = self._apply_logged(cmd)
        self.file.commands.append(cmd)
        self.file.redo.clear()
        self.save()
        return events

    def _apply_logged(self, cmd: Command) -> list[Event]:
        g = self.game
        actor = g.pending.seat if g.pending else -1
        before = _decks(g)
        events = g.apply(cmd)
        n = len(self.actors) + 1
        self.actors.append(actor)
        if _decks(g) != before:
            self.reveals.append(n)
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints[n] = g.snapshot()
        hashes = self.file.hashes
        if n % HASH_EVERY == 0 and (not hashes or hashes[-1][0] < n):
            hashes.append((n, g.state_hash()))
        self.last_events = events
        return events

    @property
    def length(self) -> int:
        return len(self.actors)

    def human_seats(self) -> int:
        kinds = self.game.options.seat_kinds()
        return sum(1 for k in kinds if k == "human")

    def undo_floor(self) -> int:
        """With two or more humans, undo stops at the last reveal of hidden information."""
        if self.game.options.free_undo or self.human_seats() < 2 or not self.reveals:
            return 0
        return self.reveals[-1]

    @property
    def can_undo(self) -> bool:
        return self.length > self.undo_floor()

    @property
    def can_redo(self) -> bool:
        return bool(self.file.redo)

    def _is_bot(self, seat: int) -> bool:
        kinds = self.game.options.seat_kinds()
        return 0 <= seat < len(kinds) and kinds[seat] != "human"

    def undo(self) -> bool:
        """Take back the last human command together with the bot moves that followed it."""
        if not self.can_undo:
            return False
        target = self.length - 1
        while target > self.undo_floor() and self._is_bot(self.actors[target]):
            target -= 1
        at = self.length
        taken = self.file.commands[target:]
        self._rewind(target)
        # The hash lets a replay tell whether this undo lies on the line finally played.
        self.file.undo_log.append(UndoRecord(at=at, undone=len(taken), commands=tuple(taken),
                                             hash=self.game.state_hash()))
        # Redo takes from the front, so the undone commands go first in the order played.
        self.file.redo = taken + self.file.redo
        self.save()
        return True

    def redo(self) -> bool:
        if not self.file.redo:
            return False
        self._redo_one()
        # Bot moves that followed come back with it.
        while self.file.redo and self.game.pending and self._is_bot(self.game.pending.seat):
            self._redo_one()
        self.save()
        return True

    def _redo_one(self) -> None:
        # Taken off the redo list only once applied, so a refused redo loses nothing.
        cmd = self.file.redo[0]
        self._apply_logged(cmd)
        self.file.redo.pop(0)
        self.file.commands.append(cmd)

    def _rewind(self, target: int) -> None:
        cp = max(i for i in self._checkpoints if i <= target)
        game = Game.from_snapshot(self._checkpoints[cp], self.game.comps)
        keep = self.file.commands[:target]
        self.game = game
        self.actors = self.actors[:cp]
        self.reveals = [r for r in self.reveals if r <= cp]
        self._checkpoints = {k: v for k, v in self._checkpoints.items() if k <= cp}
        # Hashes past the checkpoint belong to the line being undone; the replay below puts
        # back the ones up to the target, and play from there writes the new line's own.
        self.file.hashes = [(i, h) for i, h in self.file.hashes if i <= cp]
        for cmd in keep[cp:]:
            self._apply_logged(cmd)
        self.file.commands = keep

    # --- files ------------------------------------------------------------------------------
    def to_file(self) -> GameFile:
        gf = self.file
        g = self.game
        gf.updated = now()
        # Hashes every HASH_EVERY commands and at the end, so a replay spots rules drift.
        gf.hashes = [(i, h) for i, h in gf.hashes if i < self.length and i % HASH_EVERY == 0]
        if self.length:
            gf.hashes.append((self.length, g.state_hash()))
        gf.summary = Summary(turn=g.state.turn.number, round=g.state.round, scores=g.scores(),
                             over=g.is_over, waiting=g.waiting_for())
        return gf

    def save(self) -> None:
        if self.path is None:
            return
        write_atomic(self.path, encode(self.to_file()))

    def save_as(self, path: Path) -> None:
        self.path = path
        self.save()

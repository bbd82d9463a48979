"""A game being played: the Game, its command log, undo/redo, checkpoints and autosave."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Game, GameError, GameOptions
from engine.commands import Command
from engine.component_sets import components_for
from engine.events import Event
from engine.game import REVEAL
from engine.options import RULES
from saves.atomic import FileKey, file_key, write_atomic
from saves.envelope import (
    FORMAT_VERSION,
    HASH_EVERY,
    MAX_TEXT,
    MAX_UNDO_RECORDS,
    MAX_UNDONE,
    GameFile,
    SaveError,
    Summary,
    UndoRecord,
    decode,
    encode,
    new_file,
    refuse,
    standing_backup,
)
from saves.reader import read_bytes

if TYPE_CHECKING:
    from saves.store import Store

CHECKPOINT_EVERY = 50


def now() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def starting_position(gf: GameFile, path: Path | None) -> Game:
    """The game a file's log starts from; refused if this galcruise cannot rebuild it."""
    return rebuild(gf.options, gf.data_id, gf.data_hash, path, gf.rules)


def rebuild(options: GameOptions, data_id: str, data_hash: str, where: Path | str | None,
            rules: int) -> Game:
    """The starting position of a game recorded with these options, data set and rules
    version (a save, a table); refused, naming `where`, if this galcruise cannot rebuild it."""
    try:
        options.validate()  # unknown modules included, before their data is looked for
    except GameError as e:
        raise refuse(where, f"its game options are not valid ({e})", intact=True) from None
    comps = components_for(options.modules, data_hash)  # an older form of a module's data
    if data_hash != comps.data_hash:
        raise refuse(where, _other_data(data_id, data_hash, comps.data_id, comps.data_hash),
                     intact=True)
    if rules > RULES:
        raise refuse(where, f"played under rules version {rules}, newer than this galcruise's "
                            f"({RULES}): a newer galcruise can load it", intact=True)
    try:
        return Game.new(options, comps, rules)
    except GameError as e:
        raise refuse(where, f"its game options are not valid ({e})", intact=True) from None


def _other_data(data_id: str, data_hash: str, loaded_id: str, loaded_hash: str) -> str:
    """Why a game made with another component data set cannot be rebuilt. When only the hash
    differs, naming the set twice read as a riddle (QA s53 Q10): its files were changed."""
    if data_id == loaded_id:
        return (f"the component data of set {data_id} was changed since this game was made (then "
                f"{data_hash[:8]}, now {loaded_hash[:8]}): start galcruise with --components "
                f"DIR (a folder holding it as it was) to load it")
    return (f"made with the component data set {data_id} ({data_hash[:8]}), not the one "
            f"loaded now, {loaded_id} ({loaded_hash[:8]}); start galcruise with --components "
            f"DIR (a folder holding data set {data_id}) to load it")


class Session:
    """Apply commands, undo and redo them, and keep the file on disk in step."""

    def __init__(self, game: Game, gf: GameFile, path: Path | None) -> None:
        self.game = game
        self.file = gf
        self.path = path
        self.last_events: list[Event] = []
        # What the last redo played: (seat, events, VP before) of each move, for the screen.
        self.redone: list[tuple[int, list[Event], list[int]]] = []
        # The events of the moves replayed on load, for the screen's log; it takes them.
        self.backlog: list[Event] = []
        self.warning: str | None = None
        # Why the last autosave failed (read-only dir, full disk...), None once one succeeds.
        # The game goes on in memory; the screens show it as "not saved: <why>".
        self.save_error: str | None = None
        self.actors: list[int] = []  # who decided each command
        self.reveals: list[int] = []  # log indices of commands that showed hidden information
        self._checkpoints: dict[int, bytes] = {0: game.snapshot()}
        # The bytes of the last good save, written or loaded: the next save's backup. Never a
        # copy of what is on disk now, which may be damaged, a device or a link.
        self._good: bytes | None = None
        # The file as this session last saw it (loaded or wrote): one changed since was saved
        # by another galcruise playing the same game, and is not written over.
        self._seen: FileKey | None = None

    # --- creating and loading -------------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions, name: str | None = None,
            store: Store | None = None) -> Session:
        game = Game.new(options)
        gf = new_file(options, game.comps.data_id, game.comps.data_hash, now(),
                      game.state.rules)
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
        refusal names the main file's problem, since that is the file the player asked for. A
        sound file this galcruise cannot rebuild (newer, or made with other component data) is
        refused whole: its backup, played on, would have been saved over it.
        """
        path = store.locate(name_or_path) if store is not None else Path(name_or_path)
        seen = file_key(path)
        try:
            s = cls._load(path)
            s._seen = seen
            return s
        except SaveError as first:
            bak = standing_backup(path, first)
            if bak is None:
                raise
            try:
                s = cls._load(bak)
            except SaveError as second:
                raise SaveError(f"{path}: {first.problem}; its backup {bak.name} is bad too "
                                f"({second.problem}).", first.problem) from None
            s.path, s._seen = path, seen
            s.warning = f"{first} Loaded the backup from the save before it instead."
            return s

    @classmethod
    def _load(cls, path: Path) -> Session:
        data = read_bytes(path)
        s = cls.from_file(decode(data, path), path)
        s._good = data
        return s

    @classmethod
    def from_file(cls, gf: GameFile, path: Path | None) -> Session:
        """The session at the end of the file's log.

        A log that carries its state hash every HASH_EVERY commands and at its end is first
        replayed without re-deriving each command's legality (the hashes check the result);
        on any doubt, and for every other file, each command is checked as it is played, and
        a refusal names the first bad one. `verify` always checks every command.
        """
        if _hash_checked(gf):
            s = cls(starting_position(gf, path), gf, path)
            if s._replay(trusted=True) is not None:
                s._drop_illegal_redo()
                return s
        s = cls(starting_position(gf, path), gf, path)
        try:
            replayed = s._replay(trusted=False)
        except _Diverged as e:
            raise refuse(path, str(e)) from None
        rerecorded, end_matched = replayed or (0, False)
        if rerecorded and end_matched:
            # Only a checkpoint between is wrong: the game is the one saved. Recorded again,
            # the next save passes `verify`; the file is left as it is until then.
            s.warning = (f"{path or 'The save'}: its checkpoint at command {rerecorded} does "
                         f"not match the position there, though its final position does (a "
                         f"damaged or edited file); its moves replay legally, so its "
                         f"checkpoints are recorded again.")
        elif rerecorded:
            # Another galcruise wrote it (a new version stores the position differently, or
            # changed a rule): every move is still legal, so the game goes on rather than
            # being lost. `verify` still reports the difference.
            s.warning = (f"{path or 'The save'}: written by another version of galcruise; its "
                         f"moves replay legally but the position differs from command "
                         f"{rerecorded} on, so its checkpoints are recorded again.")
        s._drop_illegal_redo()
        return s

    def _replay(self, trusted: bool) -> tuple[int, bool] | None:
        """Play the file's log into this fresh session; the command from which its stored
        hashes were recorded again (0: none needed), and whether the log's end still matched
        its stored hash (then only a checkpoint between was wrong).

        Trusted: None at the first doubt. Every stored hash is checked as the replay passes it,
        the ones between too: the hash at the log's end vouches for the line played, not for
        the checkpoints a file carries, and a save whose middle checkpoint was wrong loaded
        silently and kept it when saved again while `verify` refused it (QA s53 Q6). A hash
        every HASH_EVERY commands costs about a tenth of a load. Checked: _Diverged names the
        first command that is refused; a stored hash that differs is no refusal (the moves are
        legal): the hashes from there on are recorded again."""
        expected = dict(self.file.hashes)
        rerecorded = 0
        for i, cmd in enumerate(self.file.commands):
            try:
                self.backlog += self._apply_logged(cmd, trusted)
            except Exception as e:  # noqa: BLE001 - whatever a file holds, it is refused
                if trusted:
                    return None
                raise _Diverged(f"the log replays illegally at command {i + 1}: {e}") from None
            want = expected.get(i + 1)
            if rerecorded or want is None or want == self.game.state_hash():
                continue
            if trusted:
                return None
            rerecorded = i + 1
            self.file.hashes = [(k, h) for k, h in self.file.hashes if k < rerecorded]
            self.file.hashes.append((rerecorded, self.game.state_hash()))
        n = len(self.file.commands)
        # A wrong checkpoint in a line whose end still matches is the checkpoint's fault (a
        # damaged or edited file), not another version's rules: the warning says which.
        return rerecorded, bool(rerecorded) and rerecorded < n and n in expected and \
            expected[n] == self.game.state_hash()

    def _drop_illegal_redo(self) -> None:
        """Keep the redo list only as far as it plays legally from here.

        Redo moves are moves taken back, not part of the game: a file edited by hand may hold
        a bad one, and that must neither refuse the game nor crash the `r` key later.
        """
        bad = first_illegal(self.game, self.file.redo)
        if bad is None:
            return
        k, why = bad
        dropped = len(self.file.redo) - k
        self.file.redo = self.file.redo[:k]
        where = self.path if self.path is not None else "the save"
        self.warning = (f"{where}: redo move {k + 1} is refused ({why}); "
                        f"{dropped} redo {'move' if dropped == 1 else 'moves'} dropped.")

    # --- playing ----------------------------------------------------------------------------
    def apply(self, cmd: Command) -> list[Event]:
        events = self._apply_logged(cmd)
        self.file.commands.append(cmd)
        self.file.redo.clear()
        self.save()
        return events

    def _apply_logged(self, cmd: Command, trusted: bool = False) -> list[Event]:
        g = self.game
        actor = g.actor(cmd)  # a sealed bid names its seat; else the pending decision's
        events = g.apply_logged(cmd) if trusted else g.apply(cmd)
        n = len(self.actors) + 1
        self.actors.append(actor)
        if events and events[-1].kind == REVEAL:  # the reveal ends a command's events
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

    @property
    def last_command(self) -> Command | None:
        return self.file.commands[-1] if self.file.commands else None

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
        """Whether a person's command lies after the floor. Bot moves alone are not taken
        back: at a person's first decision after the bots', u rewound them and the bots
        played them again, "Blue took back a move" in the log, over and over (QA s54)."""
        floor = self.undo_floor()
        return any(not self._is_bot(a) for a in self.actors[floor:])

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
        self.redone = []
        if not self.file.redo or not self._redo_one():
            return False
        # Bot moves that followed come back with it.
        while self.file.redo and self.game.pending and self._is_bot(self.game.pending.seat):
            if not self._redo_one():
                break
        self.save()
        return True

    def _redo_one(self) -> bool:
        # Taken off the redo list only once applied, so a refused redo loses nothing.
        cmd = self.file.redo[0]
        vp = [p.vp for p in self.game.state.players]
        try:
            events = self._apply_logged(cmd)
        except Exception as e:  # noqa: BLE001 - a redo never takes the app down
            # Illegal redos are dropped at load, so this is a rules bug (a fuzzer's repro):
            # the game stays where it was, and the rest of the list is void.
            why = str(e) if isinstance(e, GameError) else f"{type(e).__name__}: {e}"
            self.warning = f"Redo failed ({why}); the redo list was dropped."
            self.file.redo.clear()
            return False
        self.file.redo.pop(0)
        self.file.commands.append(cmd)
        self.redone.append((self.actors[-1], events, vp))
        return True

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
        # Written as this galcruise writes: an older one refuses the file by its version
        # rather than by a field it does not know (`rules`).
        gf.format_version = FORMAT_VERSION
        # Hashes every HASH_EVERY commands and at the end, so a replay spots rules drift.
        gf.hashes = [(i, h) for i, h in gf.hashes if i < self.length and i % HASH_EVERY == 0]
        if self.length:
            gf.hashes.append((self.length, g.state_hash()))
        gf.summary = Summary(turn=g.state.turn.number, round=g.state.round, scores=g.scores(),
                             over=g.is_over, waiting=g.waiting_for()[:MAX_TEXT])
        gf.undo_log = _within_bounds(gf.undo_log)
        return gf

    def save(self) -> bool:
        """Write the file; False, with `save_error` saying why, when the disk refuses.

        A failed write never undoes the move: the game goes on in memory, and the next save
        that succeeds writes the whole log, so nothing is lost once the folder is writable.
        """
        if self.path is None:
            return True
        now = file_key(self.path)
        if self._seen is not None and now is not None and now != self._seen:
            # Two galcruises on one save (a session left running elsewhere) each wrote their
            # own game over the other's: the file keeps the other's, this one stays in memory.
            self.save_error = (f"{self.path.name} was saved by another galcruise since; "
                               f"ctrl+s saves this game under a new name")
            return False
        data = encode(self.to_file())
        try:
            write_atomic(self.path, data, backup=self._good)
        except OSError as e:
            self.save_error = f"{e.strerror or type(e).__name__} ({self.path.name})"
            return False
        self._good = data
        self._seen = file_key(self.path)
        self.save_error = None
        return True

    def save_as(self, path: Path) -> None:
        """Play goes on in `path`; refused, with nothing changed, when it cannot be written."""
        before = self.path, self._good, self.save_error, self._seen
        self.path, self._good, self._seen = path, None, None
        if not self.save():
            why = self.save_error
            self.path, self._good, self.save_error, self._seen = before
            raise SaveError(f"{path}: not saved ({why}).")


class _Diverged(Exception):
    """A log that does not replay: the sentence says at which command and why."""


def _hash_checked(gf: GameFile) -> bool:
    """Whether the file carries a hash every HASH_EVERY commands and one at its end."""
    n = len(gf.commands)
    have = {i for i, _ in gf.hashes}
    return n in have and all(k in have for k in range(HASH_EVERY, n, HASH_EVERY)) if n else True


def first_illegal(game: Game, commands: list[Command]) -> tuple[int, str] | None:
    """(index, reason) of the first of `commands` the rules refuse, played in turn from `game`.

    A command that makes the engine raise something else is a rules bug, not a bad file (the
    fuzzer saves such a crash in the redo list on purpose): the check stops there, and redo
    reports it when it is played.
    """
    if not commands:
        return None
    trial = game.copy()
    for k, cmd in enumerate(commands):
        try:
            trial.apply(cmd)
        except GameError as e:
            return k, str(e)
        except Exception:  # noqa: BLE001 - see above
            return None
    return None


def _within_bounds(records: list[UndoRecord]) -> list[UndoRecord]:
    """The newest undo records that fit the file's bounds: a long session never writes a file
    that a reader would refuse; the oldest undo notes go first."""
    kept: list[UndoRecord] = []
    total = 0
    for rec in reversed(records):
        total += len(rec.commands)
        if len(kept) == MAX_UNDO_RECORDS or total > MAX_UNDONE:
            break
        kept.append(rec)
    if len(kept) == len(records):
        return records
    kept.reverse()
    return kept

"""Step through any saved game, forward and back, by command, turn or AGM.

Position `index` is the number of commands applied. Whatever way a position is reached (a
step, a jump back to a checkpoint, a jump to a turn or an AGM), `events` are the events of the
command that produced it, so a viewer shows the same thing at the same step.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine import Game
from engine.describe import describe, seat_name
from engine.events import Event
from saves.envelope import GameFile, SaveError, UndoRecord, refuse
from saves.reader import read_game_file
from saves.session import first_illegal, starting_position

CHECKPOINT_EVERY = 50


class Replay:
    def __init__(self, gf: GameFile, path: Path | None = None, title: str | None = None
                 ) -> None:
        game = starting_position(gf, path)
        self.file = gf
        self.path = path
        # What the viewer calls it: the save's name, or a table's ("table 3f33c502").
        self.title = title if title is not None else path.stem if path else ""
        self.commands = list(gf.commands)
        self.game = game
        self.index = 0
        self.events: list[Event] = []
        # The moves passed over by stepping on (a jump over a turn: the whole turn's), for a
        # viewer to take: `on_pass` of each, called in the position the move made, so that a
        # viewer words it as the game did then (a cruise tile by the space it had, though it
        # left the board later); by default the move's events. A jump back empties it: its
        # moves were not passed over.
        self.on_pass: Callable[[Game, list[Event]], Any] = lambda _game, events: events
        self.passed: list[Any] = []
        self._checkpoints: dict[int, bytes] = {0: game.snapshot()}
        # Turn number and AGMs held at each position reached so far. Positions are only ever
        # reached by stepping on from a known one, so these cover 0..len-1 without gaps.
        self._turns: list[int] = [game.state.turn.number]
        self._agms: list[int] = [game.state.agm_done]
        # Undos by the position they went back to (the log length after the undo).
        self._undos: dict[int, list[UndoRecord]] = {}
        # The file's stored hashes, checked as each position is first reached: the first one
        # that differs (None: none so far). A replay of a save `verify` refuses said nothing.
        self._want = dict(gf.hashes)
        self.mismatch: int | None = None
        for rec in gf.undo_log:
            self._undos.setdefault(rec.at - rec.undone, []).append(rec)

    @classmethod
    def open(cls, path: str | Path) -> Replay:
        path = Path(path)
        return cls(read_game_file(path), path)

    @property
    def length(self) -> int:
        return len(self.commands)

    # --- moving -----------------------------------------------------------------------------
    def _advance(self) -> list[Event]:
        try:
            events = self.game.apply(self.commands[self.index])
        except Exception as e:  # noqa: BLE001 - a file's log may hold anything
            raise refuse(self.path, f"command {self.index + 1} of its log is refused "
                                    f"({e})") from None
        self.index += 1
        self.passed.append(self.on_pass(self.game, events))
        if self.index % CHECKPOINT_EVERY == 0 and self.index not in self._checkpoints:
            self._checkpoints[self.index] = self.game.snapshot()
        if len(self._turns) == self.index:
            self._turns.append(self.game.state.turn.number)
            self._agms.append(self.game.state.agm_done)
            want = self._want.get(self.index)
            if want is not None and self.mismatch is None and want != self.game.state_hash():
                self.mismatch = self.index
        return events

    def step(self, n: int = 1) -> list[Event]:
        """Apply up to n commands; `events` become those of the last one applied."""
        applied = False
        for _ in range(n):
            if self.index >= self.length:
                break
            self.events = self._advance()
            applied = True
        return self.events if applied else []

    def goto(self, index: int) -> None:
        index = max(0, min(index, self.length))
        if index == self.index:
            return
        back = index < self.index
        if back:
            # Restart strictly before the target, so the command that produced the target is
            # applied again and its events are known.
            cp = max(i for i in self._checkpoints if i < index) if index else 0
            self.game = Game.from_snapshot(self._checkpoints[cp], self.game.comps)
            self.index = cp
            self.events = []
        self.step(index - self.index)
        if back:
            self.passed = []

    def back(self, n: int = 1) -> None:
        self.goto(self.index - n)

    def _seek(self, found: Callable[[int], bool], start: int) -> int | None:
        """The first position at or after `start` where `found` holds, learning positions
        (by stepping the game forward) only when the known ones do not answer."""
        i = start
        while True:
            while i < len(self._turns):
                if found(i):
                    return i
                i += 1
            if len(self._turns) > self.length:
                return None
            self.goto(len(self._turns) - 1)
            self.step()

    # --- turns ------------------------------------------------------------------------------
    def turn(self) -> int:
        return self.game.state.turn.number

    def goto_turn(self, turn: int) -> bool:
        """The first position where that turn (or, if it never comes, a later one) is under
        way; past the last turn, the end of the log. False when there is no such turn."""
        i = self._seek(lambda k: self._turns[k] >= turn, 0)
        self.goto(self.length if i is None else i)
        return i is not None

    def played_within(self, turn: int) -> str | None:
        """The name of the seat whose turn `turn` was, when the move that made this position
        began and finished it (None otherwise). A bot's turn has no position of its own: the
        bots move inside the command before them, so a jump to that turn lands after it."""
        begun = [e.seat for e in self.events if e.kind == "turn"]
        # The last turn begun in the move is the one under way here; those before it, in
        # order, are the turns it played through.
        first = self.turn() - len(begun) + 1
        k = turn - first
        return seat_name(self.game, begun[k]) if 0 <= k < len(begun) - 1 else None

    def next_turn(self) -> bool:
        """The start of the next turn, or the end of the log after the last one."""
        now = self.turn()
        i = self._seek(lambda k: self._turns[k] > now, self.index)
        self.goto(self.length if i is None else i)
        return i is not None

    def prev_turn(self) -> bool:
        """The start of the turn before the current one; False (and position 0) if none."""
        now = self.turn()
        start = self._seek(lambda k: self._turns[k] >= now, 0) or 0
        if start == 0:
            self.goto(0)
            return False
        return self.goto_turn(self._turns[start - 1])

    # --- AGMs -------------------------------------------------------------------------------
    def _is_agm(self, k: int) -> bool:
        return k > 0 and self._agms[k] > self._agms[k - 1]

    def next_agm(self) -> bool:
        """Jump to the step right after the next AGM; False (and no move) if none follows."""
        i = self._seek(self._is_agm, self.index + 1)
        if i is None:
            return False
        self.goto(i)
        return True

    def prev_agm(self) -> bool:
        """Jump to the step right after the previous AGM; False (and no move) if none."""
        for k in range(self.index - 1, 0, -1):
            if self._is_agm(k):
                self.goto(k)
                return True
        return False

    def agm_steps(self) -> list[int]:
        """Every position reached by an AGM, over the whole log."""
        self._seek(lambda k: False, len(self._turns))
        return [k for k in range(1, len(self._agms)) if self._is_agm(k)]

    # --- undos ------------------------------------------------------------------------------
    def undos_here(self) -> list[UndoRecord]:
        """The undos that went back to this very position of the game finally played.

        An undo is listed at the position it returned to. A record whose stored hash differs
        from this position's state happened on a line of play later abandoned, so it is left
        out; records from files without hashes are matched by position alone.
        """
        recs = self._undos.get(self.index, [])
        if not recs:
            return []
        here = self.game.state_hash()
        return [r for r in recs if not r.hash or r.hash == here]

    def undo_steps(self) -> list[int]:
        """Positions with at least one recorded undo (before the final-line check)."""
        return sorted(self._undos)

    def undo_notes(self) -> list[str]:
        """One sentence per undo at this position, e.g. "Here Blue undid 2 commands: ..."."""
        notes = []
        for rec in self.undos_here():
            who = "the player"
            pending = self.game.pending
            if pending is not None and pending.seat >= 0:
                who = seat_name(self.game, pending.seat)
            what = "command" if rec.undone == 1 else "commands"
            said = self._describe(rec)
            tail = f": {'; '.join(said)}" if said else ""
            notes.append(f"Here {who} undid {rec.undone} {what}{tail}.")
        return notes

    def _describe(self, rec: UndoRecord) -> list[str]:
        # Each undone command is described in the position it was played in; should one not
        # apply (a file edited by hand), it and the rest are named by their kind only.
        game: Game | None = self.game.copy()
        out = []
        for cmd in rec.commands:
            text = type(cmd).__name__
            if game is not None:
                try:
                    text = describe(game, cmd)
                    game.apply(cmd)
                except Exception:  # noqa: BLE001 - a note must never stop the replay
                    text, game = type(cmd).__name__, None
            out.append(text)
        return out

    def state_json(self) -> bytes:
        return msgspec.json.encode(self.game.state)


def verify(path: str | Path) -> tuple[bool, str]:
    """Replay a save and compare every stored hash: (ok, a sentence).

    A file must carry the hash of its final position (every save writes it); without it the
    replay could not be checked, and that is a failure, not a pass.
    """
    rp = Replay.open(path)
    want = dict(rp.file.hashes)
    for i in range(rp.length):
        try:
            rp.step()
        except SaveError as e:
            return False, str(e)
        h = want.get(i + 1)
        if h is not None and h != rp.game.state_hash():
            return False, str(refuse(path, f"diverges at command {i + 1} ({rp.commands[i]!r})"))
    if rp.length and rp.length not in want:
        return False, str(refuse(path, f"could not be checked: it carries no hash for its final "
                                       f"position (command {rp.length})"))
    bad = first_illegal(rp.game, rp.file.redo)
    if bad is not None:
        return False, str(refuse(path, f"redo move {bad[0] + 1} is refused ({bad[1]})"))
    return True, f"OK: {rp.length} commands, {len(want)} hashes match."

"""Step through any saved game, forward and back, by command, turn or AGM."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine import Game
from engine.components import load_components
from engine.events import Event
from saves.envelope import GameFile, SaveError, decode

CHECKPOINT_EVERY = 50


class Replay:
    def __init__(self, gf: GameFile, path: Path | None = None) -> None:
        comps = load_components()
        if gf.data_hash != comps.data_hash:
            raise SaveError(f"{path}: made with other component data ({gf.data_id}).")
        self.file = gf
        self.path = path
        self.commands = list(gf.commands)
        self.game = Game.new(gf.options, comps)
        self.index = 0
        self.events: list[Event] = []
        self._checkpoints: dict[int, bytes] = {0: self.game.snapshot()}
        self._turns: list[int] = [self.game.state.turn.number]  # turn number at each index
        self._agms: list[int] = [self.game.state.agm_done]

    @classmethod
    def open(cls, path: str | Path) -> Replay:
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as e:
            raise SaveError(f"{path}: cannot read it ({e.strerror}).") from None
        return cls(decode(data, path), path)

    @property
    def length(self) -> int:
        return len(self.commands)

    def step(self, n: int = 1) -> list[Event]:
        events: list[Event] = []
        for _ in range(n):
            if self.index >= self.length:
                break
            events = self.game.apply(self.commands[self.index])
            self.index += 1
            if self.index % CHECKPOINT_EVERY == 0:
                self._checkpoints.setdefault(self.index, self.game.snapshot())
            if len(self._turns) <= self.index:
                self._turns.append(self.game.state.turn.number)
                self._agms.append(self.game.state.agm_done)
        self.events = events
        return events

    def goto(self, index: int) -> None:
        index = max(0, min(index, self.length))
        if index < self.index:
            cp = max(i for i in self._checkpoints if i <= index)
            self.game = Game.from_snapshot(self._checkpoints[cp], self.game.comps)
            self.index = cp
        self.step(index - self.index)

    def back(self, n: int = 1) -> None:
        self.goto(self.index - n)

    def turn(self) -> int:
        return self.game.state.turn.number

    def goto_turn(self, turn: int) -> None:
        """The first position where that turn is under way."""
        if turn < self.turn():
            self.goto(0)
        while self.index < self.length and self.turn() < turn:
            self.step()

    def next_turn(self) -> None:
        self.goto_turn(self.turn() + 1)

    def prev_turn(self) -> None:
        self.goto_turn(max(0, self.turn() - 1))

    def next_agm(self) -> bool:
        start = self.game.state.agm_done
        while self.index < self.length:
            self.step()
            if self.game.state.agm_done > start or self.game.is_over:
                return True
        return False

    def state_json(self) -> bytes:
        return msgspec.json.encode(self.game.state)


def verify(path: str | Path) -> tuple[bool, str]:
    """Replay a save and compare every stored hash: (ok, a sentence)."""
    rp = Replay.open(path)
    want = dict(rp.file.hashes)
    for i in range(rp.length):
        try:
            rp.step()
        except Exception as e:  # noqa: BLE001 - any engine refusal is a divergence to report
            return False, f"{path}: command {i + 1} ({rp.commands[i]!r}) is refused: {e}"
        h = want.get(i + 1)
        if h is not None and h != rp.game.state_hash():
            return False, f"{path}: diverges at command {i + 1} ({rp.commands[i]!r})."
    return True, f"OK: {rp.length} commands, {len(want)} hashes match."

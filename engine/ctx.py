"""The working context every rule function receives: state, components, the rules table, the
event sink."""

from __future__ import annotations

from engine.components import Components
from engine.decisions import Decision
from engine.events import Event
from engine.registry import Rules, rules_for
from engine.rng import Rng
from engine.state import Player, State


class Ctx:
    __slots__ = ("s", "c", "r", "events")

    def __init__(self, state: State, comps: Components, rules: Rules | None = None) -> None:
        self.s = state
        self.c = comps
        self.r = rules if rules is not None else rules_for(state.options.modules)
        self.events: list[Event] = []

    def log(self, kind: str, seat: int, text: str, hidden: str = "") -> None:
        self.events.append(Event(kind, seat, text, hidden))

    def player(self, seat: int) -> Player:
        return self.s.players[seat]

    def name(self, seat: int) -> str:
        if seat < 0:
            return "the supply"
        return self.s.players[seat].name

    def push(self, decision: Decision) -> None:
        self.s.stack.append(decision)

    def shuffle(self, items: list) -> None:
        rng = Rng(self.s.rng)
        rng.shuffle(items)
        self.s.rng = rng.state

    def below(self, n: int) -> int:
        rng = Rng(self.s.rng)
        v = rng.below(n)
        self.s.rng = rng.state
        return v

    @property
    def current(self) -> Player:
        return self.s.players[self.s.turn.seat]

"""The public face of the engine: a game is (options + seed, ordered commands)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import msgspec

from engine import flow
from engine.commands import ALL_COMMAND_TYPES, Command
from engine.components import Components, load_components
from engine.ctx import Ctx
from engine.errors import IllegalCommand
from engine.events import Event
from engine.options import GameOptions
from engine.setup import new_state
from engine.state import Decision, State

if TYPE_CHECKING:
    from engine.rules.scoring import ScoreLine

_encoder = msgspec.msgpack.Encoder()
_state_decoder = msgspec.msgpack.Decoder(State)


class Game:
    __slots__ = ("state", "comps", "_legal_cache")

    def __init__(self, state: State, comps: Components) -> None:
        self.state = state
        self.comps = comps
        self._legal_cache: list[Command] | None = None

    # --- creation and snapshots ----------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions, comps: Components | None = None) -> Game:
        comps = comps or load_components()
        state = new_state(options, comps)
        game = cls(state, comps)
        ctx = Ctx(state, comps)
        flow.advance(ctx)
        return game

    def snapshot(self) -> bytes:
        return _encoder.encode(self.state)

    @classmethod
    def from_snapshot(cls, data: bytes, comps: Components | None = None) -> Game:
        return cls(_state_decoder.decode(data), comps or load_components())

    def copy(self) -> Game:
        return Game(_state_decoder.decode(self.snapshot()), self.comps)

    # --- queries ---------------------------------------------------------------------------
    @property
    def options(self) -> GameOptions:
        return self.state.options

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def pending(self) -> Decision | None:
        return self.state.stack[-1] if self.state.stack else None

    def waiting_for(self) -> str:
        dec = self.pending
        if dec is None:
            return "The game is over." if self.is_over else "Nothing."
        return flow.describe(Ctx(self.state, self.comps), dec)

    def legal(self) -> list[Command]:
        if self._legal_cache is None:
            self._legal_cache = flow.legal(Ctx(self.state, self.comps))
        return list(self._legal_cache)

    def state_hash(self) -> str:
        return hashlib.blake2b(self.snapshot(), digest_size=16).hexdigest()

    def scores(self) -> list[int]:
        from engine.rules import scoring

        return scoring.totals(Ctx(self.state, self.comps))

    def score_sheet(self) -> list[ScoreLine]:
        """Per seat and category: final once the game is over, a projection before."""
        from engine.rules import scoring

        return scoring.sheet(Ctx(self.state, self.comps))

    def ranking(self) -> list[int]:
        """Seats best first, with the rulebook's tie-breaks."""
        from engine.rules import scoring

        ctx = Ctx(self.state, self.comps)
        return scoring.ranking(ctx, scoring.sheet(ctx))

    # --- the one way to change the game ----------------------------------------------------
    def apply(self, cmd: Command) -> list[Event]:
        if not isinstance(cmd, ALL_COMMAND_TYPES):
            raise IllegalCommand(f"{cmd!r} is not a galcruise command.")
        legal = self.legal()
        if cmd not in legal:
            raise IllegalCommand(self._why_illegal(cmd, legal))
        before = self.snapshot()
        ctx = Ctx(self.state, self.comps)
        self._legal_cache = None
        try:
            flow.apply(ctx, cmd)
        except Exception:
            self.state = _state_decoder.decode(before)
            raise
        return ctx.events

    def _why_illegal(self, cmd: Command, legal: list[Command]) -> str:
        from engine.explain import why_illegal

        return why_illegal(Ctx(self.state, self.comps), cmd, legal, self.waiting_for())

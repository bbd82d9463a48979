"""The public face of the engine: a game is (options + seed, ordered commands)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import msgspec

from engine import flow
from engine.command_union import ALL_COMMAND_TYPES
from engine.commands import Command
from engine.component_sets import components_for
from engine.components import Components
from engine.ctx import Ctx
from engine.decisions import Decision
from engine.errors import IllegalCommand, IllegalOptions
from engine.events import Event
from engine.options import RULES, GameOptions
from engine.registry import Rules, rules_for
from engine.setup import new_state
from engine.state import State
from engine.trial import copy_state

if TYPE_CHECKING:
    from engine.observation import Observation, RachelBack
    from engine.rules.scoring import ScoreLine

_encoder = msgspec.msgpack.Encoder()
REVEAL = "reveal"  # the kind of the event that ends a command which revealed hidden information
_state_decoder = msgspec.msgpack.Decoder(State)
# Commands applied between two snapshots kept for putting the state back after a command
# that raises: a snapshot before every command was 40% of apply's cost; the way back costs
# at most this many commands replayed, and only when the engine breaks.
REBASE_EVERY = 64
_COMMAND_TYPES = frozenset(ALL_COMMAND_TYPES)
# The command types that name a seat (a sealed bid): legal_for filters by it.
_SEATED = frozenset(t for t in ALL_COMMAND_TYPES if "seat" in t.__struct_fields__)


class Game:
    __slots__ = ("state", "comps", "_legal_cache", "_seated", "_base", "_base_of", "_since",
                 "setup_events", "_rules", "_rules_of", "_kept")

    def __init__(self, state: State, comps: Components) -> None:
        self.state = state
        self.comps = comps
        self._legal_cache: list[Command] | None = None
        self._seated = False  # whether the cached list holds a command that names a seat
        # The rules table of the state's options (Ctx asks rules_for otherwise): kept with
        # the options object it was found for, since `state` may be replaced by another game's.
        self._rules: Rules | None = None
        self._rules_of: GameOptions | None = None
        self._kept: Ctx | None = None  # the context of listing and applying (see `_ctx`)
        # The way back from a command that raises (see `apply`): a snapshot of `_base_of`,
        # the state object it was taken of, and the commands applied to it since.
        self._base: bytes | None = None
        self._base_of: State | None = None
        self._since: list[Command] = []
        # What the set-up did before the first decision (Game.new only), for a game's log.
        self.setup_events: list[Event] = []

    # --- creation and snapshots ----------------------------------------------------------
    @classmethod
    def new(cls, options: GameOptions, comps: Components | None = None,
            rules: int = RULES) -> Game:
        """A new game under the current rules, or an older game's `rules` to replay it."""
        if not 1 <= rules <= RULES:
            raise IllegalOptions(f"rules version {rules} is not one this galcruise knows "
                                 f"(1 to {RULES})")
        options.validate()  # unknown modules are refused before their data is looked for
        comps = comps or components_for(options.modules)
        events: list[Event] = []
        state = new_state(options, comps, events, rules)
        game = cls(state, comps)
        ctx = Ctx(state, comps)
        flow.advance(ctx)
        game.setup_events = events + ctx.events
        return game

    def snapshot(self) -> bytes:
        return _encoder.encode(self.state)

    @classmethod
    def from_snapshot(cls, data: bytes, comps: Components | None = None) -> Game:
        state = _state_decoder.decode(data)
        return cls(state, comps or components_for(state.options.modules, state.data_hash))

    def copy(self) -> Game:
        game = Game(copy_state(self.state), self.comps)
        game._legal_cache = self._legal_cache  # the same position has the same moves
        game._seated = self._seated
        return game

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
        return list(self._legal())

    def _legal(self) -> list[Command]:
        """The cached list itself: for reading only."""
        legal = self._legal_cache
        if legal is None:
            ctx = self._ctx()
            ctx.events = []  # not the list the last command returned (listing logs nothing)
            legal = self._legal_cache = flow.legal(ctx)
            self._seated = not _SEATED.isdisjoint(map(type, legal))
        return legal

    def _ctx(self) -> Ctx:
        """The context legal() lists in and apply carries out in (with events of its own),
        kept while the state, the components and the options are the same objects (a new one
        was 0.3 us, twice a command); the rules table is found once per options object.
        Listing writes nothing to it (a trial is a context of its own)."""
        ctx = self._kept
        s = self.state
        if ctx is None or ctx.s is not s or ctx.c is not self.comps or \
                s.options is not self._rules_of:
            if s.options is not self._rules_of:
                self._rules, self._rules_of = rules_for(s.options.modules), s.options
            ctx = self._kept = Ctx(s, self.comps, self._rules)
        return ctx

    def deciders(self) -> list[int]:
        """The seats that may enter a command now: the pending decision's seat, or every seat
        a simultaneous decision waits on (the auction's sealed bids, in any order)."""
        dec = self.pending
        return [] if dec is None else dec.deciders

    def legal_for(self, seat: int) -> list[Command]:
        """The legal commands `seat` may enter: a command that names its seat (a sealed bid)
        only its own; every other one only when the pending decision is the seat's."""
        stack = self.state.stack  # (self.pending, read here: a random game asks at every
        own = stack[-1].seat if stack else -1  # position)
        legal = self._legal()
        # The pending decision's own seat, and no command that names one: all of them (_legal
        # made the test once per list).
        if seat == own and not self._seated:
            return list(legal)
        return [c for c in legal if getattr(c, "seat", own) == seat]

    def actor(self, cmd: Command) -> int:
        """The seat that makes `cmd`: the seat it names, else the pending decision's."""
        dec = self.pending
        return int(getattr(cmd, "seat", dec.seat if dec is not None else -1))

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
        """Carry out a legal command (IllegalCommand, and nothing changed, when it is not).

        A command that makes the rules raise leaves the position as it was before it: the
        state is rebuilt from the last snapshot and the commands since, which the engine
        replays exactly (the RNG is part of the state). The state must change only through
        this game's methods for that: the snapshot is taken again whenever `state` is
        another object than the one it was taken of.
        """
        self._check(cmd)
        if self._base_of is not self.state or len(self._since) >= REBASE_EVERY:
            self._base, self._base_of, self._since = self.snapshot(), self.state, []
        try:
            events = self._carry_out(cmd)
        except Exception:
            self._put_back()
            raise
        self._since.append(cmd)
        return events

    def _put_back(self) -> None:
        assert self._base is not None
        state = _state_decoder.decode(self._base)
        for done in self._since:
            flow.apply(Ctx(state, self.comps), done)
        self.state = self._base_of = state
        self._legal_cache = None

    def try_apply(self, cmd: Command, check: bool = True) -> tuple[Game, list[Event]]:
        """The game after `cmd` and its events, leaving this game as it is (IllegalCommand
        when it is refused). Bots look ahead with this instead of the rules' own entry points;
        the trial is a copy (engine.trial), so it needs no snapshot to roll back. A bot that
        took `cmd` from this game's `legal()` may skip the check."""
        if check:
            self._check(cmd)
        trial = Game(copy_state(self.state), self.comps)
        return trial, trial._carry_out(cmd)

    def apply_logged(self, cmd: Command) -> list[Event]:
        """Apply a command from a log whose stored state hashes vouch for it: no legality
        check and no rollback snapshot. The caller compares the hashes and, at any doubt
        (an exception, a hash that differs), replays the log with `apply` from the start; a
        game in progress never comes here."""
        self._base_of = None  # the way back no longer holds every command: start it afresh
        return self._carry_out(cmd)

    def _check(self, cmd: Command) -> None:
        # The set first: isinstance against the whole tuple of command types costs 0.85 us
        # (before every command); a type outside it is still asked, so the answer is the same.
        if type(cmd) not in _COMMAND_TYPES and not isinstance(cmd, ALL_COMMAND_TYPES):
            raise IllegalCommand(f"{cmd!r} is not a galcruise command.")
        legal = self._legal_cache
        if legal is None:
            legal = self._legal()
        if cmd not in legal:
            raise IllegalCommand(self._why_illegal(cmd, legal))

    def _carry_out(self, cmd: Command) -> list[Event]:
        hidden = self._hidden()
        ctx = self._ctx()
        events: list[Event] = []
        ctx.events = events
        self._legal_cache = None
        flow.apply(ctx, cmd)
        if self._hidden() != hidden:
            # One place sees every draw, flip and shuffle, whichever rule made it: saves put
            # the multi-human undo floor here, and a new rule cannot forget to say so.
            events.append(Event(REVEAL, -1, "Hidden information was revealed."))
        return events

    def _hidden(self) -> tuple:
        """What changes whenever face-down information moves: every draw or flip shortens a
        deck (agenda, blueprints, cockpits, engines, cruises, Rachel's, the NPC's spare
        technology tiles) and every shuffle or random pick advances the RNG."""
        s = self.state
        b, r, st = s.board, s.rachel, s.starting
        # A sealed bid is secret and final (the auction of starting upgrade cards): entering
        # one, and the reveal once all are in, are floors for undo as a draw is.
        return (len(b.agenda_deck), len(b.blueprint_deck), len(b.cockpit_deck),
                len(b.engine_deck), len(b.cruise_deck), len(r.deck) if r else 0,
                len(b.npc.technologies) if b.npc else 0, s.rng,
                tuple(x >= 0 for x in st.bids) if st else ())

    # --- hidden information ------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What `seat` may know now: its own hand, the others' hand sizes, the public board;
        no deck order, no hidden card, no RNG state (-1: a spectator)."""
        from engine.observation import observe

        return observe(self.state, seat, self._rachel_next())

    def determinize(self, seat: int, seed: int) -> Game:
        """A game `seat` cannot tell from this one (the same observation), with everything it
        cannot see dealt again from `seed`."""
        from engine.observation import redeal

        return Game(redeal(self.state, seat, seed, self._rachel_backs()), self.comps)

    def _rachel_backs(self) -> dict[str, RachelBack]:
        from engine.observation import RachelBack

        return {c.id: RachelBack(c.first, c.second, c.station) for c in self.comps.rachel_cards}

    def _rachel_next(self) -> RachelBack | None:
        r = self.state.rachel
        if r is None or not (r.deck or r.discard):
            return None
        return self._rachel_backs()[r.deck[0] if r.deck else r.discard[0]]

    def _why_illegal(self, cmd: Command, legal: list[Command]) -> str:
        from engine.explain import why_illegal

        return why_illegal(Ctx(self.state, self.comps), cmd, legal, self.waiting_for())

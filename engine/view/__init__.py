"""A read-only view of a game for the screens: plain, named facts, built for one viewer.

The TUI draws from a `View` and never reads the rules, the context or the state's internals:
a rule constant, a fee or a label reaches the screen as a fact here. One area per module
(board: the network and the supply; tracks; market; players; scores; rachel; options: the
decision bar's costs and reasons), and `turn.read_turn`, the one reader of the turn's phase and
the pending decision's fields.

The viewer decides what the view holds of hidden things:
- `None`: hot-seat, one screen for everyone. `seat` (by default the human whose decision is
  pending, else the first human) sees its hand; the others' hands are sizes.
- a seat number: a player at their own terminal: that seat's hand in full, the others' sizes.
- `-1`: a watcher: no hand.
Hands, deck sizes and Rachel's next card come from `game.observation(seat)` only, so a view
for one seat cannot hold another's cards. Public facts (the score sheet counts the cards in
every hand, not which they are) are worked out by the rules from the game itself.

Areas are worked out when first read, and kept: a view is a picture of one moment; build a
new one after the game changes.
"""

from __future__ import annotations

from functools import cached_property

from engine import commands as C
from engine.describe import path
from engine.game import Game
from engine.observation import DECKS, Observation
from engine.options import GameOptions
from engine.state import NEUTRAL, NPC
from engine.view.board import (
    ActionView,
    AgendaSlotView,
    BlueprintView,
    CardView,
    ConnectionView,
    NetworkView,
    NpcView,
    OccupantView,
    ShipForSaleView,
    SiloView,
    StationView,
    SupplyView,
    TechnologyView,
    network,
    supply,
)
from engine.view.market import CruiseSpaceView, CruiseView, MarketView, QueueRowView, market
from engine.view.options import MissingOption, gain, missing
from engine.view.players import (
    FlightView,
    HandView,
    PlayerView,
    ScheduledView,
    SeatView,
    SegmentView,
    ShipView,
    StorageView,
    TowerTokenView,
    UpgradeRowView,
    UpgradeView,
    hand_view,
    player_view,
    seat_view,
)
from engine.view.rachel import RachelCardView, RachelView, rachel
from engine.view.scores import AgmRowView, AgmView, ScoreRowView, ScoreView, agm, scores
from engine.view.tracks import (
    GoalView,
    ProgressView,
    ReputationView,
    SectionView,
    TracksView,
    tracks,
)
from engine.view.turn import PendingView, TurnView, read_turn

WATCHER = -1


def hot_seat(game: Game) -> int:
    """The seat a shared screen shows: the human whose decision is pending, else the first
    human seat, else seat 0."""
    kinds = game.options.seat_kinds()
    dec = game.pending
    if dec is not None and 0 <= dec.seat < len(kinds) and kinds[dec.seat] == "human":
        return dec.seat
    return next((i for i, k in enumerate(kinds) if k == "human"), 0)


class View:
    """The game as `viewer` may see it (see the module's words for None, a seat and -1)."""

    def __init__(self, game: Game, viewer: int | None = None, seat: int | None = None) -> None:
        self._game = game
        self.viewer = viewer
        if viewer is None:
            me = hot_seat(game) if seat is None else seat
        elif viewer >= 0:
            me = viewer
        else:
            me = seat if seat is not None else 0
        self.seat = me  # whose board comes first, and whose hand the view holds (not -1's)
        self._players: dict[int, PlayerView] = {}

    @cached_property
    def _obs(self) -> Observation:
        """What the viewer may know of hidden things: the only source of hands and decks."""
        return self._game.observation(self.seat if self.viewer is None else self.viewer)

    @classmethod
    def of(cls, game: Game, viewer: int | None = None, seat: int | None = None) -> View:
        return cls(game, viewer, seat)

    # --- who, when -------------------------------------------------------------------------
    @property
    def options(self) -> GameOptions:
        return self._game.options

    @property
    def over(self) -> bool:
        return self._game.is_over

    @property
    def solo(self) -> bool:
        return self._obs.state.rachel is not None

    @cached_property
    def seats(self) -> tuple[SeatView, ...]:
        return tuple(seat_view(p) for p in self._game.state.players)

    @cached_property
    def _turn(self) -> tuple[TurnView, PendingView | None]:
        return read_turn(self._game)

    @property
    def turn(self) -> TurnView:
        return self._turn[0]

    @property
    def pending(self) -> PendingView | None:
        return self._turn[1]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return self._obs.hand_sizes

    # --- the boards --------------------------------------------------------------------------
    @cached_property
    def network(self) -> NetworkView:
        return network(self._game, self.turn)

    @cached_property
    def supply(self) -> SupplyView:
        sizes = self._obs.deck_sizes
        return supply(self._game, sizes[DECKS.index("agenda_deck")],
                      sizes[DECKS.index("blueprint_deck")])

    @cached_property
    def tracks(self) -> TracksView:
        return tracks(self._game)

    @cached_property
    def market(self) -> MarketView:
        return market(self._game)

    def player(self, seat: int) -> PlayerView:
        """One player's board (a screen often draws only one: worked out one at a time)."""
        if seat not in self._players:
            self._players[seat] = player_view(self._game, self._game.state.players[seat],
                                              self.hand_sizes[seat])
        return self._players[seat]

    @property
    def players(self) -> tuple[PlayerView, ...]:
        return tuple(self.player(seat) for seat in range(len(self.seats)))

    @cached_property
    def hand(self) -> HandView | None:
        """The hand this view may show: its seat's, none for a watcher."""
        if self.viewer is not None and self.viewer < 0:
            return None
        players = self._obs.state.players
        return hand_view(self._game, players[self.seat], self._obs.state.starting) \
            if self.seat < len(players) else None

    @cached_property
    def scores(self) -> ScoreView:
        return scores(self._game)

    def agm(self) -> AgmView:
        """The AGM held last."""
        return agm(self._game)

    @cached_property
    def rachel(self) -> RachelView | None:
        return rachel(self._game, self._obs)

    @cached_property
    def cruise_numbers(self) -> dict[str, int]:
        """Cruise tile id -> its space on the marketing board (1-based), for the log's words."""
        return {sp.tile: i + 1 for i, sp in enumerate(self._game.state.board.cruise_spaces)
                if sp.tile}

    def upgrade_index(self, upgrade: str) -> int:
        """An upgrade's number in its colour's row (1-3), as the player board shows it."""
        return self._game.comps.upgrade(upgrade).index

    # --- the decision bar --------------------------------------------------------------------
    def path(self, cmd: C.Command) -> tuple[str, ...]:
        return path(self._game, cmd)

    def gain(self, cmd: C.Command) -> str:
        return gain(self._game, self.pending, cmd)

    def missing(self) -> tuple[MissingOption, ...]:
        """Common options not possible for the deciding seat now, with why."""
        return missing(self._game, self.pending, self._game.legal())

    def facts(self) -> dict[str, object]:
        """Every area, worked out (tests and tools: msgspec encodes it)."""
        return {"seats": self.seats, "turn": self.turn, "pending": self.pending,
                "hand_sizes": self.hand_sizes, "network": self.network, "supply": self.supply,
                "tracks": self.tracks, "market": self.market, "players": self.players,
                "hand": self.hand, "scores": self.scores, "rachel": self.rachel}


def view(game: Game, viewer: int | None = None, seat: int | None = None) -> View:
    """The view of `game` for `viewer` (None: hot-seat, showing `seat`'s hand; a seat; -1)."""
    return View(game, viewer, seat)


__all__ = [
    "NEUTRAL", "NPC", "WATCHER", "ActionView", "AgendaSlotView", "AgmRowView", "AgmView",
    "BlueprintView", "CardView", "ConnectionView", "CruiseSpaceView", "CruiseView",
    "FlightView", "GoalView", "HandView", "MarketView", "MissingOption", "NetworkView",
    "NpcView", "OccupantView", "PendingView", "PlayerView", "ProgressView", "QueueRowView",
    "RachelCardView", "RachelView", "ReputationView", "ScheduledView", "ScoreRowView",
    "ScoreView", "SeatView", "SectionView", "SegmentView", "ShipForSaleView", "ShipView",
    "SiloView", "StationView", "StorageView", "SupplyView", "TechnologyView",
    "TowerTokenView", "TracksView", "TurnView", "UpgradeRowView", "UpgradeView", "View",
    "hot_seat", "view",
]

"""The whole game position as msgspec Structs: one msgpack encoding is one snapshot.

Lists, not sets or dicts keyed by runtime values, so the encoding (and the hash) is the same
in every process.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

if TYPE_CHECKING:  # mypy (and mypyc) cannot read the union built at import time
    from engine.decisions import Decision as AnyDecision
else:
    from engine.decision_union import AnyDecision
from engine.options import GameOptions

RESOURCES: tuple[str, str, str] = ("food", "oxygen", "fuel")
_INDEX = {r: i for i, r in enumerate(RESOURCES)}  # RESOURCES.index, a dict's look-up quicker
COLOURS: tuple[str, str, str] = ("orange", "purple", "teal")
NEUTRAL = -1  # owner id of a neutral development, and the "supply" as a payee
# Owner id of the 1-2 player NPC's developments and seat of its pieces on the network. Not
# NEUTRAL: an NPC development must be told apart from a neutral one ("same colour already there").
NPC = -2

TokenState = Literal["up", "flipped", "removed"]
# The steps of a turn that run by themselves between decisions (the decisions are the stack's):
# set-up, phase 1 travel, phase 2 (worker, launch or meeting) and its actions, phase 3 goals,
# the end of the turn; a final-round player's turn; Rachel's own steps ("r_...").
Phase = Literal["setup", "start", "travel_window", "travel", "travel_extra", "phase2",
                "actions", "meeting_action", "launch", "goals", "last_cards", "turn_end",
                "done", "final",
                "r_phase2", "r_act1", "r_act2", "r_meeting"]
# The round-level steps of the game's end (進捗トラックとゲームの終了); "" before it.
FinalPhase = Literal["", "recall", "turns", "ships", "goals", "agm", "over"]

# Every state Struct leaves out fields at their default (omit_defaults): the state hash is of
# the encoded state, so a field a module or a rule adds later, at its default in a game that
# does not use it, leaves every earlier game's hashes as they were.


class Occupant(msgspec.Struct, omit_defaults=True):
    seat: int
    piece: str  # "worker", "expert_left", "expert_right"; the NPC's "npc_worker", "npc_expert"


class Ship(msgspec.Struct, omit_defaults=True):
    cockpit: str
    engine: str
    segments: list[str] = msgspec.field(default_factory=list)  # blueprint ids, cockpit side first
    launched_once: bool = False
    # In flight: the cruise tile, the stop index reached, the guests aboard by colour.
    cruise: str | None = None
    stop: int = -1
    guests: list[str] = msgspec.field(default_factory=list)
    pilot: str | None = None
    token: str | None = None  # upgrade token loaded onto the engine at launch
    berths: int = 0  # guests this flight may carry (a card can make one cabin hold 3)
    final_moved: bool = False  # final round: this ship has made its one free move


class Player(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    kind: str
    money: int = 10
    ads: int = 2
    vp: int = 5
    reputation: int = 0
    food: int = 1
    oxygen: int = 1
    fuel: int = 1
    developments_left: list[int] = msgspec.field(default_factory=lambda: [3, 3, 3])
    developments_placed: int = 0
    break_room: list[str] = msgspec.field(default_factory=lambda: ["worker", "worker"])
    experts: list[str] = msgspec.field(default_factory=lambda: ["expert_left", "expert_right"])
    hand: list[str] = msgspec.field(default_factory=list)
    blueprints: list[str] = msgspec.field(default_factory=list)
    ships: list[Ship] = msgspec.field(default_factory=list)
    tower_top: list[str] = msgspec.field(default_factory=lambda: ["up"] * 4)
    tower_bottom: list[str] = msgspec.field(default_factory=lambda: ["up"] * 4)
    upgrades: list[str] = msgspec.field(default_factory=list)
    scheduled: int | None = None  # marketing space of this player's scheduled cruise
    scheduled_token: str | None = None
    goal_cubes: list[bool] = msgspec.field(default_factory=lambda: [True, True, True])
    goals_done: list[int] = msgspec.field(default_factory=list)
    cubes_on_track: int = 0
    segments_built: int = 0
    launches: int = 0
    cruises_completed: int = 0
    guests_toured: int = 0
    agenda_played: int = 0
    technologies_developed: int = 0
    vp_history: list[int] = msgspec.field(default_factory=list)

    def resource(self, r: str) -> int:
        return int(getattr(self, r))

    def set_resource(self, r: str, n: int) -> None:
        setattr(self, r, n)

    def capacity(self, r: str) -> int:
        return 2 + (3 - self.developments_left[_INDEX[r]])


class CruiseSpace(msgspec.Struct, omit_defaults=True):
    tile: str | None = None
    covered: bool = False
    consultant: int | None = None  # seat of the player who scheduled it
    presold: list[str] = msgspec.field(default_factory=list)


class Npc(msgspec.Struct, omit_defaults=True):
    """What the 1-2 player NPC keeps beside the board; its two pieces are on `occupants`."""

    developments: int = 6  # set aside, placed at AGM years 1 and 2
    experts: int = 2  # set aside, each replaces an NPC worker at an AGM
    technologies: list[str] = msgspec.field(default_factory=list)  # unused tiles, shuffled later


class Board(msgspec.Struct, omit_defaults=True):
    stations: list[list[str]]  # 6 stations x 2 action names; station k = index k-1
    occupants: list[Occupant | None]
    connections: list[list[int]]  # 6 connections x owners (seat, NEUTRAL or NPC)
    technologies: list[str]
    tech_owners: list[list[int]]
    expert_tile: str
    goal_tile: str
    goal_trackers: list[int]  # 0 bottom .. 3 top
    goal_achievers: list[int]  # how many players achieved each goal
    silo: list[int]
    agenda_deck: list[str]
    agenda_display: list[str | None]  # bottom to top
    agenda_discard: list[str]  # last item is the top
    blueprint_deck: list[str]
    blueprint_display: list[str | None]  # bottom to top
    cockpit_deck: list[str]
    engine_deck: list[str]
    cockpit_display: list[str | None]
    engine_display: list[str | None]
    cruise_deck: list[str]
    cruise_discard: list[str]
    cruise_spaces: list[CruiseSpace]
    guest_bonus: list[str]  # per colour, orange/purple/teal
    queue: list[list[int]]  # 3 sections (bottom, middle, top) x 3 colours
    supply: list[int]  # guests per colour in the supply
    progress: list[int]  # cube owners in the order placed (NEUTRAL for the neutral cube)
    progress_sections: list[int]
    # Intro setup: spaces ahead that a neutral cube holds; the cube placed before each one
    # is followed by it.
    neutral_progress: list[int] = msgspec.field(default_factory=list)
    npc: Npc | None = None  # 1-2 players only
    # 区画ボーナス・タイル (module station_bonuses): each station's tile (index station-1) and
    # whether its coloured side is up; empty without the module.
    station_tiles: list[str] = msgspec.field(default_factory=list)
    station_active: list[bool] = msgspec.field(default_factory=list)
    # 上級技術 (module advanced_technologies): each technology slot's marker (0-based space).
    tech_markers: list[int] = msgspec.field(default_factory=list)


class Turn(msgspec.Struct, omit_defaults=True):
    seat: int
    number: int
    phase: Phase = "start"
    station: int = 0  # where this turn's worker went
    actions_left: int = 0
    paid: list[str] = msgspec.field(default_factory=list)  # places paid for: c1..c6, t1..t4
    dropped: bool = False
    played: list[str] = msgspec.field(default_factory=list)
    overflow: bool = False  # resources over storage waiting to be spent in this step
    goal_done: bool = False
    meeting: bool = False
    launch_ship: int = -1
    to_travel: list[int] = msgspec.field(default_factory=list)
    # Agenda cards whose effect lasts for the current action, launch or stop.
    active: list[str] = msgspec.field(default_factory=list)
    rebate_used: bool = False  # an expert's "total money paid in the action -1" was used
    extra_travel: int = 0  # extra stops granted this phase 1
    # Technology slots (0-based) whose effect changed a cost or a limit in the current step
    # (technologies.record_use); a module reads them at the step's end.
    tech_used: list[int] = msgspec.field(default_factory=list)
    # 上級技術: slots whose marker moved this turn (once a turn), the markers as the turn
    # began, the moves Rachel's cubes made this turn, and Patent Pool played.
    tech_moved: list[int] = msgspec.field(default_factory=list)
    tech_start: list[int] = msgspec.field(default_factory=list)
    tech_rachel: int = 0
    surcharge_free: bool = False
    # Rules 3: a card came into this player's hand since their last command, so phase 2's end
    # offers a moment to play it (decisions.LastCards).
    fresh_card: bool = False


class RachelState(msgspec.Struct, omit_defaults=True):
    """Solo play: what Rachel keeps beside her board (engine/rules/rachel)."""

    deck: list[str]  # her action cards, top first
    discard: list[str] = msgspec.field(default_factory=list)  # revealed, in the order revealed
    card: str | None = None  # the revealed card whose action she is about to carry out
    away: list[str] = msgspec.field(default_factory=list)  # her experts out of the break room
    # Upgrade tokens placed on her board: they cover spaces and raise tour VP, but no effect
    # applies to her, so they are kept apart from Player.upgrades.
    upgrades: list[str] = msgspec.field(default_factory=list)
    discarded_blueprints: list[str] = msgspec.field(default_factory=list)


class StartingUpgrades(msgspec.Struct, omit_defaults=True):
    """初期アップグレード・カード (module starting_upgrades): the cards between the deal and the
    reveals. Per seat lists are indexed by seat (Rachel's stay empty)."""

    hands: list[list[str]]  # dealt (2) or picked at the auction (1); [] once revealed
    box: list[str] = msgspec.field(default_factory=list)  # face down, out of the game
    revealed: list[str] = msgspec.field(default_factory=list)  # per seat, "" until revealed
    # Auction (variant starting_auction): the face-up cards left to pick; per seat its sealed
    # bid (variants.NOT_BID until entered), public once all are in.
    offer: list[str] = msgspec.field(default_factory=list)
    bids: list[int] = msgspec.field(default_factory=list)
    rachel: str | None = None  # solo: the card you did not keep, until her first turn


class State(msgspec.Struct, omit_defaults=True):
    options: GameOptions
    data_hash: str
    rng: int
    players: list[Player]
    board: Board
    turn_order: list[int]
    setup_queue: list[int]  # seats still to make their setup picks, in order
    turn: Turn
    stack: list[AnyDecision] = msgspec.field(default_factory=list)
    round: int = 1
    turns_taken: int = 0
    agm_done: int = 0
    end_triggered: bool = False
    final_phase: FinalPhase = ""
    final_turns_left: list[int] = msgspec.field(default_factory=list)
    over: bool = False
    log_index: int = 0
    rachel: RachelState | None = None  # solo games only
    starting: StartingUpgrades | None = None  # module starting_upgrades only
    # The rules version the game began under (engine.options.RULES): left out at 1, so games
    # begun before it existed keep their encoding and their state hashes.
    rules: int = 1

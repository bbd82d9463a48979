"""Every player decision is one small frozen Struct in this tagged union.

Constructing a Struct does not validate it; the engine checks every command against
`Game.legal()`, and decoding from a file validates types and tags.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Resource = Literal["food", "oxygen", "fuel"]
BonusKind = Literal["money", "ad", "vp", "food", "oxygen", "fuel"]
DropKind = Literal["resource", "ad", "money"]
Piece = Literal["worker", "expert_left", "expert_right"]


class Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# --- setup ---------------------------------------------------------------------------
class SetupDevelopment(Command, tag="setup_development"):
    row: Resource
    connection: int


class SetupBlueprint(Command, tag="setup_blueprint"):
    slot: int


# --- phase 2 choice ------------------------------------------------------------------
class PlaceWorker(Command, tag="place_worker"):
    piece: Piece
    station: int


class CallMeeting(Command, tag="call_meeting"):
    pass


class Launch(Command, tag="launch"):
    ship: int
    # Which piece becomes the pilot: None is a worker (or, with no piece at all, the card
    # that lets a ship fly without one).
    piece: Piece | None = None


class TakeAction(Command, tag="take_action"):
    station: int
    action: str


class Done(Command, tag="done"):
    """Decline what is offered: end the actions, stop drawing, skip an optional step."""


# --- action parameters ---------------------------------------------------------------
class BuildDevelopment(Command, tag="build_development"):
    row: Resource
    site: str  # "c1".."c6" for a connection, "t1".."t4" under a technology
    resources: int  # how much of the cost is paid in that row's resource; the rest in money


class HireExpert(Command, tag="hire_expert"):
    side: Literal["left", "right"]


class PurchaseSupplies(Command, tag="purchase_supplies"):
    resources: tuple[Resource, ...] = ()
    ads: bool = False


class GainResources(Command, tag="gain_resources"):
    food: int = 0
    oxygen: int = 0
    fuel: int = 0


class RefillSilo(Command, tag="refill_silo"):
    card: str
    resource: Resource


class DrawAgenda(Command, tag="draw_agenda"):
    slot: int  # display slot 0..3 bottom to top, or -1 for the top of the discard pile


class RefillAgenda(Command, tag="refill_agenda"):
    discard_order: tuple[str, ...]


class AcquireShip(Command, tag="acquire_ship"):
    pair: int


class AcquireBlueprint(Command, tag="acquire_blueprint"):
    slot: int


class BuildSegment(Command, tag="build_segment", omit_defaults=True):
    blueprint: str  # from hand, or "display:N" for display slot N at the surcharge
    ship: int
    # 客室斡旋 (module cabin_pairing): the place in the ship, 0 beside the cockpit; -1 (the
    # base game's only value, left out of saves) beside the engine.
    at: int = -1


class ScheduleCruise(Command, tag="schedule_cruise"):
    space: int
    token: str  # "top0".."top3" / "bottom0".."bottom3" on the launch tower


class AdvertiseCruise(Command, tag="advertise_cruise"):
    space: int


class SellTicket(Command, tag="sell_ticket"):
    colour: str
    section: int  # 0 bottom (1 ad), 1 middle, 2 top, 3 supply (4 ads)


class BoardGuest(Command, tag="board_guest"):
    colour: str
    section: int  # -1 presold guest of this cruise, 0..2 queue, 3 supply


class UnlockUpgrade(Command, tag="unlock_upgrade"):
    upgrade: str


class TourGuest(Command, tag="tour_guest"):
    colour: str


class TravelShip(Command, tag="travel_ship"):
    """Choose which of your ships in flight moves next in phase 1."""

    ship: int


class AchieveGoal(Command, tag="achieve_goal"):
    goal: int  # 0..2, left to right on the company goal tile


class AdvanceShip(Command, tag="advance_ship"):
    """Final round: move a ship in flight to any later stop of its cruise."""

    ship: int
    stop: int


# --- any time on your turn, and reactions ------------------------------------------
class FundingBonus(Command, tag="funding_bonus"):
    kind: BonusKind


class ChooseResource(Command, tag="choose_resource"):
    resource: Resource


class PlayAgendaResource(Command, tag="play_agenda_resource"):
    card: str


class PlayAgendaEffect(Command, tag="play_agenda_effect"):
    card: str


class UseTechnology(Command, tag="use_technology"):
    """Pay the developers of an invented technology so you may use it this turn."""

    slot: int


class PayFee(Command, tag="pay_fee"):
    """Pay ahead for the developments on a connection so they are free for the rest of the turn
    (the fee can be cheaper now than after a later reputation loss)."""

    connection: int


class DropReputation(Command, tag="drop_reputation"):
    to: int
    bonus: DropKind


class DiscardAgenda(Command, tag="discard_agenda"):
    card: str


class ChooseTile(Command, tag="choose_tile"):
    """A module's tile chosen by id (a station bonus tile for Open House)."""

    tile: str


# The base game's commands; with those the modules add, `engine.command_union.AnyCommand`.
BASE_COMMANDS: tuple[type[Command], ...] = (
    SetupDevelopment,
    SetupBlueprint,
    PlaceWorker,
    CallMeeting,
    Launch,
    TakeAction,
    Done,
    BuildDevelopment,
    HireExpert,
    PurchaseSupplies,
    GainResources,
    RefillSilo,
    DrawAgenda,
    RefillAgenda,
    AcquireShip,
    AcquireBlueprint,
    BuildSegment,
    ScheduleCruise,
    AdvertiseCruise,
    SellTicket,
    BoardGuest,
    UnlockUpgrade,
    TourGuest,
    TravelShip,
    AchieveGoal,
    AdvanceShip,
    FundingBonus,
    ChooseResource,
    PlayAgendaResource,
    PlayAgendaEffect,
    UseTechnology,
    PayFee,
    DropReputation,
    DiscardAgenda,
    ChooseTile,
)

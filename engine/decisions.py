"""What the game waits for: one typed Struct per kind of decision, in one tagged union.

Each kind's fields are named for what they hold. What a kind offers, how a command is carried
out and how the decision reads in words are its row in `engine.registry`; nothing compares
reason strings as rules (the `why` fields are words for the log only).
"""

from __future__ import annotations

import msgspec


class Decision(msgspec.Struct, tag=True, omit_defaults=True):
    seat: int

    @property
    def kind(self) -> str:
        """The tag, as saves and tests name the kind."""
        return self.__struct_config__.tag  # type: ignore[return-value]

    @property
    def deciders(self) -> list[int]:
        """The seats that may answer it: its seat, but for a decision all of whose seats
        answer in any order (a command of such a decision names its seat)."""
        return [self.seat]


class StartingDevelopment(Decision, tag="setup_development"):
    pass


class StartingBlueprint(Decision, tag="setup_blueprint"):
    pass


class MainChoice(Decision, tag="phase2"):
    """Phase 2: place a worker, launch a ship, or call a meeting."""


class ChooseAction(Decision, tag="action"):
    """One of the (up to) two actions of the station a worker went to, or its neighbours."""


class MeetingAction(Decision, tag="meeting_action"):
    """The one action a meeting allows, at a station by one's own developments."""


class Taking(Decision):
    """A step that takes items one at a time, up to a limit (see engine.rules.taking)."""

    taken: list[str] = msgspec.field(default_factory=list)  # taken so far, in order


class Counting(Decision):
    """A step repeated a set number of times (bonuses, resources of choice)."""

    left: int = 1
    why: str = ""  # words for the log


class Act(Taking, tag="act"):
    """An action chosen and being carried out, perhaps over several steps."""

    station: int = 0
    action: str = ""
    # What a token or card adds to this action: money off a development or an expert, or
    # more cards, blueprints, segments or resources taken.
    boost: int = 0
    granted: bool = False  # given by a token or card: it does not use one of the two actions

    # What a module's own kind of action (a subclass with its own tag) changes in Build Ship
    # Segments; the base action changes nothing.
    @property
    def segment_off(self) -> int:
        """Money off each segment built in this action."""
        return 0

    @property
    def segment_limit(self) -> int:
        """Segments this action builds at most; 0: the action's own (2, plus cards)."""
        return 0


class Funding(Counting, tag="funding"):
    # The return of a piece to the break room (bumped, or the final recall): the moment cards
    # that react to it may be played, even with no bonus left to take.
    piece_returned: bool = False


class ResourceChoice(Counting, tag="choose_resource"):
    # A reputation drop or a card may fill storage beyond its size until the step ends.
    overflow: bool = False


class FreeBlueprint(Counting, tag="free_blueprint"):
    pass


class DiscardDown(Decision, tag="discard"):
    """Discard agenda cards down to the hand limit at the end of the turn."""


class Boarding(Decision, tag="launch_board"):
    ship: int = 0
    space: int = 0  # the marketing space of the scheduled cruise


class LaunchSupplies(Decision, tag="launch_supplies"):
    ship: int = 0
    space: int = 0


class SellTickets(Taking, tag="sell_ticket"):
    space: int = 0  # the marketing space being advertised; `taken`: guest colours sold


class TravelStart(Decision, tag="travel_start"):
    """Phase 1, before ships move: the window for phase-1 cards and technology fees."""


class ExtraTravel(Decision, tag="extra_travel"):
    pass


class TravelOrder(Decision, tag="travel_order"):
    pass


class Unlock(Decision, tag="unlock"):
    ship: int = 0
    stop: str = ""  # the destination colour reached


class Tour(Decision, tag="tour"):
    ship: int = 0
    stop: str = ""
    guests: list[str] = msgspec.field(default_factory=list)  # aboard and not yet toured here


class DayInSpace(Decision, tag="day_in_space"):
    ship: int = 0


class GoalChoice(Decision, tag="goal"):
    pass


class FinalTravel(Decision, tag="final_travel"):
    pass


class LastCards(Decision, tag="last_cards"):
    """Rules 3: after phase 2, while a card in hand may still be played for its effect
    (自分の手番中いつでもプレイできます): a card drawn by the last action is not held over.
    Offered only when such a card can be played, so most turns never see it."""


# The base game's kinds; with the kinds the modules add, `engine.decision_union.AnyDecision`.
BASE_KINDS: tuple[type[Decision], ...] = (
    StartingDevelopment, StartingBlueprint, MainChoice, ChooseAction, MeetingAction, Act,
    Funding, ResourceChoice, FreeBlueprint, DiscardDown, Boarding, LaunchSupplies, SellTickets,
    TravelStart, ExtraTravel, TravelOrder, Unlock, Tour, DayInSpace, GoalChoice, FinalTravel,
    LastCards,
)

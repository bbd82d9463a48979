"""Where the turn stands and what the pending decision is about, for the view.

This is the one place the view reads the turn's phase, its station, the end's stage and the
fields of the pending decision beyond its seat. The turn machinery and the decision model are
being rewritten; adapting the view to them means adapting `read_turn`, nothing else.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.decisions import (
    Act,
    Boarding,
    ChooseAction,
    Funding,
    GoalChoice,
    LastCards,
    MainChoice,
    MeetingAction,
    SellTickets,
    Tour,
)
from engine.game import Game
from engine.rules.travel import PHASES

# A turn's phase -> its part, as a technology's effect is placed in one (view.tech_use).
_STAGE = {"start": "travel", "travel_window": "travel", "travel": "travel",
          "travel_extra": "travel", "phase2": "phase2", "actions": "actions",
          "meeting_action": "actions", "launch": "launch", "goals": "goals",
          "last_cards": "goals", "turn_end": "end", "done": "end"}

EndStage = Literal["none", "triggered", "final_turns", "final_moves", "over"]


class TurnView(msgspec.Struct, frozen=True):
    round: int
    number: int  # 0 while the players make their setup picks
    seat: int  # whose turn it is
    station: int  # the station of this turn's worker (0: none yet)
    taking_actions: bool  # the worker's actions are being chosen now (its station is marked)
    agm_done: int
    order: tuple[int, ...]  # seats in turn order
    end: EndStage
    final_turns_left: tuple[int, ...]  # seats still to play their final turn
    # Phase 1 (travel) of a turn that has one for phase-1-only effects: not the final turns.
    phase_one: bool = False
    # The part of the turn under way, for what a technology's fee can still buy: "travel"
    # (phase 1), "phase2" (the main choice), "launch", "actions" (a worker's or a meeting's),
    # "goals", "end"; "" outside a player's own turn (the set-up, the game's end, Rachel's).
    stage: str = ""
    actions_left: int = 0  # actions still to take after the one under way
    goal_done: bool = False  # a company goal was reached this turn


class PendingView(msgspec.Struct, frozen=True):
    """The decision waiting, in the facts the screen needs (None of them: an ordinary one)."""

    seat: int
    kind: str = ""  # the decision's tag ("act", "boarding"): which list the bar shows
    actions_at: int | None = None  # choosing the actions of this station
    tour_destination: str | None = None  # touring guests at a destination of this colour
    tour_guests: tuple[str, ...] = ()  # the colours of the guests that could be toured there
    ticket_cruise: int | None = None  # selling tickets for this cruise space
    bumped: bool = False  # a funding bonus for a worker that was bumped
    main_choice: bool = False  # phase 2 of the seat's own turn: place, launch or meet
    meeting: bool = False  # choosing the one action a meeting allows
    boarding: tuple[int, int] | None = None  # T-5: (the ship's index, its cruise's space)
    action: str | None = None  # the action being carried out (selling tickets: advertising)
    last_cards: bool = False  # rules 3: phase 2 is over, a card drawn late may still be played


def read_turn(game: Game) -> tuple[TurnView, PendingView | None]:
    """The turn and the pending decision as facts (the only reader of their internals)."""
    s = game.state
    t = s.turn
    if s.over:
        end: EndStage = "over"
    elif not s.end_triggered:
        end = "none"
    elif s.final_phase == "":
        end = "triggered"
    elif s.final_phase in ("recall", "turns"):
        # The final recall's bonuses come before everyone's last turn: "last moves, goals
        # and the final AGM" was read there, with both final turns still to play (QA s55).
        end = "final_turns"
    else:
        end = "final_moves"
    turn = TurnView(round=s.round, number=t.number, seat=t.seat, station=t.station,
                    taking_actions=t.phase == "actions", agm_done=s.agm_done,
                    order=tuple(s.turn_order), end=end,
                    final_turns_left=tuple(s.final_turns_left),
                    phase_one=s.final_phase != "turns" and t.phase in ("start", *PHASES),
                    # The goal step's decision comes once the phase has moved on to the end.
                    stage="goals" if isinstance(game.pending, GoalChoice) else
                    _STAGE.get(t.phase, ""), actions_left=t.actions_left,
                    goal_done=t.goal_done)
    dec = game.pending
    if dec is None:
        return turn, None
    tour = dec if isinstance(dec, Tour) else None
    pending = PendingView(
        seat=dec.seat,
        kind=dec.kind,
        actions_at=t.station if isinstance(dec, ChooseAction) and t.station else None,
        tour_destination=tour.stop if tour else None,
        tour_guests=tuple(dict.fromkeys(tour.guests)) if tour else (),
        ticket_cruise=dec.space if isinstance(dec, SellTickets) else None,
        # Any piece sent home, by another's worker or the NPC (not the final recall).
        bumped=isinstance(dec, Funding) and dec.piece_returned and s.final_phase != "recall",
        main_choice=isinstance(dec, MainChoice) and dec.seat == t.seat,
        meeting=isinstance(dec, MeetingAction),
        boarding=(dec.ship, dec.space) if isinstance(dec, Boarding) else None,
        action=dec.action or None if isinstance(dec, Act) else
        "advertise_cruise" if isinstance(dec, SellTickets) else None,
        last_cards=isinstance(dec, LastCards))
    return turn, pending


def visited(game: Game, seat: int, ship: int) -> set[int]:
    """専門設計図: the segments of `seat`'s ship `ship` started on the day in space it is
    spending (the visit's decision, read by its fields: the view imports no module)."""
    for d in game.state.stack:
        if d.seat == seat and d.kind == "visit_segment" and getattr(d, "ship", -1) == ship:
            return set(getattr(d, "used", ()))
    return set()

"""When a technology's fee buys nothing at the decision shown: the bar's "no use now".

A fee buys the technology for the rest of the turn, and each effect acts in one part of it:
an action (Hire an Expert), a launch, phase 1's travel and touring, the company goal step. The
engine offers every fee at every decision of the turn (which fees are legal is a rule, not the
view's business); the bar marks those whose part is not the decision under way, and says
whether that part is still to come this turn or past. A tester saw "Pay 2 money to use
Recruitment AI this turn" while boarding a ship, paying supplies, touring and at the goal step.
"""

from __future__ import annotations

from engine.view.board import action_view
from engine.view.turn import PendingView, TurnView

_LAUNCH = "launch"
_TRAVEL = "travel"
_GOALS = "goals"

# Effect kind -> the part of a turn it acts in: an action's id, or one of the parts above.
# A kind not here (fee_free, a module's own) may act anywhere, and is never marked.
PART: dict[str, str] = {
    "hire_discount": "hire_expert",
    "development_discount": "build_development",
    "segment_discount": "build_segments",
    "segment_extra_builds": "build_segments",
    "blueprint_extra": "acquire_blueprints",
    "silo_extra": "gain_resources",
    "purchase_extra": "purchase_supplies",
    "advertise_discount": "advertise_cruise",
    "refill_silo_extra": "refill_silo",
    "launch_fuel_discount": _LAUNCH,
    "launch_food_discount": _LAUNCH,
    "launch_oxygen_discount": _LAUNCH,
    "cabin_capacity": _LAUNCH,
    "last_minute_discount": _LAUNCH,
    "tour_discount": _TRAVEL,
    "tour_bonus_vp": _TRAVEL,
    "day_in_space_double": _TRAVEL,
    "extra_travel": _TRAVEL,
    "goal_discount": _GOALS,
}

# The parts that are actions (the others are parts of the turn).
ACTION_IDS = frozenset(PART.values()) - {_LAUNCH, _TRAVEL, _GOALS}

_WORDS = {_LAUNCH: "a launch", _TRAVEL: "phase 1 (travel and touring)",
          _GOALS: "the company goal step"}


def _words(part: str) -> str:
    return _WORDS.get(part) or action_view(part).label


def no_use(turn: TurnView, pending: PendingView, kind: str) -> str:
    """Why an effect of `kind` does nothing at `pending` ("" when it may: its part of the turn
    is under way, or the decision may open it)."""
    part = PART.get(kind)
    stage = turn.stage
    if part is None or pending.seat != turn.seat or stage in ("", "phase2"):
        return ""  # phase 2's choice: a worker, a launch or a meeting may still lead anywhere
    if stage == _TRAVEL:
        # The rest of the turn is still to come.
        return "" if part == _TRAVEL else f"no use now: it acts in {_words(part)}, in phase 2"
    if part == _TRAVEL:
        return f"no use now: it acts in {_words(part)}, which is over this turn"
    if part == _GOALS:
        return "" if stage != "end" and not turn.goal_done else \
            f"no use now: {_words(part)} is over this turn"
    if stage == _LAUNCH:
        return "" if part == _LAUNCH else \
            f"no use now: it acts in {_words(part)}, and a launch takes the turn's actions"
    if stage == "actions":
        if part == _LAUNCH:
            return f"no use now: it acts in {_words(part)}, none after a worker or a meeting"
        action = pending.action
        if pending.actions_at or pending.meeting or action is None or action == part:
            return ""  # choosing the action, or in the very one it acts in
        if turn.actions_left:
            return f"no use now: it acts in {_words(part)}, not in {_words(action)}"
        return f"no use now: it acts in {_words(part)}, and no action is left this turn"
    return f"no use now: it acts in {_words(part)}, which is over this turn"

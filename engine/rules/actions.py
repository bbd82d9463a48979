"""The table of the 12 actions: who offers their options and who carries them out."""

from __future__ import annotations

from collections.abc import Callable

from engine.commands import Command
from engine.ctx import Ctx
from engine.rules import agenda, cruises, developments, experts, ships, supplies
from engine.state import Decision, Player

Options = Callable[[Ctx, Player, Decision], list[Command]]
Apply = Callable[[Ctx, Player, Decision, Command], bool]

ACTIONS: dict[str, tuple[Options, Apply]] = {
    "build_development": (developments.options, developments.apply),  # type: ignore[dict-item]
    "hire_expert": (experts.options, experts.apply),  # type: ignore[dict-item]
    "purchase_supplies": (supplies.purchase_options, supplies.purchase),  # type: ignore[dict-item]
    "gain_resources": (supplies.gain_options, supplies.gain),  # type: ignore[dict-item]
    "refill_silo": (supplies.refill_options, supplies.refill),  # type: ignore[dict-item]
    "draw_agenda": (agenda.draw_options, agenda.draw),
    "refill_agenda": (agenda.refill_options, agenda.refill),  # type: ignore[dict-item]
    "acquire_ship": (ships.ship_options, ships.acquire_ship),  # type: ignore[dict-item]
    "acquire_blueprints": (ships.blueprint_options, ships.acquire_blueprint),
    "build_segments": (ships.segment_options, ships.build_segment),
    "schedule_cruise": (cruises.schedule_options, cruises.schedule),  # type: ignore[dict-item]
    "advertise_cruise": (cruises.advertise_options, cruises.advertise),  # type: ignore[dict-item]
}

LABELS = {
    "build_development": "Build a Development",
    "hire_expert": "Hire an Expert",
    "purchase_supplies": "Purchase Supplies",
    "acquire_blueprints": "Acquire Blueprints",
    "build_segments": "Build Ship Segments",
    "acquire_ship": "Acquire New Ship",
    "gain_resources": "Gain Resources",
    "refill_silo": "Refill Silo",
    "schedule_cruise": "Schedule a Cruise",
    "advertise_cruise": "Advertise a Cruise",
    "draw_agenda": "Draw Agenda Cards",
    "refill_agenda": "Refill Agenda Cards",
}


def register(name: str, options: Options, apply: Apply) -> None:
    ACTIONS[name] = (options, apply)


def action_options(ctx: Ctx, p: Player, dec: Decision) -> list[Command]:
    entry = ACTIONS.get(dec.action)
    return entry[0](ctx, p, dec) if entry else []


def feasible(ctx: Ctx, p: Player, action: str, cost: int, discount: int = 0) -> bool:
    """Whether the action has any legal choice once `cost` money of fees is paid."""
    if cost > p.money or action not in ACTIONS:
        return False
    p.money -= cost
    try:
        return bool(ACTIONS[action][0](ctx, p, Decision("act", p.seat, count=discount,
                                                          action=action)))
    finally:
        p.money += cost

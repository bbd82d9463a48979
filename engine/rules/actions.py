"""The table of the 12 actions (who offers their options and who carries them out), and
choosing one of them at a station."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.commands import Command, Done, TakeAction
from engine.decisions import Act, ChooseAction, MeetingAction
from engine.names import readable
from engine.rules import agenda, cruises, developments, experts, network, places, ships, supplies
from engine.rules.economy import clamp_storage
from engine.rules.feasible import feasible_ones
from engine.rules.turns import finish_action
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


@dataclass(frozen=True)
class Action:
    options: Callable[..., list[Command]]  # (ctx, player, act) -> the ways to carry it out
    apply: Callable[..., bool]  # (ctx, player, act, cmd) -> True once the action is finished
    label: str
    # (ctx, player, act) -> bool(options(...)), quicker; None: options is asked.
    exists: Callable[..., bool] | None = None
    # The free commands that cannot close the action once it is open, so legal() need not
    # try them: "card" (an agenda card played for a resource or its effect: the hand shrinks,
    # resources grow), "drop" (the reputation drop: reputation falls, money, ads or resources
    # grow), "fee" (a technology paid for: money falls). Only for an action whose options read
    # neither what the command takes away nor a storage limit; tests/test_free_trials.py
    # checks each against the trial.
    steady: frozenset[str] = frozenset()
    # (ctx, player, act) -> True when the action has an option that no free command can take
    # away (whatever its kind), so none is tried; None: no such test.
    sure: Callable[..., bool] | None = None
    # False: the options never read the player's food, oxygen or fuel, so a free command
    # that gives resources of the player's choice (a drop's, a card's) is tried once, not
    # once for every way to split them (flow._open_for_every_split); tests/test_free_trials
    # checks it against the trial of every split.
    reads_resources: bool = True
    # (ctx, player, act, n) -> whether every split of `n` more resources of the player's
    # choice leaves an option, in one test where the trial asks each split; None: asked.
    splits: Callable[..., bool] | None = None


# Actions whose options are costly to list in full, with a quicker "is there any": a hot path
# of legal() (feasible actions, free commands that must keep an action open).
EXISTS: dict[str, Callable[..., bool]] = {
    "build_development": developments.has_option,
    "build_segments": ships.has_segment_option,
    "gain_resources": supplies.has_gain_option,
    "schedule_cruise": cruises.has_schedule_option,
    "advertise_cruise": cruises.has_advertise_option,
    "hire_expert": experts.has_option,
    "purchase_supplies": supplies.has_purchase_option,
    "refill_silo": supplies.has_refill_option,
    "draw_agenda": agenda.has_draw_option,
    "refill_agenda": agenda.has_refill_option,
}


CARD_AND_DROP = frozenset({"card", "drop"})
ALL_THREE = frozenset({"card", "drop", "fee"})  # options that read no money either
STEADY: dict[str, frozenset[str]] = {
    "build_development": CARD_AND_DROP,
    "build_segments": frozenset({"card"}),  # a display blueprint costs reputation
    "acquire_blueprints": ALL_THREE,
    "acquire_ship": ALL_THREE,
    "hire_expert": CARD_AND_DROP,
    "refill_agenda": ALL_THREE,
    "purchase_supplies": CARD_AND_DROP,
    "refill_silo": frozenset({"drop", "fee"}),  # it discards a card from the hand
    "schedule_cruise": ALL_THREE,  # a space is enough: "no token" is always a choice
    "advertise_cruise": frozenset({"card", "fee"}),  # the drop may pay for the guest
    "draw_agenda": frozenset({"fee"}),  # the discard pile's top costs reputation
    "gain_resources": frozenset({"fee"}),  # storage limits the gain
}


SURE: dict[str, Callable[..., bool]] = {
    "draw_agenda": agenda.draw_sure,
    "advertise_cruise": cruises.advertise_sure,
    "build_segments": ships.segments_sure,
    "refill_silo": supplies.refill_sure,
}


# Segments cost money, blueprints, reputation and room on a ship: never a resource.
NO_RESOURCES = frozenset({"build_segments"})
SPLITS: dict[str, Callable[..., bool]] = {"gain_resources": supplies.gain_open_for_every_split}


# (options, apply, label) of each base action (a typed table: mypy would join the functions)
_ACTION_ROWS: dict[str, tuple[Callable[..., list[Command]], Callable[..., bool], str]] = {
    "build_development": (developments.options, developments.apply, "Build a Development"),
    "hire_expert": (experts.options, experts.apply, "Hire an Expert"),
    "purchase_supplies": (supplies.purchase_options, supplies.purchase, "Purchase Supplies"),
    "gain_resources": (supplies.gain_options, supplies.gain, "Gain Resources"),
    "refill_silo": (supplies.refill_options, supplies.refill, "Refill Silo"),
    "draw_agenda": (agenda.draw_options, agenda.draw, "Draw Agenda Cards"),
    "refill_agenda": (agenda.refill_options, agenda.refill, "Refill Agenda Cards"),
    "acquire_ship": (ships.ship_options, ships.acquire_ship, "Acquire New Ship"),
    "acquire_blueprints": (ships.blueprint_options, ships.acquire_blueprint,
                           "Acquire Blueprints"),
    "build_segments": (ships.segment_options, ships.build_segment, "Build Ship Segments"),
    "schedule_cruise": (cruises.schedule_options, cruises.schedule, "Schedule a Cruise"),
    "advertise_cruise": (cruises.advertise_options, cruises.advertise, "Advertise a Cruise"),
}

ACTIONS: dict[str, Action] = {a: Action(o, f, label, EXISTS.get(a), STEADY.get(a, frozenset()),
                                        SURE.get(a), a not in NO_RESOURCES, SPLITS.get(a))
                              for a, (o, f, label) in _ACTION_ROWS.items()}

LABELS = {name: a.label for name, a in ACTIONS.items()}


def label(ctx: Ctx, action: str) -> str:
    """An action's name as the board prints it; a module's actions are in `ctx.r.actions`."""
    entry = ctx.r.actions.get(action)
    return entry.label if entry is not None else readable(action)


def action_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    entry = ctx.r.actions.get(dec.action)
    return entry.options(ctx, p, dec) if entry else []


def has_options(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(action_options(...)), by the action's quicker test where it has one."""
    entry = ctx.r.actions.get(dec.action)
    if entry is None:
        return False
    if entry.exists is not None:
        return entry.exists(ctx, p, dec)
    return bool(entry.options(ctx, p, dec))


def act_options(ctx: Ctx, dec: Act) -> list[Command]:
    # A card played after choosing the action can leave it with no legal way to finish
    # (e.g. a free blueprint filling your hand); then the action may be given up.
    return action_options(ctx, ctx.player(dec.seat), dec) or [Done()]


def act(ctx: Ctx, dec: Act, cmd: Command) -> None:
    p = ctx.player(dec.seat)
    if isinstance(cmd, Done) and not action_options(ctx, p, dec):
        ctx.log("action", p.seat, f"{p.name} cannot finish the action and gives it up.")
        finish_action(ctx, dec)
        return
    if ctx.r.actions[dec.action].apply(ctx, p, dec, cmd):
        finish_action(ctx, dec)


def action_choices(ctx: Ctx, dec: ChooseAction) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for st, cost in network.reachable(ctx, p, ctx.s.turn.station):
        for action in feasible_ones(ctx, p, dict.fromkeys(ctx.s.board.stations[st - 1]), cost):
            out.append(_take(st, action))
    return [*out, Done()]


def _take(station: int, action: str) -> Command:
    """TakeAction(station, action), made once (commands are frozen): listed at every choice."""
    cmd = _TAKE.get((station, action))
    if cmd is None:
        cmd = _TAKE[station, action] = TakeAction(station, action)
    return cmd


_TAKE: dict[tuple[int, str], Command] = {}


def meeting_choices(ctx: Ctx, dec: MeetingAction) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for st in network.meeting_stations(ctx, p.seat):
        for action in feasible_ones(ctx, p, dict.fromkeys(ctx.s.board.stations[st - 1]), 0):
            out.append(_take(st, action))
    return [*out, Done()]


def apply_choice(ctx: Ctx, dec: ChooseAction | MeetingAction, cmd: Command) -> None:
    t = ctx.s.turn
    if isinstance(cmd, Done):
        if isinstance(dec, ChooseAction):
            t.actions_left = 0
        else:
            t.phase = "goals"
        clamp_storage(ctx.player(dec.seat))
        return
    assert isinstance(cmd, TakeAction)
    p = ctx.player(dec.seat)
    if isinstance(dec, ChooseAction) and cmd.station != t.station:
        conn = network.connection_between(t.station, cmd.station)
        assert conn is not None
        network.pay_owners(ctx, p, places.connection_place(conn), network.owners(ctx, conn),
                           f"connection {conn}")
    ctx.log("action", p.seat, f"{p.name}: {label(ctx, cmd.action)}.")
    ctx.push(Act(p.seat, station=cmd.station, action=cmd.action))

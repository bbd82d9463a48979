"""The turn machine: setup picks, the three phases of a turn, and the decision stack.

The engine always waits on the decision at the top of `state.stack`. `advance` moves the game
forward through automatic steps until some player has to decide something.
"""

from __future__ import annotations

from engine.commands import (
    CallMeeting,
    ChooseResource,
    Command,
    DiscardAgenda,
    Done,
    DropReputation,
    FundingBonus,
    Launch,
    PayFee,
    PlaceWorker,
    PlayAgendaEffect,
    PlayAgendaResource,
    SetupBlueprint,
    SetupDevelopment,
    TakeAction,
    UseTechnology,
)
from engine.ctx import Ctx
from engine.errors import IllegalCommand
from engine.rules import (
    agenda,
    agenda_effects,
    blueprints,
    cruises,
    developments,
    endgame,
    funding,
    goals,
    launch,
    network,
    ships,
    technologies,
    travel,
)
from engine.rules.actions import ACTIONS, LABELS, action_options, feasible
from engine.rules.bumping import may_bump_own
from engine.rules.economy import clamp_storage
from engine.rules.placement import call_meeting, place_worker
from engine.rules.rachel import hooks as rachel
from engine.rules.turns import end_turn, finish_action
from engine.state import RESOURCES, Decision, Player, Turn

FREE_TYPES = (PlayAgendaResource, DropReputation)
# Further free commands (technology fees, agenda effects): type -> (options, apply).
# options(ctx, dec) -> commands legal now at `dec`; apply(ctx, dec, cmd) carries one out.
FREE_EXTRA: dict = {
    PlayAgendaEffect: (agenda_effects.options, agenda_effects.play),
    UseTechnology: (technologies.fee_options, technologies.pay_fee),
    PayFee: (network.fee_options, network.pay_fee),
}
# Seats run by the engine itself (Rachel): kind -> step(ctx). Called whenever it is that seat's
# turn and nothing is pending; it advances the bot's turn and sets `turn.phase` as it goes.
BOT_TURNS: dict = {rachel.KIND: rachel.step}


# --- what the game waits for ---------------------------------------------------------
def describe(ctx: Ctx, dec: Decision) -> str:
    who = ctx.name(dec.seat)
    kind = dec.kind
    if kind == "setup_development":
        return f"{who}: place a starting development on an empty connection"
    if kind == "setup_blueprint":
        return f"{who}: take a starting blueprint from the display"
    if kind == "phase2":
        return f"{who}: place a worker, launch, or call a meeting"
    if kind == "action":
        return f"{who}: take an action ({ctx.s.turn.actions_left} left) or end the actions"
    if kind == "meeting_action":
        return f"{who}: take one action by your own developments, or skip it"
    if kind == "act":
        return f"{who}: {LABELS.get(dec.action, dec.action)}: choose how"
    if kind == "funding":
        return f"{who}: choose a funding bonus ({dec.count} to take; {dec.action})"
    if kind == "choose_resource":
        return f"{who}: choose a resource ({dec.count} to take)"
    if kind == "discard":
        return f"{who}: discard agenda cards down to 5"
    if kind == "launch_board":
        return f"{who}: T-5 boarding: board guests (one per cabin), then continue"
    if kind == "launch_supplies":
        need = launch.launch_need(ctx, ctx.player(dec.seat))
        return (f"{who}: T-3 supplies: pay {need['food']} food, {need['oxygen']} oxygen, "
                f"{need['fuel']} fuel (play agenda cards or drop reputation for what is missing)")
    if kind == "sell_ticket":
        return f"{who}: sell presold tickets for this cruise (up to 2)"
    if kind == "travel_order":
        return f"{who}: choose which ship travels next"
    if kind == "unlock":
        return f"{who}: unlock a {dec.action} upgrade, or keep the token for later"
    if kind == "tour":
        return f"{who}: tour guests at the {dec.action} destination"
    if kind == "travel_start":
        return f"{who}: phase 1: play a card or pay for a technology before your ships move"
    if kind == "extra_travel":
        return f"{who}: move a ship one extra stop"
    if kind == "day_in_space":
        return f"{who}: a day in space: play a card for it, or continue"
    if kind == "goal":
        return f"{who}: achieve a company goal (at most one this turn), or pass"
    if kind == "final_travel":
        return f"{who}: final round: move a ship in flight to any later stop"
    if kind == "free_blueprint":
        return f"{who}: take a free blueprint ({dec.count} to take)"
    return f"{who}: {kind}"


def free_allowed(ctx: Ctx, dec: Decision) -> bool:
    s = ctx.s
    return s.turn.phase not in ("setup", "done", "final") and dec.seat == s.turn.seat \
        and dec.kind != "discard"


def reactive_options(ctx: Ctx, dec: Decision) -> list[Command]:
    """Free commands that are legal even off one's turn (e.g. a card when bumped)."""
    out: list[Command] = []
    for options, _apply in FREE_EXTRA.values():
        out.extend(options(ctx, dec))
    return out


def free_options(ctx: Ctx, dec: Decision) -> list[Command]:
    p = ctx.player(dec.seat)
    out = agenda.play_resource_options(ctx, p)
    if not ctx.s.turn.dropped:
        out += funding.drop_options(ctx, p)
    return out


def _splits(n: int) -> list[tuple[int, int, int]]:
    return [(a, b, n - a - b) for a in range(n + 1) for b in range(n + 1 - a)]


def _open_for_every_split(ctx: Ctx, dec: Decision, p: Player, n: int) -> bool:
    """Resources of the player's choice are chosen later: every way must keep the action open."""
    for split in _splits(n):
        for r, k in zip(RESOURCES, split, strict=True):
            p.set_resource(r, p.resource(r) + k)
        try:
            if not action_options(ctx, p, dec):
                return False
        finally:
            for r, k in zip(RESOURCES, split, strict=True):
                p.set_resource(r, p.resource(r) - k)
    return True


def _keeps_action_open(ctx: Ctx, dec: Decision, p: Player, cmd: Command) -> bool:
    """A free command may not strand an action already chosen with no way to finish it."""
    if isinstance(cmd, (PlayAgendaResource, PlayAgendaEffect)):
        # Try it on the live state and put everything back: the card leaves the hand and
        # covers the discard pile (a card played this turn cannot be drawn back).
        b = ctx.s.board
        card = ctx.c.agenda(cmd.card)
        fixed = dict.fromkeys(RESOURCES, 0)
        choice = 0
        if isinstance(cmd, PlayAgendaResource):
            fixed[card.resource] = 1
        elif card.effect.kind == "gain":
            g = card.effect.gain
            fixed = {"food": g.food, "oxygen": g.oxygen, "fuel": g.fuel}
            choice = g.resources
        i = p.hand.index(cmd.card)
        p.hand.pop(i)
        b.agenda_discard.append(cmd.card)
        ctx.s.turn.played.append(cmd.card)
        for r in RESOURCES:
            p.set_resource(r, p.resource(r) + fixed[r])
        try:
            return _open_for_every_split(ctx, dec, p, choice)
        finally:
            for r in RESOURCES:
                p.set_resource(r, p.resource(r) - fixed[r])
            ctx.s.turn.played.pop()
            b.agenda_discard.pop()
            p.hand.insert(i, cmd.card)
    if isinstance(cmd, UseTechnology):
        owners = ctx.s.board.tech_owners[cmd.slot - 1]
        cost = network.use_cost(ctx, p, network.technology_place(cmd.slot), owners)
        p.money -= cost
        try:
            return bool(action_options(ctx, p, dec))
        finally:
            p.money += cost
    if isinstance(cmd, DropReputation):
        n = funding.drop_bonuses(ctx, p.reputation, cmd.to)[cmd.bonus]
        saved = (p.reputation, p.money, p.ads, ctx.s.turn.dropped)
        p.reputation, ctx.s.turn.dropped = cmd.to, True
        if cmd.bonus == "money":
            p.money += n
        elif cmd.bonus == "ad":
            p.ads += n
        try:
            if cmd.bonus != "resource":
                return bool(action_options(ctx, p, dec))
            return _open_for_every_split(ctx, dec, p, n)
        finally:
            p.reputation, p.money, p.ads, ctx.s.turn.dropped = saved
    return True


def legal(ctx: Ctx) -> list[Command]:
    s = ctx.s
    if s.over or not s.stack:
        return []
    dec = s.stack[-1]
    out = list(_decision_options(ctx, dec))
    free: list[Command] = free_options(ctx, dec) if free_allowed(ctx, dec) else []
    free += reactive_options(ctx, dec)
    if free and dec.seat == s.turn.seat:
        free = _safe_free(ctx, dec, free)
    return out + free


def _safe_free(ctx: Ctx, dec: Decision, cmds: list[Command]) -> list[Command]:
    """Free commands may not strand a launch or an action already chosen."""
    p = ctx.player(dec.seat)
    if ctx.s.turn.phase == "launch":
        return launch.filter_free(ctx, dec, cmds)
    # Any action chosen and not finished (perhaps below a resource choice) must stay open.
    act = next((d for d in reversed(ctx.s.stack) if d.kind == "act"), None)
    if act is None:
        return cmds
    return [c for c in cmds if _keeps_action_open(ctx, act, p, c)]


def _decision_options(ctx: Ctx, dec: Decision) -> list[Command]:
    kind = dec.kind
    p = ctx.player(dec.seat)
    if kind == "setup_development":
        return developments.setup_options(ctx, dec)
    if kind == "setup_blueprint":
        return blueprints.options(ctx, dec)
    if kind == "phase2":
        return phase2_options(ctx, dec)
    if kind == "action":
        return [*action_choices(ctx, dec), Done()]
    if kind == "meeting_action":
        return [*meeting_choices(ctx, dec), Done()]
    if kind == "act":
        # A card played after choosing the action can leave it with no legal way to finish
        # (e.g. a free blueprint filling your hand); then the action may be given up.
        return action_options(ctx, p, dec) or [Done()]
    if kind == "funding":
        return funding.funding_options(ctx, dec)
    if kind == "choose_resource":
        return launch.filter_resource_choice(ctx, dec, funding.resource_options(ctx, dec))
    if kind == "discard":
        return agenda.discard_options(ctx, dec)
    extra = EXTRA_DECISIONS.get(kind)
    if extra:
        return extra[0](ctx, dec)
    raise AssertionError(f"unknown decision {kind}")


# Rule areas with decisions of their own: kind -> (options(ctx, dec), apply(ctx, dec, cmd)).
EXTRA_DECISIONS: dict = {
    "launch_board": (launch.board_options, launch.board),
    "launch_supplies": (launch.supplies_options, launch.liftoff),
    "sell_ticket": (cruises.ticket_options, cruises.sell_ticket),
    "travel_order": (travel.order_options, travel.apply_order),
    "unlock": (travel.unlock_options, travel.apply_unlock),
    "tour": (travel.tour_options, travel.apply_tour),
    "free_blueprint": (ships.free_blueprint_options, ships.free_blueprint),
    "goal": (goals.options, goals.apply),
    "travel_start": (travel.start_options, travel.apply_start),
    "extra_travel": (travel.extra_options, travel.apply_extra),
    "day_in_space": (travel.space_options, travel.apply_space),
    "final_travel": (endgame.final_travel_options, endgame.final_travel),
}
PHASE2_EXTRA: list = [launch.phase2_options]


def phase2_options(ctx: Ctx, dec: Decision) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    if not ctx.s.turn.meeting:  # an empty break room at phase 2 forces the meeting
        for piece in dict.fromkeys(sorted(p.break_room)):
            own_ok = may_bump_own(ctx, p, piece)
            for st in network.STATIONS:
                occ = ctx.s.board.occupants[st - 1]
                if occ is None or occ.seat != p.seat or own_ok:
                    out.append(PlaceWorker(piece, st))  # type: ignore[arg-type]
    for fn in PHASE2_EXTRA:
        out.extend(fn(ctx, dec))
    out.append(CallMeeting())
    return out


def action_choices(ctx: Ctx, dec: Decision) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for st, cost in network.reachable(ctx, p, ctx.s.turn.station):
        for action in dict.fromkeys(ctx.s.board.stations[st - 1]):
            if feasible(ctx, p, action, cost):
                out.append(TakeAction(st, action))
    return out


def meeting_choices(ctx: Ctx, dec: Decision) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for st in network.meeting_stations(ctx, p.seat):
        for action in dict.fromkeys(ctx.s.board.stations[st - 1]):
            if feasible(ctx, p, action, 0):
                out.append(TakeAction(st, action))
    return out


# --- carrying out a command ----------------------------------------------------------
def apply(ctx: Ctx, cmd: Command) -> None:
    s = ctx.s
    dec = s.stack[-1]
    if isinstance(cmd, FREE_TYPES) and free_allowed(ctx, dec):
        p = ctx.player(dec.seat)
        if isinstance(cmd, PlayAgendaResource):
            agenda.play_for_resource(ctx, p, cmd)
        else:
            s.stack.pop()
            s.stack.append(dec)  # the drop may push a resource choice above the current one
            funding.apply_drop(ctx, p, cmd)
        advance(ctx)
        return
    extra = FREE_EXTRA.get(type(cmd))
    if extra is not None:
        extra[1](ctx, dec, cmd)
        advance(ctx)
        return
    s.stack.pop()
    kind = dec.kind
    if kind == "setup_development":
        assert isinstance(cmd, SetupDevelopment)
        developments.apply_setup(ctx, dec, cmd)
    elif kind == "setup_blueprint":
        assert isinstance(cmd, SetupBlueprint)
        blueprints.apply(ctx, dec, cmd)
    elif kind == "phase2":
        apply_phase2(ctx, dec, cmd)
    elif kind in ("action", "meeting_action"):
        apply_action_choice(ctx, dec, cmd)
    elif kind == "act":
        p = ctx.player(dec.seat)
        if isinstance(cmd, Done) and not action_options(ctx, p, dec):
            ctx.log("action", p.seat, f"{p.name} cannot finish the action and gives it up.")
            finish_action(ctx, dec)
            advance(ctx)
            return
        finished = ACTIONS[dec.action][1](ctx, p, dec, cmd)
        if finished:
            finish_action(ctx, dec)
    elif kind == "funding":
        assert isinstance(cmd, (FundingBonus, Done))
        funding.apply_funding(ctx, dec, cmd)
    elif kind == "choose_resource":
        assert isinstance(cmd, ChooseResource)
        funding.apply_resource(ctx, dec, cmd)
    elif kind == "discard":
        assert isinstance(cmd, DiscardAgenda)
        agenda.apply_discard(ctx, dec, cmd)
    elif kind in EXTRA_DECISIONS:
        EXTRA_DECISIONS[kind][1](ctx, dec, cmd)
    else:
        raise IllegalCommand(f"nothing handles decision {kind}")
    advance(ctx)


def apply_phase2(ctx: Ctx, dec: Decision, cmd: Command) -> None:
    t = ctx.s.turn
    p = ctx.player(dec.seat)
    if isinstance(cmd, PlaceWorker):
        place_worker(ctx, dec.seat, cmd.piece, cmd.station)
        t.phase = "actions"
        t.station = cmd.station
        t.actions_left = 2
    elif isinstance(cmd, CallMeeting):
        call_meeting(ctx, dec.seat)
    else:
        for kind, fn in PHASE2_HANDLERS:
            if isinstance(cmd, kind):
                fn(ctx, dec, cmd)
                return
        raise IllegalCommand(f"{p.name} cannot do that in phase 2")


PHASE2_HANDLERS: list = [(Launch, launch.start)]


def apply_action_choice(ctx: Ctx, dec: Decision, cmd: Command) -> None:
    t = ctx.s.turn
    if isinstance(cmd, Done):
        if dec.kind == "action":
            t.actions_left = 0
        else:
            t.phase = "goals"
        clamp_storage(ctx.player(dec.seat))
        return
    assert isinstance(cmd, TakeAction)
    p = ctx.player(dec.seat)
    if dec.kind == "action" and cmd.station != t.station:
        conn = network.connection_between(t.station, cmd.station)
        assert conn is not None
        network.pay_owners(ctx, p, network.connection_place(conn), network.owners(ctx, conn),
                           f"connection {conn}")
    ctx.log("action", p.seat, f"{p.name}: {LABELS.get(cmd.action, cmd.action)}.")
    ctx.push(Decision("act", p.seat, station=cmd.station, action=cmd.action))


# --- moving on -------------------------------------------------------------------------
def advance(ctx: Ctx) -> None:
    s = ctx.s
    guard = 0
    while not s.stack and not s.over:
        guard += 1
        if guard > 10_000:
            raise AssertionError("advance loop did not settle")
        t = s.turn
        if s.final_phase in endgame.FINAL_STEPS:
            endgame.final_step(ctx)
        elif t.phase == "setup":
            _setup_step(ctx)
        elif ctx.current.kind in BOT_TURNS:
            BOT_TURNS[ctx.current.kind](ctx)
        elif t.phase == "start":
            t.phase = "travel"
            travel.begin(ctx)
        elif t.phase == "travel":
            if travel.step(ctx):
                continue
            t.phase = "phase2"
            clamp_storage(ctx.current)
            p = ctx.current
            t.meeting = not p.break_room
            ctx.push(Decision("phase2", t.seat))
        elif t.phase == "actions":
            if t.actions_left > 0:
                ctx.push(Decision("action", t.seat))
            else:
                t.phase = "goals"
        elif t.phase == "meeting_action":
            ctx.push(Decision("meeting_action", t.seat))
        elif t.phase == "goals":
            t.phase = "turn_end"
            goals.offer(ctx, t.seat)
        elif t.phase == "turn_end":
            t.phase = "done"
            p = ctx.current
            clamp_storage(p)
            if len(p.hand) > agenda.HAND_LIMIT:
                ctx.push(Decision("discard", p.seat))
        elif t.phase == "done":
            end_turn(ctx)
        else:
            raise AssertionError(f"unknown phase {t.phase}")


def _setup_step(ctx: Ctx) -> None:
    s = ctx.s
    if s.setup_queue:
        seat = s.setup_queue.pop(0)
        ctx.push(Decision("setup_blueprint", seat))
        ctx.push(Decision("setup_development", seat))
        return
    blueprints.slide_and_refill(ctx)
    s.turn = Turn(seat=s.turn_order[0], number=1)
    ctx.log("turn", s.turn.seat, f"Round 1: {ctx.name(s.turn.seat)} begins.")



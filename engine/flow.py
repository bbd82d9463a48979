"""The turn machine: set-up picks, the three phases of a turn, and the decision stack.

The engine always waits on the decision at the top of `state.stack`; what each kind offers and
how it is carried out is its row in `engine.registry` (reached as `ctx.r`). `advance` moves the
game forward through the automatic steps until some player has to decide something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.commands import (
    Command,
    DropReputation,
    PlayAgendaEffect,
    PlayAgendaResource,
    UseTechnology,
)
from engine.ctx import Ctx
from engine.decisions import (
    Act,
    ChooseAction,
    Decision,
    DiscardDown,
    LastCards,
    MainChoice,
    MeetingAction,
    StartingBlueprint,
    StartingDevelopment,
)
from engine.rules import (
    agenda,
    agenda_effects,
    blueprints,
    endgame,
    free_listing,
    funding,
    goals,
    launch,
    network,
    places,
    technologies,
    travel,
)
from engine.rules.actions import has_options
from engine.rules.economy import clamp_storage
from engine.rules.free_listing import turn_free
from engine.rules.turns import end_turn
from engine.state import RESOURCES, Player, Turn
from engine.trial import free_trial


# --- what the game waits for ---------------------------------------------------------
def describe(ctx: Ctx, dec: Decision) -> str:
    return f"{ctx.name(dec.seat)}: {ctx.r.kind(dec).words(ctx, dec)}"


def legal(ctx: Ctx, skip: tuple[type, ...] = (),
          keep: Callable[[Command], bool] | None = None) -> list[Command]:
    """The legal commands; `skip`: free command types left out (a bot that will not weigh
    them spares their checks), the rest as listed in full; `keep`: the same for single free
    commands (the greedy bot weighs only the nearest reputation drops)."""
    s = ctx.s
    if s.over or not s.stack:
        return []
    dec = s.stack[-1]
    kind = ctx.r.kinds[type(dec)]
    out = kind.options(ctx, dec)
    t = s.turn
    on_turn = kind.free and dec.seat == t.seat and t.phase not in ("setup", "done", "final")
    free: list[Command] = []
    if not skip:
        rows = _free_rows(ctx.r.free)
        if on_turn and rows[4]:
            free = turn_free(ctx, dec)
        else:
            for options in (rows[0] if on_turn else rows[1]):
                got = options(ctx, dec)
                if got:
                    free += got
    else:
        rows = _free_rows(ctx.r.free)
        for typ, options in (rows[2] if on_turn else rows[3]):
            if typ not in skip:
                free += options(ctx, dec)
    if keep is not None:
        free = [c for c in free if keep(c)]
    if free and dec.seat == t.seat:
        free = _safe_free(ctx, dec, free)
    return [*out, *free]


# The free commands' rows of a rules table (by its dict's id, kept so the id stays its own),
# in the table's order: the options of every row at the turn's own decisions, and of the rows
# not only on the turn (Free.on_turn) at the others; then the same as (type, options), for a
# listing that skips some types; then whether the rows are the base game's (free_listing.ROWS,
# listed at once at the turn's own decisions). legal() runs at every position.
_FreeRows = tuple[Any, Any, Any, Any, bool]
_ROWS: dict[int, tuple[dict, _FreeRows]] = {}


def _free_rows(free: dict) -> _FreeRows:
    made = _ROWS.get(id(free))
    if made is None or made[0] is not free:
        typed = (tuple((typ, row.options) for typ, row in free.items()),
                 tuple((typ, row.options) for typ, row in free.items() if not row.on_turn))
        own = tuple(options for _, options in typed[0])
        rows = (own, tuple(options for _, options in typed[1]), *typed,
                own == free_listing.ROWS)
        made = _ROWS[id(free)] = (free, rows)
    return made[1]


def _safe_free(ctx: Ctx, dec: Decision, cmds: list[Command]) -> list[Command]:
    """Free commands may not strand a launch or an action already chosen."""
    if ctx.s.turn.phase == "launch":
        return launch.filter_free(ctx, dec, cmds)
    # Any action chosen and not finished (perhaps below a resource choice) must stay open.
    act: Act | None = None
    for d in reversed(ctx.s.stack):
        if isinstance(d, Act):
            act = d
            break
    if act is None:
        return cmds
    entry = ctx.r.actions.get(act.action)
    if entry is None:
        return [c for c in cmds if _keeps_action_open(ctx, act, c)]
    if entry.sure is not None and entry.sure(ctx, ctx.player(act.seat), act):
        return cmds
    steady = entry.steady
    open_now: bool | None = None
    out = []
    for c in cmds:
        gain = _GAINS.get(type(c))
        if gain is not None and gain in steady:
            # This command cannot close this action: it stays open if it is open now.
            if open_now is None:
                open_now = has_options(ctx, ctx.player(act.seat), act)
            if open_now:
                out.append(c)
                continue
        if _keeps_action_open(ctx, act, c):
            out.append(c)
    return out


# The free commands that only take away what a steady action does not read (Action.steady).
_GAINS: dict[type, str] = {PlayAgendaResource: "card", PlayAgendaEffect: "card",
                           DropReputation: "drop", UseTechnology: "fee"}


def _splits(n: int) -> list[tuple[int, int, int]]:
    return [(a, b, n - a - b) for a in range(n + 1) for b in range(n + 1 - a)]


def _open_for_every_split(t: Ctx, act: Act, p: Player, n: int) -> bool:
    """Resources of the player's choice are chosen later: every way must keep the action open.
    `t` is a trial and `p` its own copy of the player (free_trial), so each split is written
    into `p` itself: no second copy (listing writes nothing else). An action that reads no
    resources (Action.reads_resources) gives every split the same answer: asked once; one
    with its own test of all splits (Action.splits) asks that."""
    if not n:
        return has_options(t, p, act)
    entry = t.r.actions.get(act.action)
    if entry is not None:
        if not entry.reads_resources:
            return has_options(t, p, act)
        if entry.splits is not None:
            return entry.splits(t, p, act, n)
    have = [p.resource(r) for r in RESOURCES]
    for split in _splits(n):
        for r, h, k in zip(RESOURCES, have, split, strict=True):
            p.set_resource(r, h + k)
        if not has_options(t, p, act):
            return False
    return True


def _keeps_action_open(ctx: Ctx, act: Act, cmd: Command) -> bool:
    """A free command may not strand an action already chosen with no way to finish it: it is
    tried (the card played, the fee paid, the drop made) and the action asked again."""
    if not isinstance(cmd, (PlayAgendaResource, PlayAgendaEffect, UseTechnology,
                            DropReputation)):
        return True
    t = free_trial(ctx, act.seat)
    p = t.player(act.seat)
    choice = 0
    if isinstance(cmd, (PlayAgendaResource, PlayAgendaEffect)):
        # The card leaves the hand and covers the discard pile (a card played this turn
        # cannot be drawn back); only its resources are counted, not its other effects.
        card = ctx.c.agenda(cmd.card)
        p.hand.remove(cmd.card)
        t.s.board.agenda_discard.append(cmd.card)
        t.s.turn.played.append(cmd.card)
        if isinstance(cmd, PlayAgendaResource):
            p.set_resource(card.resource, p.resource(card.resource) + 1)
        elif card.effect.kind == "gain":
            g = card.effect.gain
            for r in RESOURCES:
                p.set_resource(r, p.resource(r) + getattr(g, r))
            choice = g.resources
    elif isinstance(cmd, UseTechnology):
        owners = t.s.board.tech_owners[cmd.slot - 1]
        p.money -= network.use_cost(t, p, places.technology_place(cmd.slot), owners)
    else:
        n = funding.drop_bonuses(t, p.reputation, cmd.to)[cmd.bonus]
        p.reputation, t.s.turn.dropped = cmd.to, True
        if cmd.bonus == "money":
            p.money += n
        elif cmd.bonus == "ad":
            p.ads += n
        else:
            choice = n
    return _open_for_every_split(t, act, p, choice)


# --- carrying out a command ----------------------------------------------------------
def apply(ctx: Ctx, cmd: Command, turn_only: bool = False) -> None:
    s = ctx.s
    dec = s.stack[-1]
    if s.rules >= 2:
        technologies.lock_free(ctx)
        if dec.seat == s.turn.seat:
            s.turn.fresh_card = False  # the player had this decision to play a card at
    free = ctx.r.free.get(type(cmd))
    if free is not None:
        free.apply(ctx, dec, cmd)
    else:
        s.stack.pop()
        ctx.r.kinds[type(dec)].apply(ctx, dec, cmd)
    advance(ctx, turn_only)


# --- moving on -------------------------------------------------------------------------
def advance(ctx: Ctx, turn_only: bool = False) -> None:
    """`turn_only`: stop where the turn would pass to the next seat, leaving a state that
    waits on nothing (a bot's trial of a command, never a game's position): every command it
    weighs is then judged at the same moment, the end of the turn, and not those that end it
    after the other seats' turns as well."""
    s = ctx.s
    guard = 0
    while not s.stack and not s.over:
        guard += 1
        if guard > 10_000:
            raise AssertionError("advance loop did not settle")
        t = s.turn
        engine_seat = ctx.r.seats.get(s.players[t.seat].kind)  # ctx.current's
        if s.final_phase in endgame.FINAL_STEPS:
            endgame.final_step(ctx)
        elif t.phase == "setup":
            _setup_step(ctx)
        elif engine_seat is not None:
            engine_seat.turn(ctx)
        elif t.phase == "start":
            travel.begin(ctx)
        elif t.phase in travel.PHASES:
            if travel.step(ctx):
                continue
            t.phase = "phase2"
            clamp_storage(ctx.current)
            t.meeting = not ctx.current.break_room
            ctx.push(MainChoice(t.seat))
        elif t.phase == "actions":
            if t.actions_left > 0:
                ctx.push(ChooseAction(t.seat))
            else:
                t.phase = "goals"
        elif t.phase == "meeting_action":
            ctx.push(MeetingAction(t.seat))
        elif t.phase == "goals" and s.rules >= 3:
            t.phase = "last_cards"
            last = LastCards(t.seat)
            if t.fresh_card and agenda_effects.options(ctx, last):
                ctx.push(last)
        elif t.phase in ("goals", "last_cards"):
            t.phase = "turn_end"
            goals.offer(ctx, t.seat)
        elif t.phase == "turn_end":
            t.phase = "done"
            p = ctx.current
            clamp_storage(p)
            if len(p.hand) > agenda.HAND_LIMIT:
                ctx.push(DiscardDown(p.seat))
        elif t.phase == "done":
            if turn_only:
                return
            end_turn(ctx)
        else:
            raise AssertionError(f"unknown phase {t.phase}")


def _setup_step(ctx: Ctx) -> None:
    s = ctx.s
    if s.setup_queue:
        seat = s.setup_queue.pop(0)
        ctx.push(StartingBlueprint(seat))
        ctx.push(StartingDevelopment(seat))
        return
    blueprints.slide_and_refill(ctx)
    s.turn = Turn(seat=s.turn_order[0], number=1)
    for hook in ctx.r.on_turn_start:
        hook(ctx)
    ctx.log("turn", s.turn.seat, f"Round 1: {ctx.name(s.turn.seat)} begins.")


__all__ = ["advance", "apply", "describe", "legal"]

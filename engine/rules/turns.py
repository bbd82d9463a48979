"""The end of a step, of a turn, and the passing of the turn to the next seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.decisions import Act, Decision
from engine.rules import endgame, modifiers
from engine.rules.economy import clamp_storage
from engine.state import Turn

if TYPE_CHECKING:
    from engine.ctx import Ctx


def finish_action(ctx: Ctx, dec: Decision) -> None:
    t = ctx.s.turn
    if isinstance(dec, Act) and dec.granted:
        return  # an action granted by a token or card does not use one of the two
    if t.phase == "actions":
        t.actions_left -= 1
    elif t.phase == "meeting_action":
        t.phase = "goals"
    clamp_storage(ctx.player(dec.seat))
    modifiers.end_of_step(ctx)


def end_turn(ctx: Ctx) -> None:
    s = ctx.s
    clamp_storage(ctx.current)  # a card played at the hand-limit discard may overfill
    for hook in ctx.r.on_end_of_step:  # what the turn's last step left (a phase-1 fee)
        hook(ctx)
    s.turns_taken += 1
    for p in s.players:
        p.vp_history.append(p.vp)
    if endgame.turn_end(ctx):
        return  # the end-of-game rules moved the game on (final round)
    next_turn(ctx)


def next_turn(ctx: Ctx) -> None:
    s = ctx.s
    order = s.turn_order
    i = order.index(s.turn.seat)
    nxt = order[(i + 1) % len(order)]
    if i + 1 == len(order):
        s.round += 1
    s.turn = Turn(seat=nxt, number=s.turn.number + 1)
    for hook in ctx.r.on_turn_start:
        hook(ctx)
    ctx.log("turn", nxt, f"Turn {s.turn.number} (round {s.round}): {ctx.name(nxt)}.")

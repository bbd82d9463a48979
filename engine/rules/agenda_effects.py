"""Playing agenda cards for their effects, each in its own window (計画カードのプレイ).

Effects that change a cost or a limit stay active for the current action, launch or stop
(`turn.active`); the rest happen at once. Card text beats the normal rules; costs never go
below 0.
"""

from __future__ import annotations

from engine.commands import Command, PlayAgendaEffect
from engine.ctx import Ctx
from engine.rules.agenda import HAND_LIMIT
from engine.rules.economy import gain_reputation
from engine.rules.funding import REACTION_WINDOWS
from engine.rules.gains import apply_gain
from engine.state import Decision, Player

# Effects that are used up at once rather than lasting for the step.
IMMEDIATE = ("gain", "reputation_gain", "agenda_draw_deck", "extra_action", "extra_travel")


def window_open(ctx: Ctx, dec: Decision, p: Player, card: str) -> bool:
    """Whether the card's timing condition holds at this decision."""
    a = ctx.c.agenda(card)
    t = ctx.s.turn
    mine = t.seat == p.seat and (t.phase not in ("setup", "done", "final")
                                 or dec.kind == "discard")
    if a.timing == "bumped":
        return dec.kind == "funding" and dec.action in REACTION_WINDOWS and dec.seat == p.seat
    if ctx.s.final_phase == "ships" and dec.seat == p.seat:
        # 明確化: the final round's ship moves still let a card act at the stop reached.
        return (a.timing == "destination" and dec.kind == "tour") or \
            (a.timing == "day_in_space" and dec.kind == "day_in_space")
    if not mine or card in t.active:
        return False
    if a.timing == "any_time":
        if a.effect.kind == "extra_action":
            return t.phase == "actions" and dec.kind == "action"
        return True
    if dec.kind == "discard":
        return False  # the hand limit waits only for cards playable any time
    if a.timing == "action":
        return dec.kind == "act" and dec.action == a.action and not dec.data
    if a.timing == "launch":
        return t.phase == "launch" and dec.kind in ("launch_board", "launch_supplies")
    if a.timing == "phase1":
        return dec.kind == "travel_start"
    if a.timing == "phase3":
        return dec.kind == "goal"
    if a.timing == "destination":
        return dec.kind == "tour"
    if a.timing == "day_in_space":
        return dec.kind == "day_in_space"
    return False


def options(ctx: Ctx, dec: Decision) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for card in dict.fromkeys(p.hand):
        if window_open(ctx, dec, p, card) and useful(ctx, dec, p, card):
            out.append(PlayAgendaEffect(card))
    return out


def useful(ctx: Ctx, dec: Decision, p: Player, card: str) -> bool:
    """Refuse plays that would strand the game (e.g. a launch discount after paying)."""
    kind = ctx.c.agenda(card).effect.kind
    if kind == "cabin_capacity":
        return dec.kind == "launch_board"
    if kind == "last_minute_discount":
        return dec.kind == "launch_board"
    if kind == "launch_without_worker":
        return False  # played by the Launch command itself when no worker is free
    if kind == "extra_travel":
        return any(s.cruise for s in p.ships)
    return True


def play(ctx: Ctx, dec: Decision, cmd: PlayAgendaEffect) -> None:
    p = ctx.player(dec.seat)
    a = ctx.c.agenda(cmd.card)
    e = a.effect
    p.hand.remove(cmd.card)
    ctx.s.board.agenda_discard.append(cmd.card)
    if dec.kind == "discard" and len(p.hand) <= HAND_LIMIT:
        ctx.s.stack.remove(dec)  # played down to the hand limit: nothing left to discard
    if ctx.s.turn.seat == p.seat:
        ctx.s.turn.played.append(cmd.card)
    p.agenda_played += 1
    ctx.log("agenda", p.seat, f"{p.name} plays {a.name}: {a.text}")
    if e.kind == "gain":
        apply_gain(ctx, p, e.gain, a.name)
    elif e.kind == "reputation_gain":
        gain_reputation(ctx, p, e.amount)
    elif e.kind == "agenda_draw_deck":
        from engine.rules.agenda import draw_from_deck

        drawn = [c for c in (draw_from_deck(ctx) for _ in range(e.amount)) if c]
        p.hand.extend(drawn)
        cards = f"{len(drawn)} agenda card{'s' if len(drawn) != 1 else ''}"
        if drawn:
            ctx.log("agenda", p.seat, f"{p.name} draws "
                    f"{', '.join(ctx.c.agenda(c).name for c in drawn)} from the deck.",
                    f"{p.name} draws {cards} from the deck.")
    elif e.kind == "extra_action":
        ctx.s.turn.actions_left += 1
    elif e.kind == "extra_travel":
        ctx.s.turn.extra_travel += e.amount
    else:
        ctx.s.turn.active.append(cmd.card)

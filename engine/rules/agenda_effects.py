"""Playing agenda cards for their effects, each in its own window (計画カードのプレイ).

Effects that change a cost or a limit stay active for the current action, launch or stop
(`turn.active`); the rest happen at once. Card text beats the normal rules; costs never go
below 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.commands import Command, PlayAgendaEffect
from engine.decisions import Act, Boarding, ChooseAction, Decision, DiscardDown, Funding
from engine.rules.agenda import HAND_LIMIT, draw_from_deck, to_hand
from engine.rules.economy import gain_reputation
from engine.rules.gains import apply_gain
from engine.state import Player

if TYPE_CHECKING:
    from engine.components import Effect
    from engine.ctx import Ctx



def options(ctx: Ctx, dec: Decision) -> list[Command]:
    """The cards in hand whose timing condition holds at this decision and whose play would
    not strand the game. The decision's own tests are made once for the whole hand (this row
    is listed beside every decision of a turn: a hot path of legal())."""
    p = ctx.s.players[dec.seat]  # (ctx.player: a call spared, this row is listed so often)
    if not p.hand:
        return []
    t = ctx.s.turn
    discarding = isinstance(dec, DiscardDown)
    mine = t.seat == p.seat and (t.phase not in ("setup", "done", "final") or discarding)
    # 明確化: the final round's ship moves still let a card act at the stop reached.
    ships = ctx.s.final_phase == "ships"
    bumped = isinstance(dec, Funding) and dec.piece_returned
    if not (mine or ships or bumped):
        return []  # off the turn only a "bumped" card, when a piece came back, may be played
    window = ctx.r.kind(dec).window  # the timing this kind of decision is the moment for
    agenda = ctx.c.agenda
    out: list[Command] = []
    for card in dict.fromkeys(p.hand):
        # Whether the card's timing condition holds at this decision.
        a = agenda(card)
        timing = a.timing
        if timing == "bumped":
            ok = bumped
        elif ships:
            ok = timing in ("destination", "day_in_space") and window == timing
        elif not mine or card in t.active:
            ok = False
        elif timing == "any_time":
            ok = a.effect.kind != "extra_action" or (
                t.phase == "actions" and isinstance(dec, ChooseAction))
        elif discarding:
            ok = False  # the hand limit waits only for cards playable any time
        elif timing == "action":
            ok = isinstance(dec, Act) and dec.action == a.action and not dec.taken
        else:
            ok = window == timing and (timing != "launch" or t.phase == "launch")
        if ok and useful(ctx, dec, p, card):
            out.append(PlayAgendaEffect(card))
    return out


def useful(ctx: Ctx, dec: Decision, p: Player, card: str) -> bool:
    """Refuse plays that would strand the game (e.g. a launch discount after paying)."""
    kind = ctx.c.agenda(card).effect.kind
    if kind in ("cabin_capacity", "last_minute_discount"):
        return isinstance(dec, Boarding)
    if kind == "launch_without_worker":
        return False  # played by the Launch command itself when no worker is free
    row = ctx.r.effects.get(kind)
    return row is None or row.useful is None or row.useful(ctx, p)


def play(ctx: Ctx, dec: Decision, cmd: PlayAgendaEffect) -> None:
    p = ctx.player(dec.seat)
    a = ctx.c.agenda(cmd.card)
    p.hand.remove(cmd.card)
    ctx.s.board.agenda_discard.append(cmd.card)
    if isinstance(dec, DiscardDown) and len(p.hand) <= HAND_LIMIT:
        ctx.s.stack.remove(dec)  # played down to the hand limit: nothing left to discard
    if ctx.s.turn.seat == p.seat:
        ctx.s.turn.played.append(cmd.card)
    p.agenda_played += 1
    ctx.log("agenda", p.seat, f"{p.name} plays {a.name}: {a.text}")
    row = ctx.r.effects.get(a.effect.kind)
    if row is not None:
        row.play(ctx, p, a.effect, a.name)
    else:  # a lasting effect, read by modifiers.amount until the step ends
        ctx.s.turn.active.append(cmd.card)


def _draw(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    drawn = [c for c in (draw_from_deck(ctx) for _ in range(e.amount)) if c]
    to_hand(ctx, p, *drawn)
    cards = f"{len(drawn)} agenda card{'s' if len(drawn) != 1 else ''}"
    if drawn:  # the cards are named to their owner only (table play: hidden information)
        ctx.log("agenda", p.seat, f"{p.name} draws "
                f"{', '.join(ctx.c.agenda(c).name for c in drawn)} from the deck.",
                f"{p.name} draws {cards} from the deck.")


def _extra_action(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    ctx.s.turn.actions_left += 1


def _extra_travel(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    ctx.s.turn.extra_travel += e.amount


@dataclass(frozen=True)
class OneOff:
    """An effect used up when the card is played."""

    play: Callable[[Ctx, Player, Effect, str], None]  # (ctx, player, effect, card name)
    # Whether playing it now can do anything (None: always); a play that could strand the
    # game is never offered.
    useful: Callable[[Ctx, Player], bool] | None = None


# Effects used up at once; every other agenda effect lasts for the current action, launch or
# stop and is a modifier (engine.rules.effect_kinds.MODIFIERS).
EFFECTS: dict[str, OneOff] = {
    "gain": OneOff(lambda ctx, p, e, name: apply_gain(ctx, p, e.gain, name)),
    "reputation_gain": OneOff(lambda ctx, p, e, name: gain_reputation(ctx, p, e.amount)),
    "agenda_draw_deck": OneOff(_draw),
    "extra_action": OneOff(_extra_action),
    "extra_travel": OneOff(_extra_travel,
                           useful=lambda ctx, p: any(s.cruise for s in p.ships)),
}
IMMEDIATE = tuple(EFFECTS)

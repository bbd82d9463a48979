"""Agenda cards: draw, refill the display, play for the resource, the hand limit (計画)."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from engine.commands import (
    Command,
    DiscardAgenda,
    Done,
    DrawAgenda,
    PlayAgendaResource,
    RefillAgenda,
)
from engine.decisions import Act, Decision, DiscardDown
from engine.names import amounts
from engine.rules.economy import (
    can_lose_reputation,
    gain_bonus,
    gain_resource,
    lose_reputation,
)
from engine.rules.taking import take_one
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

HAND_LIMIT = 5


def to_hand(ctx: Ctx, p: Player, *cards: str) -> None:
    p.hand.extend(cards)
    if cards and ctx.s.rules >= 3 and p.seat == ctx.s.turn.seat:
        ctx.s.turn.fresh_card = True


def discard(ctx: Ctx, p: Player, card: str) -> None:
    p.hand.remove(card)
    ctx.s.board.agenda_discard.append(card)
    if ctx.s.turn.seat == p.seat:
        ctx.s.turn.played.append(card)


def draw_from_deck(ctx: Ctx) -> str | None:
    b = ctx.s.board
    if not b.agenda_deck and b.agenda_discard:
        b.agenda_deck = b.agenda_discard
        b.agenda_discard = []
        ctx.shuffle(b.agenda_deck)
        ctx.log("agenda", -1, "The agenda discard pile is shuffled into a new deck.")
    return b.agenda_deck.pop(0) if b.agenda_deck else None


# --- Draw Agenda Cards ------------------------------------------------------------------
def draw_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    b = ctx.s.board
    out: list[Command] = [DrawAgenda(i) for i, c in enumerate(b.agenda_display) if c]
    if (b.agenda_discard and b.agenda_discard[-1] not in ctx.s.turn.played
            and can_lose_reputation(p, 1)):
        out.append(DrawAgenda(-1))
    if dec.taken:  # after the first card the second is optional
        out.append(Done())
    return out


def has_draw_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(draw_options(...)), with no command made."""
    b = ctx.s.board
    return bool(dec.taken) or any(b.agenda_display) or bool(
        b.agenda_discard and b.agenda_discard[-1] not in ctx.s.turn.played
        and can_lose_reputation(p, 1))


def draw_sure(ctx: Ctx, p: Player, dec: Act) -> bool:
    """A card in the display (or the second card being optional) is an option no free
    command takes away; the discard pile's top is not (a card played covers it)."""
    return bool(dec.taken) or any(ctx.s.board.agenda_display)


def draw(ctx: Ctx, p: Player, dec: Act, cmd: Command) -> bool:
    if isinstance(cmd, Done):
        return True
    assert isinstance(cmd, DrawAgenda)
    b = ctx.s.board
    if cmd.slot < 0:
        card = b.agenda_discard.pop()
        lose_reputation(p, 1)
        ctx.log("agenda", p.seat,
                f"{p.name} pays 1 reputation to take {ctx.c.agenda(card).name} "
                "from the discard pile.")
    else:
        shown = b.agenda_display[cmd.slot]
        assert shown is not None
        card = shown
        b.agenda_display[cmd.slot] = None
        ctx.log("agenda", p.seat, f"{p.name} takes {ctx.c.agenda(card).name} from the display.")
    to_hand(ctx, p, card)
    return take_one(ctx, dec, card, 2 + dec.boost, lambda nxt: _more(ctx, p, nxt)) is not None


def _more(ctx: Ctx, p: Player, nxt: Act) -> bool:
    """Whether to ask for the next card. Before rules 3 the step was asked even with nothing
    left to draw ("Draw no second card" alone)."""
    options = draw_options(ctx, p, nxt)
    return bool(options) if ctx.s.rules < 3 else \
        any(not isinstance(c, Done) for c in options)


# --- Refill Agenda Cards ----------------------------------------------------------------
def refill_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    left = [c for c in ctx.s.board.agenda_display if c]
    return [RefillAgenda(order) for order in permutations(left)]


def has_refill_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(refill_options(...)): the cards left have at least one order (none left: the
    empty one), so the action is always open."""
    return True


def refill(ctx: Ctx, p: Player, dec: Act, cmd: RefillAgenda) -> bool:
    b = ctx.s.board
    bonuses = ctx.c.board.agenda_slot_bonuses
    gained: list[tuple[int, str]] = []
    for slot, card in enumerate(b.agenda_display):
        if card is None:
            kind = bonuses[slot]
            gain_bonus(ctx, p, kind, 1, "refill bonus")
            gained.append((1, kind))
    if gained:
        # One line for all of them: a turn's summary read four "gains the empty slot's bonus".
        which = "the empty slot's bonus" if len(gained) == 1 else "the empty slots' bonuses"
        ctx.log("agenda", p.seat, f"{p.name} gains {which}: {amounts(gained)}.")
    for card in cmd.discard_order:
        b.agenda_discard.append(card)
    b.agenda_display = [None] * 4
    for slot in range(4):
        b.agenda_display[slot] = draw_from_deck(ctx)
    ctx.log("agenda", p.seat, f"{p.name} refills the agenda display.")
    return True


# --- playing for the resource, the hand limit -------------------------------------------
def play_resource_options(ctx: Ctx, dec: Decision) -> list[Command]:
    plays = _PLAYS
    out: list[Command] = []
    for c in dict.fromkeys(ctx.s.players[dec.seat].hand):
        cmd = plays.get(c)
        if cmd is None:
            cmd = plays[c] = PlayAgendaResource(c)
        out.append(cmd)
    return out


# Each card's play for its resource, made once (commands are frozen): listed for the player
# whose turn it is beside every decision of it (a hot path of legal()).
_PLAYS: dict[str, Command] = {}


def play_for_resource(ctx: Ctx, dec: Decision, cmd: PlayAgendaResource) -> None:
    p = ctx.player(dec.seat)
    card = ctx.c.agenda(cmd.card)
    discard(ctx, p, cmd.card)
    p.agenda_played += 1
    # May exceed storage when spent at once: storage is enforced when the step ends.
    gain_resource(p, card.resource, 1, overflow=True)
    ctx.log("agenda", p.seat, f"{p.name} plays {card.name} for 1 {card.resource}.")


def discard_options(ctx: Ctx, dec: DiscardDown) -> list[Command]:
    return [DiscardAgenda(c) for c in dict.fromkeys(ctx.player(dec.seat).hand)]


def apply_discard(ctx: Ctx, dec: DiscardDown, cmd: DiscardAgenda) -> None:
    p = ctx.player(dec.seat)
    card = ctx.c.agenda(cmd.card)
    p.hand.remove(cmd.card)
    ctx.s.board.agenda_discard.append(cmd.card)
    got = gain_resource(p, card.resource, 1)
    ctx.log("agenda", p.seat, f"{p.name} discards {card.name} down to the hand limit"
            + (f" and gains 1 {card.resource}." if got else "."))
    if len(p.hand) > HAND_LIMIT:
        ctx.push(DiscardDown(p.seat))

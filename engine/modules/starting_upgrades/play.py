"""初期アップグレード・カード in play: the deal (or the auction's offer) at set-up, the reveal
at the start of each seat's first turn, Rachel's card in a solo game, the auction's sealed
bids and picks. Called by the base turn through the module's hooks (`__init__.py`); the
arithmetic is in rules.py and variants.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.commands import Command
from engine.events import SECRET
from engine.modules.starting_upgrades import rules as su
from engine.modules.starting_upgrades import variants as var
from engine.modules.starting_upgrades.commands import PickCard, RevealCard, SealBid
from engine.modules.starting_upgrades.decisions import (
    PickStartingCard,
    RevealStartingCard,
    SealedBids,
)
from engine.rules import cruises
from engine.rules.feasible import feasible
from engine.rules.gains import apply_gain
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player, StartingUpgrades

if TYPE_CHECKING:
    from engine.ctx import Ctx

AUCTION = "starting_auction"
HANDICAP = "starting_handicap"


def st(ctx: Ctx) -> StartingUpgrades:
    assert ctx.s.starting is not None, "module starting_upgrades is not in play"
    return ctx.s.starting


def people(ctx: Ctx) -> list[int]:
    """The seats that get cards, in turn order: every player, never Rachel."""
    return [s for s in ctx.s.turn_order if ctx.player(s).kind != RACHEL]


# --- set-up -----------------------------------------------------------------------------
def setup(ctx: Ctx) -> None:
    """After every base draw: shuffle the 33 cards; deal 2 to each player (the handicap: to
    the seats named), or give each player 3 money and show one card per player for the
    auction, whose sealed bids come before the set-up picks."""
    s = ctx.s
    opts = s.options
    deck = [c.id for c in ctx.c.starting_upgrade_cards]
    ctx.shuffle(deck)
    n = len(s.players)
    seats = people(ctx)
    state = StartingUpgrades(hands=[[] for _ in range(n)], revealed=[""] * n)
    s.starting = state
    if AUCTION in opts.variants:
        for seat in seats:
            ctx.player(seat).money += var.AUCTION_MONEY
        state.offer, state.box = var.auction_cards(deck, len(seats))
        state.bids = [var.NOT_BID] * n
        ctx.push(_sealed(ctx, seats))
        return
    dealt = var.dealt_seats(seats, opts.handicap_seats if HANDICAP in opts.variants else None)
    hands, state.box = su.deal(deck, dealt)
    for seat, hand in zip(dealt, hands, strict=True):
        state.hands[seat] = hand


# --- the reveal -------------------------------------------------------------------------
def turn_start(ctx: Ctx) -> None:
    """A seat's first turn begins: it reveals a card before anything else (Rachel places
    hers at once)."""
    state = ctx.s.starting
    if state is None:
        return
    p = ctx.current
    if p.kind == RACHEL:
        if state.rachel is not None:
            rachel_reveal(ctx, p, state)
    elif state.hands[p.seat] and reveal_options(ctx, RevealStartingCard(p.seat)):
        ctx.push(RevealStartingCard(p.seat))


def usable(ctx: Ctx, p: Player, card_id: str) -> bool:
    card = ctx.c.starting_upgrade(card_id)
    row = p.tower_top if card.token.startswith("top") else p.tower_bottom
    return row[int(card.token[-1])] == "up" and card.upgrade not in p.upgrades


def reveal_options(ctx: Ctx, dec: RevealStartingCard) -> list[Command]:
    p = ctx.player(dec.seat)
    return [RevealCard(c) for c in st(ctx).hands[dec.seat] if usable(ctx, p, c)]


def _bonus_possible(ctx: Ctx, p: Player, place: str) -> bool:
    """Whether the token's bonus can be carried out (the discounted development needs a
    place to build; a module's token says for itself)."""
    tid = cruises.token_id(ctx, p, place)
    if cruises.module_token(ctx, tid):
        return ctx.r.tower_tokens.possible(ctx, p, tid)  # type: ignore[union-attr]
    return tid != "bottom3" or feasible(ctx, p, "build_development", 0, boost=4)


def card_number(card_id: str) -> str:
    """The number a starting upgrade card is known by ("9" for su09): the cards bear no
    names, and the id read as internal in a bot's reveal (QA s53 Q7)."""
    return card_id.removeprefix("su").lstrip("0") or card_id


def card_words(ctx: Ctx, p: Player, card_id: str) -> str:
    """'card 1: take the 1 money token off the launch tower; unlock family upgrade 2 (You pay
    no fees ...)'."""
    card = ctx.c.starting_upgrade(card_id)
    up = ctx.c.upgrade(card.upgrade)
    return (f"card {card_number(card.id)}: take {cruises.token_named(ctx, p, card.token)} off "
            f"the launch tower; unlock {names.colour_name(up.colour)} upgrade {up.index} "
            f"({up.text.rstrip('.')})")


def reveal_apply(ctx: Ctx, dec: RevealStartingCard, cmd: Command) -> None:
    assert isinstance(cmd, RevealCard)
    p = ctx.player(dec.seat)
    state = st(ctx)
    card = ctx.c.starting_upgrade(cmd.card)
    token = cruises.token_named(ctx, p, card.token)
    possible = _bonus_possible(ctx, p, card.token)
    r = su.reveal(card, p.tower_top, p.tower_bottom, p.upgrades)
    up = ctx.c.upgrade(card.upgrade)
    ctx.log("starting_upgrade", p.seat,
            f"{p.name} reveals starting upgrade card {card_number(card.id)}: {token} leaves "
            f"the launch tower for {names.colour_name(up.colour)} upgrade {up.index}: {up.text}")
    hand = list(state.hands[p.seat])
    state.hands[p.seat] = []
    state.revealed[p.seat] = card.id
    if ctx.s.rachel is not None and len(hand) == su.HAND:
        state.rachel = su.rachel_card(hand, card.id)
        hand.remove(state.rachel)
        ctx.log("starting_upgrade", p.seat, f"Rachel takes the other card, "
                f"{card_words(ctx, p, state.rachel)}.")
    state.box.extend(hand)
    p.upgrades = r.upgrades
    if su.immediate(up.effect.kind):
        apply_gain(ctx, p, up.effect.gain, f"upgrade {up.index}")
    if possible:
        cruises.gain_token(ctx, p, card.token)
    else:
        ctx.log("starting_upgrade", p.seat, f"{p.name} cannot use {token} now: "
                "its bonus is lost.")
    # After the bonus (a development at 4 off sees the tower as it was, as for a cruise).
    p.tower_top, p.tower_bottom = r.top, r.bottom


def reveal_words(ctx: Ctx, dec: RevealStartingCard) -> str:
    n = len(st(ctx).hands[dec.seat])
    return ("first turn: reveal your starting upgrade card" if n == 1 else
            f"first turn: reveal one of your {n} starting upgrade cards (the other goes to "
            "the box)")


def rachel_reveal(ctx: Ctx, p: Player, state: StartingUpgrades) -> None:
    """Her first turn: the token named leaves her tower without its bonus (a funding token:
    her 1 VP token; a grey one: the one her number system picks) and the upgrade is covered
    (no effect for her; tour VP as usual)."""
    from engine.rules.rachel import deck

    assert ctx.s.rachel is not None and state.rachel is not None
    card = ctx.c.starting_upgrade(state.rachel)
    back = deck.number_card(ctx)
    token, p.tower_top, p.tower_bottom = su.rachel_reveal(card, p.tower_top, p.tower_bottom,
                                                          back.first, back.second)
    if card.upgrade not in ctx.s.rachel.upgrades:
        ctx.s.rachel.upgrades.append(card.upgrade)
    up = ctx.c.upgrade(card.upgrade)
    took = f"takes {cruises.token_named(ctx, p, token)} off her launch tower" if token else \
        "has no such token left on her launch tower"
    ctx.log("rachel", p.seat, f"Rachel plays starting upgrade card {card_number(card.id)}: "
            f"she {took} (no bonus) and covers her {names.colour_name(up.colour)} upgrade space "
            f"{up.index}.")
    state.revealed[p.seat] = card.id
    state.box.append(card.id)
    state.rachel = None


# --- the auction ------------------------------------------------------------------------
def _sealed(ctx: Ctx, waiting: list[int]) -> SealedBids:
    kinds = ctx.s.options.seat_kinds()
    first = min(waiting, key=lambda s: (kinds[s] == "human", s))
    return SealedBids(first, waiting=list(waiting))


def bid_options(ctx: Ctx, dec: SealedBids) -> list[Command]:
    return [SealBid(s, a) for s in dec.waiting for a in range(ctx.player(s).money + 1)]


def bid_apply(ctx: Ctx, dec: SealedBids, cmd: Command) -> None:
    assert isinstance(cmd, SealBid)
    state = st(ctx)
    p = ctx.player(cmd.seat)
    state.bids = var.enter_bid(state.bids, cmd.seat, cmd.amount, p.money)
    ctx.log(SECRET, cmd.seat, f"{p.name} bids {cmd.amount} money (sealed).",
            hidden=f"{p.name} has bid.")
    waiting = [s for s in dec.waiting if s != cmd.seat]
    if waiting:
        ctx.push(_sealed(ctx, waiting))
        return
    seats = people(ctx)
    ctx.log("auction", -1, "The bids are revealed: " + ", ".join(
        f"{ctx.name(s)} {state.bids[s]}" for s in seats) + " money, paid to the supply.")
    money = var.pay([ctx.player(s).money for s in seats], [state.bids[s] for s in seats])
    for s, m in zip(seats, money, strict=True):
        ctx.player(s).money = m
    order = var.pick_order([state.bids[s] if s in seats else 0 for s in range(len(state.bids))],
                           seats)
    for s in reversed(order):  # the first to pick on top
        ctx.push(PickStartingCard(s))


def pick_options(ctx: Ctx, dec: PickStartingCard) -> list[Command]:
    return [PickCard(c) for c in st(ctx).offer]


def pick_apply(ctx: Ctx, dec: PickStartingCard, cmd: Command) -> None:
    assert isinstance(cmd, PickCard)
    state = st(ctx)
    var.pick(state.offer, [], cmd.card)
    state.offer.remove(cmd.card)
    state.hands[dec.seat] = [cmd.card]
    p = ctx.player(dec.seat)
    # card_words begins "card 18: ..." ("takes starting upgrade card card 18" in the log).
    ctx.log("auction", dec.seat, f"{p.name} takes starting upgrade "
            f"{card_words(ctx, p, cmd.card)}.")
    if not any(isinstance(d, PickStartingCard) for d in ctx.s.stack):
        state.box.extend(state.offer)  # none: as many cards as players
        state.offer = []


def bid_words(ctx: Ctx, dec: SealedBids) -> str:
    who = ", ".join(ctx.name(s) for s in dec.waiting)
    return (f"seal a bid for the starting upgrade cards on offer (any money you have; still "
            f"to bid: {who})")


def pick_words(ctx: Ctx, dec: PickStartingCard) -> str:
    return "take a starting upgrade card from the auction's offer"

"""Rachel's turn (レイチェルの手番), run by `flow.advance`
through her seat rules in `engine.registry`.

One step per call; `turn.phase` says where she is, so her turn can pause while you choose the
funding bonus for a worker she bumped, and go on after. Phases: start (travel) -> r_phase2
(reveal, deploy by the next card's diagram, or a meeting) -> r_act1 -> r_act2 (second action)
or r_meeting (hard: the meeting's action) -> goals -> done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import RachelCard
from engine.rules import funding, network, placement, turns
from engine.rules.economy import fee
from engine.rules.rachel import KIND, actions, bonus, deck, goals, launch, travel
from engine.state import NEUTRAL, NPC, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

__all__ = ["KIND", "step"]


def _say(ctx: Ctx, p: Player, text: str) -> None:
    ctx.log("rachel", p.seat, text)


def step(ctx: Ctx) -> None:

    t = ctx.s.turn
    p = ctx.current
    if t.phase == "start":
        travel.travel_all(ctx, p)
        t.phase = "r_phase2"
    elif t.phase == "r_phase2":
        phase2(ctx, p)
    elif t.phase == "r_act1":
        card = ctx.c.rachel_card(deck.rs(ctx).card or "")
        deck.rs(ctx).card = None
        done = carry_out(ctx, p, card)
        t.phase = "r_act2" if done and second_action(ctx, p, done) else "goals"
    elif t.phase in ("r_act2", "r_meeting"):
        carry_out(ctx, p, deck.reveal(ctx))
        t.phase = "goals"
    elif t.phase == "goals":
        goals.check(ctx, p)
        t.phase = "done"
    elif t.phase == "done":
        turns.end_turn(ctx)
    else:
        raise AssertionError(f"Rachel has no step for phase {t.phase}")


def choose(ctx: Ctx, p: Player, card: RachelCard) -> str | None:
    """The top action if she can do it, else the bottom one, else none."""
    for action in (card.top, card.bottom):
        if actions.possible(ctx, p, card, action):
            return action
    return None


def phase2(ctx: Ctx, p: Player) -> None:

    t = ctx.s.turn
    if not p.break_room:
        meeting(ctx, p)
        return
    card = deck.reveal(ctx)
    if choose(ctx, p, card) == "launch":
        # A launch puts her worker on the launch elevator, not the network.
        _say(ctx, p, f"Rachel reveals {card.name}: {deck.label(card, 'launch')}.")
        actions.do(ctx, p, card, "launch")
        deck.end_of_action(ctx)
        t.phase = "goals"
        return
    station = deploy_station(ctx, p)
    piece = launch.preferred_piece(p)
    deck.rs(ctx).card = card.id
    t.station = station
    t.phase = "r_act1"
    bonus.leave(ctx, piece)
    _say(ctx, p, f"Rachel reveals {card.name} ({deck.label(card, card.top)} / "
         f"{deck.label(card, card.bottom)}); the next card's diagram sends her "
         f"{'worker' if piece == 'worker' else 'expert'} to station {station}.")
    placement.place_worker(ctx, p.seat, piece, station)  # may bump: you choose your bonus first


def deploy_station(ctx: Ctx, p: Player) -> int:
    """The diagram on the back of the deck's top card; clockwise past her own pieces."""
    start = deck.number_card(ctx).station
    for k in range(6):
        st = (start - 1 + k) % 6 + 1
        occ = ctx.s.board.occupants[st - 1]
        if occ is None or occ.seat != p.seat:
            return st
    raise AssertionError("Rachel's pieces fill the network")


def carry_out(ctx: Ctx, p: Player, card: RachelCard) -> str | None:
    """Do the card's top action, else its bottom one; a card with neither is discarded and
    the next one revealed. Returns the board action hers was (a development of either kind is
    Build a Development; "" for a launch, which is none), or None when she did nothing."""
    for _ in range(len(ctx.c.rachel_cards)):
        action = choose(ctx, p, card)
        if action is not None:
            _say(ctx, p, f"{card.name}: Rachel takes {deck.label(card, action)}.")
            done = actions.do(ctx, p, card, action)
            deck.end_of_action(ctx)
            return done
        _say(ctx, p, f"Rachel can do neither action of {card.name}: she discards it and "
             "reveals the next card.")
        card = deck.reveal(ctx)
    deck.end_of_action(ctx)
    _say(ctx, p, "Rachel finds no card she can act on.")
    return None


def second_action(ctx: Ctx, p: Player, board_action: str) -> bool:
    """Her station offers the (board) action she took; or (normal/hard) a development connects
    her station to the station that does. Only your developments there: she pays you her fee."""
    t = ctx.s.turn
    b = ctx.s.board
    occ = b.occupants[t.station - 1] if t.station else None
    if not board_action or occ is None or occ.seat != p.seat:
        return False
    if board_action in b.stations[t.station - 1]:
        # Her name first: a turn's summary joins her lines with "; " and drops the name
        # ("…(2 segments); Her station offers…" read as a capital mid-sentence).
        _say(ctx, p, "Rachel takes a second action: her station offers that action.")
        return True
    if deck.row(ctx, deck.SECOND_ACTION).second_action != "connected":
        return False
    there = next(st for st in network.STATIONS if board_action in b.stations[st - 1])
    conn = network.connection_between(t.station, there)
    owners = network.owners(ctx, conn) if conn is not None else []
    if not owners:
        return False
    if p.seat in owners or NEUTRAL in owners or NPC in owners:
        _say(ctx, p, f"Rachel takes a second action: connection {conn} joins her station to "
             "that action.")
        return True
    owner = next(o for o in owners if o >= 0)
    money = fee(p.reputation)
    ctx.player(owner).money += money
    _say(ctx, p, f"Rachel pays {ctx.name(owner)} {money} money and takes a second action: "
         f"only {ctx.name(owner)}'s development joins her station to that action.")
    return True


def meeting(ctx: Ctx, p: Player) -> None:
    """Recall her workers (a VP bonus each); at hard she then acts on one more card."""
    t = ctx.s.turn
    b = ctx.s.board
    recalled = network.pieces_on_network(ctx, p.seat)
    for st, piece in recalled:
        b.occupants[st - 1] = None
        p.break_room.append(piece)
    t.meeting = True
    _say(ctx, p, f"Rachel's break room is empty: she calls a meeting and recalls "
         f"{len(recalled)} piece{'s' if len(recalled) != 1 else ''}.")
    t.phase = "r_meeting" if deck.row(ctx, deck.MEETING).meeting_action else "goals"
    funding.grant_funding(ctx, p.seat, len(recalled), "meeting")

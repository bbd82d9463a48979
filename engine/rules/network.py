"""The 6 stations in a ring, their connections, developments on them and the fees to use them.

Stations are numbered clockwise from top-middle (1..6); connection k joins station k and k+1,
connection 6 joins 6 and 1 (NOTES.md, network geometry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command, PayFee
from engine.decisions import ChooseAction, Decision, MainChoice
from engine.rules import modifiers
from engine.rules.places import connection_place, unpaid_owners
from engine.rules.technologies import surcharge
from engine.state import NEUTRAL, NPC, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

STATIONS = (1, 2, 3, 4, 5, 6)


def connection_stations(k: int) -> tuple[int, int]:
    return k, (k % 6) + 1


def connection_between(a: int, b: int) -> int | None:
    for k in STATIONS:
        if set(connection_stations(k)) == {a, b}:
            return k
    return None


def neighbours(station: int) -> list[tuple[int, int]]:
    """(neighbour station, connection) pairs, counter-clockwise neighbour first."""
    prev_conn = 6 if station == 1 else station - 1
    left = connection_stations(prev_conn)[0]
    right = connection_stations(station)[1]
    return [(left, prev_conn), (right, station)]


def owners(ctx: Ctx, connection: int) -> list[int]:
    return ctx.s.board.connections[connection - 1]


def fee_each(ctx: Ctx, p: Player) -> int:
    # economy.fee, written out (legal() asks this at every decision of a turn), and a fee of 0
    # by reputation needs no look at what waives it.
    rep = p.reputation
    if rep >= 15:
        return 0
    return 0 if modifiers.has(ctx, p, "fee_free") else 1 if rep >= 7 else 2


def fee_at(ctx: Ctx, p: Player, place: str, each: int | None = None) -> int:
    """The fee each owner of `place` is paid: by reputation (or waived), then, for a
    technology, its surcharges on top (快適空間's icon, 上級技術's track: after the discounts).
    `each`: fee_each(ctx, p), when the caller asks the fee at several places."""
    if each is None:
        each = fee_each(ctx, p)
    return tech_fee(ctx, int(place[1:]) - 1, each) if place[0] == "t" else each


def tech_fee(ctx: Ctx, slot: int, each: int) -> int:
    """fee_at for the technology in `slot` (0-based), given fee_each."""
    return each + surcharge(ctx, slot)


def player_tech_fee(ctx: Ctx, p: Player, slot: int) -> int:
    """The fee `p` pays each owner of the technology in `slot` (0-based), by reputation (or
    waived), then its surcharges (tech_fee, written out: apply asks it before every command,
    technologies.lock_free)."""
    return fee_each(ctx, p) + surcharge(ctx, slot)


def use_cost(ctx: Ctx, p: Player, place: str, owner_list: list[int],
             each: int | None = None) -> int:
    return fee_at(ctx, p, place, each) * len(unpaid_owners(ctx, p.seat, place, owner_list))


def pay_owners(ctx: Ctx, p: Player, place: str, owner_list: list[int], what: str) -> None:
    each = fee_at(ctx, p, place)
    due = unpaid_owners(ctx, p.seat, place, owner_list)
    if not due:
        return
    ctx.s.turn.paid.append(place)
    for o in due:
        if each:
            p.money -= each
            # Neutral and NPC developments are paid to the supply, and so are Rachel's: she
            # never holds money (1人用ゲーム, レイチェルの手元).
            to = ctx.name(o)
            if o not in (NEUTRAL, NPC) and ctx.player(o).kind != "rachel":
                ctx.player(o).money += each
            elif o >= 0:
                to = f"the supply (for {to}'s development)"
            ctx.log("fee", p.seat, f"{p.name} pays {to} {each} money to use {what}.")


def reachable(ctx: Ctx, p: Player, station: int) -> list[tuple[int, int]]:
    """(station, money cost) of the stations whose actions a worker on `station` may take."""
    out = [(station, 0)]
    each: int | None = None  # fee_each, the same at both connections: asked once
    conns = ctx.s.board.connections
    for other, conn in _NEIGHBOURS.get(station) or neighbours(station):
        devs = conns[conn - 1]
        if devs:
            if each is None:
                each = fee_each(ctx, p)
            # use_cost, written out (every action choice asks): nothing owed where the seat
            # has a development or paid this turn, else the fee to each owner once.
            if p.seat in devs or connection_place(conn) in ctx.s.turn.paid:
                out.append((other, 0))
            else:
                out.append((other, each * (1 if len(devs) == 1 else len(set(devs)))))
    return out


_NEIGHBOURS = {st: neighbours(st) for st in STATIONS}  # made once: every action choice asks


def meeting_stations(ctx: Ctx, seat: int) -> list[int]:
    """Stations joined by one of the seat's own developments (never others' or neutral ones)."""
    out: list[int] = []
    for k in STATIONS:
        if seat in owners(ctx, k):
            for st in connection_stations(k):
                if st not in out:
                    out.append(st)
    return sorted(out)


def pieces_on_network(ctx: Ctx, seat: int) -> list[tuple[int, str]]:
    out = []
    for i, occ in enumerate(ctx.s.board.occupants):
        if occ is not None and occ.seat == seat:
            out.append((i + 1, occ.piece))
    return out


# --- paying ahead (明確化: the fee may be paid any time in your turn) ----------------------
PAY_AHEAD = (MainChoice, ChooseAction)


def fee_options(ctx: Ctx, dec: Decision) -> list[Command]:
    t = ctx.s.turn
    if dec.seat != t.seat or not isinstance(dec, PAY_AHEAD):
        return []
    seat = dec.seat
    paid = t.paid
    p = ctx.s.players[seat]
    # Rules 3: only a fee that can still serve this turn: once the worker is placed, a
    # connection of its station; none before a meeting, which uses only one's own (a tester
    # paid 2 money for a connection that could not reach the worker).
    at = 0
    if ctx.s.rules >= 3:
        if isinstance(dec, ChooseAction):
            at = t.station
        elif not p.break_room:
            return []
    out: list[Command] = []
    each = -1  # the same for every place: asked once, and only when one is owed (hot path)
    conns = ctx.s.board.connections
    # Only the connections that end at `at` (when it is set), in station order.
    for i, place, cmd in _ROWS_AT.get(at, ()) if at else _ROWS:
        devs = conns[i]
        # Nobody to pay: no development there, one's own, or paid this turn (unpaid_owners).
        if not devs or seat in devs or (paid and place in paid):
            continue
        if each < 0:
            each = fee_each(ctx, p)
            if not each:
                return out
        # A single owner, the usual case, needs no count of them.
        if each * (1 if len(devs) == 1 else len(set(devs))) <= p.money:
            out.append(cmd)
    return out


# Made once (commands are frozen), by station order: listed at every main choice and action
# choice.
_ENDS = tuple(connection_stations(k) for k in STATIONS)
_PLACES = tuple(connection_place(k) for k in STATIONS)
_PAY = tuple(PayFee(k) for k in STATIONS)
# (index, place, command) of every connection, and of those ending at each station.
_ROWS = tuple(zip(range(len(STATIONS)), _PLACES, _PAY, strict=True))
_ROWS_AT = {st: tuple(r for r, ends in zip(_ROWS, _ENDS, strict=True) if st in ends)
            for st in STATIONS}


def pay_fee(ctx: Ctx, dec: Decision, cmd: PayFee) -> None:
    pay_owners(ctx, ctx.player(dec.seat), connection_place(cmd.connection),
               owners(ctx, cmd.connection), f"connection {cmd.connection}")

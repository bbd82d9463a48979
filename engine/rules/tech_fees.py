"""Paying to use another player's technology for the rest of the turn (技術の使用料)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command, UseTechnology
from engine.decisions import Decision
from engine.rules import network, places

if TYPE_CHECKING:
    from engine.ctx import Ctx


def fee_options(ctx: Ctx, dec: Decision) -> list[Command]:
    s = ctx.s
    t = s.turn
    seat = dec.seat
    if seat != t.seat or t.phase in ("setup", "done", "final"):
        return []
    paid = t.paid
    out: list[Command] = []
    each = -1  # network.fee_each, the same at every tile: asked once, if at all
    money = 0
    # Without a module's track surcharge a tile's fee is fee_each and its printed icon
    # (technologies.surcharge), read here from the table: no call per tile.
    printed = ctx.c.technology_surcharge if ctx.r.tech_surcharge is None else None
    techs = s.board.technologies
    places_ = _PLACES
    # One pass, the cheapest tests first: a hot path of legal(), beside every decision of a
    # turn. Not invented, or usable (its developer, or paid this turn): nothing to pay.
    for i, owners in enumerate(s.board.tech_owners):
        if not owners or seat in owners or (paid and places_[i] in paid):
            continue
        if each < 0:
            p = s.players[seat]
            money = p.money
            each = network.fee_each(ctx, p)
        # The fee at this tile (by reputation, then its surcharges), once per owner
        # (places.unpaid_owners: a single owner, the usual case, needs no count).
        fee = each + printed[techs[i]] if printed is not None else network.tech_fee(ctx, i, each)
        if not fee and s.rules >= 2:
            continue  # it counts by itself (technologies.usable)
        if fee * (1 if len(owners) == 1 else len(set(owners))) <= money:
            out.append(_USE[i + 1] if i + 1 < len(_USE) else UseTechnology(i + 1))
    return out


# Each slot's place name (places.technology_place(slot + 1)), by 0-based slot.
_PLACES = tuple(places.technology_place(i + 1) for i in range(64))
_USE = tuple(UseTechnology(k) for k in range(16))  # made once: commands are frozen


def pay_fee(ctx: Ctx, dec: Decision, cmd: UseTechnology) -> None:
    p = ctx.player(dec.seat)
    name = ctx.c.technology(ctx.s.board.technologies[cmd.slot - 1]).name
    network.pay_owners(ctx, p, places.technology_place(cmd.slot),
                       ctx.s.board.tech_owners[cmd.slot - 1], name)
    ctx.log("technology", p.seat, f"{p.name} may use {name} this turn.")

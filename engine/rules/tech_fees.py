"""Paying to use another player's technology for the rest of the turn (技術の使用料)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command, UseTechnology
from engine.decisions import Decision
from engine.rules import network, places
from engine.rules.technologies import invented, usable

if TYPE_CHECKING:
    from engine.ctx import Ctx


def fee_options(ctx: Ctx, dec: Decision) -> list[Command]:
    s = ctx.s
    if dec.seat != s.turn.seat or s.turn.phase in ("setup", "done", "final"):
        return []
    p = ctx.player(dec.seat)
    out: list[Command] = []
    each = -1  # the fee per owner, asked once and only when some tile is not usable yet
    for i, _t in invented(ctx):
        if usable(ctx, p, i):
            continue
        if each < 0:
            each = network.fee_each(ctx, p)
        owners = s.board.tech_owners[i]
        due = places.unpaid_owners(ctx, p.seat, places.technology_place(i + 1), owners)
        if each * len(due) <= p.money:
            out.append(UseTechnology(i + 1))
    return out


def pay_fee(ctx: Ctx, dec: Decision, cmd: UseTechnology) -> None:
    p = ctx.player(dec.seat)
    name = ctx.c.technology(ctx.s.board.technologies[cmd.slot - 1]).name
    network.pay_owners(ctx, p, places.technology_place(cmd.slot),
                       ctx.s.board.tech_owners[cmd.slot - 1], name)
    ctx.log("technology", p.seat, f"{p.name} may use {name} this turn.")

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
    for i, _t in invented(ctx):
        if usable(ctx, p, i):
            continue
        place = places.technology_place(i + 1)
        due = places.unpaid_owners(ctx, p.seat, place, s.board.tech_owners[i])
        # The fee at this tile: by reputation, then a module's surcharge (上級技術).
        if network.fee_at(ctx, p, place) * len(due) <= p.money:
            out.append(UseTechnology(i + 1))
    return out


def pay_fee(ctx: Ctx, dec: Decision, cmd: UseTechnology) -> None:
    p = ctx.player(dec.seat)
    name = ctx.c.technology(ctx.s.board.technologies[cmd.slot - 1]).name
    network.pay_owners(ctx, p, places.technology_place(cmd.slot),
                       ctx.s.board.tech_owners[cmd.slot - 1], name)
    ctx.log("technology", p.seat, f"{p.name} may use {name} this turn.")

"""Technologies: permanent effects, free to their developers and by fee to others (技術)."""

from __future__ import annotations

from engine.commands import Command, UseTechnology
from engine.ctx import Ctx
from engine.rules import network
from engine.state import Decision, Player


def invented(ctx: Ctx) -> list[tuple[int, str]]:
    b = ctx.s.board
    return [(i, t) for i, t in enumerate(b.technologies) if b.tech_owners[i]]


def usable(ctx: Ctx, p: Player, slot: int) -> bool:
    """Developers use it free; others once they have paid for it this turn (`slot` from 0)."""
    owners = ctx.s.board.tech_owners[slot]
    return bool(owners) and not network.unpaid_owners(
        ctx, p.seat, network.technology_place(slot + 1), owners)


def tech_amount(ctx: Ctx, p: Player, kind: str, flag: bool = False) -> int:
    # Cheapest tests first (invented, then the kind, then fees): a hot path of legal().
    if kind not in ctx.c.technology_kinds:
        return 0
    total = 0
    b = ctx.s.board
    owners = b.tech_owners
    by_id = ctx.c.technology
    for i, t in enumerate(b.technologies):
        if not owners[i]:
            continue
        eff = by_id(t).effect
        if eff.kind == kind and usable(ctx, p, i):
            total += eff.amount if not flag else 1
    return total


def fee_options(ctx: Ctx, dec: Decision) -> list[Command]:
    s = ctx.s
    if dec.seat != s.turn.seat or s.turn.phase in ("setup", "done", "final"):
        return []
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for i, _t in invented(ctx):
        owners = s.board.tech_owners[i]
        place = network.technology_place(i + 1)
        if not usable(ctx, p, i) and network.use_cost(ctx, p, place, owners) <= p.money:
            out.append(UseTechnology(i + 1))
    return out


def pay_fee(ctx: Ctx, dec: Decision, cmd: UseTechnology) -> None:
    p = ctx.player(dec.seat)
    name = ctx.c.technology(ctx.s.board.technologies[cmd.slot - 1]).name
    network.pay_owners(ctx, p, network.technology_place(cmd.slot),
                       ctx.s.board.tech_owners[cmd.slot - 1], name)
    ctx.log("technology", p.seat, f"{p.name} may use {name} this turn.")

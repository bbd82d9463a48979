"""Where lasting and one-off rule changes meet: upgrades, technologies, the expert tile and
agenda effects in play all answer "how much of this effect applies to this player now".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import technologies
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def acting_piece(ctx: Ctx, p: Player) -> str | None:
    """The piece whose station's actions are being taken this turn, if any."""
    t = ctx.s.turn
    if t.seat != p.seat or t.phase != "actions" or not t.station:
        return None
    occ = ctx.s.board.occupants[t.station - 1]
    return occ.piece if occ is not None and occ.seat == p.seat else None


def expert_acting(ctx: Ctx, p: Player) -> bool:
    piece = acting_piece(ctx, p)
    return piece is not None and piece != "worker"


def amount(ctx: Ctx, p: Player, kind: str) -> int:
    # Most kinds asked about belong to no upgrade, no technology and no expert tile, and no
    # card is in play: the answers for those are quick (legal()'s and the bots' hot path).
    c = ctx.c
    total = 0
    if p.upgrades:
        # upgrades.effect_amount, written out (this runs ~2,500 times a random game).
        ids = c.upgrade_ids.get(kind)
        if ids is not None and not ids.isdisjoint(p.upgrades):
            effect = c.upgrade_effect
            total = sum(effect[u].amount for u in p.upgrades if u in ids)
    if kind in c.technology_kinds:
        total += technologies.tech_amount(ctx, p, kind)
    if ctx.s.turn.active:
        total += sum(c.agenda(a).effect.amount for a in active_cards(ctx, p, kind))
    ability = c.expert_ability[ctx.s.board.expert_tile]
    if ability.kind == kind and expert_acting(ctx, p):
        total += ability.amount
    return total


def has(ctx: Ctx, p: Player, kind: str) -> bool:
    c = ctx.c
    if p.upgrades:
        # upgrades.has_effect, written out: fee_each asks this of every fee listed or paid.
        ids = c.upgrade_ids.get(kind)
        if ids is not None and not ids.isdisjoint(p.upgrades):
            return True
    if ctx.s.turn.active and active_cards(ctx, p, kind):
        return True
    if kind in c.technology_kinds and technologies.tech_amount(ctx, p, kind, flag=True):
        return True
    return c.expert_ability[ctx.s.board.expert_tile].kind == kind and expert_acting(ctx, p)


def active_cards(ctx: Ctx, p: Player, kind: str) -> list[str]:
    if ctx.s.turn.seat != p.seat:
        return []
    return [c for c in ctx.s.turn.active if ctx.c.agenda(c).effect.kind == kind]


def money_cost(ctx: Ctx, p: Player, cost: int) -> int:
    """The money an action payment really takes: an acting Accountant expert saves 1 once."""
    # The cheap tests first: this runs for every price the legal-move search looks at.
    if cost > 0 and not ctx.s.turn.rebate_used and expert_acting(ctx, p) and \
            amount(ctx, p, "cost_reduction_total") > 0:
        return cost - 1
    return cost


def pay(ctx: Ctx, p: Player, cost: int) -> int:
    real = money_cost(ctx, p, cost)
    if real < cost:
        ctx.s.turn.rebate_used = True
    p.money -= real
    return real


def end_of_step(ctx: Ctx) -> None:
    """Effects that last for one action, launch or stop end here."""
    ctx.s.turn.active = []
    ctx.s.turn.rebate_used = False
    for hook in ctx.r.on_end_of_step:
        hook(ctx)

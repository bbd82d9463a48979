"""Hire an Expert (専門家の雇用)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command, HireExpert
from engine.decisions import Act
from engine.rules import modifiers
from engine.rules.funding import grant_funding
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def hire_cost(p: Player, side: str) -> int:
    if side == "right":
        # 2 money per development left in the food and oxygen rows.
        return 2 * (p.developments_left[0] + p.developments_left[1])
    # 3 money per token left in the bottom four launch-tower spaces, face up or down.
    return 3 * sum(1 for t in p.tower_bottom if t != "removed")


def cost_now(ctx: Ctx, p: Player, dec: Act, side: str) -> int:
    return max(0, hire_cost(p, side) - dec.boost - modifiers.amount(ctx, p, "hire_discount"))


def price(ctx: Ctx, p: Player, dec: Act, side: str) -> int:
    """The money hiring that expert takes now (what the options weigh and the words say)."""
    return modifiers.money_cost(ctx, p, cost_now(ctx, p, dec, side))


SIDES = (("left", "expert_left"), ("right", "expert_right"))  # (side, its piece)


def options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    out: list[Command] = []
    for side, piece in SIDES:
        if piece in p.experts and price(ctx, p, dec, side) <= p.money:
            out.append(HireExpert(side))  # type: ignore[arg-type]
    return out


def has_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(options(...)), stopping at the first expert the money hires; the discount
    (cost_now's) asked once, if an expert is there to hire."""
    off = -1
    for side, piece in SIDES:
        if piece in p.experts:
            if off < 0:
                off = dec.boost + modifiers.amount(ctx, p, "hire_discount")
            if modifiers.money_cost(ctx, p, max(0, hire_cost(p, side) - off)) <= p.money:
                return True
    return False


def apply(ctx: Ctx, p: Player, dec: Act, cmd: HireExpert) -> bool:
    if hire_cost(p, cmd.side) - dec.boost > 0:
        from engine.rules import technologies

        technologies.record_use(ctx, p, "hire_discount")
    cost = modifiers.pay(ctx, p, cost_now(ctx, p, dec, cmd.side))
    piece = f"expert_{cmd.side}"
    p.experts.remove(piece)
    p.break_room.append(piece)
    ctx.log("expert", p.seat, f"{p.name} hires the {cmd.side} expert for {cost} money.")
    grant_funding(ctx, p.seat, 1, "hired an expert")
    return True

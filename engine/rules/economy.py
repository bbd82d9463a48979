"""Gaining and losing the plain things: money, ads, VP, resources and reputation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.decisions import ResourceChoice
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

REP_MAX = 18


def fee(reputation: int) -> int:
    """Money paid to each owner of developments you use: 2 / 1 / 0 by your reputation."""
    if reputation >= 15:
        return 0
    if reputation >= 7:
        return 1
    return 2


def gain_reputation(ctx: Ctx, p: Player, n: int) -> None:
    if n <= 0:
        return
    new = p.reputation + n
    if new > REP_MAX:
        p.vp += new - REP_MAX
        new = REP_MAX
    p.reputation = new


def lose_reputation(p: Player, n: int) -> None:
    """Below 0 each point costs a VP (VP never go below 0)."""
    if n <= 0:
        return
    new = p.reputation - n
    if new < 0:
        p.vp = max(0, p.vp + new)
        new = 0
    p.reputation = new


def can_lose_reputation(p: Player, n: int) -> bool:
    # 評判: 「勝利点が0で、評判も0の場合、評判が減るようなアクションの実行はできません」. Only
    # that case is refused: at 0 reputation with 1 VP a loss of 2 is allowed (VP stop at 0).
    return n <= 0 or p.reputation > 0 or p.vp > 0


def gain_resource(p: Player, r: str, n: int, overflow: bool = False) -> int:
    """Add up to n of resource r; without overflow, anything over storage is lost."""
    have = p.resource(r)
    new = have + n if overflow else min(p.capacity(r), have + n)
    new = max(new, have)
    p.set_resource(r, new)
    return new - have


def clamp_storage(p: Player) -> None:
    # Attribute reads, not Player.resource's: every step and turn end runs this.
    for r in RESOURCES:
        cap = p.capacity(r)
        if getattr(p, r) > cap:
            setattr(p, r, cap)


def total_resources(p: Player) -> int:
    return p.food + p.oxygen + p.fuel


def gain_bonus(ctx: Ctx, p: Player, kind: str, n: int, why: str) -> bool:
    """`n` of a bonus printed by kind (a funding token, a guest's, an empty agenda slot's):
    money, ads, VP, reputation, or resources of the player's choice. False, with nothing
    gained, for a kind that is none of these (the caller's own, such as a development)."""
    if kind == "money":
        p.money += n
    elif kind == "ad":
        p.ads += n
    elif kind == "vp":
        p.vp += n
    elif kind == "reputation":
        gain_reputation(ctx, p, n)
    elif kind == "resource":
        ctx.push(ResourceChoice(p.seat, left=n, why=why))
    else:
        return False
    return True

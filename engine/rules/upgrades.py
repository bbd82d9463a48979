"""Player-board upgrades: lasting rule changes unlocked at destinations (アップグレード)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

BASE_SHIPS = 3
BASE_SEGMENTS = 3


def has_effect(ctx: Ctx, p: Player, kind: str) -> bool:
    if kind not in ctx.c.upgrade_kinds:  # most kinds asked about are no upgrade's (hot path)
        return False
    effect = ctx.c.upgrade_effect
    return any(effect[u].kind == kind for u in p.upgrades)


def effect_amount(ctx: Ctx, p: Player, kind: str) -> int:
    if kind not in ctx.c.upgrade_kinds:
        return 0
    total = 0
    effect = ctx.c.upgrade_effect
    for u in p.upgrades:
        eff = effect[u]
        if eff.kind == kind:
            total += eff.amount
    return total


def max_ships(ctx: Ctx, p: Player) -> int:
    return BASE_SHIPS + (1 if has_effect(ctx, p, "max_ships_segments") else 0)


def max_segments(ctx: Ctx, p: Player) -> int:
    return BASE_SEGMENTS + (1 if has_effect(ctx, p, "max_ships_segments") else 0)


def upgrades_of(ctx: Ctx, p: Player, colour: str) -> int:
    return sum(1 for u in p.upgrades if ctx.c.upgrade(u).colour == colour)


def open_spaces(ctx: Ctx, p: Player, colour: str) -> list[str]:
    return [u.id for u in ctx.c.upgrades if u.colour == colour and u.id not in p.upgrades]

"""Player-board upgrades: lasting rule changes unlocked at destinations (アップグレード)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

BASE_SHIPS = 3
BASE_SEGMENTS = 3


def has_effect(ctx: Ctx, p: Player, kind: str) -> bool:
    # One set test (most kinds asked about are no upgrade's): a hot path of legal().
    ids = ctx.c.upgrade_ids.get(kind)
    return ids is not None and not ids.isdisjoint(p.upgrades)


def effect_amount(ctx: Ctx, p: Player, kind: str) -> int:
    ids = ctx.c.upgrade_ids.get(kind)
    if ids is None or ids.isdisjoint(p.upgrades):
        return 0
    effect = ctx.c.upgrade_effect
    return sum(effect[u].amount for u in p.upgrades if u in ids)


def max_ships(ctx: Ctx, p: Player) -> int:
    return BASE_SHIPS + (1 if has_effect(ctx, p, "max_ships_segments") else 0)


def max_segments(ctx: Ctx, p: Player) -> int:
    return BASE_SEGMENTS + (1 if has_effect(ctx, p, "max_ships_segments") else 0)


def upgrades_of(ctx: Ctx, p: Player, colour: str) -> int:
    return sum(1 for u in p.upgrades if ctx.c.upgrade(u).colour == colour)


def open_spaces(ctx: Ctx, p: Player, colour: str) -> list[str]:
    return [u.id for u in ctx.c.upgrades if u.colour == colour and u.id not in p.upgrades]

"""Counts a player has, by the names cockpit conditions and company goals use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.state import Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx


def metric(ctx: Ctx, p: Player, name: str, ship: Ship | None = None) -> int:
    if name == "experts_hired":
        return 2 - len(p.experts)
    if name == "segments_built":
        return sum(len(s.segments) for s in p.ships)
    if name == "ships_owned":
        return len(p.ships)
    if name == "ships_with_3_segments":
        return sum(1 for s in p.ships if len(s.segments) >= 3)
    if name == "developments_placed":
        return p.developments_placed
    if name == "technologies_developed":
        return p.technologies_developed
    if name == "upgrades_unlocked":
        return len(p.upgrades)
    if name == "reputation":
        return p.reputation
    if name == "guests_aboard":
        return len(ship.guests) if ship else 0
    if name == "cruises_completed":
        return p.cruises_completed
    if name == "launches":
        return p.launches
    if name == "wings":
        return wings(p)
    if name == "guests_toured":
        return p.guests_toured
    if name == "agenda_played":
        return p.agenda_played
    if name == "blueprints_held":
        return len(p.blueprints)
    if name == "money":
        return p.money
    raise KeyError(f"unknown metric {name}")


def wings(p: Player) -> int:
    """One wing shows from the start; each cube taken off the goal tile uncovers another."""
    return 1 + sum(1 for on_tile in p.goal_cubes if not on_tile)


def cockpit_vp(ctx: Ctx, p: Player, ship: Ship) -> int:
    cond = ctx.c.cockpit(ship.cockpit).condition
    return cond.vp * (metric(ctx, p, cond.metric, ship) // cond.per)

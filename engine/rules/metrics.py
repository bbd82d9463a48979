"""Counts a player has, by the names cockpit conditions and company goals use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.state import Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx


def metric(ctx: Ctx, p: Player, name: str, ship: Ship | None = None) -> int:
    if name == "upgrades_unlocked" and p.kind == "rachel" and ctx.s.rachel is not None:
        # Her tokens cover her board's upgrade spaces with no effect, so they are kept apart
        # from Player.upgrades; a cockpit counting upgrades unlocked counts them.
        return len(ctx.s.rachel.upgrades)
    return counter(name)(p, ship)


def counter(name: str) -> Callable[[Player, Ship | None], int]:
    """The count a metric's name stands for: (player, ship or None) -> int."""
    try:
        return _COUNTS[name]
    except KeyError:
        raise KeyError(f"unknown metric {name}") from None


# By name: cockpit conditions and goals ask these in every position a bot values, and a chain
# of comparisons cost a dozen of them for the last names.
_COUNTS: dict[str, Callable[[Player, Ship | None], int]] = {
    "experts_hired": lambda p, ship: 2 - len(p.experts),
    "segments_built": lambda p, ship: sum(len(s.segments) for s in p.ships),
    "ships_owned": lambda p, ship: len(p.ships),
    "ships_with_3_segments": lambda p, ship: sum(1 for s in p.ships if len(s.segments) >= 3),
    "developments_placed": lambda p, ship: p.developments_placed,
    "technologies_developed": lambda p, ship: p.technologies_developed,
    "upgrades_unlocked": lambda p, ship: len(p.upgrades),
    "reputation": lambda p, ship: p.reputation,
    "guests_aboard": lambda p, ship: len(ship.guests) if ship else 0,
    "cruises_completed": lambda p, ship: p.cruises_completed,
    "launches": lambda p, ship: p.launches,
    "wings": lambda p, ship: wings(p),
    "guests_toured": lambda p, ship: p.guests_toured,
    "agenda_played": lambda p, ship: p.agenda_played,
    "blueprints_held": lambda p, ship: len(p.blueprints),
    "money": lambda p, ship: p.money,
}


def wings(p: Player) -> int:
    """One wing shows from the start; each cube taken off the goal tile uncovers another."""
    return 1 + p.goal_cubes.count(False)


def cockpit_vp(ctx: Ctx, p: Player, ship: Ship) -> int:
    cond = ctx.c.cockpit(ship.cockpit).condition
    return cond.vp * (metric(ctx, p, cond.metric, ship) // cond.per)

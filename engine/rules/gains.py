"""Applying a bundle of gains (engine bonuses, card effects, upgrade token bonuses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.decisions import FreeBlueprint, ResourceChoice
from engine.rules.economy import gain_reputation, gain_resource
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def apply_gain(ctx: Ctx, p: Player, g, why: str) -> None:  # noqa: ANN001 - components.Gain
    parts: list[str] = []
    drawn: list[str] = []  # face-down draws: named to their owner only (Event.hidden)
    if g.money:
        p.money += g.money
        parts.append(f"{g.money} money")
    if g.ads:
        p.ads += g.ads
        parts.append(f"{g.ads} ad{'s' if g.ads != 1 else ''}")
    if g.vp:
        p.vp += g.vp
        parts.append(f"{g.vp} VP")
    if g.reputation:
        gain_reputation(ctx, p, g.reputation)
        parts.append(f"{g.reputation} reputation")
    for r in RESOURCES:
        n = getattr(g, r)
        if n:
            gain_resource(p, r, n)
            parts.append(f"{n} {r}")
    if g.agenda:
        from engine.rules.agenda import draw_from_deck, to_hand

        for _ in range(g.agenda):
            card = draw_from_deck(ctx)
            if card:
                to_hand(ctx, p, card)
                drawn.append(ctx.c.agenda(card).name)
        parts.append(f"{g.agenda} agenda card{'s' if g.agenda != 1 else ''}")
    if g.resources:
        ctx.push(ResourceChoice(p.seat, left=g.resources, why=why))
        parts.append(f"{g.resources} resource{'s' if g.resources != 1 else ''} of choice")
    if g.blueprints:
        ctx.push(FreeBlueprint(p.seat, left=g.blueprints, why=why))
        parts.append(f"{g.blueprints} free blueprint{'s' if g.blueprints != 1 else ''}")
    if parts:
        said = f"{p.name} gains {', '.join(parts)} from {why}."
        ctx.log("gain", p.seat, said[:-1] + f" ({', '.join(drawn)})." if drawn else said,
                said if drawn else "")

"""Whether an action could be carried out at all: asked before offering it, and by a token that
grants one (so it never imports the actions it asks about: they are in `ctx.r.actions`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.decisions import Act
from engine.state import Player
from engine.trial import paying

if TYPE_CHECKING:
    from engine.ctx import Ctx


def feasible(ctx: Ctx, p: Player, action: str, cost: int, boost: int = 0) -> bool:
    """Whether the action has any legal choice once `cost` money of fees is paid."""
    entry = ctx.r.actions.get(action)
    if cost > p.money or entry is None:
        return False
    dec = Act(p.seat, action=action, boost=boost)
    ask = entry.options if entry.exists is None else entry.exists
    if not cost:
        return bool(ask(ctx, p, dec))
    t = paying(ctx, p.seat, cost)
    return bool(ask(t, t.player(p.seat), dec))


def feasible_ones(ctx: Ctx, p: Player, actions: Iterable[str], cost: int) -> list[str]:
    """The actions, in order, that `feasible(ctx, p, action, cost)` finds possible: asked of
    one context for all of them, with one copy for the fee (listing writes nothing), where
    feasible makes one for each (a hot path: every action choice asks a station's pair)."""
    if cost > p.money:
        return []
    t = ctx if not cost else paying(ctx, p.seat, cost)
    tp = t.s.players[p.seat]
    table = ctx.r.actions
    out = []
    for action in actions:
        entry = table.get(action)
        if entry is None:
            continue
        ask = entry.options if entry.exists is None else entry.exists
        if ask(t, tp, Act(p.seat, action=action)):
            out.append(action)
    return out

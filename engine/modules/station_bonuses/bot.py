"""What the bots see in the station bonus tiles: a development next to a station is worth the
visits it will pay for. Placing a worker there is already seen (the bonus lands before the
actions); this prices the developments that make later visits pay, so a bot builds towards an
active tile and towards turning one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.modules.station_bonuses import rules
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

# A unit of each kind in VP, as the greedy bot prices them (engine/bots/greedy.py): money,
# ads and resources at about a funding bonus; an agenda card at its hand price.
UNIT = {"money": 0.5, "ad": 0.5, "resource": 0.45, "vp": 1.0, "reputation": 1.5, "agenda": 0.5}
VISITS = 1.5  # visits to one station a player can still expect early in a game
GREY = 0.5  # a grey tile pays only once turned: half the price at the threshold, less before


def value(ctx: Ctx, p: Player, late: float) -> float:
    b = ctx.s.board
    if not b.station_active or late >= 1:
        return 0.0
    need = rules.threshold(ctx.s.options.players)
    total = 0.0
    for st in range(1, 7):
        own = rules.own_adjacent(b.connections, st, p.seat)
        if not own:
            continue
        tile = ctx.c.station_bonus(b.station_tiles[st - 1])
        units = tile.amount * own / tile.per  # half an agenda card with 1 of the 2 needed
        if b.station_active[st - 1]:
            share = 1.0
        else:
            share = GREY * min(1.0, rules.adjacent(b.connections, st) / need)
        total += UNIT[tile.kind] * units * share
    return total * VISITS * (1 - late)

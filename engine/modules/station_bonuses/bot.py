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


# The two connections (0-based) next to each station: value() runs for every trial a bot makes.
NEXT_TO = tuple(tuple(k - 1 for k in rules.connections_of(st)) for st in range(1, 7))


def value(ctx: Ctx, p: Player, late: float) -> float:
    b = ctx.s.board
    if not b.station_active or late >= 1:
        return 0.0
    mine = [p.seat in owners for owners in b.connections]
    if not any(mine):
        return 0.0
    need = rules.threshold(ctx.s.options.players)
    total = 0.0
    for i, (x, y) in enumerate(NEXT_TO):
        own = mine[x] + mine[y]
        if not own:
            continue
        tile = ctx.c.station_bonus(b.station_tiles[i])
        units = tile.amount * own / tile.per  # half an agenda card with 1 of the 2 needed
        if b.station_active[i]:
            share = 1.0
        else:
            share = GREY * min(1.0, (len(b.connections[x]) + len(b.connections[y])) / need)
        total += UNIT[tile.kind] * units * share
    return total * VISITS * (1 - late)

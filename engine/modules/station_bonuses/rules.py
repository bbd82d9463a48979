"""区画ボーナス・タイル (Station Bonus Tiles): when a tile turns active and what it pays, as
functions of plain values.

The book: one tile per station at random, grey side up. With 3 developments next to its
station (4 in a 4-player game) the tile turns to its coloured side. From then on, a player who
places a worker on that station gains, before taking actions, the tile's bonus scaled by their
own developments next to the station; an agenda card needs 2 of them. Variant: every tile
active from the start. Solo: Rachel gains VP, reputation and agenda cards as you do, and 1 VP
in place of each resource, ad or money.

"Next to a station" is on one of its two connections (network geometry: NOTES.md).
[ours] Every development there counts towards activation: any player's, neutral, the NPC's.
A tile, once active, stays active.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.components import Gain, StationBonusTile
from engine.rules.network import neighbours

VARIANT = "stations_active"
VARIANT_TEXT = "Station bonus tiles: every tile active from the start"

# The Gain field each kind pays into (a resource bonus: of the player's choice).
FIELD = {"money": "money", "ad": "ads", "resource": "resources", "vp": "vp",
         "reputation": "reputation", "agenda": "agenda"}


def threshold(players: int) -> int:
    """Developments next to a station that turn its tile: 3 in a 1-3 player game, 4 with 4."""
    return 4 if players >= 4 else 3


def connections_of(station: int) -> tuple[int, int]:
    """The two connections (1-6) next to a station (1-6)."""
    (_, a), (_, b) = neighbours(station)
    return a, b


def adjacent(connections: Sequence[Sequence[int]], station: int) -> int:
    """Every development next to `station`; `connections` as Board.connections holds them
    (connection k at index k-1, a list of owners)."""
    return sum(len(connections[k - 1]) for k in connections_of(station))


def own_adjacent(connections: Sequence[Sequence[int]], station: int, seat: int) -> int:
    """A player's own developments next to `station` (0 to 2: one per connection at most)."""
    return sum(1 for k in connections_of(station) if seat in connections[k - 1])


def start_active(all_active: bool = False) -> list[bool]:
    """The six tiles' sides at setup (index station-1)."""
    return [all_active] * 6


def newly_active(connections: Sequence[Sequence[int]], active: Sequence[bool],
                 players: int) -> list[int]:
    """Stations (1-6) whose grey tile turns now: call after every development placed on a
    connection, in setup or in play."""
    need = threshold(players)
    return [st for st in range(1, 7)
            if not active[st - 1] and adjacent(connections, st) >= need]


def bonus(tile: StationBonusTile, own: int) -> Gain:
    """What a player with `own` developments next to the station gains on placing a worker."""
    n = tile.amount * (own // tile.per)
    return Gain(**{FIELD[tile.kind]: n}) if n else Gain()


def rachel_bonus(tile: StationBonusTile, own: int) -> Gain:
    """Rachel's gain: VP, reputation and agenda cards as anyone's; 1 VP for each resource, ad
    or money [ours: per unit, so a 2-ad bonus is 2 VP, as a VP tile would give her]."""
    g = bonus(tile, own)
    if tile.kind in ("money", "ad", "resource"):
        return Gain(vp=g.money + g.ads + g.resources)
    return g


def tile_problems(connections: Sequence[Sequence[int]], active: Sequence[bool], players: int,
                  all_active: bool = False) -> list[str]:
    """The fuzzer's invariant: developments never leave a connection, so after every command
    a tile is active exactly when its station has reached the threshold (or by the variant)."""
    need = threshold(players)
    return [f"station {st}'s bonus tile is {'active' if active[st - 1] else 'grey'} with "
            f"{adjacent(connections, st)} developments next to it (turns at {need})"
            for st in range(1, 7)
            if active[st - 1] != (all_active or adjacent(connections, st) >= need)]

"""Rough figures for balancing 『技術革新』's stand-ins before its modules are wired: base games
played by the greedy bot, read as if the modules were on.

- technologies: in how many distinct turns of a game each face-up, invented technology's effect
  fired for a player who may use it (its kind of thing happened: a segment built, a launch, a
  tour, ...): the marker moves at most once a turn, so this is the moves a track would see.
  "travel" counts every turn a ship moved, an overcount for Navigation Target Identifier.
- station tiles: when a station first has 3 (4 at 4 players) developments next to it, how many
  tiles are active at the end, how many placements land on an active station, and the bonus
  units (own developments next to it) a player would collect in a game.

`python -m bench.advancements_estimates PLAYERS GAMES`; printed, never asserted.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from engine import Game, GameOptions
from engine.bots.greedy import GreedyBot
from engine.commands import PlaceWorker
from engine.ctx import Ctx
from engine.modules.station_bonuses import rules as stations
from engine.rules import technologies

# The event a technology's effect kind rides on.
EVENT = {"segment_discount": "segment", "launch_fuel_discount": "launch",
         "launch_oxygen_discount": "launch", "extra_travel": "travel", "silo_extra": "silo",
         "advertise_discount": "advertise", "hire_discount": "expert", "tour_discount": "tour"}


def main(players: int, games: int) -> None:
    uses: dict[str, list[int]] = defaultdict(list)
    first: list[int] = []
    active_end = placed = on_active = units = 0
    need = stations.threshold(players)
    for seed in range(games):
        g = Game.new(GameOptions(players=players, seed=seed, seats=("greedy",) * players))
        bots = [GreedyBot(seed * 10 + i) for i in range(len(g.state.players))]
        hits: set[tuple[int, str]] = set()
        turn_active = -1
        for _ in range(20_000):
            if g.is_over:
                break
            dec = g.pending
            assert dec is not None
            cmd = bots[dec.seat].choose(g)
            b = g.state.board
            if isinstance(cmd, PlaceWorker) and g.state.players[dec.seat].kind != "rachel":
                placed += 1
                if stations.adjacent(b.connections, cmd.station) >= need:
                    on_active += 1
                    units += stations.own_adjacent(b.connections, cmd.station, dec.seat)
            events = g.apply(cmd)
            ctx = Ctx(g.state, g.comps)
            for e in events:
                if e.seat < 0 or g.state.players[e.seat].kind == "rachel":
                    continue
                p = g.state.players[e.seat]
                for i, t in enumerate(b.technologies):
                    kind = g.comps.technology(t).effect.kind
                    if b.tech_owners[i] and EVENT.get(kind) == e.kind and \
                            technologies.usable(ctx, p, i):
                        hits.add((g.state.turn.number, t))
            if turn_active < 0 and any(stations.adjacent(b.connections, st) >= need
                                       for st in range(1, 7)):
                turn_active = g.state.turn.number
        first.append(turn_active)
        active_end += sum(stations.adjacent(g.state.board.connections, st) >= need
                          for st in range(1, 7))
        for t in g.state.board.technologies:
            uses[t].append(sum(1 for _, x in hits if x == t))
    print(f"{players} players, {games} greedy games")
    for t, v in sorted(uses.items()):
        print(f"  {t}: face up in {len(v)} games, used in {sum(v) / len(v):.1f} turns a game "
              f"(max {max(v)})")
    some = [t for t in first if t >= 0]
    print(f"  station tiles: first active at turn {sum(some) / max(1, len(some)):.0f} "
          f"({len(first) - len(some)} games with none), {active_end / games:.1f} of 6 active "
          f"at the end, {on_active} of {placed} placements on an active station, "
          f"{units / (games * players):.1f} bonus units a player a game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, int(sys.argv[2]) if len(sys.argv) > 2
         else 10)

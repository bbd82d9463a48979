"""`python -m bench readiness`: what stood between a bot and a launch, at each of its main
choices in solo games against Rachel.

The bots score their VP in play from launches and launch about 3 times a game, where the book's
player scores 115 VP in play to their 65. This counts, per game, the main choices at which the
bot launched, turned down a legal launch, or could not launch, and why not: the first missing
piece of the cycle (a scheduled cruise, a ship at home with a cabin, storage for the supplies,
then the supplies or guests themselves). A policy that plans its launches should move turns
from the lower rows to the first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.commands import Command, Launch
from engine.ctx import Ctx
from engine.game import Game
from engine.registry import rules_for
from engine.rules import launch, ships
from engine.state import Ship

SEAT = 0
# Each main choice falls in one of these, in this order of the launch cycle.
KINDS = (
    ("launched", "launched"),
    ("declined", "a launch was legal; something else was chosen"),
    ("no cruise", "no cruise scheduled"),
    ("no cabin", "a cruise scheduled; no ship at home with a cabin"),
    ("storage", "a cruise and a cabin; storage too small for the supplies"),
    ("supplies", "a cruise, a cabin and storage; supplies or guests short"),
)


@dataclass
class Game1:
    seed: int
    mine: int
    rachel: int
    rounds: int
    launches: int = 0
    toured: int = 0  # guests toured: one per guest and destination reached
    kinds: Counter[str] = field(default_factory=Counter)


def classify(game: Game, cmd: Command) -> str:
    """The kind of the seat's main choice now, `cmd` being what it chose."""
    if any(isinstance(c, Launch) for c in game.legal()):
        return "launched" if isinstance(cmd, Launch) else "declined"
    s = game.state
    p = s.players[SEAT]
    if p.scheduled is None:
        return "no cruise"
    ctx = Ctx(s, game.comps, rules_for(s.options.modules))
    home = [sh for sh in p.ships if not sh.cruise and ships.cabins(sh, ctx, p) > 0]
    if not home:
        return "no cabin"
    space = s.board.cruise_spaces[p.scheduled]
    tile = space.tile
    assert tile is not None  # it moves onto a ship only inside a launch, never at a main choice

    def fits(sh: Ship) -> bool:
        guests = max(1, min(launch.cabin_capacity(ctx, p, sh), len(space.presold)))
        return all(n <= p.capacity(r) for r, n in launch.needs(ctx, p, sh, guests, tile).items())

    return "supplies" if any(fits(sh) for sh in home) else "storage"


def play(kind: str, seed: int, difficulty: str) -> Game1:
    from bench.versus import _solo

    kinds: Counter[str] = Counter()

    def seen(game: Game, cmd: Command) -> None:
        dec = game.pending
        if dec is not None and dec.seat == SEAT and dec.kind == "phase2":
            kinds[classify(game, cmd)] += 1

    mine, rachel, game = _solo(kind, seed, difficulty, seen=seen)
    p = game.state.players[SEAT]
    return Game1(seed, mine, rachel, game.state.round, p.launches, p.guests_toured, kinds)


def render(kind: str, difficulty: str, games: list[Game1]) -> str:
    n = max(1, len(games))
    total = Counter[str]()
    for g in games:
        total.update(g.kinds)
    choices = max(1, sum(total.values()))
    lines = [f"{kind}, solo against Rachel ({difficulty}), {len(games)} games: main choices "
             "a game, by what stood between the bot and a launch", ""]
    width = max(len(text) for _, text in KINDS)
    for key, text in KINDS:
        share = 100 * total[key] / choices
        lines.append(f"  {text:<{width}}  {total[key] / n:5.1f}  {share:3.0f}%")
    lines.append(f"  {'all main choices':<{width}}  {choices / n:5.1f}")
    lines.append("")
    mine = sum(g.mine for g in games) / n
    rachel = sum(g.rachel for g in games) / n
    rounds = sum(g.rounds for g in games) / n
    wins = sum(g.mine > g.rachel for g in games)
    launches = sum(g.launches for g in games) / n
    toured = sum(g.toured for g in games) / n
    lines.append(f"  mean VP {mine:.1f} (Rachel {rachel:.1f}); {wins} wins; {rounds:.1f} rounds")
    # A tour is 3 VP and more: how much each launch brings is its guests times destinations.
    lines.append(f"  {launches:.2f} launches and {toured:.1f} guests toured a game "
                 f"({toured / max(launches, 1e-9):.1f} a launch)")
    return "\n".join(lines)


def main(kind: str, games: int, seed: int, difficulty: str) -> str:
    return render(kind, difficulty, [play(kind, s, difficulty) for s in range(seed, seed + games)])

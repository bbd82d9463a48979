"""`python -m bench screen`: the greedy (or expert) bot solo against Rachel with some of its
prices changed, paired on the same seeds with a saved run of the bot as it is.

A price of the greedy bot (`CABIN=3.5`: one of the constants of engine.bots.greedy) or a term
added to its `value()` (`sdest=0.5`: see TERMS) is changed for the run only, in the processes
that play it; the bot's code is untouched. Seed for seed the games differ only by the change,
so the paired differences of a few dozen games show what a change is worth where the spread
of single games (Rachel's scores run from 110 to 230) would need hundreds. Besides the VP it
reports what the launches were like (segments, guests, destinations), since the bots' gap to
the book's player is the size of their launches (`bench readiness`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec

from bench import pool, runfile
from bench.runfile import data_set, data_words
from engine import Game
from engine.bots import greedy
from engine.commands import Command, Launch
from engine.components import Components
from engine.ctx import Ctx
from engine.decisions import Boarding
from engine.registry import rules_for
from engine.rules import launch, ships
from engine.state import State
from saves.atomic import write_atomic

SEAT = 0
BOTS = ("greedy", "expert")


# --- terms a screen may add to the greedy value (VP to `seat`, at the weight given) --------
def _scheduled_tile(s: State, seat: int) -> str | None:
    """The seat's scheduled cruise tile while it is not yet boarding (value() prices it by
    its presold guests alone then)."""
    p = s.players[seat]
    if p.scheduled is None or any(isinstance(d, Boarding) and d.seat == seat
                                  for d in s.stack):
        return None
    return s.board.cruise_spaces[p.scheduled].tile


def _best_home_ship(ctx: Ctx, seat: int) -> tuple[int, int] | None:
    """(cabins, segments) of the seat's ship at home with the most cabins."""
    p = ctx.s.players[seat]
    best: tuple[int, int] | None = None
    for sh in p.ships:
        if not sh.cruise:
            c = ships.cabins(sh, ctx, p)
            if best is None or c > best[0]:
                best = (c, len(sh.segments))
    return best


def _late(s: State) -> float:
    b = s.board
    return min(1.0, len(b.progress) / max(1, sum(b.progress_sections)))


def term_sdest(s: State, comps: Components, seat: int) -> float:
    """The scheduled cruise's tours for the cabins its presold guests leave free: cabins of
    the best ship at home x destinations x TOUR."""
    tile = _scheduled_tile(s, seat)
    if tile is None:
        return 0.0
    ctx = Ctx(s, comps, rules_for(s.options.modules))
    best = _best_home_ship(ctx, seat)
    room = max(1, best[0] if best else 0)
    sold = len(s.board.cruise_spaces[s.players[seat].scheduled or 0].presold)
    return greedy.TOUR * len(comps.cruise_tile(tile).destinations) * max(0, room - sold)


def term_plan(s: State, comps: Components, seat: int) -> float:
    """The next launch as a whole: cabins x destinations x the share of its supplies held
    (food, oxygen and fuel multiplied), fading as the track fills."""
    tile = _scheduled_tile(s, seat)
    if tile is None:
        return 0.0
    ctx = Ctx(s, comps, rules_for(s.options.modules))
    best = _best_home_ship(ctx, seat)
    if best is None or best[0] == 0:
        return 0.0
    room, segments = best
    p = s.players[seat]
    ready = 1.0
    for need, r in ((room + 1, "food"), (segments, "oxygen"),
                    (launch.fuel_need(ctx, p, tile), "fuel")):
        if need:
            ready *= min(1.0, min(p.resource(r), p.capacity(r)) / need)
    return (1 - _late(s)) * room * len(comps.cruise_tile(tile).destinations) * ready


def term_wout(s: State, comps: Components, seat: int) -> float:
    """The seat's pieces on the network: each comes home with a funding bonus (bumped, or
    at a meeting)."""
    return float(sum(1 for occ in s.board.occupants if occ is not None and occ.seat == seat))


def term_race(s: State, comps: Components, seat: int) -> float:
    """Solo: the seat's cubes on the progress track (the one at T-4 of a launch under way
    too); each ends the game sooner, and Rachel scores more the longer it lasts."""
    if not any(p.kind == "rachel" for p in s.players):
        return 0.0
    cubes = s.board.progress.count(seat)
    if s.turn.phase == "launch" and s.turn.seat == seat:
        cubes += 1
    return float(cubes)


TERMS: dict[str, Callable[[State, Components, int], float]] = {
    "sdest": term_sdest, "plan": term_plan, "wout": term_wout, "race": term_race}


# --- changes -------------------------------------------------------------------------------
def parse(change: str) -> tuple[str, float]:
    """`NAME=VALUE`: a price of engine.bots.greedy (upper case) or a term of TERMS (lower
    case) at that weight; ValueError names what is wrong."""
    name, sep, raw = change.partition("=")
    if not sep:
        raise ValueError(f"{change!r}: a change is NAME=VALUE")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{change!r}: {raw!r} is not a number") from None
    if name in TERMS:
        return name, value
    old = getattr(greedy, name, None) if name.isupper() else None
    if isinstance(old, bool) or not isinstance(old, (int, float)):
        raise ValueError(f"{change!r}: {name} is neither a price of the greedy bot nor a term "
                         f"({', '.join(TERMS)})")
    return name, value


@contextmanager
def changed(changes: list[str]) -> Iterator[None]:
    """The greedy bot with these changes, put back as it was afterwards. A price worked out
    from another when the module loads (TOKEN_ABOARD from UPGRADE, VISIT_BUILD from CABIN)
    keeps its value: change it too where it should follow."""
    parsed = [parse(c) for c in changes]
    prices = {n: v for n, v in parsed if n not in TERMS}
    terms = [(TERMS[n], v) for n, v in parsed if n in TERMS]
    old_prices = {n: getattr(greedy, n) for n in prices}
    old_value = greedy.value

    def value(s: State, comps: Components, seat: int) -> float:
        v = old_value(s, comps, seat)
        for term, weight in terms:
            v += weight * term(s, comps, seat)
        return v

    try:
        for n, v in prices.items():
            setattr(greedy, n, type(old_prices[n])(v) if isinstance(old_prices[n], int)
                    and v.is_integer() else v)
        if terms:
            greedy.value = value  # the expert and the greedy bot read it from the module
        yield
    finally:
        for n, v in old_prices.items():
            setattr(greedy, n, v)
        greedy.value = old_value


# --- games ---------------------------------------------------------------------------------
class Screened(msgspec.Struct, frozen=True):
    """One solo game: the bot's VP and Rachel's, the rounds, the round of each of the bot's
    launches and each launch's (segments, guests, destinations)."""

    seed: int
    mine: int
    rachel: int
    rounds: int
    launches: list[int]
    shapes: list[tuple[int, int, int]]


class Screen(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    bot: str
    difficulty: str
    changes: list[str]
    games: list[Screened]
    data: str


SCREEN_FORMAT = "galcruise-screen"
SCREEN_VERSION = 1


def play(bot: str, difficulty: str, seed: int, changes: list[str]) -> Screened:
    """The bot's solo game on `seed`, played as `bench versus` plays it."""
    from bench.versus import _solo

    launched: list[int] = []
    shapes: list[tuple[int, int, int]] = []
    flown: list[int] = []  # the ship of each Launch command, in order

    def note_launches(game: Game) -> None:
        # Liftoff ends inside a command's apply (Rachel's turns may follow); at the seat's
        # next command the ship is still out, its guests and tile aboard.
        p = game.state.players[SEAT]
        for ship in flown[len(shapes):p.launches]:
            sh = p.ships[ship]
            shapes.append((len(sh.segments), len(sh.guests),
                           len(game.comps.cruise_tile(sh.cruise or "").destinations)))

    def seen(game: Game, cmd: Command) -> None:
        note_launches(game)
        if isinstance(cmd, Launch):
            flown.append(cmd.ship)
            launched.append(game.state.round)

    with changed(changes):
        mine, rachel, game = _solo(bot, seed, difficulty, seen=seen)
    note_launches(game)
    return Screened(seed, mine, rachel, game.state.round, launched, shapes)


def _play(args: tuple[str, str, int, list[str]]) -> Screened:
    return play(*args)


def games(bot: str, difficulty: str, count: int, seed: int, changes: list[str], jobs: int = 1,
          skip: frozenset[int] = frozenset()) -> Iterator[Screened]:
    tasks = [(bot, difficulty, s, changes) for s in range(seed, seed + count) if s not in skip]
    yield from pool.results(_play, tasks, jobs)


def run(bot: str, difficulty: str, count: int, seed: int, changes: list[str], jobs: int = 1,
        save: Path | None = None, echo: Callable[[str], None] | None = None) -> Screen:
    """The run's games; `save` keeps each as it ends, and a file that holds games of this
    run already has them counted, not played again."""
    for c in changes:
        parse(c)  # refused before any game is played
    played: list[Screened] = []
    if save is not None and save.exists():
        old = load(save)
        if (old.bot, old.difficulty, old.changes) != (bot, difficulty, changes):
            raise ValueError(f"{save}: holds {_words(old)}: another run")
        runfile.same_data(save, old.data)
        played = list(old.games)
    done = frozenset(g.seed for g in played)
    out = Screen(SCREEN_FORMAT, SCREEN_VERSION, bot, difficulty, changes, played, data_set())
    for g in games(bot, difficulty, count, seed, changes, jobs, done):
        played.append(g)
        if echo is not None:
            echo(f"  seed {g.seed}: {g.mine} against Rachel's {g.rachel}, {g.rounds} rounds, "
                 f"launches in rounds {', '.join(map(str, g.launches)) or 'none'}")
        if save is not None:
            write_atomic(save, msgspec.json.encode(out))
    return out


def load(path: Path) -> Screen:
    return runfile.read(path, Screen, SCREEN_FORMAT, SCREEN_VERSION, "a screen run")


# --- reports -------------------------------------------------------------------------------
def _words(s: Screen) -> str:
    return f"{s.bot} at {s.difficulty}, " + (", ".join(s.changes) or "as it is")


def _spread(xs: list[float]) -> float:
    """Two standard errors of the mean (0 for fewer than two)."""
    return 2 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0


def launch_words(gs: list[Screened]) -> str:
    shapes = [x for g in gs for x in g.shapes]
    if not shapes:
        return "no launches"
    n = len(shapes)
    return (f"{n / len(gs):.2f} launches a game: {sum(a for a, _, _ in shapes) / n:.2f} "
            f"segments, {sum(b for _, b, _ in shapes) / n:.2f} guests, "
            f"{sum(c for _, _, c in shapes) / n:.2f} destinations, "
            f"{sum(b * c for _, b, c in shapes) / n:.2f} tours a launch")


def summary(s: Screen) -> list[str]:
    gs = sorted(s.games, key=lambda g: g.seed)
    if not gs:
        return [f"{_words(s)}: no games"]
    return [f"{_words(s)}, {len(gs)} seeds ({gs[0].seed}-{gs[-1].seed}): "
            f"{statistics.mean(g.mine for g in gs):.1f} VP a game against Rachel's "
            f"{statistics.mean(g.rachel for g in gs):.1f}; beats her in "
            f"{sum(g.mine > g.rachel for g in gs)}; {statistics.mean(g.rounds for g in gs):.1f}"
            f" rounds", "  " + launch_words(gs), f"played on {data_words(s.data)}"]


def compare(base: Screen, new: Screen) -> list[str]:
    """The change's worth, seed for seed: the mean difference of the bot's VP and of its
    margin over Rachel, each +- two standard errors."""
    if (base.bot, base.difficulty, base.data) != (new.bot, new.difficulty, new.data):
        raise ValueError(f"not comparable: {_words(base)} on {data_words(base.data)} against "
                         f"{_words(new)} on {data_words(new.data)}")
    a = {g.seed: g for g in base.games}
    b = {g.seed: g for g in new.games}
    seeds = sorted(set(a) & set(b))
    if not seeds:
        return ["no seeds in common"]
    own = [float(b[s].mine - a[s].mine) for s in seeds]
    margin = [float((b[s].mine - b[s].rachel) - (a[s].mine - a[s].rachel)) for s in seeds]
    rounds = [float(b[s].rounds - a[s].rounds) for s in seeds]
    return [f"{_words(new)} against {_words(base)}, paired on {len(seeds)} seeds:",
            f"  own VP {statistics.mean(own):+.1f} +- {_spread(own):.1f}; margin over Rachel "
            f"{statistics.mean(margin):+.1f} +- {_spread(margin):.1f}; wins "
            f"{sum(a[s].mine > a[s].rachel for s in seeds)} -> "
            f"{sum(b[s].mine > b[s].rachel for s in seeds)}; rounds "
            f"{statistics.mean(rounds):+.1f}",
            "  before: " + launch_words([a[s] for s in seeds]),
            "  after:  " + launch_words([b[s] for s in seeds])]

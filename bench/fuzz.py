"""`python -m bench fuzz`: random-legal games at every player count and solo difficulty, with
every invariant checked after every command. A failure is shrunk (delta debugging over the
command log) and written as a save that loads straight into the app or `galcruise replay`.
"""

from __future__ import annotations

import re
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import msgspec

from bench.games import DIFFICULTIES, MAX_COMMANDS, PLAYER_COUNTS
from engine import Game, GameOptions, IllegalCommand
from engine.bots.random_bot import RandomBot
from engine.command_union import decode_json, encode_json
from engine.commands import Command
from engine.component_sets import components_for
from engine.invariants import check as invariants
from saves.atomic import write_atomic
from saves.envelope import decode, encode, new_file
from saves.session import Session, now

Check = Callable[[Game], list[str]]
SNAPSHOT_EVERY = 25  # how often a snapshot round trip is compared with the live hash


class Failure(msgspec.Struct):
    options: GameOptions
    at: int  # commands applied when it showed, the failing one included
    signature: str  # what must show again for a shorter log to count as the same failure
    messages: list[str]
    crashed: bool = False  # the last command raised inside the engine


def module_sets() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every combination of the registered modules the book allows, with and without the
    variants of the modules in it: (modules, variants)."""
    from itertools import combinations

    from engine.modules import MODULES, VARIANT_MODULE, problems

    ids = sorted(MODULES)
    out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for n in range(1, len(ids) + 1):
        for mods in combinations(ids, n):
            if problems(mods):
                continue
            out.append((mods, ()))
            variants = tuple(v for v, m in sorted(VARIANT_MODULE.items()) if m in mods)
            # The starting upgrade cards' auction and handicap exclude each other: one each.
            both = tuple(v for v in variants if v in EXCLUSIVE)
            rest = tuple(v for v in variants if v not in EXCLUSIVE)
            for one in both or ((),):
                chosen = rest + ((one,) if one else ())
                if chosen:
                    out.append((mods, tuple(sorted(chosen))))
    return out


# Variants of which a game has at most one, and none solo (the starting upgrade cards').
EXCLUSIVE = ("starting_auction", "starting_handicap")


def _playable(variants: tuple[str, ...], players: int, index: int
              ) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The variants a game at this player count can have, and the handicap's seats (every
    other seat from one that moves with the game's index)."""
    if players == 1:
        return tuple(v for v in variants if v not in EXCLUSIVE), ()
    if "starting_handicap" not in variants:
        return variants, ()
    first = index % players
    return variants, tuple(sorted({first, (first + 2) % players}))


def game_options(index: int, seed: int, module: str | None = None,
                 modules_every: int = 3) -> GameOptions:
    """Game `index` of a run: player counts in turn, solo difficulties in turn, every fifth
    round of player counts on the intro setup, every third (`modules_every`) with a
    combination of modules (module_sets, in turn); with `module`, every game with a
    combination holding it."""
    players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
    rnd = index // len(PLAYER_COUNTS)
    difficulty = DIFFICULTIES[rnd % len(DIFFICULTIES)] if players == 1 else "normal"
    setup = "intro" if rnd % 5 == 4 else "standard"
    modules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    sets = module_sets()
    handicap: tuple[int, ...] = ()
    if module is not None:
        sets = [x for x in sets if module in x[0]]
        if not sets:
            raise ValueError(f"no module {module!r} to fuzz")
        modules, variants = sets[rnd % len(sets)]
        variants, handicap = _playable(variants, players, index)
    elif rnd % modules_every == modules_every - 1 and sets:
        modules, variants = sets[(rnd // modules_every) % len(sets)]
        variants, handicap = _playable(variants, players, index)
    return GameOptions(players=players, seed=seed + index,
                       difficulty=difficulty, setup=setup,  # type: ignore[arg-type]
                       modules=modules, variants=variants, handicap_seats=handicap)


def _signature(messages: list[str]) -> str:
    # Numbers differ between a long log and its shrunk form; the kind of failure does not.
    return re.sub(r"\d+", "#", messages[0])


def _crash(e: BaseException) -> list[str]:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    where = f"{Path(frame.filename).name}:{frame.lineno}"
    return [f"{type(e).__name__} at {where}: {e}"]


class Runner:
    """Applies commands to a live game and, in step, to a replay fed the JSON-decoded log."""

    def __init__(self, opts: GameOptions, checks: Check, shadow: bool = True) -> None:
        self.game = Game.new(opts)
        self.shadow = Game.new(opts) if shadow else None
        self.checks = checks
        self.count = 0
        self.crashed = False  # the live game raised something other than IllegalCommand

    def step(self, cmd: Command) -> list[str]:
        """Apply one command; the problems it shows (empty when all is well).

        IllegalCommand from the live game propagates: during shrinking it means the shorter
        log is not a legal game, which is not the failure being chased.
        """
        g = self.game
        self.count += 1
        try:
            g.apply(cmd)
        except IllegalCommand:
            raise
        except Exception as e:  # noqa: BLE001 - any other exception is the finding
            self.crashed = True
            return _crash(e)
        problems = self.checks(g)
        if self.shadow is not None:
            try:
                self.shadow.apply(decode_json(encode_json(cmd)))
            except Exception as e:  # noqa: BLE001
                return [f"replay from the log refuses a command: {_crash(e)[0]}"]
            if self.shadow.state_hash() != g.state_hash():
                problems.append("replay from the log differs from the live state")
        if self.count % SNAPSHOT_EVERY == 0:
            if Game.from_snapshot(g.snapshot(), g.comps).state_hash() != g.state_hash():
                problems.append("a snapshot round trip changes the state hash")
        try:
            if not g.is_over and not g.legal():
                problems.append("no legal command while the game is not over")
        except Exception as e:  # noqa: BLE001 - the next position cannot even list its moves
            problems.append(f"legal() fails: {_crash(e)[0]}")
        return problems


def play(opts: GameOptions, checks: Check = invariants, shadow: bool = True,
         bot_seed: int | None = None) -> tuple[Game, list[Command], Failure | None]:
    """One random-legal game; stops at the first failure."""
    run = Runner(opts, checks, shadow)
    bot = RandomBot(opts.seed if bot_seed is None else bot_seed)
    log: list[Command] = []
    problems = checks(run.game)
    if problems:
        return run.game, log, Failure(opts, 0, _signature(problems), problems)
    while not run.game.is_over:
        if len(log) >= MAX_COMMANDS:
            msg = [f"the game did not end within {MAX_COMMANDS} commands"]
            return run.game, log, Failure(opts, len(log), _signature(msg), msg)
        cmd = bot.choose(run.game)
        log.append(cmd)
        problems = run.step(cmd)
        if problems:
            return run.game, log, Failure(opts, len(log), _signature(problems), problems,
                                          run.crashed)
    return run.game, log, None


def reproduces(opts: GameOptions, log: list[Command], signature: str,
               checks: Check = invariants) -> int | None:
    """Length of the shortest prefix of `log` that shows the same failure; None when the log
    has an illegal command or never shows it."""
    if not log:
        return None
    run = Runner(opts, checks)
    for i, cmd in enumerate(log):
        try:
            problems = run.step(cmd)
        except IllegalCommand:
            return None
        if problems and _signature(problems) == signature:
            return i + 1
    return None


def shrink(opts: GameOptions, log: list[Command], signature: str, checks: Check = invariants,
           max_tests: int = 4000, max_seconds: float = 300.0) -> list[Command]:
    """Delta debugging: drop chunks of commands, halving the chunk size, while the failure
    still shows and every command stays legal."""
    end = reproduces(opts, log, signature, checks)
    if end is None:
        return log
    cur = log[:end]
    parts = 2
    tests = 0
    deadline = time.monotonic() + max_seconds
    while len(cur) >= 2 and tests < max_tests and time.monotonic() < deadline:
        size = -(-len(cur) // parts)
        for start in range(0, len(cur), size):
            cand = cur[:start] + cur[start + size:]
            tests += 1
            end = reproduces(opts, cand, signature, checks)
            if end is not None:
                cur = cand[:end]
                parts = max(parts - 1, 2)
                break
            if tests >= max_tests or time.monotonic() >= deadline:
                break
        else:
            if size == 1:
                break
            parts = min(len(cur), parts * 2)
    return cur


def write_repro(failure: Failure, log: list[Command], folder: Path) -> Path:
    """A save of the shrunk game. A crashing last command waits in the redo list, so the save
    loads at the position just before it and redo (or the next replay step) shows the crash."""
    opts = failure.options
    comps = components_for(opts.modules)
    gf = new_file(opts, comps.data_id, comps.data_hash, now())
    if failure.crashed:
        gf.commands, gf.redo = list(log[:-1]), list(log[-1:])
    else:
        gf.commands = list(log)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"fuzz-{opts.players}p-{opts.difficulty}-{opts.setup}-seed{opts.seed}.json"
    write_atomic(path, encode(gf))
    return path


def file_round_trip(opts: GameOptions, log: list[Command], live: str) -> list[str]:
    """The whole log through a save file and back, as a player's load would."""
    comps = components_for(opts.modules)
    gf = new_file(opts, comps.data_id, comps.data_hash, now())
    gf.commands = list(log)
    s = Session.from_file(decode(encode(gf), "<fuzz>"), None)
    return [] if s.game.state_hash() == live else ["a save round trip changes the final hash"]


def report_failure(failure: Failure, log: list[Command], folder: Path,
                   checks: Check = invariants) -> Path:
    o = failure.options
    mods = f" modules {'+'.join(o.modules)}{' ' + '+'.join(o.variants) if o.variants else ''}" \
        if o.modules else ""
    print(f"FAIL {o.players}p {o.difficulty} {o.setup}{mods} seed {o.seed} at command "
          f"{failure.at}:")
    for m in failure.messages[:5]:
        print(f"  {m}")
    small = shrink(o, log, failure.signature, checks)
    path = write_repro(failure, small, folder)
    print(f"  shrunk from {len(log)} to {len(small)} commands; reproducing save: {path}")
    print(f"  load it: galcruise replay {path}  (or Load game in the app)")
    return path


def main(games: int, seed: int, out: str | None, stop_after: int = 1,
         mutants: int = 30, module: str | None = None, modules_every: int = 3) -> int:
    folder = Path(out) if out else Path(tempfile.mkdtemp(prefix="galcruise-fuzz-"))
    failures = 0
    commands = 0
    per: dict[str, int] = {}
    with_modules = 0
    played: list[tuple[GameOptions, list[Command]]] = []
    t = time.perf_counter()
    for i in range(games):
        opts = game_options(i, seed, module, modules_every)
        game, log, failure = play(opts)
        played.append((opts, log))
        commands += len(log)
        key = f"{opts.players}p" + (f" {opts.difficulty}" if opts.players == 1 else "")
        per[key] = per.get(key, 0) + 1
        with_modules += bool(opts.modules)
        if failure is None:
            problems = file_round_trip(opts, log, game.state_hash())
            if problems:
                failure = Failure(opts, len(log), _signature(problems), problems)
        if failure is not None:
            failures += 1
            report_failure(failure, log, folder)
            if failures >= stop_after:
                break
    spent = time.perf_counter() - t
    mix = ", ".join(f"{k}: {v}" for k, v in sorted(per.items()))
    combos = len([x for x in module_sets() if module is None or module in x[0]])
    print(f"fuzz: {sum(per.values())} games ({mix}), {commands:,} commands, every invariant "
          f"after each; {failures} failure{'s' if failures != 1 else ''}; {spent:.0f} s; "
          f"{with_modules} with modules ({combos} combinations in turn)")
    if mutants > 0:
        failures += mutant_report(folder, played, mutants, seed)
    return 1 if failures else 0


def mutant_report(folder: Path, played: list[tuple[GameOptions, list[Command]]],
                  per_game: int, seed: int) -> int:
    """Mutate a save of each game; print the outcomes and any traceback. Returns tracebacks."""
    from bench import mutants

    t = time.perf_counter()
    outcomes, tracebacks = mutants.run(folder / "mutants", played, per_game, seed)
    total = sum(outcomes.values())
    kinds = ", ".join(mutants.KINDS)
    print(f"mutants: {total:,} mutated saves ({kinds}; {len(played)} games); "
          f"{outcomes['loaded']:,} loaded unharmed, {outcomes['recovered']:,} recovered from "
          f"the backup, {outcomes['refused']:,} refused in a sentence; "
          f"{outcomes['traceback']} with a traceback; {time.perf_counter() - t:.0f} s")
    for text in tracebacks[:5]:
        print(text)
    return len(tracebacks)

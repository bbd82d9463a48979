"""Bots that think in another process: a search that takes seconds must not hold the app's
interpreter (its GIL) while the player scrolls the board.

The game travels as its snapshot, the answer as JSON commands; the worker loads the same data
set (built-in or `--components`) and keeps it between moves.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import msgspec

from engine.command_union import AnyCommand
from engine.commands import Command
from engine.game import Game

_ranked = msgspec.json.Decoder(list[tuple[AnyCommand, float]])

# A player waits at most about 2 s for the expert's main choice (issue 27). Its budgets count
# work, not time, and a machine 2.5x slower than the one they were set on (stop 35's) took up to
# 4.4 s, so the worker also stops its play-outs once this much time has gone (the one under way
# too, between two options of a greedy choice in it): only the greedy ranking before them
# always finishes. The planner's play-outs stop alike. A fast machine never reaches it solo.
LOOK_SECONDS = 1.4


def _think(kind: str, seed: int, snapshot: bytes, components: str | None, hints: int,
           seconds: float = LOOK_SECONDS) -> bytes:
    from engine.bots.expert import ExpertBot
    from engine.bots.planner import PlannerBot
    from engine.bots.seats import bot_for
    from engine.components import use_components

    use_components(components)
    game = Game.from_snapshot(snapshot)
    # The app's moves need not repeat on another machine (a save records commands, not how
    # they were found), so here the clock may bound the look.
    end = time.monotonic() + seconds

    def left() -> float:
        return end - time.monotonic()

    if hints:
        return msgspec.json.encode(ExpertBot(seed, time_left=left).ranked(game, hints,
                                                                          fill=True))
    if kind == "expert":
        bot = ExpertBot(seed, time_left=left)
    elif kind == "planner":
        bot = PlannerBot(seed, time_left=left)
    else:
        bot = bot_for(kind, seed)
    return msgspec.json.encode([(bot.choose(game), 0.0)])


class Thinker:
    """One worker process, started on first use and kept for the session."""

    def __init__(self, seconds: float = LOOK_SECONDS) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self.seconds = seconds  # the expert's time for play-outs, per choice

    def _run(self, kind: str, seed: int, game: Game, hints: int) -> list[tuple[Command, float]]:
        from engine.components import active_dir

        where: Path | None = active_dir()
        # Starting the worker (and multiprocessing's resource tracker) passes on stderr's file
        # descriptor; a Textual app has swapped sys.stderr for an object with none, so the
        # process's real stderr stands in while they start.
        with contextlib.redirect_stderr(sys.__stderr__ or sys.stderr):
            if self._pool is None:
                # spawn: a fork of an app with running threads could inherit a held lock.
                self._pool = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"))
            job = self._pool.submit(_think, kind, seed, game.snapshot(),
                                    None if where is None else str(where), hints, self.seconds)
        return _ranked.decode(job.result())

    def choose(self, kind: str, seed: int, game: Game) -> Command:
        return self._run(kind, seed, game, 0)[0][0]

    def hints(self, game: Game, seed: int, n: int = 3) -> list[tuple[Command, float]]:
        """The expert's best `n` commands for the decision at hand, with their worth."""
        return self._run("expert", seed, game, n)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

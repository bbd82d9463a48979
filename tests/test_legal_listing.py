"""The legal-move listing is a hot path that is made cheaper now and then; it must never list
anything else. tests/data/legal_digests.json pins, for seeded random games at 1-4 players,
base and with the expansion's module sets, a digest of every position's legal() list (the
same commands in the same order), of the list a bot gets with the free commands skipped, and
of the state after every command: recorded from the listing as it was before the speed work
(commit 8e255cb) and only ever re-recorded (`python tests/test_legal_listing.py --write`)
by a change that means to change the rules, which then says so as test_golden asks.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import msgspec
import pytest

from bench import fuzz
from engine import Game, GameOptions, flow
from engine.bots.random_bot import RandomBot
from engine.ctx import Ctx

DIGESTS = Path(__file__).parent / "data" / "legal_digests.json"
_encode = msgspec.msgpack.Encoder().encode


def _base(index: int) -> GameOptions:
    """Base games: 1-4 players in turn, solo difficulties in turn, the intro set-up now and then."""
    return fuzz.game_options(index, 9800, modules_every=1 << 30)


def _with_modules(k: int) -> GameOptions:
    """Module games: every tenth combination the book allows (fuzz.module_sets), 1-4 players."""
    r = 10 * k
    return fuzz.game_options(4 * r + k % 4, 9900, modules_every=1)


FAST = {**{f"base-{i}": _base(i) for i in range(16)},
        **{f"modules-{k}": _with_modules(k) for k in range(23)}}
SLOW = {f"all-modules-{r}": fuzz.game_options(4 * r + r % 4, 9950, modules_every=1)
        for r in range(len(fuzz.module_sets()))}


def _listed(cmds: list) -> bytes:
    return _encode([(type(c).__name__, c) for c in cmds])


def digest(opts: GameOptions) -> tuple[str, int]:
    """(the digest of a random game's lists and states, positions listed)."""
    game = Game.new(opts)
    bot = RandomBot(opts.seed)
    h = hashlib.blake2b(digest_size=16)
    positions = 0
    free = None
    while not game.is_over:
        ctx = Ctx(game.state, game.comps)
        if free is None:
            free = tuple(ctx.r.free)
        h.update(_listed(game.legal()))
        h.update(_listed(flow.legal(ctx, skip=free)))
        positions += 1
        game.apply(bot.choose(game))
        h.update(game.snapshot())
    return h.hexdigest(), positions


def _pinned() -> dict[str, list]:
    return json.loads(DIGESTS.read_text())


def _check(games: dict[str, GameOptions]) -> int:
    pinned = _pinned()
    positions = 0
    for name, opts in games.items():
        got, n = digest(opts)
        assert [got, n] == pinned[name], f"{name} ({opts}) lists differently"
        positions += n
    return positions


def test_every_listing_is_the_one_pinned() -> None:
    # About 25,000 positions: each list compared, command by command and in order.
    assert _check(FAST) > 25_000


@pytest.mark.slow
def test_every_listing_with_every_module_set_is_the_one_pinned() -> None:
    assert _check(SLOW) > 140_000


def _write() -> None:
    out = {name: list(digest(opts)) for name, opts in {**FAST, **SLOW}.items()}
    DIGESTS.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
    print(f"{len(out)} games, {sum(n for _, n in out.values())} positions")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        _write()

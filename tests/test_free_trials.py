"""legal() skips the trial of a free command in an action whose options it cannot close
(`Action.steady`: by the command's kind; `Action.sure`: any command, in this position) and
tries one split of a choice of resources where the action reads none (`Action.reads_resources`)
or tests all splits at once (`Action.splits`): the list must be the one the trials give, in
every position where an action is under way."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench import fuzz
from engine import Game, GameOptions, flow
from engine.bots.random_bot import RandomBot
from engine.ctx import Ctx
from engine.decisions import Act
from engine.registry import Rules, rules_for
from engine.rules.actions import ACTIONS


def _tried(rules: Rules) -> Rules:
    """The same rules with every free command tried, and every split of its resources."""
    return replace(rules, actions={k: replace(a, steady=frozenset(), sure=None,
                                              reads_resources=True, splits=None)
                                   for k, a in rules.actions.items()})


def _compare(opts: GameOptions, bot_seed: int) -> tuple[int, int]:
    """(positions compared, free commands legal there); asserts each list is the tried one."""
    game = Game.new(opts)
    bot = RandomBot(bot_seed)
    tried = _tried(rules_for(opts.modules))
    positions = free = 0
    while not game.is_over:
        s = game.state
        if any(isinstance(d, Act) for d in s.stack):
            fast = flow.legal(Ctx(s, game.comps))
            slow = flow.legal(Ctx(s, game.comps, tried))
            assert fast == slow, (opts, len(game.comps.agenda_cards), s.stack[-1])
            positions += 1
            free += len(fast) - len(flow.legal(Ctx(s, game.comps), skip=tuple(
                rules_for(opts.modules).free)))
        game.apply(bot.choose(game))
    return positions, free


def test_the_steady_actions_are_base_actions() -> None:
    assert {a for a, e in ACTIONS.items() if e.steady} <= set(ACTIONS)
    assert all(e.steady <= {"card", "drop", "fee"} for e in ACTIONS.values())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_skipped_trials_list_what_the_trials_list(players: int) -> None:
    positions = free = 0
    # Solo games are the shortest (Rachel ends them): one more, for as many positions.
    for seed in range(4 if players == 1 else 3):
        p, f = _compare(GameOptions(players=players, seed=9100 + seed), seed)
        positions += p
        free += f
    assert positions > 150 and free > 150, (positions, free)


@pytest.mark.slow
def test_skipped_trials_list_what_the_trials_list_with_every_module_set() -> None:
    """Module rules may read what a base action reads: one game of each combination."""
    for k in range(len(fuzz.module_sets())):  # set k, at 1-4 players in turn
        _compare(fuzz.game_options(4 * k + k % 4, 9300, modules_every=1), k)

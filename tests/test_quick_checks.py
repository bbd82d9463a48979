"""The quicker forms the legal-move search uses must answer exactly as the full ones: an
action's "is there any option" (actions.EXISTS) against bool(options), over the positions of
random games, for every player, with and without a first item taken."""

from __future__ import annotations

import pytest

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.ctx import Ctx
from engine.decisions import Act
from engine.rules.actions import ACTIONS, EXISTS
from engine.trial import paying


@pytest.mark.parametrize(("players", "seed", "modules"), [
    (3, 12, ()), (3, 13, ("cabin_pairing",)), (2, 14, ("advanced_technologies", "advancements")),
    (2, 15, ("specialised_blueprints", "accommodations", "starting_upgrades")),
])
def test_an_actions_quick_test_answers_as_its_options(players: int, seed: int,
                                                      modules: tuple[str, ...]) -> None:
    game = Game.new(GameOptions(players=players, seed=seed, modules=modules))
    bot = RandomBot(seed)
    asked = found = 0
    for _ in range(350):  # far enough for ships, developments and launches; a few ms each
        if game.is_over:
            break
        here = Ctx(game.state, game.comps)
        for seat, mine in enumerate(game.state.players):
            # Less money too, as after a fee (feasible() asks so): the prices' edges.
            for fee in sorted({0, 1, mine.money // 2, mine.money}):
                ctx = paying(here, seat, fee) if fee else here
                p = ctx.player(seat)
                for action in EXISTS:
                    entry = ctx.r.actions[action]
                    assert entry.exists is ACTIONS[action].exists
                    for taken in ([], ["x"]):
                        for boost in (0, 4):
                            dec = Act(p.seat, action=action, boost=boost, taken=taken)
                            want = bool(entry.options(ctx, p, dec))
                            assert entry.exists(ctx, p, dec) == want, (action, dec, fee)
                            asked += 1
                            found += want
        game.apply(bot.choose(game))
    assert asked > 1000 and 0 < found < asked  # both answers were seen


def test_the_drops_listed_are_those_drop_bonuses_gives_at_every_reputation() -> None:
    from engine.commands import DropReputation
    from engine.rules import funding

    game = Game.new(GameOptions(players=2, seed=1))
    ctx = Ctx(game.state, game.comps)
    p = game.state.players[0]
    top = len(game.comps.board.reputation_icons)
    for rep in range(top + 1):
        p.reputation = rep
        want = [DropReputation(to, kind) for to in range(rep - 1, -1, -1)  # type: ignore[arg-type]
                for kind, n in funding.drop_bonuses(ctx, rep, to).items() if n]
        assert funding.drop_options(ctx, p) == want, rep
    assert top >= 10

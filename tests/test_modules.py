"""Optional rule modules: named in GameOptions, checked, their data added only to their games,
recorded in saves and tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Game, GameOptions, IllegalOptions
from engine.bots.random_bot import RandomBot
from replays import verify
from saves import Session, Store

ACC = ("accommodations",)


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))


def unseen_and_seen(game: Game) -> list[str]:
    b = game.state.board
    return b.agenda_deck + [c for c in b.agenda_display if c] + b.agenda_discard + [
        c for p in game.state.players for c in p.hand]


@pytest.mark.parametrize(("modules", "words"), [
    (("nope",), "no module 'nope' (there are: accommodations, advanced_technologies, advancements, "
     "cabin_pairing, specialised_blueprints, starting_upgrades, station_bonuses)"),
    (ACC + ACC, "module 'accommodations' is named twice"),
])
def test_unknown_or_repeated_modules_are_refused(modules: tuple[str, ...], words: str) -> None:
    with pytest.raises(IllegalOptions, match=words.replace("(", r"\(").replace(")", r"\)")):
        Game.new(GameOptions(players=2, modules=modules))


def test_a_module_adds_its_cards_to_its_games_only() -> None:
    base = Game.new(GameOptions(players=2, seed=4))
    acc = Game.new(GameOptions(players=2, seed=4, modules=ACC))
    assert not [c for c in unseen_and_seen(base) if c.startswith("acc")]
    assert sorted(c for c in unseen_and_seen(acc) if c.startswith("acc")) == \
        ["acc01", "acc02", "acc03", "acc05", "acc06"]  # acc04 needs specialised_blueprints
    assert acc.comps.data_hash != base.comps.data_hash
    assert len(acc.comps.agenda_cards) == len(base.comps.agenda_cards) + 5


def test_a_module_game_plays_to_the_end_saves_and_verifies(tmp_path: Path) -> None:
    opts = GameOptions(players=3, seed=8, modules=ACC)
    s = Session.new(opts, name="acc", store=Store(tmp_path))
    bot = RandomBot(8)
    while not s.game.is_over:
        s.apply(bot.choose(s.game))
    ok, msg = verify(s.path)
    assert ok, msg
    again = Session.load(s.path)
    assert again.game.options.modules == ACC
    assert again.game.state_hash() == s.game.state_hash()
    # Observation and determinize work on a module's data set too.
    d = s.game.determinize(0, 3)
    assert d.comps is s.game.comps


@pytest.mark.parametrize(("modules", "variants", "words"), [
    ((), ("stations_active",), "variant 'stations_active' needs module 'station_bonuses'"),
    (("station_bonuses",), ("nope",), "no variant 'nope'"),
    (("station_bonuses",), ("stations_active",) * 2, "variant 'stations_active' is named twice"),
])
def test_variants_need_their_module(modules: tuple[str, ...], variants: tuple[str, ...],
                                    words: str) -> None:
    with pytest.raises(IllegalOptions, match=words):
        Game.new(GameOptions(players=2, modules=modules, variants=variants))

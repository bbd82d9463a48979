"""『快適空間』 (Accommodations): its component data loads, typed and checked, and merges into a
data set with the other modules; the registered `accommodations` module still adds only its
three agenda cards."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.component_sets import components_for
from engine.components import (
    AdvancedTechnology,
    SpecialisedBlueprint,
    SurchargedAdvancedTechnology,
    SurchargedTechnology,
    load_components,
)
from engine.modules import MODULES, expansion_data
from engine.modules.expansion_data import preview
from engine.options import RULES

MINE = ("specialised_blueprints", "starting_upgrades", "accommodations")
OTHERS = ("cabin_pairing", "advanced_technologies", "station_bonuses", "advancements")
COMBOS = [c for n in range(1, 8) for c in itertools.combinations(OTHERS + MINE, n)
          if set(MINE) & set(c) and not {"cabin_pairing", "specialised_blueprints"} <= set(c)]


def test_the_registered_modules_deal_all_their_contents() -> None:
    assert "specialised_blueprints" in MODULES and "starting_upgrades" in MODULES
    assert not MODULES["accommodations"].agenda  # its cards come with its other contents
    c = components_for(("accommodations",))
    assert [a.id for a in c.agenda_cards if a.id.startswith("acc")] == [
        "acc01", "acc02", "acc03", "acc05", "acc06"]  # Encore Performance needs its module
    assert len(c.technologies) == 10 and [t.id for t in c.tower_tokens] == ["tt3", "tt4"]
    assert {"ex9", "ex10"} <= {e.id for e in c.expert_tiles}


def test_a_game_saved_when_the_module_added_only_its_three_cards_still_loads() -> None:
    """Before its other contents were wired, `accommodations` added its 3 FAQ cards only: a
    game recorded with that data set (its hash) is rebuilt with it and deals as it did."""
    from engine import Game, GameOptions
    from engine.components import with_module_cards
    from saves import SaveError
    from saves.session import rebuild

    old = with_module_cards(load_components(), "accommodations")
    mods = ("accommodations",)
    assert components_for(mods).data_hash != old.data_hash
    assert components_for(mods, old.data_hash) is components_for(mods, old.data_hash)
    assert components_for(mods, old.data_hash).data_hash == old.data_hash
    opts = GameOptions(players=3, seed=11, modules=mods)
    then = Game.new(opts, old)
    g = rebuild(opts, old.data_id, old.data_hash, "old.json", RULES)
    assert g.state_hash() == then.state_hash()
    assert len(g.comps.technologies) == 8 and not g.comps.tower_tokens
    assert [p.tower_bottom for p in g.state.players] == [p.tower_bottom
                                                          for p in then.state.players]
    assert Game.from_snapshot(then.snapshot()).comps.data_hash == old.data_hash
    # A hash no form of the data has is still refused.
    with pytest.raises(Exception, match="made with the component data set"):
        rebuild(opts, "other", "0" * 64, "bad.json", RULES)
    # QA s53 Q10: the same set's name with another hash named the set twice as if two: its
    # files were changed since the game was made.
    now = components_for(mods)
    with pytest.raises(SaveError) as e:
        rebuild(opts, now.data_id, "f" * 64, "bad.json", RULES)
    assert e.value.problem == (
        f"the component data of set {now.data_id} was changed since this game was made (then "
        f"ffffffff, now {now.data_hash[:8]}): start galcruise with --components DIR (a folder "
        "holding it as it was) to load it")
    assert "not the one loaded now" in str(pytest.raises(
        SaveError, rebuild, opts, "other", "0" * 64, "bad.json", RULES).value)


@pytest.mark.parametrize("modules", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_every_combination_loads_in_either_order(modules: tuple[str, ...]) -> None:
    for order in (modules, modules[::-1]):
        c = preview(order)
        assert c.data_hash != load_components().data_hash
        assert len(c.blueprints) == 48
        assert all(isinstance(b, SpecialisedBlueprint) for b in c.blueprints) == \
            ("specialised_blueprints" in modules)
        assert len(c.guest_tokens) == (3 if "specialised_blueprints" in modules else 0)
        assert len(c.starting_upgrade_cards) == (33 if "starting_upgrades" in modules else 0)
        if "accommodations" in modules:
            acc = sorted(a.id for a in c.agenda_cards if a.id.startswith("acc"))
            want = ["acc01", "acc02", "acc03", "acc05", "acc06"]
            want += ["acc04"] if "specialised_blueprints" in modules else []
            assert acc == sorted(want)
            assert {"ex9", "ex10"} <= {e.id for e in c.expert_tiles}
            assert len(c.technologies) == 10
            adv = "advanced_technologies" in modules
            assert all(isinstance(t, AdvancedTechnology) for t in c.technologies) == adv
            mine = [t for t in c.technologies if t.id in ("te09", "te10")]
            assert all(type(t) is (SurchargedAdvancedTechnology if adv else SurchargedTechnology)
                       for t in mine)
            assert [c.surcharge(t.id) for t in c.technologies].count(1) == 2
            assert sorted(t.id for t in c.tower_tokens) == \
                (["tt1", "tt2", "tt3", "tt4"] if "advancements" in modules else ["tt3", "tt4"])


def test_stand_ins_are_marked_and_the_books_items_are_named() -> None:
    c = preview(MINE)
    book = {b.name for b in c.blueprints if b.source == "book"}
    assert book == {"Aerial Stunt Deck", "Wine Tasting Corner"}
    assert "Game Show" in {b.name for b in c.blueprints}
    assert c.starting_upgrade("su01").source == "book"
    assert all(x.source == "stand-in" for x in c.guest_tokens)
    assert sum(1 for x in c.starting_upgrade_cards if x.source == "stand-in") == 32


def test_the_specialised_set_mirrors_the_base_costs_vp_and_icons() -> None:
    base = load_components().blueprints
    mine = preview(("specialised_blueprints",)).blueprints
    assert [(b.cost, b.vp, b.icons) for b in base] == [(b.cost, b.vp, b.icons) for b in mine]
    for pos in ("left", "centre", "right"):
        assert sum(1 for b in mine if b.cabin == pos) == 16


def test_the_starting_cards_name_real_tokens_and_upgrades_once_each() -> None:
    c = preview(("starting_upgrades",))
    pairs = {(x.token, x.upgrade) for x in c.starting_upgrade_cards}
    assert len(pairs) == 33
    assert {x.upgrade for x in c.starting_upgrade_cards} == {u.id for u in c.upgrades}


def test_a_bad_file_is_refused_with_file_item_and_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from engine.components import DataError

    root = tmp_path / "modules"
    shutil.copytree(expansion_data.HERE / "starting_upgrades", root / "starting_upgrades")
    f = root / "starting_upgrades" / "data" / "starting_upgrades.toml"
    f.write_text(f.read_text().replace('upgrade = "up-t2"', 'upgrade = "up-x9"', 1))
    monkeypatch.setattr(expansion_data, "HERE", root)
    with pytest.raises(DataError, match=r"card 'su01': upgrade: 'up-x9' is no upgrade space"):
        expansion_data.load_module("starting_upgrades")


def test_the_wiring_note_covers_every_module_kind_and_variant() -> None:
    from engine.components import ACCOMMODATIONS_EFFECT_KINDS, SEGMENT_EFFECT_KINDS
    from engine.modules.starting_upgrades.variants import VARIANTS

    note = (expansion_data.HERE / "ACCOMMODATIONS_WIRING.md").read_text()
    for word in (*MINE, *ACCOMMODATIONS_EFFECT_KINDS, *SEGMENT_EFFECT_KINDS, *VARIANTS):
        assert f"`{word}`" in note, word

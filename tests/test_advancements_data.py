"""『技術革新』 (Advancements): its component data loads, typed and checked, into the data set of
a game with its modules; the base data set is unchanged."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest

from engine.component_sets import components_for
from engine.components import (
    AdvancedTechnology,
    DataError,
    PairedBlueprint,
    load_components,
)
from engine.modules import MODULES, expansion_data
from saves import Session

MODS = ("cabin_pairing", "advanced_technologies", "station_bonuses", "advancements")
COMBOS = [c for n in range(1, 5) for c in itertools.combinations(MODS, n)]


def test_the_golden_games_data_set_is_what_it_was() -> None:
    # The golden games rest on it: they record the hash of base data set 5, an edition now.
    golden = json.loads((Path(__file__).parent / "golden" / "golden-2p.json").read_text())
    assert components_for((), golden["data_hash"]).data_id == "base-5"
    assert load_components().data_hash != golden["data_hash"]
    # A game saved with it goes on with it (its cockpits as they were), not with today's.
    game = Session.load(Path(__file__).parent / "golden" / "golden-2p.json").game
    assert game.comps.data_id == "base-5"
    assert game.comps.cockpit("ck02").condition.vp == 1
    assert load_components().cockpit("ck02").condition.vp == 2
    assert components_for(()) is components_for(())
    assert not load_components().station_bonus_tiles and not load_components().tower_tokens


@pytest.mark.parametrize("modules", COMBOS, ids=["+".join(c) for c in COMBOS])
def test_every_combination_loads_and_differs_from_the_base(modules: tuple[str, ...]) -> None:
    c = components_for(modules)
    assert c.data_hash != load_components().data_hash
    assert len(c.blueprints) == 48 and len(c.technologies) == 8
    assert all(isinstance(b, PairedBlueprint) for b in c.blueprints) == \
        ("cabin_pairing" in modules)
    assert all(isinstance(t, AdvancedTechnology) for t in c.technologies) == \
        ("advanced_technologies" in modules)
    assert len(c.station_bonus_tiles) == (6 if "station_bonuses" in modules else 0)
    if "advancements" in modules:
        extra = [a.id for a in c.agenda_cards if a.id.startswith("adv")]
        # Generic cards always; a module's card only with its module.
        want = {"adv05", "adv06"}
        want |= {"adv01", "adv02"} if "advanced_technologies" in modules else set()
        want |= {"adv03"} if "cabin_pairing" in modules else set()
        want |= {"adv04"} if "station_bonuses" in modules else set()
        assert set(extra) == want
        assert ("ck20" in [x.id for x in c.cockpits]) == ("cabin_pairing" in modules)
        assert "en20" in [x.id for x in c.engines]
        assert {"ex7", "ex8"} <= {e.id for e in c.expert_tiles}
        assert [t.id for t in c.tower_tokens] == ["tt1", "tt2"]


def test_order_of_modules_is_the_order_of_the_deck() -> None:
    a = components_for(("advancements", "accommodations"))
    b = components_for(("accommodations", "advancements"))
    assert [x.id for x in a.agenda_cards][-7:] == ["adv05", "adv06", "acc01", "acc02", "acc03",
                                                   "acc05", "acc06"]
    assert [x.id for x in b.agenda_cards][-7:] == ["acc01", "acc02", "acc03", "acc05", "acc06",
                                                   "adv05", "adv06"]


def test_only_the_wired_modules_of_the_expansion_are_playable() -> None:
    # The others' rules are not wired into the turn flow (engine/modules/ADVANCEMENTS_WIRING.md).
    assert set(MODS) & set(MODULES) == {"station_bonuses", "advancements",
                                       "advanced_technologies", "cabin_pairing"}


def test_paired_blueprints_mirror_the_base_set() -> None:
    base = load_components().blueprints
    paired = components_for(("cabin_pairing",)).blueprints
    for b, p in zip(base, paired, strict=True):
        assert (b.name, b.cost, b.vp, b.icons) == (p.name, p.cost, p.vp, p.icons)
    for pos in ("left", "centre", "right"):
        mine = [p for p in paired if p.cabin == pos]
        assert len(mine) == 16
        assert 40 <= sum(p.cost for p in mine) <= 41
        assert 32 <= sum(p.vp for p in mine) <= 33


def test_advanced_tiles_start_as_the_base_tiles() -> None:
    base = load_components()
    adv = components_for(("advanced_technologies",))
    for t in base.technologies:
        a = adv.advanced(t.id)
        assert a is not None
        assert (a.name, a.effect, a.neutral_setup, a.phase1_only) == \
            (t.name, t.effect, t.neutral_setup, t.phase1_only)
    assert base.advanced("te03") is None


def _copy_module(tmp_path: Path, module: str) -> Path:
    shutil.copytree(expansion_data.HERE / module, tmp_path / module)
    return tmp_path / module / "data"


@pytest.mark.parametrize(("module", "file", "old", "new", "words"), [
    ("cabin_pairing", "blueprints.toml", 'cabin = "right"', 'cabin = "middle"',
     "blueprint 'cp04': Invalid enum value 'middle' - at `$.blueprint[3].cabin`"),
    ("advanced_technologies", "technologies.toml", "money = [1, 2]\n", "money = [2, 1]\n",
     "technology 'te01': money: spaces 1 to 3, each once, in order"),
    ("station_bonuses", "station_bonuses.toml", 'kind = "vp"', 'kind = "money"',
     "kind: one tile of each of money, ad, resource, vp, reputation, agenda"),
    ("advancements", "agenda.toml", 'requires = "cabin_pairing"\n', "",
     "card 'adv03': requires: its effect 'pairing_discount' needs module 'cabin_pairing'"),
    ("advancements", "cockpits.toml", "vp = 2", "vp = 2, colour = 1",
     "cockpit 'ck20': Object contains unknown field `colour`"),
])
def test_bad_module_data_is_refused_naming_file_item_and_field(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, file: str, old: str,
        new: str, words: str) -> None:
    data = _copy_module(tmp_path, module)
    text = (data / file).read_text()
    assert old in text
    (data / file).write_text(text.replace(old, new, 1))
    monkeypatch.setattr(expansion_data, "HERE", tmp_path)
    with pytest.raises(DataError) as e:
        expansion_data.load_module(module)
    assert file in str(e.value)
    assert words in str(e.value)


def test_a_module_card_of_an_unknown_kind_is_refused_in_the_merged_set() -> None:
    # A kind no code carries out is refused unless its module is in play.
    from engine.components import check

    c = components_for(("cabin_pairing", "advancements"))
    assert check(c, merged=("cabin_pairing", "advancements")) == []
    bad = check(c, merged=("advancements",))
    assert any("'adv03': effect.kind: 'pairing_discount' has no code" in b for b in bad)


def test_unknown_module_has_no_data() -> None:
    with pytest.raises(DataError, match="no component data for module 'nope'"):
        components_for(("nope",))


def test_the_wiring_note_covers_every_module_and_every_new_effect_kind() -> None:
    from engine.components import MODULE_EFFECT_KINDS

    note = (expansion_data.HERE / "ADVANCEMENTS_WIRING.md").read_text()
    for m in MODS:
        assert f"`{m}`" in note
    for kind in MODULE_EFFECT_KINDS:
        assert f"`{kind}`" in note, kind


def test_an_id_repeated_from_the_base_set_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _copy_module(tmp_path, "advancements")
    text = (data / "engines.toml").read_text()
    (data / "engines.toml").write_text(text.replace('id = "en20"', 'id = "en05"'))
    monkeypatch.setattr(expansion_data, "HERE", tmp_path)
    with pytest.raises(DataError, match="modules/advancements/data merged into the base set: "
                                        "engines.toml: engine 'en05': id: appears twice"):
        expansion_data.with_expansion(load_components(), "advancements", ("advancements",))

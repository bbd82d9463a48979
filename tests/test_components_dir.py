"""A component data set a player can replace: `galcruise --components DIR` (or
GALCRUISE_COMPONENTS) loads a whole folder of TOML, checked at load; the data-set id hashes the
decoded data; a save records its data set and is refused under another."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.components import DATA_DIR, DataError, load_components, use_components
from galcruise_tui.cli import main as cli


@pytest.fixture(autouse=True)
def _builtin_data_after() -> Iterator[None]:
    yield
    use_components(None)  # the CLI sets the process's data set: leave the built-in one


def copy_data(tmp_path: Path, name: str = "mine") -> Path:
    d = tmp_path / name
    shutil.copytree(DATA_DIR, d)
    return d


def simulate_hash(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli([*args]) == 0
    out = capsys.readouterr().out
    m = re.search(r"state ([0-9a-f]{16})", out)
    assert m, out
    return m.group(1)


def test_a_copy_with_comments_plays_the_same_game(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    copy = copy_data(tmp_path)
    for f in copy.glob("*.toml"):
        f.write_text("# my own copy, typed in\n\n" + f.read_text() + "\n\n# end\n")
    sim = ["simulate", "--players", "2", "--seed", "9", "--max-turns", "12"]
    plain = simulate_hash(capsys, *sim, "--out", str(tmp_path / "a.json"))
    assert simulate_hash(capsys, "--components", str(copy), *sim,
                         "--out", str(tmp_path / "b.json")) == plain
    assert simulate_hash(capsys, *sim, "--components", str(copy),
                         "--out", str(tmp_path / "c.json")) == plain
    monkeypatch.setenv("GALCRUISE_COMPONENTS", str(copy))
    assert simulate_hash(capsys, *sim, "--out", str(tmp_path / "d.json")) == plain
    # Same decoded data, same data set: the saves verify under either.
    monkeypatch.delenv("GALCRUISE_COMPONENTS")
    use_components(None)
    assert cli(["verify", str(tmp_path / "d.json")]) == 0


def test_a_save_is_refused_under_another_data_set(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    other = copy_data(tmp_path, "house-rules")
    board = other / "board.toml"
    board.write_text(board.read_text().replace('data_id = "base-6"', 'data_id = "house-1"')
                     .replace("start_money = 10", "start_money = 12"))
    save = tmp_path / "house.json"
    assert cli(["--components", str(other), "simulate", "--players", "2", "--seed", "4",
                "--max-turns", "5", "--out", str(save)]) == 0
    use_components(None)
    capsys.readouterr()
    assert cli(["verify", str(save)]) == 2
    err = capsys.readouterr().err
    assert "house-1" in err and "base-6" in err and "--components" in err
    assert cli(["verify", str(save), "--components", str(other)]) == 0


def refused(data: Path) -> str:
    with pytest.raises(DataError) as e:
        load_components(data)
    return str(e.value)


def test_an_effect_no_code_carries_out_is_refused(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    f = d / "upgrades.toml"
    # tech_free is a known word with no code behind it: the card would silently do nothing.
    f.write_text(f.read_text().replace('kind = "fee_free"', 'kind = "tech_free"', 1))
    msg = refused(d)
    assert "upgrades.toml" in msg and "'up-t2'" in msg and "effect.kind" in msg
    assert "tech_free" in msg


def test_a_duplicate_id_is_refused(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    f = d / "cockpits.toml"
    f.write_text(f.read_text().replace('id = "ck02"', 'id = "ck01"', 1))
    msg = refused(d)
    assert "cockpits.toml" in msg and "'ck01'" in msg and "id" in msg and "twice" in msg


def test_counts_must_match_the_component_list(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    f = d / "agenda.toml"
    text = f.read_text()
    last = text.rindex("[[card]]")
    f.write_text(text[:last])
    msg = refused(d)
    assert "agenda.toml" in msg and "35 items, the game has 36" in msg


def test_a_wrong_field_names_the_file_the_item_and_the_field(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    f = d / "rachel.toml"
    f.write_text(f.read_text().replace("first = 3", 'first = "three"', 1))
    msg = refused(d)
    assert "rachel.toml" in msg and "'ra03'" in msg and "first" in msg


def test_a_control_character_in_any_text_is_refused(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A name or text reaches the screen through many sentences; an escape sequence in one
    would act on the terminal, so the folder is refused at load, naming where."""
    d = copy_data(tmp_path)
    f = d / "blueprints.toml"
    title = 'name = "Kara\\u001b]0;owned\\u0007"'  # an OSC sequence that retitles the terminal
    f.write_text(f.read_text().replace('name = "Karaoke"', title, 1))
    msg = refused(d)
    assert "blueprints.toml" in msg and "name" in msg and "U+001B" in msg
    assert "\x1b" not in msg and "\x07" not in msg
    assert cli(["--components", str(d), "simulate", "--max-turns", "1",
                "--out", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "U+001B" in err and "\x1b" not in err and "Traceback" not in err


def test_a_control_character_in_an_id_is_named_by_its_place(tmp_path: Path) -> None:
    d = copy_data(tmp_path)
    f = d / "cockpits.toml"
    f.write_text(f.read_text().replace('id = "ck02"', 'id = "ck\\u009b02"', 1))
    msg = refused(d)
    assert "cockpits.toml" in msg and "U+009B" in msg and "\x9b" not in msg


def test_the_cli_refuses_a_broken_dir_in_one_sentence(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    d = copy_data(tmp_path)
    (d / "engines.toml").unlink()
    assert cli(["--components", str(d), "simulate", "--max-turns", "1",
                "--out", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err
    assert "engines.toml" in err and "cannot read" in err and "Traceback" not in err


def test_the_accommodations_cards_are_not_in_the_base_deck() -> None:
    # FAQ footnote (*): PAL 9001, Schedule Advance and Board Game Cruise are 快適空間 cards.
    from engine.components import module_agenda, with_module_cards

    base = load_components()
    names = {"PAL 9001", "Schedule Advance", "Board Game Cruise"}
    assert not names & {c.name for c in base.agenda_cards}
    extra = module_agenda("accommodations")
    assert {c.name for c in extra} == names
    # Their three base slots hold stand-ins with the same resources, marked as such.
    for i, resource in (("ag08", "oxygen"), ("ag10", "fuel"), ("ag11", "oxygen")):
        card = base.agenda(i)
        assert card.source == "stand-in" and card.resource == resource
    both = with_module_cards(base, "accommodations")
    assert len(both.agenda_cards) == 39 and both.data_hash != base.data_hash

"""Game files on disk: huge files refused before reading, refusals that name the right file,
names told apart from paths, simulate saving into the store, complete games round-tripped."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from engine import GameOptions
from engine.bots.random_bot import RandomBot
from galcruise_tui.cli import main as cli
from replays import Replay, verify
from saves import SaveError, Session, Store
from saves.atomic import backup_path
from saves.envelope import HASH_EVERY, MAX_BYTES, encode

GB = 1024 ** 3


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))


def short_game(store: Store, name: str, n: int = 30) -> Session:
    s = Session.new(GameOptions(players=2, seed=4), name=name, store=store)
    bot = RandomBot(4)
    for _ in range(n):
        s.apply(bot.choose(s.game))
    return s


def sparse(path: Path, size: int = GB) -> Path:
    with open(path, "wb") as f:
        f.truncate(size)  # no blocks on disk: only a reader that reads it all would notice
    return path


# --- a 1 GB file -----------------------------------------------------------------------------
def test_every_reader_refuses_a_huge_file_without_reading_it(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    st = Store(tmp_path)
    short_game(st, "fine")
    huge = sparse(st.root / "huge.json")
    too_large = f"{huge}: too large to be a galcruise save ({GB} bytes)."
    tracemalloc.start()
    try:
        for read in (Session.load, Replay.open, verify, st.import_file):
            with pytest.raises(SaveError) as err:
                read(huge)
            assert str(err.value) == too_large
        listed = {i.name: i.error for i in st.list()}
        assert cli(["verify", str(huge)]) == 2
        assert cli(["replay", str(huge), "--json"]) == 2
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert listed == {"fine": None, "huge": too_large}
    assert peak < 16 * 1024 * 1024  # nothing near the 1 GB (or the 64 MB cap) was held
    err = capsys.readouterr().err
    assert err == f"galcruise: {too_large}\n" * 2
    assert huge.stat().st_size == GB


def test_a_file_just_over_the_cap_is_refused_and_one_at_the_cap_is_read(tmp_path: Path) -> None:
    over = sparse(tmp_path / "over.json", MAX_BYTES + 1)
    with pytest.raises(SaveError, match="too large"):
        Session.load(over)
    at = sparse(tmp_path / "at.json", MAX_BYTES)  # all zero bytes: read, then not a save
    with pytest.raises(SaveError) as err:
        Session.load(at)
    assert str(err.value) == f"{at}: not a galcruise save (unreadable bytes)."


def test_a_folder_named_like_a_save_is_refused_in_one_sentence(tmp_path: Path) -> None:
    st = Store(tmp_path)
    st.root.mkdir(parents=True)
    folder = st.root / "odd.json"
    folder.mkdir()
    with pytest.raises(SaveError) as err:
        Replay.open(folder)
    assert str(err.value) == f"{folder}: cannot read it (a folder)."
    assert [(i.name, i.error) for i in st.list()] == [("odd", str(err.value))]


# --- refusals name the right file --------------------------------------------------------------
def test_bad_main_file_and_bad_backup_name_the_main_files_problem(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s = short_game(st, "both")
    main, bak = s.path, backup_path(s.path)
    main.write_bytes(b'{"trunc')
    bak.write_bytes(b"garbage\x00\x01")
    with pytest.raises(SaveError) as err:
        Session.load("both", st)
    assert str(err.value) == (f"{main}: truncated or damaged JSON; its backup both.json.bak is "
                              "bad too (not a galcruise save (unreadable bytes)).")
    assert err.value.problem == "truncated or damaged JSON"
    assert main.read_bytes() == b'{"trunc' and bak.read_bytes() == b"garbage\x00\x01"


def test_format_version_zero_is_refused(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s = short_game(st, "zero")
    doc = json.loads(s.path.read_text())
    doc["format_version"] = 0
    bad = tmp_path / "zero.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as err:
        Session.load(bad)
    assert str(err.value) == f"{bad}: damaged save: format version 0 never existed."


# --- names and paths ---------------------------------------------------------------------------
def test_save_names_with_dots_load_by_name(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s = short_game(st, "v1.2")
    assert s.path == st.root / "v1.2.json"
    again = Session.load("v1.2", st)
    assert again.path == s.path and again.game.state_hash() == s.game.state_hash()
    assert [i.name for i in st.list()] == ["v1.2"]


def test_store_tells_names_from_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    st = Store(tmp_path / "data")
    short_game(st, "game.json")  # a name may end in .json: stored as game.json.json
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text("{}")
    (tmp_path / "loose.json").write_text("{}")
    assert st.locate("game.json") == st.root / "game.json.json"  # the save wins
    assert st.locate("loose.json") == Path("loose.json")  # not a save here: the file
    assert st.locate("./game.json") == Path("game.json")  # a separator makes it a path
    assert st.locate(Path("game.json")) == Path("game.json")  # so does being a Path
    assert st.locate("missing 1.5") == st.root / "missing 1.5.json"
    with pytest.raises(SaveError) as err:
        Session.load("missing 1.5", st)
    assert str(err.value) == (f"{st.root / 'missing 1.5.json'}: cannot read it "
                              "(No such file or directory).")


# --- simulate ----------------------------------------------------------------------------------
def test_simulate_saves_into_the_store_by_default(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert cli(["--data-dir", str(data), "simulate", "--players", "1", "--seed", "2"]) == 0
    first = data / "saves" / "1p-seed2.json"
    assert capsys.readouterr().out.rstrip().endswith(f" -> {first}")
    assert cli(["--data-dir", str(data), "simulate", "--players", "1", "--seed", "2"]) == 0
    second = data / "saves" / "1p-seed2-2.json"
    assert capsys.readouterr().out.rstrip().endswith(f" -> {second}")
    assert first.read_bytes() != b"" and verify(second)[0]
    infos = Store(data).list()
    assert sorted(i.name for i in infos) == ["1p-seed2", "1p-seed2-2"]
    assert all(i.over for i in infos)
    # Without --data-dir, GALCRUISE_HOME decides.
    assert cli(["simulate", "--players", "1", "--seed", "3"]) == 0
    home = tmp_path / "home" / "saves" / "1p-seed3.json"
    assert capsys.readouterr().out.rstrip().endswith(f" -> {home}")
    assert home.is_file()


# --- complete games through disk ---------------------------------------------------------------
@pytest.mark.parametrize("players,seed,fmt", [(1, 4, "json"), (2, 5, "msgpack"), (4, 6, "json")])
def test_complete_random_games_round_trip_through_disk(tmp_path: Path, players: int, seed: int,
                                                       fmt: str) -> None:
    st = Store(tmp_path)
    s = Session.new(GameOptions(players=players, seed=seed), name="whole", store=st)
    path, s.path = s.path, None  # one write at the end keeps the test fast
    bot = RandomBot(seed)
    while not s.game.is_over:
        s.apply(bot.choose(s.game))
    n = s.length
    if fmt == "json":
        s.path = path
        s.save()
    else:
        path = tmp_path / "whole.msgpack"
        path.write_bytes(encode(s.to_file(), "msgpack"))
    again = Session.load(path)
    assert again.length == n and again.game.is_over
    assert again.game.state_hash() == s.game.state_hash()
    assert again.game.scores() == s.game.scores()
    stored = again.file.hashes
    assert [i for i, _ in stored] == [*range(HASH_EVERY, n, HASH_EVERY), n]
    assert verify(path) == (True, f"OK: {n} commands, {len(stored)} hashes match.")
    rp = Replay.open(path)
    rp.goto(rp.length)
    assert rp.game.is_over and rp.game.scores() == s.game.scores()


def test_a_new_save_is_named_for_its_seed_only_where_one_person_plays(tmp_path: Path) -> None:
    # QA s55 G11: two people at one screen, the log left the seed out (it deals every hidden
    # card) and the save's name, on every Load row, showed it.
    st = Store(tmp_path)
    two = GameOptions(players=3, seed=2914393801, seats=("human", "human", "expert"))
    assert st.fresh_name(two) == "3p-2-people"
    assert "2914393801" not in st.fresh_name(two)
    assert st.fresh_name(GameOptions(players=1, seed=7)) == "1p-seed7"
    assert st.fresh_name(GameOptions(players=2, seed=7, seats=("human", "greedy"))) == "2p-seed7"
    assert st.fresh_name(GameOptions(players=2, seed=7, seats=("greedy", "greedy"))) == \
        "2p-seed7"
    st.path_for("3p-2-people").parent.mkdir(parents=True, exist_ok=True)
    st.path_for("3p-2-people").write_bytes(b"{}")
    assert st.fresh_name(two) == "3p-2-people-2"

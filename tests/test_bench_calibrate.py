"""The calibration instrument keeps each run's per-game figures, so long runs can be reported
again and combined; a file that is not such a run is refused with what is wrong."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import msgspec
import pytest

from bench import calibrate, runfile, versus
from bench.__main__ import main as bench_main
from bench.calibrate import GameStats
from engine.components import DATA_DIR


def _stats(players: int, seed: int, turns: float, scores: list[int]) -> GameStats:
    return GameStats(
        players=players, seed=seed, finished=True, turns_per_player=turns, commands=100,
        launches=[4] * len(scores), first_launch=[7.0] * len(scores), scores=scores,
        engine_scores=[190] if players == 1 else [], goals=2 * len(scores),
        actions={"build_segments": 6}, tech_fees={}, tech_present=["te01"],
        tech_invented=["te01"], card_effects={"ag01": 1}, card_resources={},
        track=9 if players == 1 else 12, cubes=[3] * len(scores),
        engine_cubes=[5] if players == 1 else [])


def test_saved_runs_are_reported_together(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    calibrate.save(a, {2: [_stats(2, 1, 24.0, [110, 130])]}, "greedy", None)
    calibrate.save(b, {2: [_stats(2, 2, 26.0, [150, 90])], 3: [_stats(3, 2, 25.0, [120] * 3)]},
                   "greedy", None)
    by, bot, data, data_set = calibrate.load([a, b])
    assert bot == "greedy" and data is None and data_set == versus.data_set()
    assert sorted(by) == [2, 3]
    assert [g.seed for g in by[2]] == [1, 2]

    assert bench_main(["calibrate", "--load", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.split()[:2] == ["2", "2"])
    # Two 2-player games: 25 turns on average, four scores 90..150, half of them in the band.
    assert "25.0" in row and "90..150" in row and "50%" in row
    assert "build_segments" in out
    assert f"played on data {versus.data_set()}" in out


def test_runs_on_different_data_sets_do_not_mix(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A stand-in change moves every score: a file records the data set it was played on (a
    --data folder's own id and hash, not only its path), and files of two sets are refused
    together. A version 1 file, which did not record it, loads alone and says so."""
    now, house, old = tmp_path / "now.json", tmp_path / "house.json", tmp_path / "old.json"
    calibrate.save(now, {1: [_stats(1, 1, 20.0, [100])]}, "greedy", None)
    folder = tmp_path / "mine"
    shutil.copytree(DATA_DIR, folder)
    board = folder / "board.toml"
    board.write_text(re.sub(r'data_id = "[^"]*"', 'data_id = "house-1"', board.read_text()))
    mine = runfile.data_set(str(folder))
    assert mine.startswith("house-1 ") and mine != versus.data_set()
    # The same folder path, other contents: only the recorded data set tells them apart.
    calibrate.save(house, {1: [_stats(1, 2, 20.0, [100])]}, "greedy", None, mine)
    with pytest.raises(ValueError, match="different data: data base-.*; data house-1"):
        calibrate.load([now, house])

    body = msgspec.json.decode(now.read_bytes())
    body["version"] = 1
    del body["data_set"]
    old.write_bytes(msgspec.json.encode(body))
    *_, data_set = calibrate.load([old])
    assert data_set == ""
    with pytest.raises(ValueError, match="data not recorded"):
        calibrate.load([old, now])
    assert bench_main(["calibrate", "--load", str(old)]) == 0
    assert "played on data not recorded (an older run file)" in capsys.readouterr().out


def test_foreign_damaged_newer_and_mixed_files_are_refused(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    calibrate.save(good, {1: [_stats(1, 1, 20.0, [100])]}, "greedy", None)
    foreign = tmp_path / "foreign.json"
    foreign.write_bytes(b'{"format": "galcruise-save", "version": 1, "bot": "greedy", '
                        b'"data": null, "games": []}')
    truncated = tmp_path / "truncated.json"
    truncated.write_bytes(good.read_bytes()[:40])
    newer = tmp_path / "newer.json"
    body = msgspec.json.decode(good.read_bytes())
    body["version"] = calibrate.STATS_VERSION + 1
    newer.write_bytes(msgspec.json.encode(body))
    other = tmp_path / "other.json"
    calibrate.save(other, {1: [_stats(1, 2, 20.0, [100])]}, "random", None)

    for path, why in ((foreign, "format 'galcruise-save'"), (truncated, "not a calibration"),
                      (newer, "newer galcruise"), (tmp_path / "missing.json", "not a calib")):
        before = path.read_bytes() if path.exists() else None
        with pytest.raises(ValueError, match=why):
            calibrate.load([path])
        assert (path.read_bytes() if path.exists() else None) == before
    with pytest.raises(ValueError, match="different bots or data"):
        calibrate.load([good, other])
    assert bench_main(["calibrate", "--load", str(truncated)]) == 2


def test_a_run_reports_its_progress_game_by_game() -> None:
    seen: list[tuple[int, int]] = []
    by = calibrate.collect(2, 5, (1,), "greedy", jobs=1,
                           progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]
    assert [g.seed for g in by[1]] == [5, 6] and all(g.finished for g in by[1])


def test_the_pace_report_projects_track_length_at_rachels_pace() -> None:
    # Solo: Rachel places 5 cubes in 20 turns (0.25 a turn). Two players place 3 cubes each in
    # 24 turns (0.125): at their pace the 12 spaces take 48 turns, at Rachel's 24. Solo, the
    # player's 3 cubes in 20 turns (0.150) beside Rachel's 0.250 fill 9 spaces in 22.5 turns; a
    # player at her pace, in 18.
    by = {1: [_stats(1, 1, 20.0, [80])], 2: [_stats(2, 1, 24.0, [110, 130])]}
    rows = calibrate.pace_rows(by)
    assert rows[2].split() == ["Rachel", "0.250", "(solo", "games)"]
    assert rows[3].split() == ["1", "9", "0.150", "22.5", "18.0"]
    assert rows[4].split() == ["2", "12", "0.125", "48.0", "24.0"]


def test_a_run_saved_before_pace_was_measured_still_loads(tmp_path: Path) -> None:
    old = tmp_path / "old.json"
    calibrate.save(old, {2: [_stats(2, 1, 24.0, [110, 130])]}, "greedy", None)
    body = msgspec.json.decode(old.read_bytes())
    for g in body["games"]:
        del g["track"], g["cubes"], g["engine_cubes"]
    old.write_bytes(msgspec.json.encode(body))
    by, *_ = calibrate.load([old])
    text = calibrate.render(by, "greedy", None)
    assert "90..150" not in text and "110..130" in text
    assert len(calibrate.pace_rows(by)) == 2  # the heading only: no figures to project from

    # Reported beside a newer run, the old games neither count nor dilute the pace.
    by[2].append(_stats(2, 2, 24.0, [110, 130]))
    by[2][0].turns_per_player = 40.0
    assert calibrate.pace_rows(by)[2].split() == ["2", "12", "0.125", "48.0", "-"]


def test_the_report_gives_medians_winners_and_wins_by_seat() -> None:
    # Three 2-player games: scores 100/130, 140/140 (a tie) and 90/125.
    by = {2: [_stats(2, 1, 24.0, [100, 130]), _stats(2, 2, 24.0, [140, 140]),
              _stats(2, 3, 24.0, [90, 125])],
          1: [_stats(1, 4, 22.0, [200]), _stats(1, 5, 22.0, [150]), _stats(1, 6, 22.0, [190])]}
    row = next(r for r in calibrate.summary_rows(by) if r.split()[:2] == ["2", "3"]).split()
    # All six scores: median 127.5, 4 of 6 in the band; the winners 130, 140, 125: mean 131.7,
    # median 130, all in the band.
    assert row[9:12] == ["120.8", "±", "19.2"]
    assert row[12:18] == ["127.5", "90..140", "67%", "131.7", "130.0", "100%"]
    seats = calibrate.seat_rows(by)
    # Seat 2 won two games and shared one: 2.5 of 3.
    assert seats[1].split() == ["2", "17%", "83%"]
    # Solo: Rachel scores 190 in each; the player's 200 beats her, 190 ties (hers) and 150 loses.
    assert seats[2].split() == ["1", "the", "player", "beats", "Rachel", "in", "33%"]


def test_solo_runs_report_rachels_sheet_beside_the_book(tmp_path: Path) -> None:
    sheet = {"game_vp": 90, "progress": 6, "reputation": 3, "segments": 11, "developments": 5,
             "cockpits": 10, "others": 0, "total": 125}
    games = [msgspec.structs.replace(_stats(1, i, 24.0, [105]), difficulty="hard",
                                     engine_sheets=[sheet]) for i in range(3)]
    path = tmp_path / "hard.json"
    calibrate.save(path, {1: games}, "greedy", None)
    by, bot, data, data_set = calibrate.load([path])
    out = calibrate.render(by, bot, data, data_set)
    assert "solo at hard" in out and "Rachel's final sheet" in out
    book = next(line for line in out.splitlines() if line.split()[:1] == ["book"])
    assert book.split()[1:] == ["97", "12", "15", "20", "15", "25", "0", "184"]
    hard = next(line for line in out.splitlines() if line.split()[:1] == ["hard"])
    assert hard.split()[1:4] == ["3", "24.0", "90.0"] and hard.split()[-1] == "125.0"

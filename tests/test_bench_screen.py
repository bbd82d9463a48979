"""bench screen: a change to the greedy bot's prices for one run, and the paired report."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bench import screen
from bench.runfile import data_set
from bench.screen import Screen, Screened
from engine import Game, GameOptions
from engine.bots import greedy
from engine.state import Occupant


def test_a_change_names_a_price_or_a_term() -> None:
    assert screen.parse("CABIN=3.5") == ("CABIN", 3.5)
    assert screen.parse("sdest=0.5") == ("sdest", 0.5)
    for bad, why in (("CABIN", "NAME=VALUE"), ("CABIN=x", "not a number"),
                     ("NOPE=1", "neither a price"), ("cabin=1", "neither a price"),
                     ("value=1", "neither a price")):
        with pytest.raises(ValueError, match=why):
            screen.parse(bad)


def test_changes_hold_inside_the_run_only() -> None:
    cabin, value = greedy.CABIN, greedy.value
    with screen.changed(["CABIN=4", "FUTURE_CUBES=5"]):
        assert greedy.CABIN == 4.0
        assert greedy.FUTURE_CUBES == 5 and isinstance(greedy.FUTURE_CUBES, int)
        assert greedy.value is value  # no term, the bot's own value
    assert (greedy.CABIN, greedy.value) == (cabin, value)
    with pytest.raises(RuntimeError), screen.changed(["CABIN=9", "wout=2"]):
        assert greedy.CABIN == 9.0 and greedy.value is not value
        raise RuntimeError
    assert (greedy.CABIN, greedy.value) == (cabin, value)


def test_a_term_adds_its_weight_times_its_count() -> None:
    g = Game.new(GameOptions(players=1, seed=3))
    s = g.state
    s.board.occupants[0] = Occupant(0, "worker")
    s.board.occupants[2] = Occupant(0, "worker")
    s.board.occupants[4] = Occupant(1, "worker")  # Rachel's is not the seat's
    before = greedy.value(s, g.comps, 0)
    with screen.changed(["wout=1.5"]):
        assert greedy.value(s, g.comps, 0) == pytest.approx(before + 3.0)
    assert screen.term_race(s, g.comps, 0) == s.board.progress.count(0)


def _run(changes: list[str], games: list[tuple[int, int, int, int]],
         data: str | None = None) -> Screen:
    return Screen(screen.SCREEN_FORMAT, screen.SCREEN_VERSION, "greedy", "normal", changes,
                  [Screened(seed, mine, rachel, rounds, [5], [(3, 2, dests)])
                   for seed, mine, rachel, rounds, dests in
                   ((*g[:4], 1 if not changes else 3) for g in games)],
                  data_set() if data is None else data)


def test_the_report_pairs_the_seeds_both_runs_played() -> None:
    base = _run([], [(1, 100, 150, 20), (2, 120, 110, 22), (3, 90, 200, 24)])
    new = _run(["CABIN=3"], [(1, 110, 150, 20), (2, 124, 118, 23), (4, 1, 1, 1)])
    lines = screen.compare(base, new)
    assert lines[0] == ("greedy at normal, CABIN=3 against greedy at normal, as it is, paired "
                        "on 2 seeds:")
    # own +10 and +4; margin +10 and -4; seed 2 stays a win
    assert lines[1] == ("  own VP +7.0 +- 6.0; margin over Rachel +3.0 +- 14.0; wins 1 -> 1; "
                        "rounds +0.5")
    assert lines[2].endswith("1.00 launches a game: 3.00 segments, 2.00 guests, "
                             "1.00 destinations, 2.00 tours a launch")
    assert lines[3].endswith("3.00 destinations, 6.00 tours a launch")
    with pytest.raises(ValueError, match="not comparable"):
        screen.compare(base, _run(["CABIN=3"], [(1, 1, 1, 1)], data="base-0 0"))


def test_a_saved_run_plays_only_the_seeds_it_lacks(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def play(bot: str, difficulty: str, seed: int, changes: list[str]) -> Screened:
        played.append(seed)
        return Screened(seed, 100 + seed, 100, 20, [], [])

    monkeypatch.setattr(screen, "play", play)
    f = tmp_path / "run.json"
    screen.run("greedy", "normal", 2, 10, ["TOUR=3"], save=f)
    run = screen.run("greedy", "normal", 3, 10, ["TOUR=3"], save=f)
    assert played == [10, 11, 12]
    assert [g.seed for g in screen.load(f).games] == [10, 11, 12] == [g.seed for g in run.games]
    with pytest.raises(ValueError, match="another run"):
        screen.run("greedy", "normal", 3, 10, ["TOUR=2"], save=f)
    with pytest.raises(ValueError, match="neither a price"):
        screen.run("greedy", "normal", 3, 10, ["BAD=2"], save=tmp_path / "other.json")
    f.write_bytes(msgspec.json.encode(_run(["TOUR=3"], [(10, 1, 1, 1)], data="base-0 0")))
    with pytest.raises(ValueError, match="played on data base-0 0, this engine"):
        screen.run("greedy", "normal", 3, 10, ["TOUR=3"], save=f)
    f.write_bytes(msgspec.json.encode({"format": "galcruise-versus"}))
    with pytest.raises(ValueError, match="not a screen run"):
        screen.load(f)


@pytest.mark.slow
def test_a_screened_game_is_the_bots_own_game_on_the_seed() -> None:
    from bench.versus import _solo

    mine, rachel, game = _solo("greedy", 1100, "normal")
    got = screen.play("greedy", "normal", 1100, [])
    assert (got.mine, got.rachel, got.rounds) == (mine, rachel, game.state.round)
    assert len(got.shapes) == len(got.launches) == game.state.players[0].launches
    assert all(1 <= guests <= segments - 1 and dests >= 1
               for segments, guests, dests in got.shapes)


def test_tasks_spread_over_processes_give_every_result() -> None:
    from bench import pool

    assert list(pool.results(abs, [-1, 2, -3])) == [1, 2, 3]  # in order, in this process
    assert sorted(pool.results(abs, [-1, 2, -3], jobs=2)) == [1, 2, 3]

"""Strength runs can be spread over time and processes: every game is kept as it ends, a run
started again plays only what it lacks, and saved runs are reported together."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bench import versus
from bench.__main__ import main as bench_main
from engine import Game


def test_a_saved_run_resumes_where_it_stopped_and_reports_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = versus.report("random", "random", 2, 3, 40, jobs=1)
    part = tmp_path / "part.json"
    # Two seeds first, then the same run of three: only seed 42's two games are played.
    versus.report("random", "random", 2, 2, 40, save=part)
    assert len(versus.load([part]).games) == 4
    seen: list[str] = []
    resumed = versus.report("random", "random", 2, 3, 40, save=part, echo=seen.append)
    assert seen and all("seed 42" in line for line in seen) and len(seen) == 2
    # The same games and the same report as the run in one go (think times aside).
    head = next(line for line in whole.splitlines() if line.startswith("random against"))
    assert resumed.splitlines()[0] == head
    assert bench_main(["versus", "--load", str(part)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == head


def _alone(kind: str, seed: int) -> Game:
    """The solo game a run's bot of `kind` plays on `seed`, played here."""
    from engine import GameOptions
    from engine.bots.seats import bot_for

    game = Game.new(GameOptions(players=1, seed=seed))
    bot = bot_for(kind, seed * 8)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


def test_a_run_keeps_each_games_length_and_the_bots_launches(tmp_path: Path) -> None:
    solo = tmp_path / "solo.json"
    versus.report("greedy", "random", 1, 1, 5, save=solo)
    (g,) = versus.load([solo]).games
    # The same game played here: its last round and the greedy player's launches; and the
    # other bot's own game on the seed, Rachel's score in it kept too (pairing the margins).
    game = _alone("greedy", 5)
    assert (g.mine, g.rachel) == tuple(game.scores())
    assert (g.theirs, g.their_rachel) == tuple(_alone("random", 5).scores())
    assert (g.rounds, g.launches) == (game.state.round, game.state.players[0].launches)
    assert g.rounds > 10 and g.launches >= 1
    lines = versus.summary("greedy", "random", 1, "normal", [g])
    assert f"greedy's games: {g.rounds:.1f} rounds, {g.launches:.2f} launches of its own" in lines
    # Games saved before these were kept count as unknown, not as zero-round games.
    older = versus.Played(6, 0, 100, 90, rachel=120)
    lines = versus.summary("greedy", "random", 1, "normal", [g, older])
    assert any(line.endswith("(kept in 1 of 2 games)") for line in lines)
    assert not any("rounds" in line for line in versus.summary(
        "greedy", "random", 1, "normal", [older]))


def test_a_solo_run_pairs_the_margins_over_rachel_seed_for_seed() -> None:
    a = versus.Played(1, 0, 100, 90, rachel=120, won=False, their_rachel=100)  # -20 vs -10
    b = versus.Played(2, 0, 130, 90, rachel=110, won=True, their_rachel=80)  # +20 vs +10
    lines = versus.summary("greedy", "random", 1, "normal", [a, b])
    assert "margin over Rachel, greedy less random: +0.0 +- 20.0 (2 SE) over 2 seeds; " \
        "random beats Rachel in 1 of them, greedy in 1" in lines
    assert versus.game_line("greedy", "random", 1, a) == \
        "  seed 1: greedy 100 against Rachel's 120; random 90 against her 100"
    # Runs saved before it was kept pair nothing.
    old = versus.Played(3, 0, 100, 90, rachel=120)
    assert not any(line.startswith("margin over") for line in versus.summary(
        "greedy", "random", 1, "normal", [old]))


def test_games_in_parallel_processes_are_the_games_played_in_turn() -> None:
    one = sorted(versus.games("random", "random", 1, 3, 7, "normal", jobs=1),
                 key=lambda g: g.seed)
    two = sorted(versus.games("random", "random", 1, 3, 7, "normal", jobs=2),
                 key=lambda g: g.seed)
    strip = [(g.seed, g.mine, g.theirs, g.rachel, g.won) for g in one]
    assert strip == [(g.seed, g.mine, g.theirs, g.rachel, g.won) for g in two]
    assert len({g.seed for g in one}) == 3


def test_runs_of_another_kind_or_a_foreign_file_are_refused(tmp_path: Path) -> None:
    solo = tmp_path / "solo.json"
    versus.report("random", "random", 1, 1, 3, save=solo)
    other = tmp_path / "hard.json"
    versus.report("random", "random", 1, 1, 3, difficulty="hard", save=other)
    with pytest.raises(ValueError, match="different runs"):
        versus.load([solo, other])
    with pytest.raises(ValueError, match="another run"):
        versus.report("random", "random", 1, 1, 3, difficulty="hard", save=solo)
    foreign = tmp_path / "foreign.json"
    foreign.write_bytes(b'{"format": "galcruise-save", "version": 1}')
    with pytest.raises(ValueError, match="not a versus run"):
        versus.load([foreign])
    newer = tmp_path / "newer.json"
    run = msgspec.json.decode(solo.read_bytes())
    run["version"] = versus.RUN_VERSION + 1
    newer.write_bytes(msgspec.json.encode(run))
    with pytest.raises(ValueError, match="newer"):
        versus.load([newer])
    assert bench_main(["versus", "--load", str(foreign)]) == 2


def test_a_run_on_other_data_is_neither_resumed_nor_counted_with_this_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    now = tmp_path / "now.json"
    versus.report("random", "random", 1, 1, 3, save=now)
    assert versus.load([now]).data == versus.data_set() != ""
    assert versus.data_set().startswith("base-")
    run = msgspec.json.decode(now.read_bytes())
    older = tmp_path / "older.json"  # a version 1 file: no data recorded
    older.write_bytes(msgspec.json.encode({**{k: v for k, v in run.items() if k != "data"},
                                           "version": 1}))
    other = tmp_path / "other.json"
    other.write_bytes(msgspec.json.encode({**run, "data": "base-5 0123456789ab"}))
    before = other.read_bytes()
    with pytest.raises(ValueError, match="different data: data base-5"):
        versus.load([now, other])
    with pytest.raises(ValueError, match="data not recorded"):
        versus.load([now, older])
    with pytest.raises(ValueError, match="played on data base-5 0123456789ab, this engine"):
        versus.report("random", "random", 1, 2, 3, save=other)
    with pytest.raises(ValueError, match="data not recorded"):
        versus.report("random", "random", 1, 2, 3, save=older)
    assert other.read_bytes() == before
    # An older file still reports, and says what it cannot know.
    assert bench_main(["versus", "--load", str(older)]) == 0
    assert "played on data not recorded (an older run file)" in capsys.readouterr().out


def test_the_expert_with_more_look_is_a_bot_of_its_own_for_runs_only(
        tmp_path: Path) -> None:
    from engine.bots import expert
    from engine.bots.seats import BOTS

    big = versus._bot("expert-4x", 5)
    assert isinstance(big, expert.ExpertBot)
    assert (big.budget, big.work, big.beam, big.deals) == (
        4 * expert.BUDGET, 4 * expert.WORK, 5, 6)
    half = versus._bot("expert-2x", 5)
    assert isinstance(half, expert.ExpertBot)
    assert (half.budget, half.work, half.beam, half.deals) == (
        2 * expert.BUDGET, 2 * expert.WORK, 4, 4)
    acts = versus._bot("expert-acts", 5)
    assert isinstance(acts, expert.ExpertBot)
    assert acts.searched == ("phase2", "action", "meeting_action")
    assert expert.ExpertBot(5).searched == ("phase2",)
    end = versus._bot("expert-end", 5)
    assert isinstance(end, expert.ExpertBot)
    assert end.end_cubes == expert.END_CUBES and expert.ExpertBot(5).end_cubes is None
    for kind in ("expert-2x", "expert-4x", "expert-acts", "expert-end"):
        assert kind in versus.KINDS and kind not in BOTS  # no seat offers them
    # Its runs are its own: a file of expert games is not resumed or counted with them.
    mine = tmp_path / "expert.json"
    mine.write_bytes(msgspec.json.encode(versus.Run(
        versus.RUN_FORMAT, versus.RUN_VERSION, "expert", "greedy", 1, "normal",
        [versus.Played(1100, 0, 130, 120, 146)], versus.data_set())))
    with pytest.raises(ValueError, match="another run"):
        versus.report("expert-4x", "greedy", 1, 1, 1100, save=mine)
    with pytest.raises(SystemExit):
        bench_main(["versus", "--bot", "expert-8x", "--load", str(mine)])


def test_first_launch_looks_price_the_way_there_and_put_the_prices_back() -> None:
    """greedy-launch, expert-launch and expert-first (greedy.FIRST_STEP, measured without a
    gain): solo, the actions still between the seat and its first launch lower its value; the
    looks set the price around their own choices only, and nothing else plays with it."""
    from engine import Game, GameOptions
    from engine.bots import expert, greedy
    from engine.bots.seats import BOTS
    from engine.ctx import Ctx

    assert greedy.FIRST_STEP == 0.0 and expert.ExpertBot(5).first_step == 0.0
    solo = Game.new(GameOptions(players=1, seed=2000, difficulty="normal"))
    p = solo.state.players[0]
    # No cruise scheduled, no segment built: two actions at least, the launch a third.
    steps = greedy.launch_steps(Ctx(solo.state, solo.comps), p, 1.0, 1.0, False)
    assert steps >= 3
    two = Game.new(GameOptions(players=2, seed=2000))
    assert greedy.launch_steps(Ctx(two.state, two.comps), two.state.players[0], 1.0) == 0.0
    bot = versus._bot("greedy-launch", 5)
    bot.choose(solo)
    assert greedy.FIRST_STEP == 0.0 and greedy.LAUNCH_STEP == 0.0
    first = versus._bot("expert-first", 5)
    assert isinstance(first, expert.ExpertBot)
    assert first.first_step == versus.LAUNCH_PRICES["FIRST_STEP"]
    for kind in ("greedy-launch", "expert-launch", "expert-first"):
        assert kind in versus.KINDS and kind not in BOTS  # no seat offers them

"""Replays: the same events at a step however it was reached, turns and AGMs both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import GameOptions
from engine.bots.random_bot import RandomBot
from replays import Replay
from replays.replay import CHECKPOINT_EVERY
from saves import Session


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))


class Played:
    """A finished 2-player game on disk, with what a plain forward pass saw at every step."""

    def __init__(self, folder: Path) -> None:
        s = Session.new(GameOptions(players=2, seed=5))
        bot = RandomBot(5)
        while not s.game.is_over:
            s.apply(bot.choose(s.game))
        self.path = folder / "game.json"
        s.save_as(self.path)
        rp = Replay.open(self.path)
        self.events: list[list[str]] = [[]]
        self.turns = [rp.turn()]
        self.agms_done = [rp.game.state.agm_done]
        while rp.index < rp.length:
            self.events.append([e.text for e in rp.step()])
            self.turns.append(rp.turn())
            self.agms_done.append(rp.game.state.agm_done)
        self.length = rp.length
        self.agms = [i for i in range(1, len(self.agms_done))
                     if self.agms_done[i] > self.agms_done[i - 1]]
        self.turn_starts = [i for i in range(len(self.turns))
                            if i == 0 or self.turns[i] != self.turns[i - 1]]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return Played(tmp_path_factory.mktemp("replay"))


def texts(rp: Replay) -> list[str]:
    return [e.text for e in rp.events]


# Around and on the first checkpoints.
TARGETS = [t for t in range(1, 4 * CHECKPOINT_EVERY + 2) if t % CHECKPOINT_EVERY in (0, 1, 49)]


def test_the_game_crosses_checkpoints_that_have_events(played: Played) -> None:
    assert played.length > 4 * CHECKPOINT_EVERY
    # The fault was an empty event list on a checkpoint reached backwards; that needs
    # checkpoints whose command did produce events.
    assert sum(1 for t in TARGETS if t % CHECKPOINT_EVERY == 0 and played.events[t]) >= 3


@pytest.mark.parametrize("target", TARGETS)
def test_events_at_a_step_are_the_same_however_it_is_reached(played: Played,
                                                             target: int) -> None:
    want = played.events[target]
    rp = Replay.open(played.path)
    rp.goto(target)  # forward from the start
    assert texts(rp) == want
    rp.goto(played.length)
    rp.goto(target)  # backward jump, possibly right onto a checkpoint
    assert rp.index == target and texts(rp) == want
    rp.goto(target + 1)
    rp.back()  # one step back
    assert texts(rp) == want
    rp.goto(target - 1)
    assert [e.text for e in rp.step()] == want  # one step forward
    assert texts(rp) == want
    rp.goto(0)
    assert rp.events == []


def test_goto_turn_lands_on_the_first_step_of_the_turn_both_ways(played: Played) -> None:
    rp = Replay.open(played.path)
    last = played.turns[-1]
    for turn in (5, 40, last):
        rp.goto(played.length)
        assert rp.goto_turn(turn)
        assert rp.index == played.turns.index(turn) and rp.turn() == turn
        rp.goto(0)
        assert rp.goto_turn(turn)
        assert rp.index == played.turns.index(turn)
    assert not rp.goto_turn(last + 1)
    assert rp.index == played.length


def test_next_and_prev_turn_walk_every_turn_start(played: Played) -> None:
    rp = Replay.open(played.path)
    seen = [rp.index]
    while rp.next_turn():
        seen.append(rp.index)
    assert seen == played.turn_starts
    assert rp.index == played.length  # after the last turn, the end of the log
    back = []
    rp.goto(played.turn_starts[-1])
    while rp.prev_turn():
        back.append(rp.index)
    assert back == played.turn_starts[-2::-1]
    assert rp.index == 0


def test_next_and_prev_agm_both_ways(played: Played) -> None:
    assert len(played.agms) == 2
    rp = Replay.open(played.path)
    assert rp.agm_steps() == played.agms
    rp.goto(0)
    forward = []
    while rp.next_agm():
        forward.append(rp.index)
    assert forward == played.agms
    assert rp.index == played.agms[-1]  # no further AGM: it stays
    assert texts(rp) == played.events[played.agms[-1]]
    rp.goto(played.length)
    backward = []
    while rp.prev_agm():
        backward.append(rp.index)
        assert rp.game.state.agm_done == played.agms_done[rp.index]
    assert backward == played.agms[::-1]
    assert rp.index == played.agms[0]

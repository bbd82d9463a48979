"""Undo and redo: the order of redone commands, hashes after a new line, undos kept in the file
and shown by a replay."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.describe import describe, seat_name
from replays import Replay, verify
from saves import Session, Store
from saves.envelope import HASH_EVERY, UndoRecord, decode


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))


def replayed_hashes(options: GameOptions, log: list) -> list[str]:
    """The state hash after each prefix of the log, from a fresh game (index = commands)."""
    g = Game.new(options)
    out = [g.state_hash()]
    for cmd in log:
        g.apply(cmd)
        out.append(g.state_hash())
    return out


def diverge(s: Session, old_log: list, until: int) -> None:
    """Play on to `until` commands, wherever possible not as the old log did."""
    while s.length < until:
        legal = s.game.legal()
        i = s.length
        other = [c for c in legal if i >= len(old_log) or c != old_log[i]]
        s.apply((other or legal)[0])


def human_then_bots(store: Store) -> tuple[Session, int]:
    """A human-and-bot game stopped where the human is to move again after a human move and
    two or more bot follow-ups; also the log length before that human move."""
    opts = GameOptions(players=2, seed=3, seats=("human", "random"), free_undo=True)
    s = Session.new(opts, name="hb", store=store)
    path, s.path = s.path, None  # one write at the end keeps it fast
    bot = RandomBot(3)
    while s.length < 20 or s.actors[-2:] != [1, 1] or s.game.pending.seat != 0:
        assert s.length < 400
        s.apply(bot.choose(s.game))
    s.path = path
    s.save()
    return s, max(i for i, seat in enumerate(s.actors) if seat == 0)


def test_redo_puts_back_the_human_move_and_its_bot_follow_ups_in_order(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s, k = human_then_bots(st)
    n = s.length
    log = list(s.file.commands)
    end = s.game.state_hash()
    assert s.undo()
    assert s.length == k
    assert s.file.redo == log[k:]  # in the order played, not reversed
    # The redo list survives a reload, and redo from the loaded game gets the same position.
    again = Session.load("hb", st)
    assert again.file.redo == log[k:]
    assert again.redo()
    assert again.length == n and again.file.redo == []
    assert again.game.state_hash() == end
    assert s.redo()
    assert s.game.state_hash() == end and s.file.commands == log


def test_undo_record_keeps_the_undone_commands_and_the_position_hash(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s, k = human_then_bots(st)
    n = s.length
    log = list(s.file.commands)
    hashes = replayed_hashes(s.game.options, log)
    assert s.undo()
    assert n - k >= 3
    rec = UndoRecord(at=n, undone=n - k, commands=tuple(log[k:]), hash=hashes[k])
    assert s.file.undo_log == [rec]
    on_disk = decode(s.path.read_bytes(), s.path)
    assert on_disk.undo_log == [rec]
    # An older galcruise of the same format version knows only `at` and `undone`; it still
    # reads the record, since UndoRecord accepts fields it does not know.
    class OldUndoRecord(msgspec.Struct, frozen=True):
        at: int
        undone: int

    raw = json.dumps(json.loads(s.path.read_text())["undo_log"]).encode()
    assert msgspec.json.decode(raw, type=list[OldUndoRecord]) == [OldUndoRecord(n, n - k)]


def test_a_replay_shows_the_undo_at_the_step_it_went_back_to(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s, k = human_then_bots(st)
    n = s.length
    log = list(s.file.commands)
    assert s.undo()
    assert s.redo()
    rp = Replay.open(s.path)
    assert rp.undo_steps() == [k]
    rp.goto(k - 1)
    assert rp.undos_here() == [] and rp.undo_notes() == []
    rp.goto(k)
    assert rp.undos_here() == s.file.undo_log
    g = Game.new(s.game.options)
    for cmd in log[:k]:
        g.apply(cmd)
    said = []
    for cmd in log[k:]:
        said.append(describe(g, cmd))
        g.apply(cmd)
    who = seat_name(rp.game, 0)
    assert rp.undo_notes() == [f"Here {who} undid {n - k} commands: {'; '.join(said)}."]


def test_an_undo_on_an_abandoned_line_is_not_shown(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s, k = human_then_bots(st)
    n = s.length
    first = list(s.file.commands)
    assert s.undo()  # back to k: recorded at k
    while s.length > k - 5:  # further back, then a different line
        assert s.undo()
    diverge(s, first, n + 5)
    mine = replayed_hashes(s.game.options, s.file.commands)
    old = replayed_hashes(s.game.options, first)
    assert mine[k] != old[k]  # the new line really differs there
    rp = Replay.open(s.path)
    assert k in rp.undo_steps()
    rp.goto(k)
    assert rp.undos_here() == []
    # The last undo went back onto the prefix both lines share, so it is shown.
    last = s.file.undo_log[-1]
    land = last.at - last.undone
    assert land <= k - 5
    rp.goto(land)
    assert rp.undos_here() == [last]


def test_a_record_from_an_older_file_is_shown_by_its_position(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s, _ = human_then_bots(st)
    doc = json.loads(s.path.read_text())
    doc["undo_log"] = [{"at": 9, "undone": 2}]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    rp = Replay.open(old)
    assert rp.file.undo_log == [UndoRecord(at=9, undone=2)]
    rp.goto(7)
    assert rp.undos_here() == [UndoRecord(at=9, undone=2)]
    pending = rp.game.pending
    assert pending is not None
    assert rp.undo_notes() == [f"Here {seat_name(rp.game, pending.seat)} undid 2 commands."]


def test_undo_then_a_different_line_saves_files_that_verify(tmp_path: Path) -> None:
    st = Store(tmp_path)
    s = Session.new(GameOptions(players=1, seed=3), name="solo", store=st)
    bot = RandomBot(3)
    for _ in range(60):
        s.apply(bot.choose(s.game))
    old_log = list(s.file.commands)
    old = replayed_hashes(s.game.options, old_log)
    for _ in range(12):
        assert s.undo()
    assert s.length == 48
    diverge(s, old_log, 60)
    new = replayed_hashes(s.game.options, s.file.commands)
    assert new[50] != old[50]  # a hash from the undone line would now be wrong
    stored = dict(s.file.hashes)
    assert sorted(stored) == [25, 50, 60]
    assert stored == {i: new[i] for i in (25, 50, 60)}
    other_path = tmp_path / "copy.json"
    s.save_as(other_path)
    assert verify(other_path) == (True, "OK: 60 commands, 3 hashes match.")
    assert verify(st.path_for("solo")) == (True, "OK: 60 commands, 3 hashes match.")
    assert Session.load(other_path).game.state_hash() == new[60]
    # Checkpoints from the undone line are gone too: undoing onto the new line's checkpoint
    # at 50 gives the new line's positions.
    for _ in range(5):
        assert s.undo()
    assert s.length == 55 and s.game.state_hash() == new[55]
    assert all(i % HASH_EVERY == 0 or i == 55 for i, _ in s.to_file().hashes)
    assert dict(s.to_file().hashes) == {25: new[25], 50: new[50], 55: new[55]}


def test_bot_moves_alone_are_not_taken_back(tmp_path: Path) -> None:
    # At a person's first decision after the bots' setup picks, u rewound the bots' moves and
    # they played them again: "Blue took back a move" in the log, as often as u was pressed.
    st = Store(tmp_path)
    for seed in range(20):
        opts = GameOptions(players=2, seed=seed, seats=("human", "random"))
        s = Session.new(opts, name=f"b{seed}", store=st)
        bot = RandomBot(seed)
        while s.game.pending.seat == 1:
            s.apply(bot.choose(s.game))
        if s.length:
            break
    else:
        raise AssertionError("the bot never moved first")
    n = s.length
    assert not s.can_undo and not s.undo()
    assert s.length == n and s.file.undo_log == []
    s.apply(s.game.legal()[0])  # the person's move: that one, and the bots' after it, go back
    while s.game.pending.seat == 1:
        s.apply(bot.choose(s.game))
    assert s.can_undo and s.undo()
    assert s.length == n and not s.can_undo

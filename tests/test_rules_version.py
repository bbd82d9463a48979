"""Rules versions: a game keeps the rules it began under, so a change in the rules never turns
an older game's logged moves illegal or its state hashes wrong.

Rules 2: a technology whose fee is 0 counts by itself (技術: others pay its developers the fee
to use it; at a fee of 0 there is nothing to pay and nothing to do). Under rules 1 it had to be
turned on with a command costing 0 money first.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec
import pytest

from engine import Game, GameOptions, IllegalOptions
from engine import commands as C
from engine.describe import describe
from engine.options import RULES
from replays import verify
from saves.envelope import FORMAT_VERSION, SaveError, decode, encode
from saves.session import Session, starting_position
from saves.table_schema import _SCHEMA
from saves.tables import FILE_NAME, TableStore

FIXTURES = Path(__file__).parent / "fixtures"
FREE_TECH = FIXTURES / "game-2p-free-technology.json"  # a format-1 file: rules 1


def _launches(game: Game) -> list[str]:
    return [describe(game, c) for c in game.legal() if isinstance(c, (C.Launch,
                                                                       C.UseTechnology))]


def test_a_free_technology_counts_by_itself_from_rules_2_and_not_before() -> None:
    # Blue's Fusion Injector (1 fuel less at launch) is what Pink lacks to launch at move 99;
    # at reputation 15 Pink pays no fee for it.
    gf = decode(FREE_TECH.read_bytes(), FREE_TECH)
    assert gf.format_version == 1 and gf.rules == 1
    old = starting_position(gf, FREE_TECH)
    new = Game.new(gf.options, rules=2)  # the log was played before rules 3's window
    assert (old.state.rules, new.state.rules) == (1, 2)
    for cmd in gf.commands[:99]:
        old.apply(cmd)
        new.apply(cmd)
    assert any(d.startswith("Turn on Fusion Injector for this turn (free)")
               for d in _launches(old))
    assert not any(d.startswith("Launch") for d in _launches(old))
    # Rules 2: nothing to turn on; the launch is there, and no 0-money command is listed.
    assert _launches(new) == ["Launch ship 1 (Trainer Cockpit, 1 cabin)"]
    assert not any(isinstance(c, C.UseTechnology) for c in new.legal())


def test_an_older_game_keeps_its_rules_and_hashes_through_load_and_save(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_bytes(FREE_TECH.read_bytes())
    assert verify(path)[0]
    s = Session.load(path)
    assert s.game.state.rules == 1
    # Rules 1 is left out of the state's encoding: the hashes written before rules versions
    # existed still match.
    assert b"rules" not in s.game.snapshot()
    s.save()
    gf = decode(path.read_bytes(), path)
    assert (gf.format_version, gf.rules) == (FORMAT_VERSION, 1)
    assert verify(path)[0]
    assert Session.load(path).game.state_hash() == s.game.state_hash()


def test_a_new_game_is_written_with_the_current_rules(tmp_path: Path) -> None:
    s = Session.new(GameOptions(players=2, seed=5))
    s.path = tmp_path / "new.json"
    s.apply(s.game.legal()[0])
    s.save()
    gf = decode(s.path.read_bytes(), s.path)
    assert (gf.format_version, gf.rules) == (FORMAT_VERSION, RULES)
    assert Session.load(s.path).game.state.rules == RULES
    assert verify(s.path)[0]


def test_rules_newer_than_this_galcruise_are_refused_and_the_file_left_alone(
        tmp_path: Path) -> None:
    gf = decode(FREE_TECH.read_bytes(), FREE_TECH)
    gf.format_version = FORMAT_VERSION
    gf.rules = RULES + 1
    path = tmp_path / "future.json"
    data = encode(gf)
    path.write_bytes(data)
    with pytest.raises(SaveError, match=f"rules version {RULES + 1}, newer than this "):
        Session.load(path)
    assert path.read_bytes() == data
    with pytest.raises(IllegalOptions, match="rules version 0"):
        Game.new(GameOptions(), rules=0)


def test_a_table_store_of_schema_1_is_migrated_and_its_tables_keep_rules_1(
        tmp_path: Path) -> None:
    # A store as galcruise wrote it before rules versions: no `rules` column, schema 1.
    path = tmp_path / FILE_NAME
    old_schema = _SCHEMA.replace(
        "undos INTEGER NOT NULL DEFAULT 0,  -- bumped by every undo: other apps then read "
        "afresh\n    rules INTEGER NOT NULL DEFAULT 1  -- the rules version the game began "
        "under (schema 2)", "undos INTEGER NOT NULL DEFAULT 0")
    assert "rules" not in old_schema
    gf = decode(FREE_TECH.read_bytes(), FREE_TECH)
    db = sqlite3.connect(path)
    db.executescript(old_schema)
    db.execute("INSERT INTO meta VALUES ('format', 'galcruise-tables'), ('schema', '1')")
    db.execute("INSERT INTO tables VALUES ('t1', ?, ?, ?, '2026-01-01T00:00:00Z', 0)",
               (msgspec.json.encode(gf.options), gf.data_id, gf.data_hash))
    for seat, name in enumerate(gf.options.seat_names()):
        db.execute("INSERT INTO seats VALUES ('t1', ?, ?, ?, NULL)",
                   (seat, name, gf.options.seat_kinds()[seat]))
    for seq, cmd in enumerate(gf.commands[:99]):
        db.execute("INSERT INTO moves VALUES ('t1', ?, ?, ?)",
                   (seq, 0, msgspec.json.encode(cmd)))
    db.commit()
    db.close()

    st = TableStore(path)
    game, log = st.game("t1")
    assert len(log) == 99 and game.state.rules == 1
    assert not any(d.startswith("Launch") for d in _launches(game))  # as it was played
    # A table made now plays the current rules; the store says schema 2.
    t2 = st.create(GameOptions(players=2, seed=3), "2026-01-02T00:00:00Z")
    assert st.game(t2)[0].state.rules == RULES
    st.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("2",)
    assert db.execute("SELECT id, rules FROM tables ORDER BY created").fetchall() == [
        ("t1", 1), (t2, RULES)]
    db.close()



def test_rules_2_keeps_a_card_whose_effect_pays_the_launch_from_going_for_its_icon() -> None:
    # Found by a random game: at T-3 Blue was 1 food and 1 oxygen short, holding Rebreathers
    # (ag25: icon food; effect 1 oxygen less at launch) and a food card (ag09), with no drop
    # left. Rules 1 let Rebreathers go for its food and the launch stuck, 1 oxygen short with
    # nothing left to play; rules 2 keeps it for its effect.
    from engine.bots.random_bot import RandomBot
    from engine.ctx import Ctx
    from engine.decisions import LaunchSupplies
    from engine.rules import launch

    game = Game.new(GameOptions(players=2, seed=1))
    bot = RandomBot(1)
    while not isinstance(game.pending, LaunchSupplies):
        game.apply(bot.choose(game))
    s = game.state
    p = s.players[game.pending.seat]
    need = launch.launch_need(Ctx(s, game.comps), p)
    assert need["food"] >= 1 and need["oxygen"] >= 1
    p.hand = ["ag25", "ag09"]
    s.turn.active = []
    p.food, p.oxygen, p.fuel = need["food"] - 1, need["oxygen"] - 1, need["fuel"]
    s.turn.dropped = True
    for rules, kept in ((2, True), (1, False)):
        s.rules = rules
        game._legal_cache = None
        legal = game.legal()
        assert C.PlayAgendaEffect("ag25") in legal and C.PlayAgendaResource("ag09") in legal
        assert (C.PlayAgendaResource("ag25") not in legal) is kept
    s.rules = 2
    game._legal_cache = None
    game.apply(C.PlayAgendaEffect("ag25"))
    game.apply(C.PlayAgendaResource("ag09"))
    assert C.Done() in game.legal()  # the launch is paid for


def test_rules_2_a_free_technology_stays_yours_for_the_turn_once_you_act() -> None:
    # コストを支払った開発トークンに関しては、その手番が終わるまで自由に使用できる: a fee of 0
    # counts as paid once the player acts, so a later drop that raises the fee does not take
    # back the discount a launch was planned on.
    from engine.ctx import Ctx
    from engine.rules import technologies

    gf = decode(FREE_TECH.read_bytes(), FREE_TECH)
    game = Game.new(gf.options, rules=2)  # the log was played before rules 3
    for cmd in gf.commands[:99]:
        game.apply(cmd)
    s = game.state
    pink = s.players[0]
    slot = next(i for i, t in enumerate(s.board.technologies)
                if game.comps.technology(t).name == "Fusion Injector")
    place = f"t{slot + 1}"
    assert technologies.usable(Ctx(s, game.comps), pink, slot) and place not in s.turn.paid
    launch = next(c for c in game.legal() if isinstance(c, C.Launch))
    game.apply(launch)
    assert place in game.state.turn.paid
    game.state.players[0].reputation = 2  # a fee of 2 from here on
    assert technologies.usable(Ctx(game.state, game.comps), game.state.players[0], slot)

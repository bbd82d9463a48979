"""Engine core: setup, determinism, illegal commands refused with reasons, data validation."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from helpers import finish_setup, new_game, set_turn

from engine import Game, GameOptions, IllegalCommand, IllegalOptions
from engine import command_union as U
from engine import commands as C
from engine.components import DataError, load_components
from engine.modules.starting_upgrades import commands as SU
from engine.state import COLOURS, NEUTRAL

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_standard_setup_follows_the_rulebook(players: int) -> None:
    g = new_game(players=players, seed=3)
    s = g.state
    b = s.board
    assert len([x for x in b.agenda_display if x]) == 4
    assert sorted(a for st in b.stations for a in st) == sorted(g.comps.action_tiles)
    assert len(b.technologies) == 4
    shown = {1: 4, 2: 4, 3: 5, 4: 6}[players]
    assert sum(1 for sp in b.cruise_spaces if sp.tile) == shown
    assert sum(1 for sp in b.cruise_spaces if sp.covered) == 6 - shown
    queued = sum(sum(sec) for sec in b.queue)
    assert queued >= {1: 7, 2: 7, 3: 9, 4: 11}[players]
    assert queued + sum(b.supply) == 36
    assert b.silo == [2, 2, 2]
    # Solo: Rachel has already discarded one blueprint by the number system (1人用ゲーム).
    assert len([x for x in b.blueprint_display if x]) == (4 if players == 1 else 5)
    # Neutral developments by player count: 2 connections + technology, 1 + technology, 1.
    neutral_conns = sum(1 for c in b.connections if NEUTRAL in c)
    neutral_techs = sum(1 for t in b.tech_owners if NEUTRAL in t)
    assert (neutral_conns, neutral_techs) == {1: (2, 1), 2: (2, 1), 3: (1, 1), 4: (1, 0)}[players]
    humans = [p for p in s.players if p.kind != "rachel"]
    if players == 1:  # Rachel: reputation 1, +1 for her first development's icon, no cards
        rachel = s.players[1]
        assert (rachel.kind, rachel.reputation, rachel.developments_placed) == ("rachel", 2, 1)
        assert rachel.hand == [] and rachel.blueprints == []
    assert [p.reputation for p in humans] == list(range(players))
    assert all(len(p.hand) == 1 and p.money == 10 and p.ads == 2 and p.vp == 5 for p in humans)
    # The reverse-order free picks: the last seat chooses first.
    assert g.pending.kind == "setup_development" and g.pending.seat == players - 1
    finish_setup(g)
    assert all(p.developments_placed == 1 and len(p.blueprints) == 1 for p in humans)
    assert len([x for x in b.blueprint_display if x]) == 5
    assert g.pending.kind == "phase2" and g.pending.seat == 0


def test_intro_setup_uses_the_printed_board_and_starred_cruises():
    g = new_game(players=3, seed=3, setup="intro")
    b = g.state.board
    assert [tuple(st) for st in b.stations] == list(g.comps.board.intro_action_pairs)
    assert b.technologies == list(g.comps.board.intro_technologies)
    # A drawn tile's back still places the neutral development (one connection, 3 players).
    assert sum(1 for c in b.connections if NEUTRAL in c) == 1
    assert sum(1 for t in b.tech_owners if NEUTRAL in t) == 1
    starred = {t.id for t in g.comps.cruise_tiles if t.starred}
    assert {sp.tile for sp in b.cruise_spaces[:3]} == starred


def test_setup_development_gives_reputation_on_an_icon_and_never_under_a_technology():
    g = new_game(players=2, seed=5)
    s = g.state
    seat = g.pending.seat
    legal = g.legal()
    assert all(isinstance(c, C.SetupDevelopment) for c in legal)
    free = next(c for c in legal if not s.board.connections[c.connection - 1])
    rep = s.players[seat].reputation
    g.apply(free)
    assert s.players[seat].reputation == rep + 1


def test_options_are_validated():
    with pytest.raises(IllegalOptions):
        Game.new(GameOptions(players=5))
    with pytest.raises(IllegalOptions):
        Game.new(GameOptions(players=2, names=("a",)))


def test_illegal_commands_are_refused_with_a_reason_and_state_untouched():
    from engine.modules.specialised_blueprints.commands import PlaceGuest

    g = finish_setup(new_game(players=3, seed=9))
    set_turn(g, 0)
    g.state.board.occupants[2] = None
    samples = [
        C.SetupDevelopment("food", 1), C.SetupBlueprint(0), C.PlaceWorker("worker", 9),
        C.Launch(0), C.TakeAction(1, "refill_silo"), C.BuildDevelopment("food", "c1", 0),
        C.HireExpert("left"), C.PurchaseSupplies(("food", "food"), True), C.GainResources(1),
        C.RefillSilo("nope", "food"), C.DrawAgenda(0), C.RefillAgenda(()), C.AcquireShip(0),
        C.AcquireBlueprint(0), C.BuildSegment("bp01", 0), C.ScheduleCruise(0, "top0"),
        C.AdvertiseCruise(0), C.SellTicket("teal", 0), C.BoardGuest("teal", 0),
        C.UnlockUpgrade("up-o1"), C.TourGuest("teal"), C.TravelShip(0), C.AchieveGoal(0),
        C.AdvanceShip(0, 1), C.FundingBonus("money"), C.ChooseResource("food"),
        C.PlayAgendaResource("zz"), C.PlayAgendaEffect("zz"), C.UseTechnology(3),
        C.DropReputation(5, "ad"), C.DiscardAgenda("zz"), C.PayFee(3), C.Done(),
        C.CallMeeting(), C.ChooseTile("sb1"), PlaceGuest("orange", 0), SU.RevealCard("su01"),
        SU.SealBid(0, 1), SU.PickCard("su01"),
    ]
    # Every command kind is covered by a sample.
    assert {type(c) for c in samples} >= set(U.ALL_COMMAND_TYPES) - {C.CallMeeting, C.Done}
    legal = g.legal()
    for cmd in samples:
        if cmd in legal:
            continue
        h = g.state_hash()
        with pytest.raises(IllegalCommand) as err:
            g.apply(cmd)
        msg = str(err.value)
        assert type(cmd).__name__ in msg and "waiting for" in msg
        assert g.state_hash() == h
    with pytest.raises(IllegalCommand):
        g.apply("place worker")  # type: ignore[arg-type]


def test_unknown_command_tags_fail_to_decode():
    with pytest.raises(msgspec.ValidationError):
        U.decode_json(b'{"type": "teleport", "to": 3}')
    cmd = U.decode_json(U.encode_json(C.PlaceWorker("worker", 3)))
    assert cmd == C.PlaceWorker("worker", 3)


def test_hand_limit_discards_down_to_5_gaining_the_resource():
    g = finish_setup(new_game(players=2, seed=9))
    s = g.state
    p = s.players[0]
    p.hand = [s.board.agenda_deck.pop() for _ in range(7)]
    p.food = p.oxygen = p.fuel = 0
    set_turn(g, 0)
    s.stack = []
    s.turn.phase = "turn_end"
    from engine import flow
    from engine.ctx import Ctx

    flow.advance(Ctx(s, g.comps))
    g._legal_cache = None
    assert g.pending.kind == "discard"
    for _ in range(2):
        card = g.legal()[0].card
        r = g.comps.agenda(card).resource
        have = p.resource(r)
        g.apply(C.DiscardAgenda(card))
        assert p.resource(r) == have + 1
    assert len(p.hand) == 5
    assert g.state.turn.seat == 1


SCRIPT = """
import sys
from engine import Game, GameOptions
from engine.bots.random_bot import play
g = Game.new(GameOptions(players=int(sys.argv[1]), seed=int(sys.argv[2])))
play(g, int(sys.argv[2]), max_turns=40)
print(g.state_hash())
"""


@pytest.mark.parametrize("players", [1, 4])
def test_same_hash_in_another_process_under_any_hash_seed(players: int) -> None:
    hashes = set()
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", SCRIPT, str(players), "77"], env=env,
                             capture_output=True, text=True, check=True, cwd=ROOT)
        hashes.add(out.stdout.strip())
    g = new_game(players=players, seed=77)
    from engine.bots.random_bot import play

    play(g, 77, max_turns=40)
    hashes.add(g.state_hash())
    assert len(hashes) == 1


def test_engine_never_imports_the_ui():
    code = "import sys, engine, engine.bots.random_bot; " \
        "print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_component_data_loads_and_is_marked():
    c = load_components()
    assert len(c.blueprints) == 48 and len(c.agenda_cards) == 36
    assert all(b.source in ("book", "pub", "fan", "stand-in") for b in c.blueprints)
    assert sum(1 for b in c.blueprints if len(b.icons) == 2) == 16
    mean_cost = sum(b.cost for b in c.blueprints) / 48
    mean_vp = sum(b.vp for b in c.blueprints) / 48
    assert 2.0 <= mean_cost <= 3.0 and 1.7 <= mean_vp <= 2.3
    assert c.data_hash == load_components(ROOT / "engine" / "data").data_hash
    for colour in COLOURS:
        assert sum(1 for b in c.blueprints if b.icons[0] == colour) == 16


def test_malformed_data_names_the_file_and_the_place(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "engine" / "data", data)
    bp = data / "blueprints.toml"
    bp.write_text(bp.read_text().replace("cost = 3", 'cost = "three"', 1))
    with pytest.raises(DataError) as err:
        load_components(data)
    msg = str(err.value)
    assert "blueprints.toml" in msg and "$.blueprint[" in msg and "cost" in msg
    bp.unlink()
    with pytest.raises(DataError, match="blueprints.toml"):
        load_components(data)


def test_data_hash_is_of_the_decoded_data(tmp_path: Path) -> None:
    # A comment or whitespace edit changes no state hash and voids no save; a value does.
    data = tmp_path / "data"
    shutil.copytree(ROOT / "engine" / "data", data)
    before = load_components(data).data_hash
    assert before == load_components().data_hash
    f = data / "cockpits.toml"
    f.write_text("# typed in from my own copy\n\n" + f.read_text().replace(" = ", "  =  ")
                 + "\n# a comment\n")
    assert load_components(data).data_hash == before
    f.write_text(f.read_text().replace("per  =  2", "per = 3", 1))
    assert load_components(data).data_hash != before


def test_cross_file_rules_are_checked(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "engine" / "data", data)
    f = data / "cruises.toml"
    f.write_text(f.read_text().replace('"return"]', '"space"]', 1))
    with pytest.raises(DataError, match="must end with exactly one return"):
        load_components(data)


def test_a_command_that_breaks_the_rules_leaves_the_position_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The way back is the last snapshot and the commands since (engine.game.REBASE_EVERY):
    a break after many commands, and after the state was swapped for another, puts back the
    position just before the command, and play goes on as if it had never been tried."""
    from engine import flow
    from engine.bots.random_bot import RandomBot
    from engine.game import REBASE_EVERY

    g = Game.new(GameOptions(players=3, seed=11))
    twin = Game.new(GameOptions(players=3, seed=11))
    bot = RandomBot(5)
    for k in range(REBASE_EVERY + 7):
        cmd = bot.choose(g)
        g.apply(cmd)
        twin.apply(cmd)
        if k == 10:
            g.state = Game.from_snapshot(g.snapshot()).state  # another object, same position
    real = flow.apply
    target = bot.choose(g)

    def breaks(ctx, cmd):  # noqa: ANN001, ANN202 - the engine's own signature
        real(ctx, cmd)  # the change is made, then the rules break
        if cmd is target:
            raise ZeroDivisionError("injected")

    monkeypatch.setattr(flow, "apply", breaks)
    before = g.state_hash()
    with pytest.raises(ZeroDivisionError):
        g.apply(target)
    assert g.state_hash() == before == twin.state_hash()
    assert g.legal() == twin.legal()
    monkeypatch.setattr(flow, "apply", real)
    for _ in range(20):
        cmd = bot.choose(g)
        g.apply(cmd)
        twin.apply(cmd)
    assert g.state_hash() == twin.state_hash()

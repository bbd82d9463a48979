"""Tables in the SQLite store: seats held by secrets, moves that race, bots that move once,
hidden hands, export to a save file, and stores that are not ours."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from engine import GameOptions
from galcruise_tui.cli import main as cli
from replays import verify
from saves.session import Session
from saves.tables import FILE_NAME, Secrets, TableError, TableStore, store_path

OPTS = GameOptions(players=3, seed=7, names=("alice", "bob", "Green"),
                   seats=("human", "human", "greedy"))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GALCRUISE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GALCRUISE_STORE", raising=False)


def table(tmp_path: Path) -> tuple[TableStore, str]:
    st = TableStore(tmp_path / FILE_NAME)
    return st, st.create(OPTS, "2026-01-01T00:00:00Z")


def play_until_seat_decides(st: TableStore, t: str, people: dict[int, tuple[Secrets, str]],
                            moves: int) -> None:
    """Each person plays their first legal command whenever it is their decision."""
    for _ in range(moves):
        st.play_bots(t)
        game, log = st.game(t)
        if game.is_over:
            return
        seat = game.pending.seat
        mine, secret = people[seat]
        st.move(t, seat, secret, game.legal()[0], len(log))


def test_a_table_is_played_by_its_seats_only_and_bots_move_once(tmp_path: Path) -> None:
    st, t = table(tmp_path)
    alice, bob = Secrets(tmp_path / "alice"), Secrets(tmp_path / "bob")
    a = st.claim(t, 0, alice)
    b = st.claim(t, 1, bob)
    assert st.claim(t, 0, alice) == a  # the same person again
    with pytest.raises(TableError, match="taken by someone else"):
        st.claim(t, 0, bob)
    assert [s.taken for s in st.info(t).seats] == [True, True, False]
    play_until_seat_decides(st, t, {0: (alice, a), 1: (bob, b)}, 60)
    game, log = st.game(t)
    assert len(log) >= 60
    seat = game.pending.seat
    other = 1 - seat if seat in (0, 1) else 0
    with pytest.raises(TableError, match="not your decision"):
        st.move(t, other, [a, b][other], game.legal()[0], len(log))
    with pytest.raises(TableError, match="you do not hold seat"):
        st.move(t, seat, "guess", game.legal()[0], len(log))
    with pytest.raises(TableError, match="has moved on"):
        st.move(t, seat, [a, b][seat], game.legal()[0], len(log) - 1)
    assert st.game(t)[1] == log  # nothing refused was written


def test_two_apps_moving_at_once_land_one_move(tmp_path: Path) -> None:
    st, t = table(tmp_path)
    other = TableStore(tmp_path / FILE_NAME)  # a second app on the same store
    people = {0: Secrets(tmp_path / "a"), 1: Secrets(tmp_path / "b")}
    secrets = {s: st.claim(t, s, p) for s, p in people.items()}
    st.play_bots(t)
    game, log = st.game(t)
    seat = game.pending.seat
    first, second = game.legal()[0], game.legal()[-1]
    st.move(t, seat, secrets[seat], first, len(log))
    with pytest.raises(TableError, match="moved on"):
        other.move(t, seat, secrets[seat], second, len(log))
    assert other.game(t)[1] == [*log, first]
    # Bots: both apps try; each bot move lands once.
    st.play_bots(t)
    assert other.play_bots(t) == 0
    assert st.game(t)[1] == other.game(t)[1]


def test_a_seat_sees_its_own_hand_only(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    st, t = table(tmp_path)
    people = {0: (Secrets(tmp_path / "alice"), ""), 1: (Secrets(tmp_path / "bob"), "")}
    people = {s: (m, st.claim(t, s, m)) for s, (m, _) in people.items()}
    for _ in range(400):
        play_until_seat_decides(st, t, people, 1)
        game, _ = st.game(t)
        if game.state.players[0].hand and game.state.players[1].hand:
            break
    game, log = st.game(t)
    hands = [p.hand for p in game.state.players]
    assert hands[0] and hands[1]
    store = str(tmp_path / FILE_NAME)
    home = str(tmp_path / "alice")
    assert cli(["--data-dir", home, "table", "--store", store, "show", "--table", t,
                "--as", "alice", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    players = doc["observation"]["state"]["players"]
    assert players[0]["hand"] == hands[0] and players[1].get("hand", []) == []  # default: left out
    assert doc["observation"]["hand_sizes"][1] == len(hands[1])
    assert doc["move"] == len(log)


def test_the_cli_creates_moves_refuses_and_exports(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / "s")
    (tmp_path / "s").mkdir()
    base = ["table", "--store", store]
    assert cli(["--data-dir", str(tmp_path / "a"), *base, "new", "--seat", "alice",
                "--seat", "bot:greedy", "--seed", "3"]) == 0
    t = capsys.readouterr().out.strip()
    assert store_path(store, tmp_path) == tmp_path / "s" / FILE_NAME
    alice = ["--data-dir", str(tmp_path / "a"), *base]
    for _ in range(20):
        assert cli([*alice, "show", "--table", t, "--as", "alice", "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        if doc["your_decision"]:
            assert cli([*alice, "move", "--table", t, "--as", "alice", "--index", "0",
                        "--at", str(doc["move"])]) == 0
            assert capsys.readouterr().out.startswith("move ")
    assert cli([*alice, "move", "--table", t, "--as", "alice", "--index", "0", "--at", "0"]) == 2
    assert "moved on" in capsys.readouterr().err
    assert cli(["--data-dir", str(tmp_path / "b"), *base, "move", "--table", t, "--as",
                "alice", "--index", "0"]) == 2
    assert "taken by someone else" in capsys.readouterr().err
    out = tmp_path / "t.json"
    # A game still being played is not written out by accident: the file holds every hand.
    assert cli([*base, "export", "--table", t, "--out", str(out)]) != 0
    assert "still being played" in capsys.readouterr().err and not out.exists()
    assert cli([*base, "export", "--table", t, "--out", str(out), "--in-progress"]) == 0
    ok, _ = verify(out)
    st = TableStore(tmp_path / "s" / FILE_NAME)
    game, log = st.game(t)
    assert ok and Session.load(out).game.state_hash() == game.state_hash()


@pytest.mark.parametrize("kind", ["text", "foreign_sqlite", "newer", "folder"])
def test_a_store_that_is_not_ours_is_refused_and_left_alone(tmp_path: Path, kind: str) -> None:
    path = tmp_path / FILE_NAME
    if kind == "text":
        path.write_text("hello")
    elif kind == "folder":
        path.mkdir()
    else:
        if kind == "newer":
            TableStore(path).close()
        db = sqlite3.connect(path)
        if kind == "foreign_sqlite":
            db.execute("CREATE TABLE things (x)")
        else:
            db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
        db.commit()
        db.close()
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(TableError) as err:
        TableStore(path)
    msg = str(err.value)
    assert str(path) in msg and "\n" not in msg
    assert ("newer" in msg) if kind == "newer" else ("not a galcruise table store" in msg)
    if before is not None:
        assert path.read_bytes() == before


def test_undo_takes_back_your_own_last_move_only_and_other_apps_see_it(tmp_path: Path) -> None:
    st, t = table(tmp_path)
    other = TableStore(tmp_path / FILE_NAME)
    people = {s: Secrets(tmp_path / str(s)) for s in (0, 1)}
    secrets = {s: st.claim(t, s, p) for s, p in people.items()}
    undone = refused = 0
    for _ in range(150):
        st.play_bots(t)
        game, log = st.game(t)
        if game.is_over:
            break
        seat = game.pending.seat
        cmd = game.legal()[-1]
        st.move(t, seat, secrets[seat], cmd, len(log))
        after, log2 = other.game(t)
        if after.pending is not None and after.pending.seat == seat:
            try:
                assert other.undo(t, seat, secrets[seat], len(log2)) == len(log)
            except TableError as e:
                assert "revealed hidden information" in str(e)
                refused += 1
                continue
            undone += 1
            again, log3 = st.game(t)  # the first app sees the undo
            assert log3 == log and again.state_hash() == game.state_hash()
            st.move(t, seat, secrets[seat], game.legal()[0], len(log))
        elif after.pending is not None and after.pending.seat in secrets:
            nxt = after.pending.seat
            with pytest.raises(TableError, match="only your own last move"):
                other.undo(t, nxt, secrets[nxt], len(log2))
    assert undone > 10 and refused > 0


def test_a_free_seat_is_joined_once_by_the_cli(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    store = str(tmp_path / FILE_NAME)
    base = ["table", "--store", store]
    assert cli(["--data-dir", str(tmp_path / "a"), *base, "new", "--seat", "alice", "--seat",
                "open", "--seed", "4"]) == 0
    t = capsys.readouterr().out.strip()
    assert cli([*base, "list"]) == 0
    assert "alice, (free seat)" in capsys.readouterr().out
    assert cli(["--data-dir", str(tmp_path / "c"), *base, "join", "--table", t, "--as",
                "carol"]) == 0
    assert capsys.readouterr().out.strip() == "seat 2"
    assert cli(["--data-dir", str(tmp_path / "d"), *base, "join", "--table", t, "--as",
                "dave"]) == 2
    assert "no free seat" in capsys.readouterr().err
    st = TableStore(tmp_path / FILE_NAME)
    assert [(s.name, s.taken) for s in st.info(t).seats] == [("alice", False), ("carol", True)]
    assert st.game(t)[0].state.players[1].name == "Blue"  # the seat keeps its colour's name
    assert st.seat_of(t, "carol") == 1


def test_a_store_that_stops_answering_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    from saves.table_session import TableSession

    st, t = table(tmp_path)
    secret = st.claim(t, 0, Secrets(tmp_path / "alice"))
    session = TableSession(st, t, 0, secret)
    st.close()  # the database goes away under the app
    with pytest.raises(TableError, match="did not answer"):
        session.poll()
    with pytest.raises(TableError, match="did not answer.*nothing was lost"):
        session.apply(session.game.legal()[0])
    assert session.length == 0


def test_at_a_table_each_waiting_seat_seals_its_bid_from_its_own_terminal(
        tmp_path: Path) -> None:
    """The starting upgrade cards' auction: the bot bids first; then either person may bid,
    in any order, each only for their own seat; the table layer logs who bid."""
    from engine.modules.starting_upgrades.commands import SealBid
    from saves.table_session import TableSession

    opts = GameOptions(players=3, seed=7, names=("alice", "bob", "Green"),
                       seats=("human", "human", "greedy"), modules=("starting_upgrades",),
                       variants=("starting_auction",))
    st = TableStore(tmp_path / FILE_NAME)
    t = st.create(opts, "2026-01-01T00:00:00Z")
    alice, bob = Secrets(tmp_path / "alice"), Secrets(tmp_path / "bob")
    a, b = st.claim(t, 0, alice), st.claim(t, 1, bob)
    assert st.play_bots(t) == 1  # Green (a bot) bids at once
    game, log = st.game(t)
    assert game.pending is not None and game.pending.seat == 0 and game.deciders() == [0, 1]
    # Bob bids although the decision names Alice: he is waiting too.
    bob_app = TableSession(st, t, 1, b)
    assert bob_app.game.legal_for(1) == [SealBid(1, x) for x in range(14)]
    with pytest.raises(TableError, match="not your decision"):
        st.move(t, 1, b, SealBid(0, 4), len(log))  # never another seat's bid
    bob_app.apply(SealBid(1, 4))
    assert bob_app.actors[-1] == 1
    # Alice's app sees that Bob has bid, not how much.
    alice_app = TableSession(st, t, 0, a)
    assert alice_app.game.observation(0).state.starting.bids[1] == -2  # type: ignore[union-attr]
    with pytest.raises(TableError, match="not your decision"):
        st.move(t, 1, b, SealBid(1, 5), len(log) + 1)  # a bid is final
    alice_app.apply(SealBid(0, 1))
    game, log = st.game(t)
    assert [p.money for p in game.state.players][:2] == [12, 9]
    assert game.pending is not None and game.pending.kind == "starting_pick"


def test_the_cli_list_marks_a_finished_game_show_ends_its_line_and_undo_says_ahead(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from helpers import store_moves

    st = TableStore(tmp_path / FILE_NAME)
    done, playing = st.create(OPTS, "2026-01-01T00:00:00Z"), st.create(OPTS, "2026-01-02T00:00Z")
    store_moves(st, done)
    game = store_moves(st, playing, lambda g: g.state.turn.number > 0 and g.pending.seat == 0)
    moves = st.info(playing).moves
    st.close()
    base = ["table", "--store", str(tmp_path / FILE_NAME)]
    assert cli([*base, "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(done) and lines[0].endswith(" moves  game over")
    assert lines[1].startswith(playing) and lines[1].endswith(f"  {moves} moves")
    # Not bob's decision: the waiting line alone, a whole line.
    assert cli(["--data-dir", str(tmp_path / "bob"), *base, "show", "--table", playing,
                "--as", "bob"]) == 0
    assert capsys.readouterr().out == f"move {moves}: {game.waiting_for()}\n"
    # A move count ahead of the table: it has not moved on, the move was never played.
    alice = ["--data-dir", str(tmp_path / "alice"), *base]
    assert cli([*alice, "undo", "--table", playing, "--as", "alice", "--at",
                str(moves + 7)]) == 2
    err = capsys.readouterr().err
    assert f"is at move {moves}, not {moves + 7}: move {moves + 7} has not been played" in err
    assert "moved on" not in err
    assert cli([*alice, "undo", "--table", playing, "--as", "alice", "--at",
                str(moves - 1)]) == 2
    assert f"has moved on: it is at move {moves}, not {moves - 1}" in capsys.readouterr().err


def test_the_cli_creates_a_table_with_modules_and_refuses_a_pair_the_book_forbids(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The app's Tables form offered the modules; `table new` had no way to ask for them.
    (tmp_path / "s").mkdir()
    base = ["--data-dir", str(tmp_path / "a"), "table", "--store", str(tmp_path / "s")]
    assert cli([*base, "new", "--seat", "alice", "--seat", "bob",
                "--modules", "cabin_pairing, advancements"]) == 0
    t = capsys.readouterr().out.strip()
    game, _ = TableStore(store_path(str(tmp_path / "s"), tmp_path)).game(t)
    assert game.options.modules == ("cabin_pairing", "advancements")
    assert cli([*base, "new", "--seat", "alice", "--seat", "bob",
                "--modules", "cabin_pairing,specialised_blueprints"]) == 2
    assert "cannot be played together" in capsys.readouterr().err

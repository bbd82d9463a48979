"""A table store under stress and abuse: eight processes moving at once, kill -9 in the middle
of moves, damaged rows, a newer schema, a folder nobody may write."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engine import GameOptions
from replays import verify
from saves.tables import FILE_NAME, SCHEMA_VERSION, Secrets, TableError, TableStore

ROOT = Path(__file__).resolve().parent.parent
PAIR = GameOptions(players=2, seed=5, names=("alice", "bob"), seats=("human", "human"))


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GALCRUISE_STORE", raising=False)
    monkeypatch.delenv("GALCRUISE_HOME", raising=False)


def _python(code: str, *args: str) -> list[str]:
    return [sys.executable, "-c", code, *args]


# One player's terminal run as a script: `table show --json`, then `table move --at` with the
# move count it saw, again and again, through the CLI's own entry point. Prints the move
# numbers the store accepted, as JSON, at the end.
WORKER = r"""
import contextlib, io, json, sys
from galcruise_tui.cli import main
home, store, table, who, target, pick = sys.argv[1:7]
base = ["--data-dir", home, "table", "--store", store]
accepted, refused = [], 0
for _ in range(4000):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main([*base, "show", "--table", table, "--as", who, "--json"])
    doc = json.loads(out.getvalue())
    if doc["over"] or doc["move"] >= int(target):
        break
    if not doc["your_decision"]:
        continue
    index = 0 if pick == "first" else len(doc["legal"]) - 1
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = main([*base, "move", "--table", table, "--as", who, "--index", str(index),
                   "--at", str(doc["move"])])
    if rc == 0:
        accepted.append(int(out.getvalue().split()[1]))
    else:
        refused += 1
print(json.dumps({"accepted": accepted, "refused": refused}))
"""


def _table(tmp_path: Path) -> tuple[Path, str, dict[str, Path]]:
    store = tmp_path / FILE_NAME
    st = TableStore(store)
    table = st.create(PAIR, "2026-01-01T00:00:00Z")
    homes = {"alice": tmp_path / "alice", "bob": tmp_path / "bob"}
    for seat, (_, home) in enumerate(homes.items()):
        st.claim(table, seat, Secrets(home))
    st.close()
    return store, table, homes


def test_eight_processes_moving_at_once_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    store, table, homes = _table(tmp_path)
    target = 60
    procs = []
    for i in range(8):
        who = "alice" if i % 2 == 0 else "bob"
        # Two terminals per seat that pick differently: a duplicate would show as a fork.
        procs.append(subprocess.Popen(
            _python(WORKER, str(homes[who]), str(store), table, who, str(target),
                    "first" if i % 4 < 2 else "last"),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    results = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
        results.append(json.loads(out))
    accepted = sorted(n for r in results for n in r["accepted"])
    st = TableStore(store)
    game, log = st.game(table)
    st.close()
    assert len(log) >= target
    # Every accepted move is in the log, once; the log holds nothing else.
    assert accepted == list(range(1, len(log) + 1))
    assert sum(r["refused"] for r in results) > 0  # they did race
    out = tmp_path / "t.json"
    st = TableStore(store)
    st.export(table, out, "2026-01-01T00:00:00Z")
    st.close()
    assert verify(out)[0]


# A terminal that moves as fast as it can, saying each move once the store committed it.
MOVER = r"""
import sys
from saves.tables import Secrets, TableStore
from pathlib import Path
store, table = sys.argv[1:3]
homes = [Path(h) for h in sys.argv[3:5]]
st = TableStore(Path(store))
secrets = [st.claim(table, s, Secrets(h)) for s, h in enumerate(homes)]
while True:
    game, log = st.game(table)
    if game.is_over:
        break
    seat = game.pending.seat
    n = st.move(table, seat, secrets[seat], game.legal()[len(log) % len(game.legal())], len(log))
    print(n, flush=True)
"""


@pytest.mark.parametrize("after", [5, 40, 120])
def test_kill_9_in_the_middle_of_moves_loses_no_accepted_move(tmp_path: Path,
                                                              after: int) -> None:
    store, table, homes = _table(tmp_path)
    p = subprocess.Popen(_python(MOVER, str(store), table, str(homes["alice"]),
                                 str(homes["bob"])),
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    said = 0
    for line in p.stdout:
        said = int(line)
        if said >= after:
            break
    os.kill(p.pid, signal.SIGKILL)  # mid-stride: often inside a transaction
    p.wait()
    assert said >= after
    db = sqlite3.connect(store)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    st = TableStore(store)
    game, log = st.game(table)  # replays: no half-written move
    assert len(log) >= said
    # And the table plays on from there.
    seat = game.pending.seat
    secret = st.claim(table, seat, Secrets(homes["alice" if seat == 0 else "bob"]))
    assert st.move(table, seat, secret, game.legal()[0], len(log)) == len(log) + 1
    st.close()


def test_a_newer_schema_is_refused_and_the_file_left_as_it_was(tmp_path: Path) -> None:
    store, table, _ = _table(tmp_path)
    db = sqlite3.connect(store)
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    db.commit()
    db.close()
    before = store.read_bytes()
    with pytest.raises(TableError, match=rf"newer galcruise \(schema {SCHEMA_VERSION + 1}; "
                                         rf"this one reads up to {SCHEMA_VERSION}\)"):
        TableStore(store)
    assert store.read_bytes() == before
    r = subprocess.run([sys.executable, "-m", "galcruise_tui.cli", "table", "--store",
                        str(store), "list"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "newer galcruise" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert store.read_bytes() == before


@pytest.mark.parametrize("what", ["command", "options", "gap"])
def test_a_damaged_row_is_refused_by_name_and_the_other_tables_still_play(
        tmp_path: Path, what: str) -> None:
    store, table, homes = _table(tmp_path)
    st = TableStore(store)
    other = st.create(PAIR, "2026-01-02T00:00:00Z")
    secrets = {s: st.claim(table, s, Secrets(h)) for s, h in enumerate(homes.values())}
    for _ in range(6):
        game, log = st.game(table)
        seat = game.pending.seat
        st.move(table, seat, secrets[seat], game.legal()[0], len(log))
    st.close()
    db = sqlite3.connect(store)
    if what == "command":
        db.execute("UPDATE moves SET command = ? WHERE table_id = ? AND seq = 3",
                   (b'{"type": "no-such-command"}', table))
    elif what == "options":
        db.execute("UPDATE tables SET options = ? WHERE id = ?", (b"\x00garbage", table))
    else:
        db.execute("DELETE FROM moves WHERE table_id = ? AND seq = 2", (table,))
    db.commit()
    db.close()
    before = store.read_bytes()
    st = TableStore(store)
    with pytest.raises(TableError) as err:
        st.game(table)
    msg = str(err.value)
    assert f"table {table} is damaged" in msg and "\n" not in msg
    if what != "options":
        assert "at move" in msg
    infos = {i.id: i for i in st.tables()}
    assert infos[other].error is None and st.game(other)[0].pending is not None
    if what == "options":
        assert "damaged" in (infos[table].error or "")
    st.close()
    assert store.read_bytes() == before


def _as_a_user(cmd: list[str]) -> list[str]:
    """Root writes anywhere; without CAP_DAC_OVERRIDE it obeys the folder's mode like anyone."""
    if os.geteuid() != 0:
        return cmd
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is missing: a read-only folder is not "
                    "read-only for root")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", *cmd]


@pytest.mark.parametrize("existing", [False, True])
def test_a_read_only_folder_is_refused_in_a_sentence(tmp_path: Path, existing: bool) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    if existing:
        _table_in(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    folder.chmod(0o555)
    try:
        r = subprocess.run(_as_a_user([sys.executable, "-m", "galcruise_tui.cli",
                                       "--data-dir", str(tmp_path / "home"), "table",
                                       "--store", str(folder / FILE_NAME), "list"]),
                           cwd=ROOT, capture_output=True, text=True)
    finally:
        folder.chmod(0o755)
    assert r.returncode == 2, r
    assert "is not writable for you" in r.stderr and str(folder) in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def _table_in(folder: Path) -> None:
    st = TableStore(folder / FILE_NAME)
    st.create(PAIR, "2026-01-01T00:00:00Z")
    st.close()
    # A closed WAL store leaves only its file.
    assert sorted(p.name for p in folder.iterdir()) == [FILE_NAME]


def test_the_store_is_refused_when_its_file_is_someone_elses_data(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(msgspec.json.encode({"format": "galcruise-save"}))
    before = path.read_bytes()
    with pytest.raises(TableError, match="not a galcruise table store"):
        TableStore(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(("umask", "mode"), [(0o002, 0o664), (0o022, 0o644), (0o077, 0o600)])
def test_a_new_store_takes_its_makers_umask(tmp_path: Path, umask: int, mode: int) -> None:
    # The README's group folder: `umask 002`, so the rest of the group can write the store
    # (SQLite alone makes it 0644 under any umask) and its journal files, which take its mode.
    old = os.umask(umask)
    try:
        st = TableStore(tmp_path / FILE_NAME)
        st.create(PAIR, "2026-01-01T00:00:00Z")
        made = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
        st.close()
    finally:
        os.umask(old)
    assert made == {FILE_NAME: mode, f"{FILE_NAME}-wal": mode, f"{FILE_NAME}-shm": mode}
    again = TableStore(tmp_path / FILE_NAME)
    assert len(again.tables()) == 1
    again.close()



def test_a_store_the_group_cannot_write_says_how_its_owner_fixes_it(tmp_path: Path) -> None:
    # As an older galcruise left a group's store: the file 0644, the folder the group's.
    folder = tmp_path / "group"
    folder.mkdir()
    _table_in(folder)
    store = folder / FILE_NAME
    before = store.read_bytes()
    store.chmod(0o444)
    try:
        r = subprocess.run(_as_a_user([sys.executable, "-m", "galcruise_tui.cli",
                                       "--data-dir", str(tmp_path / "home"), "table",
                                       "--store", str(store), "list"]),
                           cwd=ROOT, capture_output=True, text=True)
    finally:
        store.chmod(0o644)
    assert r.returncode == 2, r
    assert "the file is not writable for you" in r.stderr
    assert f"chmod g+w '{store}'*" in r.stderr
    assert store.read_bytes() == before

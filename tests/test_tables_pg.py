"""The table store on a real PostgreSQL server, started here in a temporary folder on a unix
socket; skipped, with the reason, where the server's programs or psycopg are missing."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import GameOptions
from replays import verify
from saves.table_session import TableSession
from saves.tables import SCHEMA_VERSION, Secrets, Stale, TableError, TableStore, store_path

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")

OPTS = GameOptions(players=3, seed=7, names=("alice", "bob", "Green"),
                   seats=("human", "human", "greedy"))
NOBODY = 65534


def _bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _run(cmd: list[str]) -> None:
    """PostgreSQL refuses to run as root: as root, run it as nobody."""
    if os.geteuid() == 0:
        cmd = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *cmd]
    subprocess.run(cmd, check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    bindir = _bin()
    if bindir is None:
        pytest.skip("no PostgreSQL server programs (initdb, pg_ctl) on this machine")
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: PostgreSQL will not run as root")
    tmp = Path(tempfile.mkdtemp(prefix="galcruise-pg-"))
    tmp.chmod(0o755)
    data, sock = tmp / "data", tmp / "sock"
    for d in (data, sock):
        d.mkdir()
        if os.geteuid() == 0:
            os.chown(d, NOBODY, NOBODY)
    try:
        _run([str(bindir / "initdb"), "-D", str(data), "-U", "galcruise", "--auth=trust",
              "--no-sync", "-E", "UTF8"])
        _run([str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(data / "server.log"), "-o",
              f"-k {sock} -c listen_addresses='' -p 5499 -c fsync=off", "start"])
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        shutil.rmtree(tmp, ignore_errors=True)
        pytest.skip(f"the local PostgreSQL server did not start ({e})")
    try:
        yield f"postgresql://galcruise@/{{db}}?host={sock}&port=5499"
    finally:
        _run([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def url(server: str, request: pytest.FixtureRequest) -> str:
    """A fresh database for each test."""
    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name)[:50].lower()
    with psycopg.connect(server.format(db="postgres"), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.format(db=name)


def test_a_table_is_played_raced_undone_and_exported_on_postgresql(url: str,
                                                                   tmp_path: Path) -> None:
    assert store_path(url, tmp_path) == url
    st, other = TableStore(url), TableStore(url)  # two apps
    t = st.create(OPTS, "2026-01-01T00:00:00Z")
    secrets = {s: st.claim(t, s, Secrets(tmp_path / str(s))) for s in (0, 1)}
    with pytest.raises(TableError, match="taken by someone else"):
        other.claim(t, 0, Secrets(tmp_path / "someone"))
    watcher = TableSession(other, t, None, None)
    for _ in range(40):
        st.play_bots(t)
        game, log = st.game(t)
        seat = game.pending.seat
        st.move(t, seat, secrets[seat], game.legal()[0], len(log))
    # The second app sees every move through its poll, and a race lands one move.
    assert watcher.poll() and watcher.length == len(st.game(t)[1])
    game, log = st.game(t)
    assert watcher.game.state_hash() == game.state_hash()
    if game.pending.seat == 2:
        st.play_bots(t)
        game, log = st.game(t)
    seat = game.pending.seat
    st.move(t, seat, secrets[seat], game.legal()[0], len(log))
    with pytest.raises(Stale, match="moved on"):
        other.move(t, seat, secrets[seat], game.legal()[-1], len(log))
    assert other.play_bots(t) + st.play_bots(t) >= 0
    assert st.game(t)[1] == other.game(t)[1]
    # Undo of one's own last move, seen by the other app.
    game, log = st.game(t)
    seat = game.pending.seat
    if seat in secrets:
        st.move(t, seat, secrets[seat], game.legal()[0], len(log))
        after, _ = st.game(t)
        if after.pending is not None and after.pending.seat == seat:
            try:
                st.undo(t, seat, secrets[seat], len(log) + 1)
                assert other.game(t)[1] == log
            except TableError as e:
                assert "revealed hidden information" in str(e)
    out = tmp_path / "t.json"
    st.export(t, out, "2026-01-01T00:00:00Z")
    assert verify(out)[0]
    st.close()
    other.close()


def test_a_foreign_database_and_a_newer_schema_are_refused(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE things (x int)")
    with pytest.raises(TableError, match="not a galcruise table store"):
        TableStore(url)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE things")
    TableStore(url).close()  # an empty database becomes a store
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("UPDATE meta SET value = %s WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(TableError, match="newer galcruise"):
        TableStore(url)


def test_an_unreachable_server_is_a_sentence(tmp_path: Path) -> None:
    url = f"postgresql://someone:secret@/nodb?host={tmp_path}&port=1"
    with pytest.raises(TableError, match="cannot reach the table store") as err:
        TableStore(url)
    assert "secret" not in str(err.value) and "\n" not in str(err.value)

"""The table store on a PostgreSQL server (`--store postgresql://user@host/db`), for groups
whose players sit on several hosts. The same tables and rows as the SQLite store; psycopg 3 is
an optional extra (`pip install -e '.[postgres]'`).

Writers queue on one transaction-scoped advisory lock, as SQLite's BEGIN IMMEDIATE makes them
queue on the file, and the unique (table, seq) key refuses a second move at the same step. A
`changes` counter in `meta`, bumped by every write, stands in for SQLite's data_version: a poll
reads one row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from saves.table_schema import _SCHEMA, TableError

LOCK = 0x6A1C_7AB1  # the advisory lock every galcruise writer takes
SCHEMA = _SCHEMA.replace("BLOB", "BYTEA") + ";\nINSERT INTO meta VALUES ('changes', '0')"


def _redacted(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"//([^:/@]+):[^@/]*@", r"//\1:***@", url)


class PostgresBackend:
    SCHEMA = SCHEMA

    def __init__(self, url: str) -> None:
        self.where = _redacted(url)
        try:
            import psycopg
        except ImportError:
            raise TableError(f"{self.where}: a PostgreSQL store needs psycopg "
                             "(pip install -e '.[postgres]').") from None
        self._psycopg = psycopg
        self.IntegrityError = psycopg.IntegrityError
        try:
            self.conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
            (tables,) = self.conn.execute(
                "SELECT COUNT(*) FROM information_schema.tables "
                "WHERE table_schema = current_schema()").fetchone()  # type: ignore[misc]
        except psycopg.Error as e:
            first = (str(e).strip().splitlines() or [type(e).__name__])[-1]
            raise TableError(f"{self.where}: cannot reach the table store ({first}).") from None
        self.new = tables == 0

    def q(self, sql: str, params: tuple = ()) -> list[tuple]:
        cur = self.conn.execute(sql.replace("?", "%s"), params)  # type: ignore[arg-type]
        return cur.fetchall() if cur.description else []

    def write(self) -> AbstractContextManager[None]:
        return self._write()

    @contextmanager
    def _write(self) -> Iterator[None]:
        with self.conn.transaction():
            self.conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
            yield
            self.conn.execute("UPDATE meta SET value = (value::bigint + 1)::text "
                              "WHERE key = 'changes'")

    def read(self) -> AbstractContextManager[None]:
        return self._read()

    @contextmanager
    def _read(self) -> Iterator[None]:
        idle = self.conn.info.transaction_status == self._psycopg.pq.TransactionStatus.IDLE
        if not idle:  # inside a write: it sees its own moment already
            yield
            return
        with self.conn.transaction():
            self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield

    def version(self) -> int:
        rows = self.q("SELECT value FROM meta WHERE key = 'changes'")
        return int(rows[0][0]) if rows else 0

    def close(self) -> None:
        self.conn.close()

"""What every table-store backend shares: the tables it keeps and its refusal."""

from __future__ import annotations

from saves.envelope import SaveError

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    options BLOB NOT NULL,
    data_id TEXT NOT NULL,
    data_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    undos INTEGER NOT NULL DEFAULT 0,  -- bumped by every undo: other apps then read afresh
    rules INTEGER NOT NULL DEFAULT 1  -- the rules version the game began under (schema 2)
);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    secret_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    command BLOB NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


class TableError(SaveError):
    """A refusal from the table store, in one sentence."""


# Schema 1 -> 2: each table keeps the rules version its game began under; tables made before
# began under rules 1, the column's default.
MIGRATE_1_TO_2 = "ALTER TABLE tables ADD COLUMN rules INTEGER NOT NULL DEFAULT 1"

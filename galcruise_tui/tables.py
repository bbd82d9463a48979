"""The app's table store, the words for a table's seats, and the finished tables that the
Replays list offers (not a screen: the lobby, the load list and the app all ask it).

A finished table is listed for every person who opens the store, not only its players: the
lobby already lets anyone on the host watch any table, and once the game is over its log
shows nothing the watchers did not see but the hands and the deck order, which no longer
matter. A table still being played is never listed, and `table_replay` refuses it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from galcruise_tui.text import plain

if TYPE_CHECKING:
    from textual.app import App

    from engine import Game
    from replays import Replay
    from saves.tables import SeatInfo, TableStore


def table_store(app: App) -> TableStore:
    """The app's one connection to the table store (--store, $GALCRUISE_STORE, data dir)."""
    from saves.tables import TableStore, store_path

    store = getattr(app, "_table_store", None)
    if store is None:
        path = store_path(getattr(app, "store_arg", None), app.root_dir)  # type: ignore[attr-defined]
        store = TableStore(path)
        app._table_store = store  # type: ignore[attr-defined]
    return store


def store_exists(app: App) -> bool:
    """Whether there is a store to read: opening one that is not there would make the file,
    and a person who never sat at a table must not find a tables.sqlite made by the Replays
    list. A server (a URL) is taken to be there."""
    from saves.tables import store_path

    if getattr(app, "_table_store", None) is not None:
        return True
    path = store_path(getattr(app, "store_arg", None), app.root_dir)  # type: ignore[attr-defined]
    return not isinstance(path, Path) or path.is_file()


def seat_label(game_name: str, seat: SeatInfo | None) -> str:
    """A seat as people say it: the person's name beside the seat's own when they differ
    ("bob (Blue)": a free seat keeps its colour in the game), a bot by its kind. Plain text:
    the caller escapes it for where it shows."""
    name = plain(game_name, 40)
    if seat is None:
        return name
    if seat.kind != "human":
        return f"{name} ({plain(seat.kind, 20)} bot)"
    person = plain(seat.name, 40)
    if not person:
        return f"{name} (free seat)"
    return name if person == name else f"{person} ({name})"


def seat_labels(game: Game, seats: tuple[SeatInfo, ...]) -> list[str]:
    """Every seat of the game in `seat_label`'s words, in seat order."""
    by_seat = {s.seat: s for s in seats}
    return [seat_label(p.name, by_seat.get(i)) for i, p in enumerate(game.state.players)]


class Finished(NamedTuple):
    table: str
    text: str  # plain: "table 3f33c502 · alice vs bob (Blue) vs Green (greedy bot) · ..."


def finished_tables(app: App) -> list[Finished]:
    """The store's finished tables, newest first; none when there is no store. A table that
    cannot be read is left out (the lobby says what is wrong with it)."""
    if not store_exists(app):
        return []
    store = table_store(app)
    out = []
    for info in reversed(store.tables()):
        if info.error is not None:
            continue
        try:
            game, _ = store.game(info.id)
        except Exception:  # noqa: BLE001 - one bad table never hides the others
            continue
        if not game.is_over:
            continue
        scores = " - ".join(str(v) for v in game.scores())
        who = " vs ".join(seat_labels(game, info.seats))
        out.append(Finished(info.id, f"table {info.id} · {who} · finished · {scores} VP · "
                                     f"{info.moves} moves"))
    return out


def table_replay(app: App, table: str) -> Replay:
    """A finished table's game for the replay screen, read from the store (no file is
    written); a game still being played is refused with a sentence (SaveError)."""
    from replays import Replay
    from saves.session import now

    gf = table_store(app).game_file(table, now(), finished_only=True)
    return Replay(gf, None, title=f"table {table}")

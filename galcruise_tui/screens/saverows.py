"""A save as one line a person reads: who played, how far, the score, how long ago.

`Pink vs Rachel (normal) · turn 17 · 15 - 24 VP · 2 hours ago`. "ago" compares the file's
`updated` stamp with the clock: only the TUI does that, never the engine.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from galcruise_tui.text import plain, safe
from saves import SaveInfo

RACHEL = "Rachel"  # engine.rules.rachel.NAME; the file lists the seats, not her


def ago(stamp: str, now: datetime) -> str:
    """'just now', '5 minutes ago', '2 hours ago', '3 days ago'; the stamp itself if unread."""
    try:
        then = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    secs = int((now - then).total_seconds())
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if secs >= size:
            n = secs // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def who_played(info: SaveInfo, escape: bool = True) -> str:
    names = [(safe if escape else plain)(n, 24) for n in info.seats]
    opts = info.options
    if opts is not None:
        kinds = opts.seat_kinds()
        names = [n if i >= len(kinds) or kinds[i] == "human" else f"{n} ({kinds[i]} bot)"
                 for i, n in enumerate(names)]
        if opts.players == 1:
            names.append(f"{RACHEL} ({opts.difficulty})")
    return " vs ".join(names)


def modules_played(info: SaveInfo) -> str:
    """"with Cabin Pairing, Station Bonus Tiles": the modules in play, by the English half of
    their names ("" for the base game). Two saves of the same seats read alike without it."""
    opts = info.options
    if opts is None or not opts.modules:
        return ""
    if len(opts.modules) > 3:  # all six named took a save 4 rows at 80 columns
        return f"with {len(opts.modules)} modules"
    return "with " + ", ".join(module_names(opts.modules))


def module_names(ids: tuple[str, ...]) -> list[str]:
    """The English half of each module's name ("Cabin Pairing" of "客室斡旋 (Cabin Pairing)")."""
    from engine.modules import MODULES

    names = []
    for m in ids:
        name = MODULES[m].name if m in MODULES else m
        inner = re.search(r"\(([^)]+)\)", name)
        names.append(inner.group(1) if inner else name)
    return names


def modules_words(ids: tuple[str, ...]) -> str:
    """"modules: Cabin Pairing, Station Bonus Tiles" ("" for none): the game's first log line."""
    return "modules: " + ", ".join(module_names(ids)) if ids else ""


def save_parts(info: SaveInfo, now: datetime | None = None) -> list[str]:
    """The parts of a save's line as plain text (no markup: for a `Parts` row, which wraps
    between them and never inside a score)."""
    now = now or datetime.now(UTC)
    state = "finished" if info.over else f"turn {info.turn}"
    scores = " - ".join(str(v) for v in info.scores)
    parts = [who_played(info, escape=False), plain(modules_played(info)), state,
             f"{scores} VP" if scores else "", plain(ago(info.updated, now))]
    return [p for p in parts if p]


def save_row(info: SaveInfo, now: datetime | None = None) -> str:
    """The save's line as one markup-safe string."""
    return " · ".join(safe(p) for p in save_parts(info, now))

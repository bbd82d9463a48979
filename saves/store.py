"""The folder of saves: list, rename, delete, export and import."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from engine import GameOptions
from saves.atomic import FileKey, backup_path, file_key, write_atomic
from saves.envelope import Listing, SaveError, decode, decode_listing, standing_backup
from saves.paths import SUFFIX, data_root, sanitize, saves_dir
from saves.reader import read_bytes


def seed_is_secret(options: GameOptions) -> bool:
    """Whether the seed is kept from the players: it deals every hidden card, so it is shown
    (and names the save) for one person playing bots, to play the deal again, and never
    where two or more people keep their hands from each other."""
    return options.seat_kinds().count("human") > 1


class SaveInfo(msgspec.Struct, frozen=True):
    name: str
    path: str
    players: int
    seats: tuple[str, ...]
    turn: int
    scores: tuple[int, ...]
    over: bool
    updated: str
    error: str | None = None
    # The main file is bad but its backup is good: it loads from the backup (this says why).
    warning: str | None = None
    options: GameOptions | None = None


def _refusal(path: Path) -> SaveError | None:
    """Why the whole file at `path`, its command log included, does not decode; None when it
    does."""
    try:
        decode(read_bytes(path), path)
    except SaveError as e:
        return e
    return None


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = saves_dir(root or data_root())
        # A file is read again only when its size, time or inode changed: the title screen
        # lists the saves on every visit, and a folder of large files must not be decoded
        # each time.
        self._seen: dict[Path, tuple[FileKey | None, Listing | SaveError]] = {}

    def path_for(self, name: str) -> Path:
        return self.root / (sanitize(name) + SUFFIX)

    def locate(self, name_or_path: str | Path) -> Path:
        """The file meant by a save name or a path.

        A `Path` is always a path. A string is a save name in this store unless it holds a path
        separator or, not being a save here, names an existing file. The suffix decides nothing:
        save names may contain dots ("v1.2"), and a name like "game.json" is still a name.
        """
        if isinstance(name_or_path, Path):
            return name_or_path
        text = str(name_or_path)
        if any(sep in text for sep in ("/", "\\", os.sep, os.altsep or os.sep)):
            return Path(text)
        try:
            named = self.path_for(text)
        except SaveError:
            if Path(text).is_file():
                return Path(text)
            raise
        if named.exists() or backup_path(named).exists() or not Path(text).is_file():
            return named
        return Path(text)

    def fresh_name(self, options: GameOptions) -> str:
        # The log leaves a secret seed out, and the name showed it on every Load row (G11).
        base = f"{options.players}p-{options.seat_kinds().count('human')}-people" \
            if seed_is_secret(options) else f"{options.players}p-seed{options.seed}"
        name, n = base, 1
        while self.path_for(name).exists():
            n += 1
            name = f"{base}-{n}"
        return name

    def list(self) -> list[SaveInfo]:
        """Every save, newest first; damaged ones are listed with what is wrong.

        Only the header of each file is decoded (the command logs are skipped, not built), and
        a file whose main copy is bad but whose backup is good is listed from the backup, as
        `Session.load` would open it.
        """
        try:
            paths = sorted(self.root.glob("*" + SUFFIX))
        except OSError:
            return []
        seen: dict[Path, tuple[FileKey | None, Listing | SaveError]] = {}
        out = []
        for path in paths:
            main = self._listing(path, seen)
            if isinstance(main, Listing):
                out.append(_info(path, main))
                continue
            bak = standing_backup(path, main)
            backup = self._listing(bak, seen) if bak is not None else main
            if isinstance(backup, Listing):
                out.append(_info(path, backup, warning=main.problem))
            else:
                out.append(SaveInfo(path.stem, str(path), 0, (), 0, (), False, "", str(main)))
        self._seen = seen
        return sorted(out, key=lambda i: i.updated, reverse=True)

    def _listing(self, path: Path, seen: dict[Path, tuple[FileKey | None, Listing | SaveError]]
                 ) -> Listing | SaveError:
        key = file_key(path)
        known = self._seen.get(path)
        if known is not None and key is not None and known[0] == key:
            seen[path] = known
            return known[1]
        try:
            got: Listing | SaveError = decode_listing(read_bytes(path), path)
        except SaveError as e:
            got = e
        seen[path] = (key, got)
        return got

    def latest(self) -> SaveInfo | None:
        for info in self.list():
            if info.error is None and not info.over:
                return info
        return None

    def decodes_whole(self, info: SaveInfo) -> bool:
        """Whether the save's file decodes whole, its command log included, as `Session.load`
        reads it: the main file, else its backup. The listing reads headers only, so a file
        with a command no galcruise knows was offered by Continue and then refused (QA s53
        Q11). Decoding imports the command types (15 ms once): asked after the title shows."""
        path = Path(info.path)
        refused = _refusal(path)
        if refused is None:
            return True
        bak = standing_backup(path, refused)
        return bak is not None and _refusal(bak) is None

    def rename(self, old: str, new: str) -> Path:
        src, dst = self.path_for(old), self.path_for(new)
        if not src.exists():
            raise SaveError(f"{src}: no such save.")
        if dst.exists():
            raise SaveError(f"{dst}: a save of that name exists already.")
        src.rename(dst)
        if backup_path(src).exists():
            backup_path(src).rename(backup_path(dst))
        return dst

    def delete(self, name: str) -> None:
        path = self.path_for(name)
        if not path.exists() and not path.is_symlink():
            raise SaveError(f"{path}: no such save.")
        try:
            path.unlink()
            backup_path(path).unlink(missing_ok=True)
        except OSError as e:
            raise SaveError(f"{path}: not deleted ({e.strerror}).") from None

    def export(self, name: str, dest: Path) -> Path:
        """A copy of the save at `dest`: the bytes are read with the size cap, so a save that
        is a link to a device is refused, not copied without end."""
        src = self.path_for(name)
        if not src.exists():
            raise SaveError(f"{src}: no such save.")
        dest = Path(dest)
        if dest.is_dir():
            dest = dest / src.name
        data = read_bytes(src)
        try:
            write_atomic(dest, data)
        except OSError as e:
            raise SaveError(f"{dest}: not written ({e.strerror}).") from None
        return dest

    def import_file(self, src: Path, name: str | None = None) -> Path:
        """Copy a game file in after checking that it loads; the original is left as it is."""
        from saves.session import Session

        src = Path(src)
        data = read_bytes(src)
        # The bytes checked are the bytes copied, whatever happens to the source meanwhile.
        Session.from_file(decode(data, src), src)  # refuses with one sentence if not good
        dest = self.path_for(name or src.stem)
        if dest.exists():
            raise SaveError(f"{dest}: a save of that name exists already.")
        write_atomic(dest, data)
        return dest


def _info(path: Path, h: Listing, warning: str | None = None) -> SaveInfo:
    players = h.options.players if h.options is not None else len(h.seats)
    return SaveInfo(path.stem, str(path), players, tuple(h.seats), h.summary.turn,
                    tuple(h.summary.scores), h.summary.over, h.updated, warning=warning,
                    options=h.options)

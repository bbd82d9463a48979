"""The folder of saves: list, rename, delete, export and import."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import msgspec

from engine import GameOptions
from saves.atomic import backup_path, write_atomic
from saves.envelope import SaveError, decode
from saves.paths import SUFFIX, data_root, sanitize, saves_dir
from saves.reader import read_bytes, read_game_file


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


class Store:
    def __init__(self, root: Path | None = None) -> None:
        self.root = saves_dir(root or data_root())

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
        base = f"{options.players}p-seed{options.seed}"
        name, n = base, 1
        while self.path_for(name).exists():
            n += 1
            name = f"{base}-{n}"
        return name

    def list(self) -> list[SaveInfo]:
        """Every save, newest first; damaged ones are listed with what is wrong."""
        if not self.root.exists():
            return []
        out = []
        for path in sorted(self.root.glob("*" + SUFFIX)):
            name = path.stem
            try:
                gf = read_game_file(path)
            except SaveError as e:
                out.append(SaveInfo(name, str(path), 0, (), 0, (), False, "", str(e)))
                continue
            out.append(SaveInfo(name, str(path), gf.options.players, tuple(gf.seats),
                                gf.summary.turn, tuple(gf.summary.scores), gf.summary.over,
                                gf.updated))
        return sorted(out, key=lambda i: i.updated, reverse=True)

    def latest(self) -> SaveInfo | None:
        for info in self.list():
            if info.error is None and not info.over:
                return info
        return None

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
        if not path.exists():
            raise SaveError(f"{path}: no such save.")
        path.unlink()
        backup_path(path).unlink(missing_ok=True)

    def export(self, name: str, dest: Path) -> Path:
        src = self.path_for(name)
        if not src.exists():
            raise SaveError(f"{src}: no such save.")
        dest = Path(dest)
        if dest.is_dir():
            dest = dest / src.name
        shutil.copyfile(src, dest)
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
        write_atomic(dest, data, keep_backup=False)
        return dest

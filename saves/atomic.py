"""Writing a file so that a crash at any moment leaves a loadable one behind."""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Temp file in the same folder, fsync, then rename over the old one.

    The previous version is copied to `<name>.bak` first, so the main file always exists and
    the backup is at most one save behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if keep_backup and path.exists():
        bak = backup_path(path)
        bak_tmp = path.with_name(f".{path.name}.bak.tmp")
        shutil.copyfile(path, bak_tmp)
        os.replace(bak_tmp, bak)
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

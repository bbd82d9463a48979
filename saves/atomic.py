"""Writing a file so that a crash at any moment leaves a loadable one behind.

Nothing here follows a link or opens a name it did not create: temp files are made with
O_EXCL under a random name (a planted `.NAME.tmp` symlink is never written through), and
`os.replace` swaps the directory entry itself, so a save that is a link to `/dev/zero` or to a
file outside the data dir is replaced by a regular file, not written into.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

FileKey = tuple[int, int, int]


def file_key(path: Path) -> FileKey | None:
    """(inode, size, mtime) of the file at `path`, None when there is none: a write by
    another process (os.replace gives a new inode) changes it."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, data: bytes, backup: bytes | None = None) -> None:
    """Temp file in the same folder, fsync, then rename over the old one.

    `backup`, when given, is written first to `<name>.bak` the same way. The caller passes the
    bytes it knows to be a good save (the ones it last wrote or loaded), never a copy of
    whatever is on disk now: that may be damaged, a device, or a link.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if backup is not None:
        _replace_with(backup_path(path), backup)
    _replace_with(path, data)
    _fsync_dir(path.parent)


def _replace_with(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        # A full disk or a folder in the way: the half-written temp file must not pile up.
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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

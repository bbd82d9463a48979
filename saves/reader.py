"""Reading a game file from disk: the size is checked before a single byte is read.

Every place that opens a game file (loading, listing, importing, replaying, verifying) goes
through `read_game_file`, so a 1 GB file or a device is refused in one sentence instead of
being pulled into memory.
"""

from __future__ import annotations

import stat
from pathlib import Path

from saves.envelope import MAX_BYTES, GameFile, decode, refuse


def read_bytes(path: Path) -> bytes:
    try:
        info = path.stat()
    except OSError as e:
        raise refuse(path, f"cannot read it ({e.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise refuse(path, f"cannot read it ({what})")
    if info.st_size > MAX_BYTES:
        raise refuse(path, f"too large to be a galcruise save ({info.st_size} bytes)")
    try:
        with open(path, "rb") as f:
            # read(n) sets aside n bytes up front, so ask for the size seen (plus one, to spot
            # growth); a file that grew meanwhile is read on only up to one byte past the cap.
            data = f.read(info.st_size + 1)
            if len(data) > info.st_size:
                data += f.read(MAX_BYTES + 1 - len(data))
    except OSError as e:
        raise refuse(path, f"cannot read it ({e.strerror})") from None
    except MemoryError:
        raise refuse(path, "too large to read") from None
    if len(data) > MAX_BYTES:
        raise refuse(path, "too large to be a galcruise save (it grew while being read)")
    return data


def read_game_file(path: Path) -> GameFile:
    """The decoded file, or a SaveError naming the file and the problem."""
    return decode(read_bytes(path), path)

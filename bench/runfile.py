"""Reading the files that long bench runs keep (calibrate, versus): whatever is wrong with
one is refused in a sentence that names it."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, TypeVar

import msgspec


class Versioned(Protocol):
    format: str
    version: int


T = TypeVar("T", bound=Versioned)


def read(path: Path, kind: type[T], fmt: str, version: int, what: str) -> T:
    """`path` decoded as `kind`, or ValueError: a damaged or foreign file ("not `what`") or
    one written by a newer galcruise."""
    try:
        run = msgspec.json.decode(path.read_bytes(), type=kind)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError) as e:
        raise ValueError(f"{path}: not {what} ({e})") from e
    if run.format != fmt:
        raise ValueError(f"{path}: not {what} (format {run.format!r})")
    if run.version > version:
        raise ValueError(f"{path}: written by a newer galcruise (version {run.version})")
    return run


def data_set(folder: str | None = None) -> str:
    """The component data games are played on, as "<id> <hash>" ("base-6 1a2b3c4d5e6f"): the
    built-in base set's, or a --data folder's. A stand-in change moves every score, so runs
    on two data sets are never counted together."""
    if folder:
        from engine.components import load_components

        comps = load_components(Path(folder))
    else:
        from engine.component_sets import components_for

        comps = components_for(())
    return f"{comps.data_id} {comps.data_hash[:12]}"


def same_data(path: Path, data: str) -> None:
    """A saved run is taken up again only on the data its games were played on (ValueError)."""
    if data != data_set():
        raise ValueError(f"{path}: its games were played on {data_words(data)}, "
                         f"this engine has data {data_set()}: start another file")


def data_words(data: str) -> str:
    return f"data {data}" if data else "data not recorded (an older run file)"

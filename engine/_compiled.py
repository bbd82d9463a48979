"""Whether the rule modules mypyc compiled (setup.py) are used: only while each is newer than
its source, and not under GALCRUISE_PURE=1 (for profiling, coverage and pdb, which see no
compiled code). Otherwise an edited .py would be shadowed, silently, by the old extension
beside it; the compiled modules call one another directly, so one stale module spoils them
all: the whole engine then runs as Python, with a warning to rebuild.

Never compiled itself: engine/__init__ runs it before any compiled module is imported."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from types import ModuleType

_HERE = os.path.dirname(os.path.abspath(__file__))
_DIRS = ("", "bots", "rules", "rules/rachel")  # where setup.py's COMPILED modules are
_SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


class _PreferSource:
    """A finder ahead of the others that loads the listed modules from their .py files."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.sources = sources

    def find_spec(self, name: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(name)
        return None if source is None else importlib.util.spec_from_file_location(name, source)


def use_source_when_stale() -> None:
    compiled: dict[str, tuple[bool, str]] = {}  # module -> (older than its .py, the .py)
    for d in _DIRS:
        folder = os.path.join(_HERE, d)
        try:
            entries = {e.name: e for e in os.scandir(folder)}
        except FileNotFoundError:
            continue
        for fname, e in entries.items():
            if fname.endswith(_SUFFIX):
                stem = fname[: -len(_SUFFIX)]
                py = entries.get(stem + ".py")
                if py is not None:
                    name = ".".join(["engine", *d.split("/"), stem] if d else ["engine", stem])
                    compiled[name] = (py.stat().st_mtime > e.stat().st_mtime, py.path)
    if not compiled:
        return
    pure = os.environ.get("GALCRUISE_PURE") == "1"
    stale = sorted(n for n, (old, _) in compiled.items() if old)
    if not pure and not stale:
        return
    if stale:
        warnings.warn(f"{len(stale)} compiled engine module(s) older than the source "
                      f"({', '.join(stale[:3])}{' ...' if len(stale) > 3 else ''}): the engine "
                      "runs as Python until `pip install -e .` compiles it again",
                      RuntimeWarning, stacklevel=3)
    sys.meta_path.insert(0, _PreferSource({n: py for n, (_, py) in compiled.items()}))

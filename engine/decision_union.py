"""Every kind of decision the engine can wait on, as the one tagged union a snapshot's stack
holds: the base game's kinds and those of every module folder that has a `decisions.py`
exposing `KINDS` (found by listing `engine/modules`, in name order, so the union is the same
in every process whichever modules a game turns on)."""

from __future__ import annotations

import importlib
from functools import reduce
from operator import or_
from pathlib import Path

from engine.decisions import BASE_KINDS, Decision

_MODULES = Path(__file__).resolve().parent / "modules"


def _module_kinds() -> tuple[type[Decision], ...]:
    out: list[type[Decision]] = []
    for folder in sorted(p for p in _MODULES.iterdir() if (p / "decisions.py").is_file()):
        mod = importlib.import_module(f"engine.modules.{folder.name}.decisions")
        out.extend(mod.KINDS)
    return tuple(out)


KINDS: tuple[type[Decision], ...] = BASE_KINDS + _module_kinds()
AnyDecision = reduce(or_, KINDS)
# Each kind by its tag, for tools and tests that name a kind in words.
BY_KIND: dict[str, type[Decision]] = {k.__struct_config__.tag: k for k in KINDS}
assert len(BY_KIND) == len(KINDS), "two kinds of decision share a tag"

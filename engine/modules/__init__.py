"""Optional rule modules: the expansions, each a folder here, turned on by GameOptions.modules.

A module folder holds its component data (`data/*.toml`, stand-ins marked as such) and, as it
grows, its setup steps and rules. It is registered in exactly one place, `MODULES` below; the
base game never imports a module by name. What the engine needs to know of a module without
loading its rules (its name, what it adds, what it cannot be combined with) is this registry
row, so options can be checked and listed cheaply.
"""

from __future__ import annotations

import msgspec


class Module(msgspec.Struct, frozen=True):
    id: str
    name: str  # as the book names it
    text: str  # one line for the new-game screen and `--help`
    agenda: bool = False  # data/agenda.toml: agenda cards added to the deck
    incompatible: tuple[str, ...] = ()  # modules it cannot be combined with, as the book says


MODULES: dict[str, Module] = {m.id: m for m in (
    Module("accommodations", "快適空間 (Accommodations): its agenda cards",
           "PAL 9001, Schedule Advance and Board Game Cruise join the agenda deck",
           agenda=True),
)}


def problems(ids: tuple[str, ...]) -> list[str]:
    """What is wrong with a list of module ids (unknown, repeated, or combined against the
    book); empty when they can be played together."""
    out = [f"no module {m!r} (there are: {', '.join(sorted(MODULES))})"
           for m in ids if m not in MODULES]
    out += [f"module {m!r} is named twice" for m in sorted(set(ids)) if ids.count(m) > 1]
    for m in ids:
        for other in MODULES[m].incompatible if m in MODULES else ():
            if other in ids and m < other:
                out.append(f"modules {m!r} and {other!r} cannot be played together")
    return out

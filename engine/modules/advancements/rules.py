"""『技術革新』 (Advancements): the choices its contents and variants bring to a game's setup, as
functions of plain values (module ids, option values, token ids).

The book: the expansion's agenda cards and its cockpit that belong to a module not in play are
removed (the data set leaves them out: engine/modules/expansion_data.py). Each player gets 2
upgrade tokens that replace 2 of the 4 bottom launch-tower tokens; the table chooses which, the
same 4 for everyone; Rachel always keeps the base ones. Two variants: every station bonus tile
active from the start; every technology enhanced from the start.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.modules.advanced_technologies import rules as tech_rules
from engine.modules.advancements.tower import (  # noqa: F401 - the module's setup choices
    BASE_BOTTOM,
    BASE_BOTTOM_NAMES,
    DEFAULT_REPLACED,
    tower_bottom,
    tower_problems,
)
from engine.modules.station_bonuses import rules as station_rules

# variant id -> (the module it changes, one line for the new-game screen)
VARIANTS: dict[str, tuple[str, str]] = {
    station_rules.VARIANT: ("station_bonuses", station_rules.VARIANT_TEXT),
    tech_rules.VARIANT: ("advanced_technologies", tech_rules.VARIANT_TEXT),
}

# The book: 《客室斡旋》 and 『快適空間』's 《専門設計図》 both replace the 48 base blueprints.
INCOMPATIBLE: dict[str, tuple[str, ...]] = {"cabin_pairing": ("specialised_blueprints",)}


def variant_problems(modules: Sequence[str], variants: Sequence[str]) -> list[str]:
    """What is wrong with a game's variants: unknown, repeated, or without their module."""
    out = []
    for v in dict.fromkeys(variants):
        if v not in VARIANTS:
            out.append(f"no variant {v!r} (there are: {', '.join(sorted(VARIANTS))})")
        elif VARIANTS[v][0] not in modules:
            out.append(f"variant {v!r} needs module {VARIANTS[v][0]!r}")
        if list(variants).count(v) > 1:
            out.append(f"variant {v!r} is named twice")
    return out

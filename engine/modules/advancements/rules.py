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
from engine.modules.station_bonuses import rules as station_rules

# The base bottom tokens, as the launch tower holds them (engine/rules/cruises.BOTTOM_BONUS).
BASE_BOTTOM: tuple[str, ...] = ("bottom0", "bottom1", "bottom2", "bottom3")
BASE_BOTTOM_NAMES = ("4 money", "4 ads", "4 resources", "a development at 4 money off")
# [ours] When the table names none: replace the 4 ads and the 4 resources, keeping the money
# and the discounted development (the two that start a player's engine fastest).
DEFAULT_REPLACED: tuple[int, int] = (1, 2)

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


def tower_problems(replaced: Sequence[int]) -> list[str]:
    """The table's choice of which 2 bottom tokens the upgrade tokens replace (0-3, as
    BASE_BOTTOM numbers them)."""
    if len(replaced) != 2 or len(set(replaced)) != 2 or \
            any(not 0 <= i <= 3 for i in replaced):
        return ["the upgrade tokens replace 2 different bottom launch-tower tokens, numbered "
                "0-3 (" + ", ".join(f"{i}: {n}" for i, n in enumerate(BASE_BOTTOM_NAMES)) + ")"]
    return []


def tower_bottom(replaced: Sequence[int], tokens: Sequence[str], rachel: bool = False) \
        -> list[str]:
    """The 4 bottom launch-tower tokens of one player, left to right: the base ones, with the
    expansion's `tokens` (in their order) in the `replaced` places. Rachel keeps the base 4."""
    if rachel or not tokens:
        return list(BASE_BOTTOM)
    bad = tower_problems(replaced)
    if bad:
        raise ValueError(bad[0])
    out = list(BASE_BOTTOM)
    for place, token in zip(sorted(replaced), tokens, strict=True):
        out[place] = token
    return out

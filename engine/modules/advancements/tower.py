"""『技術革新』's upgrade tokens on the launch tower: which bottom places they take, as functions
of plain values (no engine import, so GameOptions can check the table's choice cheaply).

The book: each player gets 2 upgrade tokens that replace 2 of the 4 bottom launch-tower tokens;
the table chooses which, the same 4 for everyone; Rachel always keeps the base ones.
"""

from __future__ import annotations

from collections.abc import Sequence

# The base bottom tokens, as the launch tower holds them (engine/rules/cruises.BOTTOM_BONUS).
BASE_BOTTOM: tuple[str, ...] = ("bottom0", "bottom1", "bottom2", "bottom3")
BASE_BOTTOM_NAMES = ("4 money", "4 ads", "4 resources", "a development at 4 money off")
# [ours] When the table names none: replace the 4 ads and the 4 resources, keeping the money
# and the discounted development (the two that start a player's engine fastest).
DEFAULT_REPLACED: tuple[int, int] = (1, 2)


def tower_problems(replaced: Sequence[int]) -> list[str]:
    """The table's choice of which 2 bottom tokens the upgrade tokens replace (0-3, as
    BASE_BOTTOM numbers them)."""
    if len(replaced) != 2 or len(set(replaced)) != 2 or \
            any(not 0 <= i <= 3 for i in replaced):
        return ["the upgrade tokens replace 2 different bottom launch-tower tokens, numbered "
                "0-3 (" + ", ".join(f"{i}: {n}" for i, n in enumerate(BASE_BOTTOM_NAMES)) + ")"]
    return []


# The expansions whose upgrade tokens take bottom places, in the order GameOptions.tower_replace
# names their places.
TOKEN_MODULES: tuple[str, ...] = ("advancements", "accommodations")


def places(replaced: Sequence[int], modules: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """Which 2 bottom places each expansion's tokens take. `replaced` (GameOptions.
    tower_replace) names them in TOKEN_MODULES order, 2 per expansion in play; () is the
    default, DEFAULT_REPLACED for the first; with both expansions, 2 places name the first's
    and the second's take the two left (then the 4 bottom tokens are all the expansions',
    which the book allows: the table picks 4 among the base 4 and both expansions' 4)."""
    owners = [m for m in TOKEN_MODULES if m in modules]
    out: dict[str, tuple[int, ...]] = {}
    if not owners:
        return out
    out[owners[0]] = tuple(replaced[:2]) or DEFAULT_REPLACED
    if len(owners) == 2:
        out[owners[1]] = tuple(replaced[2:4]) or \
            tuple(i for i in range(4) if i not in out[owners[0]])
    return out


def replace_problems(replaced: Sequence[int], modules: Sequence[str]) -> list[str]:
    """The table's choice of places (GameOptions.tower_replace) for the modules in play."""
    owners = [m for m in TOKEN_MODULES if m in modules]
    if not replaced:
        return []
    if not owners:
        return ["tower_replace is only used with module 'advancements' or 'accommodations'"]
    if len(owners) == 1:
        return tower_problems(replaced)
    if len(replaced) not in (2, 4):
        return [tower_problems(())[0] + "; with both expansions 4 may be named: 技術革新's "
                "2, then 快適空間's 2"]
    bad = tower_problems(replaced[:2]) + (tower_problems(replaced[2:]) if len(replaced) > 2
                                          else [])
    if not bad and len(set(replaced)) != len(replaced):
        bad.append("the two expansions' upgrade tokens cannot replace the same bottom "
                   "launch-tower token")
    return bad


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

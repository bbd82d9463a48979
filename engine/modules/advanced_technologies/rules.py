"""《上級技術》 (Advanced Technologies): a technology tile's marker track, its money surcharges and
its enhanced effect, as functions of plain values (a marker is the 0-based space it stands on).

The book: the marker starts on the first space. When a technology's effect is used, its marker
moves one space right at the end of that action, at most once a turn. Each money icon the
marker passes adds 1 money to the cost of a development under that technology and to the fee
paid to its developers for using it; the surcharge comes after card, expert and reputation
discounts. On the last space the effect is enhanced. Variant: every technology enhanced from
the start (the markers start on the last space, every icon passed: dearer, stronger).
[ours] An icon counts as passed once the marker stands on its space (so Yellow's first move
passes the first icon, as the book's example shows); the marker never moves past the last space.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.components import AdvancedTechnology, Effect
from engine.rules.rachel.numbers import pick

VARIANT = "technologies_enhanced"
VARIANT_TEXT = "Advanced technologies: every technology is enhanced from the start (all its " \
    "money icons passed)"


def last(tech: AdvancedTechnology) -> int:
    return tech.spaces - 1


def start(tech: AdvancedTechnology, all_enhanced: bool = False) -> int:
    """Where the marker is put at setup."""
    return last(tech) if all_enhanced else 0


def surcharge(tech: AdvancedTechnology, marker: int) -> int:
    """Money added to the development cost and to each fee: the icons passed so far."""
    return sum(1 for k in tech.money if k <= marker)


def enhanced(tech: AdvancedTechnology, marker: int) -> bool:
    return marker >= last(tech)


def effect(tech: AdvancedTechnology, marker: int) -> Effect:
    """The effect the tile has now."""
    return tech.enhanced if enhanced(tech, marker) else tech.effect


def advance(tech: AdvancedTechnology, marker: int, moved_this_turn: bool) -> int:
    """The marker after an action in which the effect was used: one space right, unless it
    already moved this turn or stands on the last space."""
    if moved_this_turn or marker >= last(tech):
        return marker
    return marker + 1


def end_of_action(techs: Sequence[AdvancedTechnology], markers: Sequence[int],
                  used: Sequence[int], moved: Sequence[int]) -> tuple[list[int], list[int]]:
    """At the end of an action: each slot (0-based) whose effect was `used` in it moves, at
    most once a turn (`moved`: the slots already moved this turn). Returns the markers and the
    slots moved this turn, both new lists."""
    out, done = list(markers), list(moved)
    for slot in dict.fromkeys(used):
        new = advance(techs[slot], out[slot], slot in done)
        if new != out[slot]:
            out[slot] = new
            done.append(slot)
    return out, done


def fee_each(fee_after_discounts: int, tech: AdvancedTechnology, marker: int,
             surcharge_free: bool = False) -> int:
    """What a player without a development under the tile pays each developer to use it: the
    fee after every discount (reputation, an expert or card that waives fees), then the
    surcharge on top (the book's note). `surcharge_free`: the Patent Pool card (adv02)."""
    return max(0, fee_after_discounts) + (0 if surcharge_free else surcharge(tech, marker))


def development_cost(cost_after_discounts: int, tech: AdvancedTechnology, marker: int,
                     surcharge_free: bool = False) -> tuple[int, int]:
    """A development under the tile costs (part payable in its row's resource or money, part
    payable in money only): the base cost after the launch-tower token's 4 off, cards and the
    expert, never below 0; then the surcharge, in money ("1 金増えます")."""
    return max(0, cost_after_discounts), 0 if surcharge_free else surcharge(tech, marker)


# --- solo: Rachel (1人用ゲーム) ------------------------------------------------------------
def rachel_target(techs: Sequence[AdvancedTechnology], markers: Sequence[int],
                  invented: Sequence[bool], first: int, second: int) -> int | None:
    """The slot (0-based) whose marker moves when Rachel adds a progress cube: the least
    advanced invented technology, ties broken by her number system over the four tiles from
    left to right (the first number, else the second; then on to the right, wrapping). None
    when nothing is invented or every invented marker is on its last space."""
    open_ = [i for i in range(len(techs)) if invented[i] and markers[i] < last(techs[i])]
    if not open_:
        return None
    least = min(markers[i] for i in open_)
    tied = {i for i in open_ if markers[i] == least}
    return pick(first, second, len(techs), lambda i: i in tied)


def marker_problems(techs: Sequence[AdvancedTechnology], before: Sequence[int],
                    after: Sequence[int], rachel_cubes: int = 0) -> list[str]:
    """The fuzzer's invariant between the start and the end of one turn: markers only move
    right, at most one space a turn (plus one a progress cube Rachel added that turn), and
    never past the last space."""
    bad = []
    for i, (t, a, b) in enumerate(zip(techs, before, after, strict=True)):
        if b < a:
            bad.append(f"the {t.name} marker moved left ({a} to {b})")
        elif b - a > 1 + rachel_cubes:
            bad.append(f"the {t.name} marker moved {b - a} spaces in one turn")
        if not 0 <= b <= last(t):
            bad.append(f"the {t.name} marker is off its track (space {b}, slot {i + 1})")
    return bad

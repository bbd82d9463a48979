"""《専門設計図》 (Specialised Blueprints): where its segments are built, and a day in space spent
visiting them, as functions of plain values and the segments' data.

The book: on a day in space, instead of gaining a bonus per icon, each guest in turn is placed
on a segment of the ship showing its kind's icon and starts that segment's effect, which is
carried out before the next guest is placed; a segment starts at most once per day in space,
even when it shows several kinds. The segments are built by 《客室斡旋》's rule (the functions
of engine/modules/cabin_pairing/rules.py, on each segment's `cabin`).

[ours] A guest who finds no free segment showing its icon gains its colour's guest bonus
token's `fallback` (data/guest_tokens.toml). Which guest goes next, and where, is the
player's choice. Rachel ignores the segments (1人用ゲーム): 1 reputation per guest, as usual.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.components import Gain, GuestBonusToken, SpecialisedBlueprint
from engine.modules.cabin_pairing import rules as pairing

# The book: both replace the base set's 48 blueprints.
INCOMPATIBLE: tuple[str, ...] = ("cabin_pairing",)
# Effects the engine carries on with a decision of its own (a build, a blueprint, bonuses).
FOLLOW_UPS: tuple[str, ...] = ("build_segment", "free_blueprint", "funding")
NO_SEGMENT = -1  # a guest placed on no segment: its token's fallback


class Visit(msgspec.Struct, frozen=True):
    """What placing one guest brought: a gain to add now, and perhaps a follow-up for the
    engine (`follow`: one of FOLLOW_UPS, `amount` of it)."""

    colour: str
    segment: int  # index in the ship (cockpit side first), or NO_SEGMENT
    gain: Gain = Gain()
    follow: str | None = None
    amount: int = 0


# --- building: 《客室斡旋》's rule on each segment's half cabin -------------------------------
def halves(ship: Sequence[SpecialisedBlueprint]) -> list[str]:
    return [b.cabin for b in ship]


def build_spots(cockpit: str | None, ship: Sequence[SpecialisedBlueprint],
                new: SpecialisedBlueprint) -> list[int]:
    return pairing.build_spots(cockpit, halves(ship), new.cabin)


def build(cockpit: str | None, ship: Sequence[SpecialisedBlueprint],
          new: SpecialisedBlueprint, at: int) -> list[SpecialisedBlueprint]:
    """The ship once `new` is built at `at`; ValueError (one sentence) where the rule
    refuses it."""
    pairing.build(cockpit, halves(ship), new.cabin, at)
    return [*ship[:at], new, *ship[at:]]


def cabins(cockpit: str | None, ship: Sequence[SpecialisedBlueprint], paired: bool) -> int:
    return pairing.ship_cabins(cockpit, halves(ship), paired)


# --- a day in space ------------------------------------------------------------------------
def icons_aboard(ship: Sequence[SpecialisedBlueprint], colour: str) -> int:
    return sum(b.icons.count(colour) for b in ship)  # type: ignore[arg-type]


def repeats_used(used: Sequence[int]) -> int:
    return len(used) - len(set(used))


def free_segments(ship: Sequence[SpecialisedBlueprint], used: Sequence[int], colour: str,
                  extra: int = 0) -> list[int]:
    """The segments a guest of `colour` may go to: showing its icon and not started yet this
    day in space; with `extra` second starts granted (Encore Performance), a started segment
    once more while they last."""
    spare = repeats_used(used) < extra
    return [i for i, b in enumerate(ship) if colour in b.icons and
            (i not in used or (spare and used.count(i) == 1))]


def scaled(g: Gain, n: int) -> Gain:
    return Gain(**{f: getattr(g, f) * n for f in Gain.__struct_fields__})


def effect_of(ship: Sequence[SpecialisedBlueprint], guests: Sequence[str], at: int,
              times: int = 1) -> Visit:
    """What the segment at `at` gives when started (`times` 2 under a card that doubles a day
    in space). `guests`: every guest aboard, the one placed included."""
    e = ship[at].effect
    n = {"gain": 1,
         "per_icon": icons_aboard(ship, e.colour or ""),
         "per_guest": sum(1 for g in guests if e.colour in (None, g)),
         "per_segment": len(ship)}.get(e.kind)
    if n is not None:
        return Visit("", at, gain=scaled(e.gain, n * times))
    return Visit("", at, follow=e.kind, amount=max(1, e.amount) * times)


def choices(ship: Sequence[SpecialisedBlueprint], waiting: Sequence[str], used: Sequence[int],
            extra: int = 0) -> list[tuple[str, int]]:
    """(guest colour, segment) for the next guest: each colour still waiting, on each free
    segment showing it, or on NO_SEGMENT when it has none (then only there)."""
    out: list[tuple[str, int]] = []
    for colour in dict.fromkeys(waiting):
        spots = free_segments(ship, used, colour, extra)
        out += [(colour, i) for i in spots] or [(colour, NO_SEGMENT)]
    return out


def place(ship: Sequence[SpecialisedBlueprint], guests: Sequence[str], waiting: Sequence[str],
          used: Sequence[int], colour: str, at: int, tokens: Sequence[GuestBonusToken],
          extra: int = 0, times: int = 1) -> tuple[Visit, list[str], list[int]]:
    """Place the next guest: what it brings, the guests still waiting, the segments started.
    ValueError (one sentence) for a placement the rules refuse."""
    if colour not in waiting:
        raise ValueError(f"no {colour} guest is waiting to be placed")
    if (colour, at) not in choices(ship, waiting, used, extra):
        if at == NO_SEGMENT:
            raise ValueError(f"a {colour} guest must go to a free segment showing its icon")
        if not 0 <= at < len(ship):
            raise ValueError(f"the ship has no segment {at + 1}")
        if colour not in ship[at].icons:
            raise ValueError(f"{ship[at].name} shows no {colour} icon")
        raise ValueError(f"{ship[at].name} has already started this day in space")
    rest = list(waiting)
    rest.remove(colour)
    if at == NO_SEGMENT:
        token = next(t for t in tokens if t.colour == colour)
        return Visit(colour, at, gain=token.fallback), rest, list(used)
    v = effect_of(ship, guests, at, times)
    return msgspec.structs.replace(v, colour=colour), rest, [*used, at]


def rachel_reputation(guests: Sequence[str]) -> int:
    """Rachel's day in space with this module: the segments ignored, 1 reputation a guest."""
    return len(guests)

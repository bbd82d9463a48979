"""Optional rule modules: the expansions, each a folder here, turned on by GameOptions.modules.

A module is one folder:
- `data/*.toml`: its components (stand-ins marked `source = "stand-in"`), loaded with the base
  set by `engine.component_sets.components_for(modules)`;
- `decisions.py` (optional): `KINDS`, its own decision Structs (subclasses of
  `engine.decisions.Decision`, each with its own tag); `engine.decision_union` finds them, so a
  snapshot can hold them whether or not a game turns the module on;
- `commands.py` (optional): `COMMANDS`, its own command Structs (subclasses of
  `engine.commands.Command`, own tags), gathered the same way by `engine.command_union`;
- `__init__.py`: `extend(rules) -> Rules` (optional), which returns the base table
  (`engine.registry.Rules`) with the module's rows added: `kinds` for its decisions,
  `free`, `actions`, `main_options` / `main_handlers`, `setup` steps; the table is built once
  per module set (`engine.registry.rules_for`), so the base game's table never changes.
It is registered in exactly one place, `MODULES` below; the base game never imports a module
by name. What the engine needs to know of a module without loading its rules (its name, what
it adds, what it cannot be combined with) is this registry row, so options can be checked and
listed cheaply.
"""

from __future__ import annotations

import msgspec


class Module(msgspec.Struct, frozen=True):
    id: str
    name: str  # as the book names it
    text: str  # one line for the new-game screen and `--help`
    agenda: bool = False  # data/agenda.toml: agenda cards added to the deck
    incompatible: tuple[str, ...] = ()  # modules it cannot be combined with, as the book says
    # Its rule variants (GameOptions.variants): (id, one line for the new-game screen).
    variants: tuple[tuple[str, str], ...] = ()


MODULES: dict[str, Module] = {m.id: m for m in (
    Module("accommodations", "快適空間 (Accommodations): other contents",
           "6 agenda cards, 2 experts, 2 upgrade tokens each, 2 technologies (+1 money to "
           "use)"),
    Module("station_bonuses", "区画ボーナス・タイル (Station Bonus Tiles)",
           "a station with 3 developments (4 at 4 players) pays its visitors by their "
           "developments there",
           variants=(("stations_active", "every station bonus tile is active from the start"),)),
    Module("cabin_pairing", "客室斡旋 (Cabin Pairing)",
           "48 blueprints whose half cabins must pair up; a segment completes a cabin or is not "
           "built", incompatible=("specialised_blueprints",)),
    Module("advanced_technologies", "上級技術 (Advanced Technologies)",
           "technologies grow stronger and dearer as they are used; the last space enhances them",
           variants=(("technologies_enhanced", "every technology is enhanced from the start "
                      "(all its surcharges due)"),)),
    Module("advancements", "技術革新 (Advancements): other contents",
           "6 agenda cards, 2 experts, 2 upgrade tokens each, a cockpit and an engine"),
    Module("specialised_blueprints", "専門設計図 (Specialised Blueprints)",
           "48 blueprints whose segments guests visit on a day in space; built by cabin "
           "pairing", incompatible=("cabin_pairing",)),
    Module("starting_upgrades", "初期アップグレード・カード (Starting Upgrade Cards)",
           "each player reveals one of 2 cards on their first turn: a token off the launch "
           "tower, an upgrade unlocked",
           variants=(("starting_auction", "auction: 3 more money each; bid in secret for the "
                      "cards revealed"),
                     ("starting_handicap", "handicap: only the players named get starting "
                      "upgrade cards"))),
)}
# variant id -> the module whose rules it changes
VARIANT_MODULE: dict[str, str] = {v: m.id for m in MODULES.values() for v, _ in m.variants}


def problems(ids: tuple[str, ...]) -> list[str]:
    """What is wrong with a list of module ids (unknown, repeated, or combined against the
    book); empty when they can be played together."""
    out = [f"no module {m!r} (there are: {', '.join(sorted(MODULES))})"
           for m in ids if m not in MODULES]
    out += [f"module {m!r} is named twice" for m in sorted(set(ids)) if ids.count(m) > 1]
    for m in ids:
        for other in MODULES[m].incompatible if m in MODULES else ():
            if other in ids and m < other and other in MODULES:
                out.append(f"modules {MODULES[m].name} and {MODULES[other].name} cannot be "
                           f"played together ({m!r}, {other!r})")
    return out


def variant_problems(modules: tuple[str, ...], variants: tuple[str, ...]) -> list[str]:
    """What is wrong with a game's variants: unknown, repeated, or without their module."""
    out = []
    for v in dict.fromkeys(variants):
        if v not in VARIANT_MODULE:
            out.append(f"no variant {v!r} (there are: {', '.join(sorted(VARIANT_MODULE))})")
        elif VARIANT_MODULE[v] not in modules:
            out.append(f"variant {v!r} needs module {VARIANT_MODULE[v]!r}")
        if variants.count(v) > 1:
            out.append(f"variant {v!r} is named twice")
    return out

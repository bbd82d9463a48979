"""The 『技術革新』 (Advancements) expansion's component data: loaded, checked against the book's
component list (内容物) and merged into a data set by `engine.component_sets.components_for`.

Each module's folder holds its files (engine/modules/<id>/data/*.toml). A file either replaces
the base file of the same name (the module's 48 blueprints, its 8 technologies), adds its items
to it (agenda cards, experts, a cockpit, an engine) or is a kind the base game has not (station
bonus tiles, launch-tower tokens). Items whose `requires` names a module not in play are left
out: the book removes such a card or cockpit when it comes up and draws again, which deals the
same as never shuffling it in.

The four modules are registered in `engine.modules.MODULES` and wired into the turn flow
through their `extend` (ADVANCEMENTS_WIRING.md says where each hooks in).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import msgspec

from engine import components as C

Merge = Literal["replace", "add", "new"]
HERE = Path(__file__).parent

# module -> file -> (type of the file, how it joins the base data set)
EXPANSIONS: dict[str, dict[str, tuple[type, Merge]]] = {
    "cabin_pairing": {"blueprints.toml": (C._PairedBlueprints, "replace")},
    "advanced_technologies": {"technologies.toml": (C._AdvancedTechs, "replace")},
    "station_bonuses": {"station_bonuses.toml": (C._StationBonuses, "new")},
    "advancements": {
        "agenda.toml": (C._ModuleAgenda, "add"),
        "experts.toml": (C._Experts, "add"),
        "tower_tokens.toml": (C._TowerTokens, "new"),
        "cockpits.toml": (C._ModuleCockpits, "add"),
        "engines.toml": (C._Engines, "add"),
    },
}

# The book's component list for the expansion (内容物): how many of each a module's file holds.
# Tower tokens: 8 in the box, 2 per player, one of each of 2 kinds.
BOOK_COUNTS: dict[tuple[str, str], int] = {
    ("cabin_pairing", "blueprints.toml"): 48,
    ("advanced_technologies", "technologies.toml"): 8,
    ("station_bonuses", "station_bonuses.toml"): 6,
    ("advancements", "agenda.toml"): 6,
    ("advancements", "experts.toml"): 2,
    ("advancements", "tower_tokens.toml"): 2,
    ("advancements", "cockpits.toml"): 1,
    ("advancements", "engines.toml"): 1,
}


def _table(struct: msgspec.Struct) -> tuple[str, tuple]:
    """The one table of a data file: its name and items."""
    name = msgspec.structs.fields(struct)[0].name
    return name, getattr(struct, name)


def load_file(module: str, name: str) -> msgspec.Struct:
    """One of a module's data files, decoded and typed; errors name the file and the item."""
    kind, _ = EXPANSIONS[module][name]
    path = HERE / module / "data" / name
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise C.DataError(f"{path}: cannot read component data ({e.strerror})") from None
    try:
        return msgspec.toml.decode(raw, type=kind)
    except msgspec.ValidationError as e:
        raise C.DataError(f"{path}: {C._item_of(raw, str(e))}{e}") from None
    except msgspec.DecodeError as e:
        raise C.DataError(f"{path}: not valid TOML ({e})") from None


def load_module(module: str) -> dict[str, msgspec.Struct]:
    """All of a module's files, each checked against the book."""
    files = {name: load_file(module, name) for name in EXPANSIONS[module]}
    bad = problems(module, files)
    if bad:
        raise C.DataError(f"modules/{module}/data: component data refused: " + "; ".join(bad))
    return files


def with_expansion(base: C.Components, module: str, in_play: tuple[str, ...]) -> C.Components:
    """`base` with `module`'s components merged in; items needing a module not in `in_play`
    are left out."""
    files = dict(base.files)
    for name, struct in load_module(module).items():
        table, items = _table(struct)
        items = tuple(x for x in items if getattr(x, "requires", None) in (None, *in_play))
        merge = EXPANSIONS[module][name][1]
        if merge == "add":
            _, old = _table(files[name])
            items = old + items
        files[name] = type(files[name] if merge == "add" else struct)(**{table: items})
    try:
        return C.Components(files, C.data_hash(files))
    except C.DataError as e:  # an id the module repeats from the base set
        raise C.DataError(f"modules/{module}/data merged into the base set: {e}") from None


def problems(module: str, files: dict[str, msgspec.Struct]) -> list[str]:
    """What a module's own files get wrong against the book and our shaping rules; each names
    file, item and field."""
    bad: list[str] = []
    where = f"modules/{module}/data"
    for name, struct in files.items():
        _, items = _table(struct)
        want = BOOK_COUNTS[(module, name)]
        if len(items) != want:
            bad.append(f"{where}/{name}: {len(items)} items, the book has {want}")
        for x in items:
            req = getattr(x, "requires", None)
            if req is not None and (req not in EXPANSIONS or req == module):
                bad.append(f"{where}/{name}: {x.id!r}: requires: {req!r} is not another "
                           "module of this expansion")
    check = {"cabin_pairing": _pairing, "advanced_technologies": _technologies,
             "station_bonuses": _stations, "advancements": _contents}[module]
    return bad + check(where, files)


def _pairing(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    bps = files["blueprints.toml"].blueprint  # type: ignore[attr-defined]
    bad = []
    for pos in C.POSITIONS:
        n = sum(1 for b in bps if b.cabin == pos)
        if n != len(bps) // 3:
            bad.append(f"{where}/blueprints.toml: cabin: {n} blueprints show a {pos} half "
                       f"cabin; spread them evenly ({len(bps) // 3} each)")
    return bad


def _technologies(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    bad = []
    for t in files["technologies.toml"].technology:  # type: ignore[attr-defined]
        at = f"{where}/technologies.toml: technology {t.id!r}"
        if not 2 <= t.spaces <= 8:
            bad.append(f"{at}: spaces: a track has 2 to 8 spaces")
        if list(t.money) != sorted(set(t.money)) or \
                any(not 1 <= k <= t.spaces - 1 for k in t.money):
            bad.append(f"{at}: money: spaces 1 to {t.spaces - 1}, each once, in order (the "
                       "marker starts on space 0)")
        if t.enhanced.kind != t.effect.kind or t.enhanced.amount <= t.effect.amount:
            bad.append(f"{at}: enhanced: the same kind as the effect, with a larger amount")
    return bad


def _stations(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    tiles = files["station_bonuses.toml"].tile  # type: ignore[attr-defined]
    bad = []
    kinds = sorted(t.kind for t in tiles)
    if kinds != sorted(C.StationBonusKind.__args__):  # type: ignore[attr-defined]
        bad.append(f"{where}/station_bonuses.toml: kind: one tile of each of "
                   f"{', '.join(C.StationBonusKind.__args__)}")  # type: ignore[attr-defined]
    for t in tiles:
        if t.amount < 1 or not 1 <= t.per <= 2:
            bad.append(f"{where}/station_bonuses.toml: tile {t.id!r}: amount/per: at least 1 "
                       "of the bonus for 1 or 2 developments (a player has at most 2 next "
                       "to a station)")
    return bad


def _contents(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    bad = []
    cards = files["agenda.toml"].card  # type: ignore[attr-defined]
    for r in ("food", "oxygen", "fuel"):
        n = sum(1 for a in cards if a.resource == r)
        if n != len(cards) // 3:
            bad.append(f"{where}/agenda.toml: resource: {n} {r} cards; spread the icons evenly")
    for a in cards:
        owner = C.MODULE_EFFECT_KINDS.get(a.effect.kind, (None,))[0]
        if owner not in (None, "advancements") and a.requires != owner:
            bad.append(f"{where}/agenda.toml: card {a.id!r}: requires: its effect "
                       f"{a.effect.kind!r} needs module {owner!r}")
    if any(e.intro for e in files["experts.toml"].expert):  # type: ignore[attr-defined]
        bad.append(f"{where}/experts.toml: intro: the expansion's experts join the supply")
    for t in files["tower_tokens.toml"].token:  # type: ignore[attr-defined]
        if t.effect.kind not in ("gain", "segment_token"):
            bad.append(f"{where}/tower_tokens.toml: token {t.id!r}: effect.kind: a token gives "
                       "a gain or a segment build")
    for x in files["cockpits.toml"].cockpit:  # type: ignore[attr-defined]
        if x.starting:
            bad.append(f"{where}/cockpits.toml: cockpit {x.id!r}: starting: joins the deck")
        if x.cabin is not None and x.requires != "cabin_pairing":
            bad.append(f"{where}/cockpits.toml: cockpit {x.id!r}: cabin: a half cabin on a "
                       "cockpit needs requires = \"cabin_pairing\"")
    if any(x.starting for x in files["engines.toml"].engine):  # type: ignore[attr-defined]
        bad.append(f"{where}/engines.toml: starting: the expansion's engine joins the deck")
    return bad

"""The 『技術革新』 (Advancements) expansion's component data: loaded, checked against the book's
component list (内容物) and merged into a data set by `engine.component_sets.components_for`.

Each module's folder holds its files (engine/modules/<id>/data/*.toml). A file either replaces
the base file of the same name (the module's 48 blueprints, its 8 technologies), adds its items
to it (agenda cards, experts, a cockpit, an engine) or is a kind the base game has not (station
bonus tiles, launch-tower tokens). Items whose `requires` names a module not in play are left
out: the book removes such a card or cockpit when it comes up and draws again, which deals the
same as never shuffling it in.

技術革新's four modules and 快適空間's `specialised_blueprints` and `accommodations` are
registered in `engine.modules.MODULES` and wired into the turn flow through their `extend`
(ADVANCEMENTS_WIRING.md, ACCOMMODATIONS_WIRING.md say where each hooks in).
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
    # 『快適空間』 (Accommodations): ACCOMMODATIONS_WIRING.md.
    "specialised_blueprints": {
        "blueprints.toml": (C._SpecialisedBlueprints, "replace"),
        "guest_tokens.toml": (C._GuestBonusTokens, "new"),
    },
    "starting_upgrades": {"starting_upgrades.toml": (C._StartingUpgrades, "new")},
    # Its three FAQ cards (agenda.toml) and its other contents (ACCOMMODATIONS_WIRING.md §3).
    # Before they were wired the module added the three cards only: a game saved then is
    # rebuilt with that data set (component_sets.LEGACY).
    "accommodations": {
        "agenda.toml": (C._ModuleAgenda, "add"),
        "more_agenda.toml": (C._ModuleAgenda, "add"),
        "experts.toml": (C._Experts, "add"),
        "tower_tokens.toml": (C._TowerTokens, "new"),
        "technologies.toml": (C._AccommodationTechs, "add"),
    },
}

# Modules whose data would wait here because the module is registered with less than all of
# it (`with_expansion` and the checks read these rows as they read EXPANSIONS;
# `components_for` does not). None today: 『快適空間』's other contents are wired.
PENDING: dict[str, dict[str, tuple[type, Merge]]] = {}
# A module file merged into a data-set file of another name.
INTO: dict[tuple[str, str], str] = {("accommodations", "more_agenda.toml"): "agenda.toml"}


def spec(module: str) -> dict[str, tuple[type, Merge]]:
    """A module's files, whether its row is in EXPANSIONS or still PENDING."""
    return EXPANSIONS[module] if module in EXPANSIONS else PENDING[module]

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
    # 『快適空間』: 48 blueprints, 3 guest bonus tokens, 33 starting upgrade cards; 6 agenda cards
    # (3 played today, 3 more), 2 experts, 2 upgrade token kinds (8 in the box), 2 technologies.
    ("specialised_blueprints", "blueprints.toml"): 48,
    ("specialised_blueprints", "guest_tokens.toml"): 3,
    ("starting_upgrades", "starting_upgrades.toml"): 33,
    ("accommodations", "agenda.toml"): 3,
    ("accommodations", "more_agenda.toml"): 3,
    ("accommodations", "experts.toml"): 2,
    ("accommodations", "tower_tokens.toml"): 2,
    ("accommodations", "technologies.toml"): 2,
}


def _table(struct: msgspec.Struct) -> tuple[str, tuple]:
    """The one table of a data file: its name and items."""
    name = msgspec.structs.fields(struct)[0].name
    return name, getattr(struct, name)


def editions(module: str) -> tuple[str, ...]:
    """A module's earlier data editions, oldest first: `editions/<n>/` holds the files as they
    were before a change (only those that changed), so that a game saved with them is rebuilt
    with them and plays as it did."""
    folder = HERE / module / "editions"
    if not folder.is_dir():
        return ()
    return tuple(sorted((d.name for d in folder.iterdir() if d.is_dir()), key=int))


def load_file(module: str, name: str, edition: str | None = None) -> msgspec.Struct:
    """One of a module's data files, decoded and typed; errors name the file and the item.
    `edition`: an earlier edition's file where that edition changed it."""
    kind, _ = spec(module)[name]
    path = HERE / module / "data" / name
    if edition is not None and (HERE / module / "editions" / edition / name).exists():
        path = HERE / module / "editions" / edition / name
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


def load_module(module: str, edition: str | None = None) -> dict[str, msgspec.Struct]:
    """All of a module's files, each checked against the book."""
    files = {name: load_file(module, name, edition) for name in spec(module)}
    bad = problems(module, files)
    if bad:
        raise C.DataError(f"modules/{module}/data: component data refused: " + "; ".join(bad))
    return files


def with_expansion(base: C.Components, module: str, in_play: tuple[str, ...],
                   edition: str | None = None) -> C.Components:
    """`base` with `module`'s components merged in; items needing a module not in `in_play`
    are left out. `edition`: one of the module's earlier data editions."""
    files = dict(base.files)
    for source, struct in load_module(module, edition).items():
        name = INTO.get((module, source), source)
        table, items = _table(struct)
        items = tuple(x for x in items if getattr(x, "requires", None) in (None, *in_play))
        items = _version(items, in_play)
        merge = spec(module)[source][1]
        if merge == "new" and name in files:  # two expansions' tokens of one kind
            merge = "add"
        if merge == "replace" and name in files:
            # Another module's items added to the file stay (『快適空間』's technologies
            # under 《上級技術》's, whichever is merged first).
            _, old = _table(files[name])
            items = items + tuple(x for x in old if _added(x))
        if merge == "add":
            _, old = _table(files[name])
            items = old + items
        files[name] = type(files[name] if merge == "add" else struct)(**{table: items})
    try:
        return C.Components(files, C.data_hash(files))
    except C.DataError as e:  # an id the module repeats from the base set
        raise C.DataError(f"modules/{module}/data merged into the base set: {e}") from None


def _added(item: msgspec.Struct) -> bool:
    """An item a module adds to a base file rather than one it replaces it with."""
    return isinstance(item, (C.SurchargedTechnology, C.SurchargedAdvancedTechnology))


def _version(items: tuple, in_play: tuple[str, ...]) -> tuple:
    """『快適空間』's technologies in the version the game plays: with 《上級技術》 the advanced
    tile, else the base tile (its track left out)."""
    if "advanced_technologies" in in_play:
        return items
    out = []
    for x in items:
        if isinstance(x, C.SurchargedAdvancedTechnology):
            fields = {f: getattr(x, f) for f in C.SurchargedTechnology.__struct_fields__}
            x = C.SurchargedTechnology(**fields)
        out.append(x)
    return tuple(out)


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
            if req is not None and (req not in EXPANSIONS | PENDING or req == module):
                bad.append(f"{where}/{name}: {x.id!r}: requires: {req!r} is not another "
                           "module of this expansion")
    check = {"cabin_pairing": _pairing, "advanced_technologies": _technologies,
             "station_bonuses": _stations, "advancements": _contents,
             "specialised_blueprints": _specialised, "starting_upgrades": _starting,
             "accommodations": _accommodations}[module]
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


# --- 『快適空間』 (Accommodations) ------------------------------------------------------------
def _specialised(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    bps = files["blueprints.toml"].blueprint  # type: ignore[attr-defined]
    bad = _pairing(where, files)
    for b in bps:
        e = b.effect
        at = f"{where}/blueprints.toml: blueprint {b.id!r}: effect"
        if e.kind in ("gain", "per_icon", "per_guest", "per_segment") and e.gain == C.Gain():
            bad.append(f"{at}: gain: a {e.kind} effect gains something")
        if e.kind == "per_icon" and e.colour is None:
            bad.append(f"{at}: colour: a per_icon effect counts the icons of one colour")
        if e.kind in ("funding", "free_blueprint") and e.amount < 1:
            bad.append(f"{at}: amount: at least 1")
    tokens = files["guest_tokens.toml"].token  # type: ignore[attr-defined]
    if sorted(t.colour for t in tokens) != sorted(C.Colour.__args__):  # type: ignore[attr-defined]
        bad.append(f"{where}/guest_tokens.toml: colour: one token for each guest colour")
    return bad


def _starting(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    cards = files["starting_upgrades.toml"].card  # type: ignore[attr-defined]
    pairs = [(c.token, c.upgrade) for c in cards]
    bad = [f"{where}/starting_upgrades.toml: card {c.id!r}: token/upgrade: another card names "
           "the same token and upgrade" for i, c in enumerate(cards) if pairs.index(pairs[i]) != i]
    known = {u.id for u in load_base().upgrades}
    bad += [f"{where}/starting_upgrades.toml: card {c.id!r}: upgrade: {c.upgrade!r} is no "
            "upgrade space" for c in cards if c.upgrade not in known]
    return bad


def load_base() -> C.Components:
    """The active base data set (the upgrade spaces the cards name)."""
    return C.load_components()


def _accommodations(where: str, files: dict[str, msgspec.Struct]) -> list[str]:
    bad = []
    cards = files["agenda.toml"].card + files["more_agenda.toml"].card  # type: ignore[attr-defined]
    for r in ("food", "oxygen", "fuel"):
        n = sum(1 for a in cards if a.resource == r)
        if n != len(cards) // 3:
            bad.append(f"{where}: agenda cards: resource: {n} {r} cards of {len(cards)}; "
                       "spread the icons evenly")
    for a in cards:
        owner = C.module_effect_owner(a.effect.kind)
        if owner is not None and a.requires != owner:
            bad.append(f"{where}: agenda card {a.id!r}: requires: its effect "
                       f"{a.effect.kind!r} needs module {owner!r}")
    if any(e.intro for e in files["experts.toml"].expert):  # type: ignore[attr-defined]
        bad.append(f"{where}/experts.toml: intro: the expansion's experts join the supply")
    for t in files["tower_tokens.toml"].token:  # type: ignore[attr-defined]
        if t.effect.kind != "gain":
            bad.append(f"{where}/tower_tokens.toml: token {t.id!r}: effect.kind: a gain")
    for t in files["technologies.toml"].technology:  # type: ignore[attr-defined]
        if t.surcharge < 1:
            bad.append(f"{where}/technologies.toml: technology {t.id!r}: surcharge: the "
                       "expansion's tiles carry the +1 money icon")
    return bad + _technologies(where, files)


def preview(modules: tuple[str, ...]) -> C.Components:
    """The data set a game with these modules will have once every one is wired, PENDING rows
    included (tests, and the wiring to come; `components_for` is what games use)."""
    comps = C.load_components()
    for m in modules:
        comps = with_expansion(comps, m, modules)
    bad = C.check(comps, merged=modules)
    if bad:
        raise C.DataError(f"component data refused with modules {', '.join(modules)}: "
                          + "; ".join(bad))
    return comps

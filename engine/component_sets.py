"""The data set of a game: the active base set with each of its modules' components added.

Apart from `engine.components` because the modules' loaders (engine/modules/expansion_data.py)
build on the component types: the types never import the modules.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from pathlib import Path

from engine import components as C
from engine.components import Components, DataError, check, load_components, with_module_cards
from engine.modules import MODULES, expansion_data

# Modules whose data set grew after games were saved with them: such a module then added only
# its agenda cards (data/agenda.toml). A game recorded with that older data set (its hash says
# so) is rebuilt with it, so it deals and plays as it did: every rule of the module's other
# contents reads them from the data set, and finds none.
LEGACY: tuple[str, ...] = ("accommodations",)


def components_for(modules: tuple[str, ...], data_hash: str | None = None) -> Components:
    """The data set of a game with these modules: the active base set (built-in or
    --components) with each module's components added, in the order given. `data_hash`: the
    one a stored game was made with; when it is an earlier edition of the built-in set or of a
    module's data (or a module's older form, LEGACY), that edition."""
    comps = _with_modules(C.active_dir(), modules)
    if data_hash is None or data_hash == comps.data_hash:
        return comps
    for earlier in _earlier(modules):
        if earlier.data_hash == data_hash:
            return earlier
    return comps


def _earlier(modules: tuple[str, ...]) -> Iterator[Components]:
    """Every earlier form of this data set, the newest base edition first: each base edition
    (only of the built-in set: a --components folder has none) with the modules as they are,
    in their older form, and in each combination of their earlier editions."""
    bases: tuple[str | None, ...] = (None,)
    if C.active_dir() is None:
        bases += C.base_editions()
    old = tuple(m for m in modules if m in LEGACY)
    choices = [[(m, e) for e in expansion_data.editions(m)] + [None]
               for m in modules if m in expansion_data.EXPANSIONS]
    forms: list[tuple[tuple[str, ...], tuple[tuple[str, str], ...]]] = [((), ())]
    if old:
        forms.append((old, ()))
    for picked in itertools.product(*choices):
        chosen = tuple(x for x in picked if x is not None)
        if chosen:
            forms.append(((), chosen))
    for base in bases:
        for cards_only, chosen in forms:
            if base is None and not cards_only and not chosen:
                continue  # the data set as it is now: the caller has it
            try:
                # A module's edition may not fit an earlier base edition (its check refuses it).
                yield _with_modules(C.active_dir(), modules, cards_only, chosen, base)
            except DataError:
                continue


@functools.cache
def _with_modules(active: Path | None, modules: tuple[str, ...],
                  cards_only: tuple[str, ...] = (),
                  earlier: tuple[tuple[str, str], ...] = (),
                  base: str | None = None) -> Components:
    comps = load_components() if base is None else C.base_edition(base)
    edition = dict(earlier)
    for m in modules:
        if m in cards_only:
            comps = with_module_cards(comps, m)
        # An expansion module's folder says what it adds, registered in MODULES or not yet.
        elif m in expansion_data.EXPANSIONS:
            comps = expansion_data.with_expansion(comps, m, modules, edition.get(m))
        elif m in MODULES:
            if MODULES[m].agenda:
                comps = with_module_cards(comps, m)
        else:
            raise DataError(f"no component data for module {m!r}")
    if any(m in expansion_data.EXPANSIONS and m not in cards_only for m in modules):
        bad = check(comps, merged=modules)
        if bad:
            raise DataError("component data refused with modules "
                            f"{', '.join(modules)}: " + "; ".join(bad))
    return comps

"""The data set of a game: the active base set with each of its modules' components added.

Apart from `engine.components` because the modules' loaders (engine/modules/expansion_data.py)
build on the component types: the types never import the modules.
"""

from __future__ import annotations

import functools
from pathlib import Path

from engine import components as C
from engine.components import Components, DataError, check, load_components, with_module_cards
from engine.modules import MODULES, expansion_data


def components_for(modules: tuple[str, ...]) -> Components:
    """The data set of a game with these modules: the active base set (built-in or
    --components) with each module's components added, in the order given."""
    return _with_modules(C.active_dir(), modules)


@functools.cache
def _with_modules(active: Path | None, modules: tuple[str, ...]) -> Components:
    comps = load_components()
    for m in modules:
        # An expansion module's folder says what it adds, registered in MODULES or not yet.
        if m in expansion_data.EXPANSIONS:
            comps = expansion_data.with_expansion(comps, m, modules)
        elif m in MODULES:
            if MODULES[m].agenda:
                comps = with_module_cards(comps, m)
        else:
            raise DataError(f"no component data for module {m!r}")
    if any(m in expansion_data.EXPANSIONS for m in modules):
        bad = check(comps, merged=modules)
        if bad:
            raise DataError("component data refused with modules "
                            f"{', '.join(modules)}: " + "; ".join(bad))
    return comps

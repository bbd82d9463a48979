"""The decision model: typed decisions with one registry row each, trials that never write the
game, and an engine whose rule modules import neither the turn machine nor each other in a
circle."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import msgspec
import pytest

from engine import Game, GameOptions
from engine.decision_union import BY_KIND, KINDS, AnyDecision
from engine.decisions import ResourceChoice
from engine.registry import BASE, rules_for
from engine.rules import agenda_effects, effect_kinds

ROOT = Path(__file__).resolve().parent.parent


def test_every_kind_of_decision_has_one_registry_row_and_a_unique_tag() -> None:
    kinds = KINDS
    from engine.decisions import BASE_KINDS
    from engine.modules import MODULES

    # Each module's kinds have their row in its own table; the base table has none of them.
    assert set(rules_for(tuple(MODULES)).kinds) == set(kinds)
    assert set(BASE.kinds) == set(BASE_KINDS)
    assert len(BY_KIND) == len(kinds)
    assert BY_KIND["choose_resource"] is ResourceChoice


def test_a_decision_round_trips_through_a_snapshot_with_its_named_fields() -> None:
    dec = ResourceChoice(1, left=3, why="reputation drop", overflow=True)
    data = msgspec.msgpack.encode([dec])
    back = msgspec.msgpack.decode(data, type=list[AnyDecision])
    assert back == [dec] and back[0].kind == "choose_resource" and back[0].left == 3


def _every_module(players: int, without: str, auction: bool = False
                  ) -> dict[str, tuple[str, ...]]:
    """Every module but `without` (cabin_pairing and specialised_blueprints exclude each
    other), and every variant of those that goes with the others at this player count (the
    starting upgrade cards' auction and handicap exclude each other and are not solo)."""
    from engine.modules import MODULES, VARIANT_MODULE

    mods = tuple(m for m in MODULES if m != without)
    variants = [v for v, m in VARIANT_MODULE.items() if m in mods and m != "starting_upgrades"]
    if auction and players > 1:
        variants.append("starting_auction")
    return {"modules": mods, "variants": tuple(variants)}


@pytest.mark.parametrize(("without", "auction"), [
    (None, False), ("specialised_blueprints", False), ("cabin_pairing", False),
    ("cabin_pairing", True)],
    ids=["base", "every module", "every module (specialised)", "every module, auction"])
def test_listing_legal_moves_never_changes_the_game_over_many_positions(
        without: str | None, auction: bool) -> None:
    """Every "could this still finish?" check runs on a trial copy: a cold legal() leaves the
    state hash as it was, in every position of random games at 1-4 players, with or without
    every module and variant."""
    for players in (1, 2, 3, 4):
        extra = _every_module(players, without, auction) if without is not None else {}
        g = Game.new(GameOptions(players=players, seed=40 + players, **extra))
        r = random.Random(players)
        for _ in range(250):
            if g.is_over:
                break
            before = g.state_hash()
            g._legal_cache = None
            legal = g.legal()
            assert g.state_hash() == before
            g.apply(r.choice(legal))


def test_try_apply_gives_the_next_position_and_leaves_the_game_as_it_was() -> None:
    g = Game.new(GameOptions(players=3, seed=5))
    before = g.state_hash()
    cmd = g.legal()[0]
    after, _events = g.try_apply(cmd)
    assert g.state_hash() == before
    g.apply(cmd)
    assert g.state_hash() == after.state_hash()


def test_one_off_agenda_effects_are_one_table_that_the_data_checks_read() -> None:
    assert set(agenda_effects.EFFECTS) <= effect_kinds.HANDLED["agenda"]
    assert agenda_effects.IMMEDIATE == tuple(agenda_effects.EFFECTS)


def test_rules_for_no_modules_is_the_base_table_and_modules_get_their_own_copy() -> None:
    assert rules_for(()) is BASE
    with_module = rules_for(("accommodations",))
    assert with_module is not BASE and with_module.kinds == BASE.kinds


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Modules a file imports anywhere (inside functions too), except for type checking;
    `from package import module` counts as the module, not the package."""
    tree = ast.parse(path.read_text())
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
            and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                out.add(sub if sub in modules else node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    files = {".".join(f.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): f
             for pkg in packages for f in (ROOT / pkg).rglob("*.py")}
    return {m: {d for d in _imports(f, set(files)) if d in files and d != m}
            for m, f in files.items()}


def test_no_rule_module_imports_the_turn_machine() -> None:
    graph = _graph(("engine",))
    offenders = sorted(m for m, deps in graph.items()
                       if m.startswith("engine.rules") and "engine.flow" in deps)
    assert offenders == []


@pytest.mark.parametrize("packages", [("engine",), ("saves",)])
def test_no_import_cycles(packages: tuple[str, ...]) -> None:
    graph = _graph(packages)
    seen: dict[str, int] = {}  # 1 on the current path, 2 done
    cycles: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for d in sorted(graph[m]):
            if seen.get(d) == 1:
                cycles.append([*path[path.index(d):], d] if d in path else [m, d])
            elif d not in seen:
                visit(d, [*path, d])
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            visit(m, [m])
    assert cycles == []


def test_a_base_game_state_carries_no_module_field_so_new_ones_leave_its_hash_alone() -> None:
    """The state hash is of the encoded state: fields at their default are left out, so a
    field a module adds (at its default in a game without it) changes no earlier hash."""
    g = Game.new(GameOptions(players=2, seed=3))
    snap = g.snapshot()
    for field in (b"starting", b"station_tiles", b"tech_markers", b"handicap_seats",
                  b"variants", b"modules"):
        assert field not in snap, field
    with_modules = Game.new(GameOptions(players=2, seed=3, modules=("station_bonuses",)))
    assert b"station_tiles" in with_modules.snapshot()

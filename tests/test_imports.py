"""The import graph: no cycles in galcruise_tui, and the TUI draws from engine.view alone.

`python tests/test_imports.py` prints the cycles in engine, saves and galcruise_tui (each a
strongly connected group of modules). Every import counts, a function's late import too (it
is a cycle all the same, only deferred); imports under `if TYPE_CHECKING:` do not run, so they
do not count.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "saves", "galcruise_tui", "replays")
# What the screens and widgets may not import: the rules, the rules' context, the flow.
FORBIDDEN = ("engine.rules", "engine.ctx", "engine.flow")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules(packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pkg in packages:
        base = ROOT / pkg
        if base.is_file() or (ROOT / f"{pkg}.py").is_file():
            out[pkg] = ROOT / f"{pkg}.py"
            continue
        for path in sorted(base.rglob("*.py")):
            out[_module_name(path)] = path
    return out


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST, name: str, is_package: bool) -> list[str]:
    """Every module `name` imports when it runs (any depth), as absolute names."""
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                for sub in child.orelse:  # the else branch does run
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = name.split(".")
                    base = base[:len(base) - child.level + (1 if is_package else 0)]
                    mod = ".".join(base + ([child.module] if child.module else []))
                else:
                    mod = child.module or ""
                out.append(mod)
                out.extend(f"{mod}.{a.name}" for a in child.names)
            visit(child)

    visit(tree)
    return out


def import_graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """module -> the modules of `packages` it imports."""
    mods = _modules(packages)
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = _imports(tree, name, path.name == "__init__.py")
        graph[name] = {m for m in found if m in mods and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        # Iterative: a deep import chain must not hit the recursion limit.
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.append(w)
                        if w == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(out)


def _within(graph: dict[str, set[str]], prefix: str) -> dict[str, set[str]]:
    inside = {m for m in graph if m == prefix or m.startswith(prefix + ".")}
    return {m: graph[m] & inside for m in inside}


def test_the_tui_has_no_import_cycle() -> None:
    assert cycles(_within(import_graph(), "galcruise_tui")) == []


def test_the_tui_imports_no_rule_module_no_ctx_and_no_flow() -> None:
    graph = import_graph()
    bad = sorted((m, dep) for m, deps in graph.items() if m.startswith("galcruise_tui")
                 for dep in deps if dep.startswith(FORBIDDEN))
    assert bad == []


def test_the_graph_sees_late_imports_and_cycles() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a.x\n"
                     "def f():\n    from a import y\n    from . import z\n")
    assert _imports(tree, "a.w", False) == ["typing", "typing.TYPE_CHECKING", "a", "a.y", "a",
                                            "a.z"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def main() -> int:
    graph = import_graph()
    found = 0
    for pkg in PACKAGES:
        for group in cycles(_within(graph, pkg)):
            found += 1
            print(f"{pkg}: a cycle of {len(group)}: {', '.join(group)}")
    for group in cycles(graph):
        if len({m.split('.')[0] for m in group}) > 1:
            found += 1
            print(f"across packages: a cycle of {len(group)}: {', '.join(group)}")
    if not found:
        print("no import cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

"""The hot rule modules compiled by mypyc (issue 27): twice as quick, the same game.

Pure Python whenever they cannot be: GALCRUISE_PURE=1, mypy missing, or no C compiler (a
failed compile leaves no extension behind, and the .py files are imported as before).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
# The modules compiled: every one must type-check under [tool.mypy] in pyproject.toml, and
# none may be monkeypatched by callers that expect the patch to be seen by compiled callers.
# engine/game.py and engine/rules/goals.py stay Python: tests patch flow.apply (test_core,
# test_fuzz) and goals.metric (test_scoring), which compiled callers would not see. Compiling
# them too is about 1 ms more off a random 4-player game (14.7 ms, not 15.7).
COMPILED = ["engine/flow.py", "engine/ctx.py", "engine/rng.py", "engine/bots/random_bot.py",
            *sorted(str(p.relative_to(HERE)) for p in (HERE / "engine/rules").rglob("*.py")
                    if p.name not in ("__init__.py", "goals.py"))]
# (A package's __init__ stays Python: compiled, with the shared library in engine/, its
# __path__ came out as engine/engine/rules and its submodules could not be imported.)


def _say(text: str) -> None:
    print(f"galcruise build: {text}", file=sys.stderr)


def _pure(why: str) -> list:
    """No extensions; and none left in the tree by an earlier compiled build (an editable
    install's), which engine/_compiled.py would otherwise use while newer than the sources."""
    _say(f"{why}: pure Python")
    for so in (HERE / "engine").rglob("*.so"):  # every one under engine/ is mypyc's
        so.unlink()
    return []


def _ext_modules() -> list:
    if os.environ.get("GALCRUISE_PURE") == "1":
        return _pure("GALCRUISE_PURE=1")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return _pure("mypyc not installed")
    os.chdir(HERE)  # mypy reads [tool.mypy] from ./pyproject.toml
    try:
        # One shared library inside the engine package (an editable install finds it there).
        return mypycify(COMPILED, group_name="engine._native", opt_level="3")
    except BaseException as e:  # a type error is SystemExit
        return _pure(f"mypyc could not compile ({e!r})")


class OptionalBuildExt(build_ext):
    """A compile that fails leaves nothing half-built: all the extensions or none."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - CompileError, LinkError, a missing cc ...
            _say(f"compiling failed ({e!r}): pure Python")
            for out in self.get_outputs():
                Path(out).unlink(missing_ok=True)
            self.extensions = []


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

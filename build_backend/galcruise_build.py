"""The build backend: setuptools', asking for mypy (whose mypyc compiles the hot rules, see
setup.py) only when the build will compile. GALCRUISE_PURE=1 builds the pure-Python package
without fetching mypy or calling a C compiler."""

from __future__ import annotations

import os
import tomllib

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F403 - the rest of the hooks as setuptools has them

MYPY = "mypy==2.4.1"  # pinned: the compiled code is mypyc's, so a new mypy is a reviewed change


def _extra() -> list[str]:
    """mypy, and msgspec as the project asks for it: mypy type-checks the compiled modules
    against msgspec's types, and in pip's isolated build without it every module failed to
    check, so a fresh clone quietly built pure Python (stop 57's first CI run)."""
    if os.environ.get("GALCRUISE_PURE") == "1":
        return []
    with open(os.path.join(os.path.dirname(__file__), "..", "pyproject.toml"), "rb") as f:
        deps = tomllib.load(f)["project"]["dependencies"]
    return [MYPY, *(d for d in deps if d.startswith("msgspec"))]


def get_requires_for_build_wheel(config_settings=None):  # noqa: ANN001, ANN201
    return _meta.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # noqa: ANN001, ANN201
    return _meta.get_requires_for_build_editable(config_settings) + _extra()

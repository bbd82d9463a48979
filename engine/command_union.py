"""Every command a log can hold, as one tagged union: the base game's and those of every
module folder with a `commands.py` exposing `COMMANDS` (found by listing `engine/modules` in
name order, like `engine.decision_union`, so a save decodes the same in every process whichever
modules its game turns on)."""

from __future__ import annotations

import importlib
from functools import reduce
from operator import or_
from pathlib import Path

import msgspec

from engine.commands import BASE_COMMANDS, Command

_MODULES = Path(__file__).resolve().parent / "modules"


def _module_commands() -> tuple[type[Command], ...]:
    out: list[type[Command]] = []
    for folder in sorted(p for p in _MODULES.iterdir() if (p / "commands.py").is_file()):
        out.extend(importlib.import_module(f"engine.modules.{folder.name}.commands").COMMANDS)
    return tuple(out)


ALL_COMMAND_TYPES: tuple[type[Command], ...] = BASE_COMMANDS + _module_commands()
AnyCommand = reduce(or_, ALL_COMMAND_TYPES)
_tags = [c.__struct_config__.tag for c in ALL_COMMAND_TYPES]
assert len(set(_tags)) == len(_tags), "two commands share a tag"

_json_decoder = msgspec.json.Decoder(AnyCommand)


def decode_json(data: bytes | str) -> Command:
    return _json_decoder.decode(data)


def encode_json(cmd: Command) -> bytes:
    return msgspec.json.encode(cmd)

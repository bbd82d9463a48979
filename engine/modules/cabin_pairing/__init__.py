"""《客室斡旋》 (Cabin Pairing), a module of 『技術革新』: 48 paired blueprints (data/), where a
segment may go and the cabins a ship has (rules.py), wired into the turn by `extend`
(play.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.cabin_pairing import play
    from engine.registry import ShipRules

    return replace(rules, ships=ShipRules(play.spots, play.cabins, play.off))

"""『技術革新』 (Advancements), its other contents: agenda cards, experts, launch-tower tokens, a
cockpit and an engine (data/), the setup choices they bring (rules.py, tower.py), wired into
the turn by `extend` (play.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.advancements import play
    from engine.modules.advancements.decisions import PrefabSegment
    from engine.registry import Kind, TowerTokens
    from engine.rules import actions

    return replace(
        rules,
        kinds={**rules.kinds, PrefabSegment: Kind(
            actions.act_options, actions.act,
            lambda ctx, dec: f"Prefab Segment token: build one segment at {dec.off} money off",
            window="action")},
        bottom_tokens=play.bottom_tokens,
        tower_tokens=TowerTokens(play.label, play.short, play.flip, play.possible),
    )

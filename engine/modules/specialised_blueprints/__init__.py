"""《専門設計図》 (Specialised Blueprints), a module of 『快適空間』: 48 blueprints whose segments
guests visit on a day in space, and 3 guest bonus tokens (data/); the rules of that visit
(rules.py), wired into the turn by `extend` (play.py). Its segments are built by 《客室斡旋》's
placement: the same ShipRules as that module (cabin_pairing/play.py), not a copy."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.cabin_pairing import play as pairing
    from engine.modules.specialised_blueprints import play
    from engine.modules.specialised_blueprints.decisions import VisitBuild, VisitSegment
    from engine.registry import Kind, ShipRules
    from engine.rules import actions

    return replace(
        rules,
        kinds={**rules.kinds,
               VisitSegment: Kind(play.options, play.apply, play.words, window="day_in_space"),
               VisitBuild: Kind(actions.act_options, actions.act, play.build_words,
                                window="action")},
        setup=(*rules.setup, play.setup),
        ships=ShipRules(pairing.spots, pairing.cabins, pairing.off),
        day_in_space=play.day_in_space,
    )

"""《上級技術》 (Advanced Technologies), a module of 『技術革新』: 8 technology tiles with marker
tracks (data/), their arithmetic (rules.py), wired into the turn by `extend` (play.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.advanced_technologies import bot, play
    from engine.modules.advanced_technologies.decisions import PrototypeRun
    from engine.registry import Kind
    from engine.rules.agenda_effects import OneOff

    return replace(
        rules,
        kinds={**rules.kinds, PrototypeRun: Kind(
            play.prototype_options, play.prototype_apply,
            lambda ctx, dec: f"{dec.card}: choose an invented technology to advance",
            free=False)},
        setup=(*rules.setup, play.setup),
        tech_effect=play.effect,
        tech_surcharge=play.surcharge,
        on_end_of_step=(*rules.on_end_of_step, play.end_of_step),
        on_turn_start=(*rules.on_turn_start, play.turn_start),
        on_progress_cube=(*rules.on_progress_cube, play.rachel_cube),
        bot_values=(*rules.bot_values, bot.value),
        effects={**rules.effects,
                 "tech_advance": OneOff(play.prototype_run, play.prototype_useful),
                 "tech_surcharge_free": OneOff(play.patent_pool)},
    )

"""区画ボーナス・タイル (Station Bonus Tiles), a module of 『技術革新』: six tiles (data/), their
activation and bonuses (rules.py), wired into the turn by `extend` (play.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.station_bonuses import bot, play
    from engine.modules.station_bonuses.decisions import OpenHouse
    from engine.registry import Kind
    from engine.rules.agenda_effects import OneOff

    return replace(
        rules,
        kinds={**rules.kinds, OpenHouse: Kind(
            play.open_house_options, play.open_house_apply,
            lambda ctx, dec: f"{dec.card}: choose an active station bonus tile",
            free=False)},
        setup=(*rules.setup, play.setup),
        on_place_piece=(*rules.on_place_piece, play.on_place),
        on_development_placed=(*rules.on_development_placed, play.turn_tiles),
        bot_values=(*rules.bot_values, bot.value),
        effects={**rules.effects, "station_bonus_gain": OneOff(play.open_house,
                                                               play.open_house_useful)},
    )

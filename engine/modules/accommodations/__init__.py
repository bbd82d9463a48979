"""『快適空間』 (Accommodations), its other contents: 6 agenda cards, 2 experts, 2 upgrade tokens
per player, 2 technologies with a +1 money icon (data/). Its cards, experts and technologies
use kinds the base rules carry out (Encore Performance belongs to 《専門設計図》, whose rules
carry it out; the card is left out without that module); the printed icon is read by
`technologies.surcharge`. What it wires here: its tokens on the launch tower, by the same
rows as 『技術革新』's (advancements/play.py places both expansions' tokens)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.registry import Rules


def extend(rules: Rules) -> Rules:
    from engine.modules.advancements import play
    from engine.registry import TowerTokens

    return replace(rules, bottom_tokens=play.bottom_tokens,
                   tower_tokens=TowerTokens(play.label, play.short, play.flip, play.possible))

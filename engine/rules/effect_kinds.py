"""Which effect kinds the rules carry out, by the kind of component that holds the effect.

The data checks refuse a component whose effect no code here would ever apply: a data set typed
in by a player must not load a card that silently does nothing.
"""

from __future__ import annotations

from engine.rules.agenda_effects import EFFECTS

# Read through modifiers.amount / modifiers.has, which sum upgrades, usable technologies, agenda
# cards in play and the acting expert's ability.
MODIFIERS = frozenset({
    "hire_discount", "development_discount", "segment_discount", "segment_extra_builds",
    "blueprint_extra", "silo_extra", "purchase_extra", "advertise_discount",
    "launch_fuel_discount", "launch_food_discount", "launch_oxygen_discount", "cabin_capacity",
    "last_minute_discount", "tour_discount", "tour_bonus_vp", "day_in_space_double",
    "extra_travel", "refill_silo_extra", "goal_discount", "fee_free",
})

HANDLED: dict[str, frozenset[str]] = {
    # agenda_effects.EFFECTS: used up at once; launch.pilot_free: played by the Launch itself.
    "agenda": MODIFIERS | set(EFFECTS) | {"launch_without_worker"},
    "technology": MODIFIERS,
    # upgrades.max_ships / max_segments; flow.may_bump_own.
    "upgrade": MODIFIERS | {"bump_own", "max_ships_segments"},
    # expert_abilities.on_place / on_bump; flow.may_bump_own; modifiers.money_cost.
    "expert": MODIFIERS | {"gain", "bump_bonus", "bump_own", "cost_reduction_total"},
}

"""区画ボーナス・タイル (Station Bonus Tiles), a module of 『技術革新』: six tiles (data/), their
activation and bonuses (rules.py). Not registered in engine.modules.MODULES until the turn flow
calls its rules (ADVANCEMENTS_WIRING.md)."""

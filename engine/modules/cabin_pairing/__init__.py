"""《客室斡旋》 (Cabin Pairing), a module of 『技術革新』: paired blueprints (data/) and where their
segments may go (rules.py). Not registered in engine.modules.MODULES until the turn flow calls
its rules (engine/modules/ADVANCEMENTS_WIRING.md)."""

"""《上級技術》 (Advanced Technologies), a module of 『技術革新』: tracked technology tiles (data/)
and their marker, surcharges and enhancement (rules.py). Not registered in
engine.modules.MODULES until the turn flow calls its rules (ADVANCEMENTS_WIRING.md)."""

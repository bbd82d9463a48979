"""『技術革新』 (Advancements), its other contents: agenda cards, experts, launch-tower tokens, a
cockpit and an engine (data/), and the setup choices they bring (rules.py). Not registered in
engine.modules.MODULES until the turn flow calls its rules (ADVANCEMENTS_WIRING.md)."""

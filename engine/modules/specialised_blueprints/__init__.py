"""《専門設計図》 (Specialised Blueprints), a module of 『快適空間』: 48 blueprints whose segments
guests visit on a day in space (data/), and the rules of that visit (rules.py). Not registered
in engine.modules.MODULES until the turn flow calls its rules
(engine/modules/ACCOMMODATIONS_WIRING.md)."""

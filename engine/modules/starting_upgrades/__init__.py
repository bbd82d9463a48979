"""初期アップグレード・カード (Starting Upgrade Cards), a module of 『快適空間』: 33 cards (data/),
revealing one at the start of your first turn (rules.py), and the auction and handicap variants
(variants.py). Not registered in engine.modules.MODULES until the turn flow calls its rules
(engine/modules/ACCOMMODATIONS_WIRING.md)."""

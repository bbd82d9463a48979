"""上級技術's own decision: which technology Prototype Run advances."""

from __future__ import annotations

from engine.decisions import Decision


class PrototypeRun(Decision, tag="prototype_run"):
    """Prototype Run (an agenda card of 『技術革新』): move one invented technology's marker
    `spaces` right; it is that marker's move for the turn."""

    spaces: int = 1
    card: str = ""  # the card's name, for the log


KINDS: tuple[type[Decision], ...] = (PrototypeRun,)

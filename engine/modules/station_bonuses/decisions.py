"""区画ボーナス・タイル's own decision: which active tile Open House pays out."""

from __future__ import annotations

from engine.decisions import Decision


class OpenHouse(Decision, tag="open_house"):
    """Open House (an agenda card of 『技術革新』): one active station tile's bonus, as if
    `own` of the player's developments were next to its station."""

    own: int = 2
    card: str = ""  # the card's name, for the log


KINDS: tuple[type[Decision], ...] = (OpenHouse,)

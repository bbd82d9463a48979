"""Player-facing names for the engine's short ids (NOTES.md vocabulary)."""

from __future__ import annotations

# Guest and destination kinds: the data says orange/purple/teal, people say these.
COLOUR_NAMES = {"orange": "adventurous", "purple": "relaxing", "teal": "family"}


def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour)


def destination(colour: str) -> str:
    """'an adventurous destination'."""
    name = colour_name(colour)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} destination"


def guest(colour: str) -> str:
    """'an adventurous guest', 'a family guest'."""
    name = colour_name(colour)
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} guest"

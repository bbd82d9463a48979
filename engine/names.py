"""Player-facing names for the engine's short ids (NOTES.md vocabulary)."""

from __future__ import annotations

# Guest and destination kinds: the data says orange/purple/teal, people say these.
COLOUR_NAMES = {"orange": "adventurous", "purple": "relaxing", "teal": "family"}


def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour)


def a(word: str) -> str:
    """'an oxygen', 'a food': the indefinite article for a word of ours."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def destination(colour: str) -> str:
    """'an adventurous destination'."""
    return f"{a(colour_name(colour))} destination"


def guest(colour: str) -> str:
    """'an adventurous guest', 'a family guest'."""
    return f"{a(colour_name(colour))} guest"


def readable(ident: str) -> str:
    """An id with no name of its own (a module's new action), readable: 'launch_party' ->
    'Launch party'."""
    return ident.replace("_", " ").capitalize()

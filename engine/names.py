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


def amounts(parts: list[tuple[int, str]]) -> str:
    """'3 food, 3 oxygen and 2 fuel': the parts that are not 0, or 'nothing'."""
    said = [f"{n} {what}" for n, what in parts if n]
    if not said:
        return "nothing"
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]


def half_mark(half: str) -> str:
    """A half cabin as the panes and options write it: ½L, ½C or ½R."""
    return f"½{half[0].upper()}"


def readable(ident: str) -> str:
    """An id with no name of its own (a module's new action), readable: 'launch_party' ->
    'Launch party'."""
    return ident.replace("_", " ").capitalize()

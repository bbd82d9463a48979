"""Text from a player or a file shows as it is in both markup parsers: Textual's (Statics,
notices, option prompts) through `safe`, Rich's (`Text.from_markup`: drawings, status line,
score sheet) through `rich_safe`, alone and inside a tag the caller writes around it."""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from textual.content import Content

from galcruise_tui.text import rich_safe, safe

B = "\\"
CASES = [
    "[31m[b]Evil[/b]",  # a bracket that is no tag before one that is (stop 33's stray `\`)
    "[b]x[/b]", "a[1]b", "[", "]", "[[b]]", B + "[b]", "x" + B, B, B * 2 + "[b]",
    "[31m" + B + "[b]", "[/]", "[link=https://x]y", "[@click=app.quit]q[/]", "[#fff]c",
    "Ann " + B + B, "[b" + B + "]", "]" + B + "[",
]
ALPHABET = "[]\\/b=@#1 a"


def _corpus() -> list[str]:
    rng = random.Random(27)
    return CASES + ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 9)))
                    for _ in range(1500)]


def _textual(markup: str) -> tuple[str, list[tuple[int, int, str]]]:
    c = Content.from_markup(markup)
    return c.plain.replace("\u200b", ""), [(s.start, s.end, str(s.style)) for s in c.spans]


def _rich(markup: str) -> tuple[str, list[tuple[int, int, str]]]:
    t = Text.from_markup(markup)
    return t.plain.replace("\u200b", ""), [(s.start, s.end, str(s.style)) for s in t.spans]


@pytest.mark.parametrize(("parse", "escape", "bold"),
                         [(_textual, safe, "b"), (_rich, rich_safe, "bold")],
                         ids=["textual", "rich"])
def test_every_text_shows_as_it_is_alone_and_inside_a_tag(parse, escape, bold) -> None:  # noqa: ANN001
    wrong = []
    for text in _corpus():
        alone, spans = parse(escape(text))
        if alone != text or spans:
            wrong.append(("alone", text, alone, spans))
        inside, spans = parse(f"[b]{escape(text)}[/b] after")
        # A text that ends in a backslash carries a zero-width space, inside the tag.
        whole = [(0, len(text) + text.endswith(B), bold)]
        if inside != text + " after" or spans != whole:
            wrong.append(("inside", text, inside, spans))
    assert not wrong, wrong[:5]


def test_controls_are_gone_and_long_text_is_cut() -> None:
    assert safe("\x1b]0;owned\x07\x1b[2J[/]") == "]0;owned\\[2J\\[/]"
    assert rich_safe("a" * 300, 10) == "a" * 9 + "…"


def test_component_text_from_a_data_folder_is_stripped_and_shown_whole() -> None:
    from galcruise_tui.widgets import render

    text = "\x1b]0;owned\x07[31m[b]Evil[/b] \\" + "x" * 400
    shown, spans = _rich(f"[b]{render._text(text)}[/b]")
    assert shown == "]0;owned[31m[b]Evil[/b] \\" + "x" * 400 and spans == [(0, len(shown), "bold")]

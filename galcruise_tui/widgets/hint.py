"""The hint box: the expert's best choices for the decision at hand, and what their worth is.

The worth is the expert bot's own measure (engine/bots/expert.py `ranked`): the greedy bot's
value of the seat's position (engine/bots/greedy.py `value`) after the choice, played out a
round at a main choice: VP already won plus a price in VP on all that should still score.
"(worth 71.5)" with no word on it told a player nothing (QA s53 Q4), so the box says it.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from galcruise_tui.text import plain

TITLE = "Hint: the expert would choose, best first · Esc closes it, so does your move"
# Each choice is led by the keys that make it, as "press 2": ranked "1. 2 Place a worker
# on station 2", the rank read as the key, and 1 placed the worker on station 1 (QA s54).
PRESS = "press"
WORTH = ("worth: the expert's estimate of your VP soon after the choice, with what should "
         "still score (ships, cubes, goods, cards)")
# Solo the expert ranks a line lower by the VP it hands Rachel (greedy.RIVAL_BUMP and the
# play-outs' handed_to_rachel): a bump of her worker is a funding bonus she takes as VP.
SOLO = ", less VP your bumps hand Rachel"


def hint_text(rows: list[tuple[str, str, float]], solo: bool, one_row: bool) -> Group:
    """The box's lines: each choice as its keys, its words and its worth, then what worth is.
    `rows`: (keys, words, worth), best first. `one_row`: each choice on one row, its words
    cut (a short screen, where the options below show them whole); else they wrap."""
    worths = _worths(rows)
    table = Table(box=None, padding=(0, 2, 0, 0), collapse_padding=True, show_header=False,
                  show_edge=False, pad_edge=False, expand=True)
    table.add_column(no_wrap=True)  # press
    table.add_column(no_wrap=True, style="bold")  # its keys
    table.add_column(ratio=1, no_wrap=one_row, overflow="ellipsis" if one_row else "fold")
    table.add_column(no_wrap=True, justify="right")  # the worth stays whole on its row
    for keys, said, worth in rows:
        table.add_row(PRESS, Text(plain(keys)), Text(plain(said)),
                      f"(worth {worth:.1f})" if worths else "")
    if not worths:
        return Group(table)
    return Group(table, Text(_footnote(solo), style="italic"))


def hint_plain(rows: list[tuple[str, str, float]], solo: bool) -> str:
    """The box's words on plain lines, as a test or a screen reader would take them."""
    worths = _worths(rows)
    lines = [f"{PRESS} {keys}  {plain(said)}" + (f"  (worth {worth:.1f})" if worths else "")
             for keys, said, worth in rows]
    return "\n".join(lines + ([_footnote(solo)] if worths else []))


def _worths(rows: list[tuple[str, str, float]]) -> bool:
    """Whether the choices carry a worth: one choice forced (a single legal move, a starting
    card) comes with none at all."""
    return not (len(rows) == 1 and rows[0][2] == 0.0)


def _footnote(solo: bool) -> str:
    """What worth is, under the choices."""
    return WORTH + (SOLO if solo else "") + "."

"""The hint box: the expert's best choices for the decision at hand, and what their worth is.

The worth is the expert bot's own measure (engine/bots/expert.py `ranked`): the greedy bot's
value of the seat's position (engine/bots/greedy.py `value`) after the choice, played out a
round at a main choice: VP already won plus a price in VP on all that should still score.
"(worth 71.5)" with no word on it told a player nothing (QA s53 Q4). Called "your VP", it
told them wrong: value() prices a ship, a reputation level, an upgrade as well, so at the last
moves of a game that ended 118 to 134 the hint said "worth 174.3" (QA s57). What a hint is for
is the choice between its rows, so each row says how far it falls behind the best, in VP.
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
WORTH = ("VP behind: how far the expert reckons a choice falls behind its best, a round on, "
         "with what should still score (ships, cubes, goods, cards) priced in VP")
# Solo the expert ranks a line lower by the VP it hands Rachel (greedy.RIVAL_BUMP and the
# play-outs' handed_to_rachel): a bump of her worker is a funding bonus she takes as VP.
SOLO = ", and the VP your bumps hand Rachel"
# A short screen has one row for it (the whole took three at 80x24, rows the boards lost while
# the hint was open); help (?) says it whole.
SHORT_WORTH = "VP behind: the expert's estimate against its best, a round on"
SHORT_SOLO = ", bumps included"
AS_GOOD = 0.05  # a gap that shows as 0.0 is no gap


def _gaps(rows: list[tuple[str, str, float]]) -> list[str]:
    """Each row's standing: "(best)", "(as good)" or "(1.2 VP behind)"; "" where the choices
    carry no worth (_worths)."""
    if not _worths(rows):
        return [""] * len(rows)
    best = max(w for _, _, w in rows)
    out = []
    for k, (_, _, worth) in enumerate(rows):
        gap = best - worth
        out.append("(best)" if k == 0 else "(as good)" if gap < AS_GOOD
                   else f"({gap:.1f} VP behind)")
    return out


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
    table.add_column(no_wrap=True, justify="right")  # the gap stays whole on its row
    for (keys, said, _), gap in zip(rows, _gaps(rows), strict=True):
        table.add_row(PRESS, Text(plain(keys)), Text(plain(said)), gap)
    if not worths:
        return Group(table)
    return Group(table, Text(_footnote(solo, short=one_row), style="italic"))


def hint_plain(rows: list[tuple[str, str, float]], solo: bool) -> str:
    """The box's words on plain lines, as a test or a screen reader would take them."""
    lines = [f"{PRESS} {keys}  {plain(said)}" + (f"  {gap}" if gap else "")
             for (keys, said, _), gap in zip(rows, _gaps(rows), strict=True)]
    return "\n".join(lines + ([_footnote(solo)] if _worths(rows) else []))


def _worths(rows: list[tuple[str, str, float]]) -> bool:
    """Whether the choices carry a worth: one choice forced (a single legal move, a starting
    card) comes with none at all."""
    return not (len(rows) == 1 and rows[0][2] == 0.0)


def _footnote(solo: bool, short: bool = False) -> str:
    """What worth is, under the choices."""
    if short:
        return SHORT_WORTH + (SHORT_SOLO if solo else "") + "."
    return WORTH + (SOLO if solo else "") + "."

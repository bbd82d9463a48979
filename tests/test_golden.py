"""Golden games: three complete greedy-bot games (1 player against Rachel, 2 and 4 players),
frozen in tests/golden and never regenerated.

Unlike tests/fixtures (re-recorded whenever the data changes), these pin the rules: every final
score sheet below was checked by hand against the rulebook's 最終勝利点 (AGM 最終年度), category
by category, from the final position (each cockpit's condition and count, -5 per ship never
launched; the rightmost emptied development column 5/15/30; the segments' VP; section-3 cubes
with the overflow, +1 for the top reputation, times wings; the reputation table; 1 VP per 3 of
money, ads, agenda cards, blueprints and resources; Rachel: her cockpits also score their
ships' segments and she has no "others").

THE RULE: a change that makes this test fail must say in its commit message why these games
changed (which rule or datum, and the book's reference). Then re-check the new sheets by hand
against the rules, from the final position, before writing them here; never copy the engine's
output in without that check. The game files themselves are not re-recorded: a change that
makes a logged command illegal or alters the component data set needs new golden games, made
with `bench/golden.py` and checked by hand again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from replays import verify
from saves import Session

GOLDEN = Path(__file__).parent / "golden"

# name, VP in play, cockpits, developments, segments, progress, reputation, others, total
SHEETS = {
    "golden-1p.json": [
        # Re-made when Rachel's development actions began to earn her second action (book:
        # レイチェルの手番, 2 actions when her worker's station offers hers): the old log's
        # command 83 became illegal. Checked by hand from the final position:
        # Pink: cockpits 2 (5 segments, 1 per 2) + 9 (6 developments, 3 per 2) + 9 - 5 (3
        # technologies, 3 each; ck09's ship never launched); 2 columns emptied: 15; section 3
        # and beyond: 1 cube + 1 for the top reputation 11, x 2 wings; reputation 11: 9;
        # 0 money + 7 ads + 2 blueprints + 9 resources = 18: 6.
        ("Pink", 49, 15, 15, 11, 4, 9, 6, 109),
        # Rachel: (8 for 4 launches + 5) + (8 for 2 ships of 3 segments + 7) + (12 for 4
        # launches + 0 - 5 for the ship never launched) = 35; two columns emptied: 15;
        # 3 cubes x 4 wings = 12; reputation 9: 7.
        ("Rachel", 142, 35, 15, 12, 12, 7, 0, 223),
    ],
    "golden-2p.json": [
        # Pink: 4 + 6 + (0 - 5): the experts cockpit's ship never launched; 32 items: 10.
        ("Pink", 50, 5, 5, 15, 3, 3, 10, 91),
        # Blue: (3 cubes + 1 for reputation 15) x 4 wings = 16; reputation 15: 15 VP.
        ("Blue", 67, 19, 5, 14, 16, 15, 8, 144),
    ],
    "golden-4p.json": [
        ("Pink", 84, 21, 5, 17, 8, 1, 4, 140),
        # Blue: top reputation 7 (alone): (2 + 1) x 2 wings = 6.
        ("Blue", 93, 10, 5, 15, 6, 5, 9, 143),
        # Green: 1 + 9 + 5 - 5 (ck03's ship never launched).
        ("Green", 84, 10, 5, 15, 6, 0, 5, 125),
        ("Yellow", 59, 12, 5, 18, 2, 0, 5, 101),
    ],
}
# Blue wins the 4-player game by 143 to 140; the 2-player game Blue; solo Rachel.
WINNERS = {"golden-1p.json": "Rachel", "golden-2p.json": "Blue", "golden-4p.json": "Blue"}


@pytest.mark.parametrize("name", sorted(SHEETS))
def test_golden_game_final_sheets(name: str) -> None:
    path = GOLDEN / name
    ok, msg = verify(path)
    assert ok, msg
    game = Session.load(path).game
    assert game.is_over
    got = [(ln.name, ln.game_vp, ln.cockpits, ln.developments, ln.segments, ln.progress,
            ln.reputation, ln.others, ln.total) for ln in game.score_sheet()]
    assert got == SHEETS[name]
    assert game.state.players[game.ranking()[0]].name == WINNERS[name]

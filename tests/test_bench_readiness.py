"""bench readiness: each main choice is put where the launch cycle stopped."""

from __future__ import annotations

from helpers import set_turn
from test_rules_actions import table
from test_rules_cards import scheduled

from bench import readiness
from engine.commands import CallMeeting, Launch


def _ready():  # noqa: ANN202
    g = table()
    p = g.state.players[readiness.SEAT]
    scheduled(g, p, fuel=3, presold=[])
    p.ads, p.reputation = 6, 0
    set_turn(g, p.seat)
    return g, p


def test_a_legal_launch_is_launched_or_declined() -> None:
    g, _ = _ready()
    assert Launch(0) in g.legal()
    assert readiness.classify(g, Launch(0)) == "launched"
    assert readiness.classify(g, CallMeeting()) == "declined"


def test_without_a_launch_the_first_missing_piece_of_the_cycle_is_named() -> None:
    g, p = _ready()
    p.fuel = 0  # 3 needed, none held, no reputation to drop
    assert readiness.classify(g, CallMeeting()) == "supplies"
    p.developments_left = [3, 3, 3]
    p.food = p.oxygen = 2
    assert p.capacity("fuel") < 3
    assert readiness.classify(g, CallMeeting()) == "storage"
    p.ships[0].segments = p.ships[0].segments[:1]  # one segment: no cabin
    assert readiness.classify(g, CallMeeting()) == "no cabin"
    p.scheduled = None
    assert readiness.classify(g, CallMeeting()) == "no cruise"


def test_the_report_counts_every_main_choice() -> None:
    game = readiness.play("random", 3, "normal")
    text = readiness.render("random", "normal", [game])
    assert sum(game.kinds.values()) > 10
    assert set(game.kinds) <= {k for k, _ in readiness.KINDS}
    rows = dict(line.strip().rsplit(None, 2)[:2] for line in text.splitlines()[2:8])
    assert rows == {t: f"{game.kinds[k]:.1f}" for k, t in readiness.KINDS}
    assert f"all main choices{'':<1}" in text and f"{sum(game.kinds.values()):.1f}" in text
    assert game.kinds["launched"] == game.launches
    assert f"{game.launches:.2f} launches and {game.toured:.1f} guests toured" in text

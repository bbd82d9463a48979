"""Why a scheduled cruise cannot launch, where no ship could carry it."""

from __future__ import annotations

from helpers import random_positions

from engine import commands as C
from engine.rules.ships import in_flight
from engine.view import view


def test_a_scheduled_cruise_with_no_ship_to_carry_it_says_why() -> None:
    # A tester with a cruise scheduled and one segment built looked for the launch at the
    # main choice and met no word: one segment makes no cabin.
    seen: set[str] = set()
    for game in random_positions(2, range(20)):
        v = view(game)
        if v.pending is None or not v.pending.main_choice:
            continue
        p = game.state.players[v.pending.seat]
        why = dict((m.label, m.reason) for m in v.missing()).get("Launch", "")
        home = [sh for sh in p.ships if not in_flight(sh)]
        if p.scheduled is None or any(isinstance(c, C.Launch) for c in game.legal()):
            assert not why
        elif not home:
            assert why == "every ship of yours is in flight"
            seen.add("flight")
        elif all(len(sh.segments) < 2 for sh in home):
            assert why.startswith("no ship at home has a cabin: a cabin lies between two "
                                  "segments (ship "), why
            for i, sh in enumerate(p.ships, 1):
                if not in_flight(sh):
                    n = len(sh.segments)
                    assert f"ship {i} has {n} segment{'' if n == 1 else 's'}" in why, why
            seen.add("cabin")
        else:
            assert why  # every other launch looked for and missing says why as before
        if seen == {"flight", "cabin"}:
            return
    raise AssertionError(f"only {seen}")


def test_the_supplies_prompt_says_a_discount_was_taken_off() -> None:
    """QA s55: a cruise tile said fuel 2 and T-3 asked "0 fuel" with no word why (a fuel
    technology enhanced to 2 less). The prompt says what was taken off."""
    from helpers import invent, set_turn
    from test_ships_cruises import base, launch_ready

    g = base()
    pink, tile = launch_ready(g)
    invent(g, "launch_fuel_discount", pink.seat)
    set_turn(g, pink.seat)
    g.apply(C.Launch(0))
    g.apply(C.BoardGuest("teal", -1))
    g.apply(C.Done())
    words = g.waiting_for()
    assert f"{tile.fuel - 1} fuel (after 1 fuel off" in words, words
    assert words.endswith(" for it)")  # short of oxygen: the two notes in one bracket
    assert "off; short of " in words

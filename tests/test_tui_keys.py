"""The bar's digits: where a decision numbers things, a digit is always a thing's number."""

from __future__ import annotations

from helpers import random_positions
from test_tui_bar import _bar_level

from engine import Game
from engine import commands as C
from engine.view import view
from galcruise_tui.widgets.gloss import by_numbers, numbering, words


def _levels(game: Game, cmds: list[C.Command]) -> list[list[tuple[object, str]]]:
    """Every level of the bar for `cmds`, each as its rows with their keys."""
    out, todo, seen = [], [()], set()
    while todo:
        prefix, rows = _bar_level(game, cmds, todo.pop())
        if prefix in seen:
            continue
        seen.add(prefix)
        out.append(rows)
        todo += [e.prefix for e, _ in rows if e.prefix is not None]
    return out


def test_where_things_are_numbered_a_digit_is_never_a_place_in_the_list() -> None:
    # A setup's flat list read "1 on connection 5 ... 5 on connection 5 (fuel)": a player
    # who pressed 5 for connection 5 placed the fuel development, not the food one.
    checked = 0
    for players in (1, 2, 4):
        for game in random_positions(players, range(2)):
            legal = game.legal()
            v = view(game)
            if v.pending is None or not by_numbers(v, legal, numbering(v)):
                continue
            for rows in _levels(game, legal):
                for e, key in rows:
                    if key.isdigit() and not e.weak:
                        assert e.number == int(key), (key, e.text, e.number)
                        checked += 1
    assert checked > 500


def test_a_starting_development_keeps_its_connections_number() -> None:
    # The last seats of 4 have two connections left: 6 rows, shown flat, keyed by position.
    few = 0
    for seed in range(3):
        for game in random_positions(4, (seed,)):
            if game.state.turn.phase != "setup":
                break
            legal = game.legal()
            if not any(isinstance(c, C.SetupDevelopment) for c in legal):
                continue
            few += len(legal) <= 6
            for rows in _levels(game, legal):
                for e, key in rows:
                    if key.isdigit():
                        assert all(c.connection == int(key) for c in e.commands), (key, e.text)
    assert few


def test_a_meetings_action_and_its_skip_take_letters() -> None:
    # Keyed by position, "3 Build Ship Segments at station 5 ... 5 Skip the meeting action":
    # a player who pressed 5 for station 5 skipped the meeting's action.
    from engine.decisions import MeetingAction

    for game in random_positions(2, range(30)):
        if not isinstance(game.pending, MeetingAction):
            continue
        legal = game.legal()
        acts = [c for c in legal if isinstance(c, C.TakeAction)]
        if len(acts) < 2:
            continue
        _, rows = _bar_level(game, legal)
        keys = {e.commands[0]: k for e, k in rows if len(e.commands) == 1}
        for c in legal:
            if c in keys and not isinstance(c, C.PlayAgendaResource | C.PlayAgendaEffect):
                assert keys[c].isalpha(), (keys[c], words(view(game), c))
        # Letters down the list, as the help says of options with no number.
        own = [k for e, k in rows if not e.weak]
        assert own == sorted(own)
        return
    raise AssertionError("no meeting with two actions to choose from")


def test_a_row_that_ends_the_step_is_a_letter_beside_other_choices() -> None:
    # Build Ship Segments keyed "7 Build no more segments", then 6, then 4, as segments were
    # built: in a list of digits it read as one more choice.
    ends = alone = 0
    for game in random_positions(2, range(4)):
        legal = game.legal()
        if not any(isinstance(c, C.Done) for c in legal):
            continue
        for rows in _levels(game, legal):
            own = [(e, key) for e, key in rows if not e.weak]
            for e, key in own:
                if e.prefix is None and e.commands and \
                        all(isinstance(c, C.Done) for c in e.commands):
                    if len(own) == 1:
                        # 1, or a where the decision numbers things ("a End your actions").
                        assert key in ("1", "a"), (key, e.text)
                        alone += 1
                    else:
                        assert key.isalpha(), (key, e.text, [k for _, k in own])
                        ends += 1
    assert ends > 50 and alone > 50, (ends, alone)


def test_one_resource_from_the_silo_keeps_its_resources_key() -> None:
    """Gain Resources listed "1 fuel" as 1 and "1 food" as 2 (keyed by place), and the 3 a
    player knew as fuel (food 1, oxygen 2, fuel 3 in every resource choice) took two."""
    keys = {"food": "1", "oxygen": "2", "fuel": "3"}
    seen = pairs = 0
    for players in (1, 2):
        for game in random_positions(players, range(6)):
            legal = game.legal()
            gains = [c for c in legal if isinstance(c, C.GainResources)]
            if not gains:
                continue
            for rows in _levels(game, legal):
                for e, key in rows:
                    if len(e.commands) != 1 or not isinstance(e.commands[0], C.GainResources):
                        continue
                    c = e.commands[0]
                    one = [r for r in keys if getattr(c, r)]
                    if c.food + c.oxygen + c.fuel == 1:
                        assert key == keys[one[0]], (key, e.text)
                        seen += 1
                    else:
                        assert key.isalpha(), (key, e.text)
                        pairs += 1
    assert seen and pairs

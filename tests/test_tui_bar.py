"""The decision bar: keys by the numbers things carry, costs and gains, reasons for what is
missing."""

from __future__ import annotations

from test_tui import _home, new_game, play_until, run  # noqa: F401 - _home: autouse fixture

from engine import Game, GameOptions
from engine import commands as C
from engine.bots.random_bot import RandomBot
from engine.view import view
from galcruise_tui.app import GalcruiseApp
from galcruise_tui.widgets.decision import DecisionBar, Entry, assign_keys, row_text
from galcruise_tui.widgets.gloss import words
from galcruise_tui.widgets.reasons import unavailable


def test_keys_are_the_numbers_of_the_things_then_letters() -> None:
    numbered = [Entry("s2", [], number=2), Entry("s5", [], number=5), Entry("meeting", [])]
    assert assign_keys(numbered, set()) == ["2", "5", "a"]
    assert assign_keys(numbered, {"a", "b"}) == ["2", "5", "c"]
    # One card among plain options keeps its number, the rest take letters: a digit is never
    # a position where it names a thing (a display card's key moved once few were left).
    few = [Entry("card", [], number=1), Entry("x", []), Entry("y", [])]
    assert assign_keys(few, set()) == ["1", "a", "b"]
    # Groups whose insides are numbered (stations, connections) take letters.
    groups = [Entry("Place a worker", [], prefix=("Place a worker",)), Entry("Launch", [])]
    assert assign_keys(groups, set(), numbered=True) == ["a", "b"]
    clash = [Entry("x", [], number=2), Entry("y", [], number=2)]
    assert assign_keys(clash, set()) == ["1", "2"]  # not one thing each: positions
    plain = [Entry("x", []), Entry("y", [])]
    assert assign_keys(plain, set()) == ["1", "2"]
    # A row that ends the step is a letter after the places ("7 Build no more segments" read
    # as one more segment, and moved 8, 6, 4 as segments were built); alone it is 1.
    done = Entry("Build no more segments", [C.Done()])
    assert assign_keys([*plain, done], set()) == ["1", "2", "a"]
    assert assign_keys([*plain, done], {"a"}) == ["1", "2", "b"]
    assert assign_keys([done], set()) == ["1"]
    weak = Entry("Play a card", [], weak=True)
    assert assign_keys([*plain, done, weak], set()) == ["1", "2", "a", "b"]


def test_pressing_a_stations_own_number_places_the_worker_there() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))

        def gap_in_the_stations(g: Game) -> bool:
            if g.pending is None or g.pending.kind != "phase2":
                return False
            places = [c for c in g.legal() if isinstance(c, C.PlaceWorker)]
            stations = sorted(c.station for c in places)
            # A station that is not its position in the list, and only plain workers to place.
            return bool(stations) and stations != list(range(1, len(stations) + 1)) \
                and all(c.piece == "worker" for c in places)

        await play_until(app, pilot, screen, gap_in_the_stations)
        g = screen.game
        seat = g.pending.seat
        station = max(c.station for c in g.legal() if isinstance(c, C.PlaceWorker))
        bar = screen.query_one(DecisionBar)
        assert bar.keys[[e.number for e in bar.entries].index(station)] == str(station)
        await pilot.press(str(station))
        occ = screen.game.state.board.occupants[station - 1]
        assert occ is not None and occ.seat == seat and occ.piece == "worker"

    run(body)


def test_options_say_what_they_cost_and_give() -> None:
    game = Game.new(GameOptions(players=2, seed=8))
    bot = RandomBot(2)
    seen: set[str] = set()
    for _ in range(4000):
        if game.is_over:
            break
        for cmd in game.legal():
            text = " ".join(words(view(game), cmd))
            kind = type(cmd).__name__
            if isinstance(cmd, C.TourGuest):
                assert (" ad" in text or "free, +" in text) and " VP" in text, text
                assert "-0 ad" not in text, text
            elif isinstance(cmd, C.SellTicket):
                assert text.count(" money") == 1 and " ad" in text, text
            elif isinstance(cmd, C.AdvertiseCruise):
                assert "tickets +" in text and " money each" in text, text
            elif isinstance(cmd, C.ScheduleCruise):
                assert "presold" in text, text
            elif isinstance(cmd, C.DrawAgenda):
                assert "[food]" in text or "[oxygen]" in text or "[fuel]" in text, text
            else:
                continue
            seen.add(kind)
        for row in unavailable(view(game)):
            head, why = row.split(": ", 1)
            assert why and head, row
            seen.add("reason")
        game.apply(bot.choose(game))
    assert {"TourGuest", "SellTicket", "AdvertiseCruise", "ScheduleCruise", "DrawAgenda",
            "reason"} <= seen


def test_a_missing_action_is_shown_with_its_reason() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await play_until(app, pilot, screen, lambda g: bool(unavailable(view(g))))
        bar = screen.query_one(DecisionBar)
        shown = [row_text(bar.get_option_at_index(i).prompt) for i in range(bar.option_count)]
        for row in unavailable(view(screen.game)):
            assert any(row in s for s in shown), (row, shown)

    run(body)


def test_a_list_taller_than_its_room_scrolls_in_the_bar_and_is_never_cut_off() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        bar = screen.query_one(DecisionBar)
        box = screen.query_one("#decision")
        v = view(screen.game)
        many = [f"Reason {i}: not possible now" for i in range(14)]
        for size in ((80, 24), (100, 30)):
            await pilot.resize_terminal(*size)
            bar.show(v, screen.game.legal(), screen.reserved_keys(), many)
            await pilot.pause()
            rows = bar.option_count
            # The bar lies inside the decision area (nothing hidden below it) and scrolls
            # the rows it has no room for, which its scrollbar shows.
            assert bar.region.bottom <= box.region.bottom, size
            assert bar.region.height < rows
            assert bar.max_scroll_y == rows - bar.scrollable_content_region.height
            assert bar.show_vertical_scrollbar
            bar.scroll_end(animate=False, immediate=True)
            await pilot.pause()
            assert bar.scroll_y == bar.max_scroll_y

    run(body)


def test_an_actions_key_stays_the_same_for_the_whole_turn() -> None:
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "random"))
        bar = screen.query_one(DecisionBar)

        def choosing(g: Game) -> bool:
            return type(g.pending).__name__ == "ChooseAction" and g.pending.seat == 0

        def keys() -> dict[tuple[int, str], str]:
            return {(e.commands[0].station, e.commands[0].action): k
                    for k, e in zip(bar.keys, bar.entries, strict=False)
                    if isinstance(e.commands[0], C.TakeAction)}

        compared = 0
        for _ in range(6):
            await play_until(app, pilot, screen, lambda g: choosing(g)
                             and g.state.turn.actions_left == 2)
            await pilot.pause()
            here = screen.game.state.turn.station
            first = keys()
            stations = screen.game.state.board.stations
            for (st, action), key in first.items():
                # This turn's station 1-2, the next clockwise 3-4, the one before 5-6.
                k = [here, here % 6 + 1, (here - 2) % 6 + 1].index(st)
                assert key == str(2 * k + list(dict.fromkeys(stations[st - 1])).index(action)
                                  + 1)
            (st, action), key = next(iter(first.items()))
            await pilot.press(key)
            await play_until(app, pilot, screen, lambda g: choosing(g)
                             or g.state.turn.seat != 0)
            await pilot.pause()
            if choosing(screen.game):
                later = keys()
                assert all(first[a] == later[a] for a in later if a in first)
                for (st, action), key in later.items():  # a card in the list never shifts them
                    k = [here, here % 6 + 1, (here - 2) % 6 + 1].index(st)
                    assert key == str(2 * k + list(dict.fromkeys(stations[st - 1]))
                                      .index(action) + 1)
                # listed in the order of their keys
                shown = [int(k) for k, e in zip(bar.keys, bar.entries, strict=False)
                         if isinstance(e.commands[0], C.TakeAction)]
                assert shown == sorted(shown)
                compared += len(later)
        assert compared

    run(body, size=(100, 30))


def test_at_the_main_choice_a_digit_is_always_a_station() -> None:
    # A launch among the placements took key 2 once the list was grouped, and a player who
    # pressed 2 for station 2 launched a ship.
    from engine.view import view as view_of
    from galcruise_tui.widgets.decision import build_entries
    from galcruise_tui.widgets.gloss import numbering

    for seed in range(30):
        game = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over:
            v = view_of(game)
            legal = game.legal()
            if v.pending is not None and v.pending.main_choice and \
                    any(isinstance(c, C.Launch) for c in legal):
                number = numbering(v)
                paths = [(words(v, c), c) for c in legal]
                _, entries = build_entries(paths, (), number)
                keys = assign_keys(entries, set(), any(number(c) is not None for c in legal))
                for key, e in zip(keys, entries, strict=True):
                    if key.isdigit():
                        assert all(isinstance(c, C.PlaceWorker) and c.station == int(key)
                                   for c in e.commands), (key, e.text)
                return
            game.apply(bot.choose(game))
    raise AssertionError("no launch at a main choice")


def test_a_cruises_tower_tokens_keep_their_keys_when_one_is_gone() -> None:
    # The token list inside a cruise renumbered by position once a token was flipped ('1 flip
    # top token: 1 ad'): they are keyed by their place on the tower, top 1-4, bottom 5-8.
    from helpers import random_positions

    from engine.view import view
    from galcruise_tui.widgets.decision import build_entries
    from galcruise_tui.widgets.gloss import numbering, words

    for game in random_positions(2, range(30)):
        tokens = [c for c in game.legal() if isinstance(c, C.ScheduleCruise)
                  and c.token != "none"]
        mine = [c for c in tokens if c.space == min(c.space for c in tokens)] if tokens else []
        if len(mine) < 3:
            continue
        v = view(game)
        number = numbering(v)

        def keys(cmds: list[C.Command], v: object = v, number: object = number) -> dict[str, str]:
            paths = [(words(v, c), c) for c in cmds]
            _, entries = build_entries(paths, paths[0][0][:1], number)
            got = assign_keys(entries, set(), True)
            return {e.commands[0].token: k for e, k in zip(entries, got, strict=True)}

        every = keys(mine)
        for token, key in every.items():
            place = int(token[-1]) + 1
            assert key == str(place if token.startswith("top") else place + 4)
        fewer = keys(mine[1:])
        assert all(every[t] == k for t, k in fewer.items())
        return
    raise AssertionError("no cruise to schedule with three tokens")


def _bar_level(game: Game, cmds: list[C.Command], prefix: tuple[str, ...] = ()
               ) -> tuple[tuple[str, ...], list[tuple[Entry, str]]]:
    """The rows of the bar's level at `prefix` (a level holding one group opens it) with
    their keys, as the bar assigns them (the game screen's letters skip q u r l h)."""
    from galcruise_tui.widgets.decision import build_entries
    from galcruise_tui.widgets.gloss import by_numbers, numbering

    v = view(game)
    number = numbering(v)
    prefix, entries = build_entries([(words(v, c), c) for c in cmds], prefix, number)
    keys = assign_keys(entries, set("qurlh"), by_numbers(v, cmds, number))
    return prefix, list(zip(entries, keys, strict=True))


def _bar_keys(game: Game, cmds: list[C.Command]) -> dict[C.Command, str]:
    """The top-level key of each command shown on its own row."""
    return {e.commands[0]: k for e, k in _bar_level(game, cmds)[1] if len(e.commands) == 1}


_CARDS = (C.PlayAgendaResource, C.PlayAgendaEffect, C.DiscardAgenda)


def test_purchase_supplies_is_keyed_by_letters_whether_or_not_a_card_can_be_played() -> None:
    # Letters a-o in one turn (a card in hand was keyed 1) and 1-9 then a-d in another.
    from helpers import random_positions

    seen = {True: 0, False: 0}
    for game in random_positions(2, range(12)):
        legal = game.legal()
        buys = [c for c in legal if isinstance(c, C.PurchaseSupplies)]
        if not buys:
            continue
        card = any(isinstance(c, _CARDS) for c in legal)
        seen[card] += 1
        keys = _bar_keys(game, legal)
        alone = _bar_keys(game, buys)
        for c in buys:
            assert keys[c].isalpha() and keys[c] != "h", (c, keys[c])
            assert keys[c] == alone[c]
        # The same pairs in the same order: 'a' is 2 ads, 'b' food + food, every time.
        assert [alone[c] for c in buys] == [k for k in "abcdefgijkmnoprstvwxyz"][:len(buys)]
    assert seen[True] and seen[False]


def test_bonuses_and_tower_tokens_keep_their_keys_when_a_card_joins_the_list() -> None:
    # Funding bonus: 1 money, 2 ad, 4 food...; with a card in hand (its place 1 clashing with
    # money's 1) the bonuses fell back to positions and food became 3. The card gives way.
    from helpers import random_positions

    checked = 0
    for game in random_positions(2, range(12)):
        legal = game.legal()
        own = [c for c in legal if isinstance(c, C.FundingBonus | C.ScheduleCruise)]
        if not own or not any(isinstance(c, _CARDS) for c in legal):
            continue
        keys = _bar_keys(game, legal)
        alone = _bar_keys(game, [c for c in legal if not isinstance(c, _CARDS)])
        for c in own:
            if c in alone:
                assert keys[c] == alone[c], (c, keys[c], alone[c])
                if isinstance(c, C.FundingBonus):
                    assert keys[c] == str({"money": 1, "ad": 2, "vp": 3, "food": 4,
                                           "oxygen": 5, "fuel": 6}[c.kind])
                checked += 1
    assert checked


def test_a_technology_fee_that_buys_nothing_here_says_so() -> None:
    # "Pay 2 money to use Recruitment AI this turn: Hire an Expert: 3 money less." was offered
    # while boarding, paying supplies, touring and at the goal step, as if it did something.
    from helpers import random_positions

    from engine.view.tech_use import PART

    marked: dict[str, set[str]] = {}  # effect kind -> the decisions it was marked at
    plain: dict[str, set[str]] = {}
    out_of_reach = 0
    for players in (1, 2):
        for game in random_positions(players, range(8)):
            legal = game.legal()
            fees = [c for c in legal if isinstance(c, C.UseTechnology)]
            if not fees:
                continue
            v = view(game)
            kind = game.pending.kind
            for fee in fees:
                tech = game.comps.technology(game.state.board.technologies[fee.slot - 1])
                said = v.gain(fee)
                effect = tech.effect.kind
                (marked if said.startswith("no use now") else plain).setdefault(
                    effect, set()).add(kind)
                if not said.startswith("no use now"):
                    continue
                if " is not in reach of station " in said:
                    out_of_reach += 1  # QA s58: Holo-Ad Network with no Advertise in reach
                # Marked: paying opens nothing here (it may only take what it costs away).
                after = game.try_apply(fee)[0].legal()
                opened = [c for c in after if c not in legal
                          and not isinstance(c, C.UseTechnology)]
                assert not opened, (tech.name, kind, said, opened)
                if effect == "hire_discount" and " is not in reach of station " not in said:
                    assert kind in ("launch_board", "launch_supplies", "tour", "unlock",
                                    "goal", "act", "travel_start", "day_in_space",
                                    "extra_travel", "travel_order", "discard",
                                    "choose_resource", "funding", "free_blueprint",
                                    "sell_ticket"), (kind, said)
    # The tester's places: T-5 boarding, T-3 supplies, the upgrade choice, the goal step.
    for where in ("launch_board", "launch_supplies", "unlock", "goal"):
        assert any(where in kinds for kinds in marked.values()), where
    for effect in marked:
        assert effect in PART
    # Never marked where it acts: a launch discount at T-3, a tour discount while touring.
    assert "launch_supplies" not in marked.get("launch_fuel_discount", set())
    assert "tour" not in marked.get("tour_discount", set())
    assert "launch_board" in plain.get("launch_fuel_discount", set())
    assert out_of_reach


def test_a_card_drawn_by_the_last_action_is_offered_beside_go_on() -> None:
    # Rules 3's moment after phase 2 is for the card: its play sits next to "go on", not
    # inside the cards group below the reputation drops; a card's sentence and a fee's
    # "no use now" read as two sentences.
    from test_rules_3 import _refill_then_draw
    from test_tui_panes import open_game

    from saves import Session

    game, ads = _refill_then_draw(3)
    session = Session.new(game.options)
    session.game = game  # a built position: the screen only reads and applies

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        bar = screen.query_one(DecisionBar)
        texts = [e.text for e in bar.entries]
        assert texts[0] == "Play no card: go on to phase 3 (company goals)"
        assert texts[1] == "Play Surge Campaign: Any time on your turn: gain 3 ads."
        assert not any(".: " in t for t in texts)
        go_on = bar.keys[0]
        await pilot.press(bar.keys[1])
        await pilot.pause()
        assert screen.game.state.players[0].ads == ads + 3
        assert screen.game.pending.kind == "last_cards"
        # "Go on" keeps its key once the card is played: it turned from 'a' to '1', and
        # the 'a' pressed to go on played another card for its resource.
        assert bar.entries[0].text.startswith("Play no card") and bar.keys[0] == go_on

    open_game(session, (80, 24), body)


def test_a_card_becoming_playable_moves_no_other_options_key() -> None:
    # Only cards carried numbers (their places in hand), so one playable card turned Hire
    # left/right, the guests and Done from digits to letters, a drop's 'a' to 'b', a funding
    # bonus to a position. Where the cards do not change how the list is grouped, the
    # decision's own rows keep their keys; the cards take what is left.
    from helpers import random_positions

    checked = 0
    kinds: set[str] = set()
    for game in random_positions(2, range(10)):
        legal = game.legal()
        if not any(isinstance(c, _CARDS) for c in legal):
            continue
        same = _own_keys_kept(game, legal, _CARDS)
        checked += same
        if same:
            kinds.add(game.pending.kind)
    assert checked > 100 and len(kinds) >= 5, (checked, kinds)


def _own_keys_kept(game: Game, legal: list[C.Command], guests: tuple[type, ...]) -> int:
    """The decision's own rows' keys are the same with `guests` in the list as without them
    (where they do not make it long enough to group otherwise); the rows compared."""
    def own(cmds: list[C.Command]) -> dict[str, str]:
        return {e.text: k for e, k in _bar_level(game, cmds)[1] if not e.weak}

    mixed = own(legal)
    alone = own([c for c in legal if not isinstance(c, guests)])
    if set(mixed) != set(alone):
        return 0  # the guests made the list long enough to group: other rows
    assert mixed == alone, game.pending.kind
    return len(mixed)


def test_a_card_takes_a_letter_where_its_place_in_hand_is_a_cruise_or_display_number() -> None:
    """Display space 3 and the 3rd card in hand both claimed key 3, and every key fell back
    to a position: cruises 2 3 4 read keys 1 2 3, and a tester who pressed 4 for cruise 4
    played a card for its resource. The decision's own things keep their numbers."""
    from helpers import random_positions

    from galcruise_tui.widgets.decision import build_entries
    from galcruise_tui.widgets.gloss import numbering

    ours = (C.AdvertiseCruise, C.ScheduleCruise, C.AcquireBlueprint, C.DrawAgenda)
    cards = (C.PlayAgendaResource, C.PlayAgendaEffect)
    met = 0
    for game in random_positions(2, range(80)):
        legal = game.legal()
        if not any(isinstance(c, ours) for c in legal) or not any(
                isinstance(c, cards) for c in legal):
            continue
        v = view(game)
        number = numbering(v)
        paths = [(words(v, c), c) for c in legal]
        _, entries = build_entries(paths, (), number)
        keys = assign_keys(entries, set(), True)
        mine = [(e, k) for e, k in zip(entries, keys, strict=True)
                if e.commands and all(isinstance(c, ours) for c in e.commands)
                and e.number is not None]
        clash = {e.number for e, _ in mine} & {
            e.number for e in entries if e.commands and all(isinstance(c, cards)
                                                            for c in e.commands)}
        for e, k in mine:
            assert k == str(e.number), (e.text, k)
        # Counted where a position would have been wrong (cruises 2 3 4 at places 1 2 3).
        met += bool(clash) and any(e.number != entries.index(e) + 1 for e, _ in mine)
        if met >= 3:
            return
    raise AssertionError(f"a card's number met a cruise's or a display's only {met} times")


def test_two_kinds_of_thing_with_one_number_the_first_keeps_it() -> None:
    blue = Entry("display 1", [C.AcquireBlueprint(0)], number=1)
    card = Entry("card 1", [C.PlayAgendaResource("ag01")], number=1, weak=True)
    other = Entry("display 2", [C.AcquireBlueprint(1)], number=2)
    assert assign_keys([blue, other, card], set()) == ["1", "2", "a"]


def test_a_card_never_takes_a_missing_row_of_the_decisions_own_numbers() -> None:
    # Funding bonuses 2-6 with the money token flipped: the first card in hand took key 1,
    # beside "· Funding bonus: 1 money: its token is flipped ...".
    bonuses = [Entry(f"bonus {n}", [C.FundingBonus("ad")], number=n) for n in range(2, 7)]
    first = Entry("card 1", [C.PlayAgendaResource("ag01")], number=1, weak=True)
    seventh = Entry("card 7", [C.PlayAgendaResource("ag02")], number=7, weak=True)
    assert assign_keys([*bonuses, first, seventh], set()) == ["2", "3", "4", "5", "6", "a", "7"]


def test_the_letters_read_in_order_down_the_list() -> None:
    # The cards take their letters after the decision's own rows, so they are listed after
    # them: first in the group they read "e, a, b, c, d".
    from helpers import random_positions

    from galcruise_tui.widgets.decision import LETTERS

    checked = 0
    for game in random_positions(2, range(6)):
        legal = game.legal()
        if not any(isinstance(c, _CARDS) for c in legal):
            continue
        prefix: tuple[str, ...] = ()
        while True:  # this level, then the first group inside it
            prefix, rows = _bar_level(game, legal, prefix)
            keys = [k for _, k in rows]
            letters = [LETTERS.index(k) for k in keys if k in LETTERS]
            assert letters == sorted(letters), (game.pending.kind, keys)
            checked += 1
            group = next((e.prefix for e, _ in rows if e.prefix), None)
            if group is None:
                break
            prefix = group
    assert checked > 50


def test_an_upgrade_to_unlock_is_keyed_by_its_own_number() -> None:
    """A tester saw '1 Unlock family upgrade 1', '2 Unlock family upgrade 3'."""
    from helpers import random_positions

    gaps = 0
    for game in random_positions(2, range(10)):
        cmds = game.legal()
        ups = [c for c in cmds if isinstance(c, C.UnlockUpgrade)]
        if not ups:
            continue
        v = view(game)
        keys = _bar_keys(game, cmds)
        numbers = [v.upgrade_index(c.upgrade) for c in ups]
        assert [keys[c] for c in ups] == [str(n) for n in numbers]
        gaps += numbers != list(range(1, len(numbers) + 1))
    assert gaps


def test_the_back_row_wraps_under_its_own_text_like_an_option() -> None:
    # "0  ‹ back   (Build an oxygen development › under Tour Guide Drones, +1" went on at
    # column 0 with "reputation, invents it)" (qa-multi F10).
    from rich.console import Console

    from galcruise_tui.widgets.decision import Hanging

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        bar = screen.query_one(DecisionBar)
        group = next(i for i, e in enumerate(bar.entries) if e.prefix is not None)
        await pilot.press(bar.keys[group])
        await pilot.pause()
        back = bar.get_option("back").prompt
        assert isinstance(back, Hanging) and back.plain.startswith(" 0  ‹ back   (")
        console = Console(width=24, color_system=None, record=True)
        console.print(back)
        lines = console.export_text().splitlines()
        assert len(lines) > 1 and all(line.startswith("    ") for line in lines[1:]), lines

    run(body)


_DROPS_AND_FEES = (C.DropReputation, C.UseTechnology, C.PayFee)


def test_drops_and_fees_take_letters_and_move_no_other_options_key() -> None:
    # At T-3 supplies the fees continued the decision's digits ('1 Pay the supplies and lift
    # off', '2 Pay 2 money to use Hydroponic Farm ...') while a card beside them took 'a': one
    # digit off from paying for nothing. Drops and fees take letters, as cards do where their
    # place in hand is no key, and the decision's own rows keep their keys with or without them.
    from helpers import random_positions

    from galcruise_tui.widgets.decision import LETTERS

    lettered = kept = 0
    kinds: set[str] = set()
    for game in random_positions(2, range(5)):
        legal = game.legal()
        if not any(isinstance(c, _DROPS_AND_FEES) for c in legal):
            continue
        prefix: tuple[str, ...] = ()
        while True:  # this level, then the group inside it
            prefix, rows = _bar_level(game, legal, prefix)
            beside = any(not e.weak for e, _ in rows)  # not a list of guests alone
            for e, k in rows:
                if beside and all(isinstance(c, _DROPS_AND_FEES) for c in e.commands):
                    assert k in LETTERS, (game.pending.kind, e.text, k)
                    lettered += 1
                    kinds.add(game.pending.kind)
            group = next((e.prefix for e, _ in rows if e.prefix), None)
            if group is None:
                break
            prefix = group
        kept += _own_keys_kept(game, legal, _DROPS_AND_FEES)
    assert lettered > 100 and len(kinds) >= 5 and kept > 100, (lettered, kinds, kept)


def test_at_80x24_the_reasons_for_a_missing_place_and_launch_show_above_the_cards() -> None:
    # QA s53 Q5: below the cards, drops and technologies the two reasons were out of sight at
    # 80x24 with nothing saying more was below.
    from test_tui_panes import open_game, session_after

    def both_missing(g: Game) -> bool:
        if g.pending is None or g.pending.kind != "phase2":
            return False
        heads = [r.split(":")[0] for r in unavailable(view(g))]
        # Six or seven rows of cards, drops and technologies besides the meeting (flat, not
        # a group): at 80x24 the reasons below them were out of sight.
        return "Place a worker" in heads and "Launch" in heads and len(g.legal()) in (7, 8)

    session = session_after(GameOptions(players=1, seed=5), both_missing, seed=7)

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        bar = screen.query_one(DecisionBar)
        assert any(e.weak for e in bar.entries)  # cards or drops to list as well
        shown = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "Place a worker: your break room is empty" in shown, shown
        assert "Launch: no worker in your break room" in shown, shown

    open_game(session, (80, 24), body)


def test_keys_typed_before_a_choice_lands_are_read_in_the_list_it_brings() -> None:
    # Typed fast over SSH ('2 5 a' under load), a key was read in the list of the key before
    # it: the choice travels to the screen as a message, and the next key came first. There
    # 'a' opened a group, and the key was lost; a digit could have sent that list's command.
    from test_tui import settle

    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await play_until(app, pilot, screen, lambda g: g.pending.kind == "action")
        game = screen.game
        bar = screen.query_one(DecisionBar)
        first = next(c for c in game.legal() if isinstance(c, C.TakeAction)
                     and len(bar.keys_for(c)) == 1)
        after, _ = game.try_apply(first)
        nxt = _bar_keys(after, after.legal())
        second, key = next((c, k) for c, k in nxt.items() if k != bar.keys_for(first)[0]
                           and not isinstance(c, C.Done))
        then, _ = after.try_apply(second)
        third, key3 = next(iter(_bar_keys(then, then.legal()).items()))
        n = screen.session.length
        # Three keys before the screen has played the first choice, as a fast typist's
        # ('4 2 1': a station, its action, the action's first option).
        bar.pick_key(bar.keys_for(first)[0])
        bar.pick_key(key)
        bar.pick_key(key3)
        for _ in range(1000):
            if screen.session.length >= n + 3:
                break
            await pilot.pause(0.001)
        await settle(app, pilot, screen)
        assert screen.session.file.commands[n:n + 3] == [first, second, third]

    run(body)


def test_keys_typed_ahead_never_go_into_the_next_persons_decision() -> None:
    # Hot-seat: Pink ends her actions and types on; the turn is Blue's by then, and a key
    # meant for Pink's next list must not place Blue's worker.
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await play_until(app, pilot, screen, lambda g: g.pending.kind == "action"
                         and g.pending.seat == 0 and g.state.turn.actions_left == 1)
        bar = screen.query_one(DecisionBar)
        end = next(c for c in screen.game.legal() if isinstance(c, C.Done))
        n = screen.session.length
        bar.pick_key(bar.keys_for(end)[0])
        bar.pick_key("1")
        for _ in range(300):
            await pilot.pause(0.001)
        played = screen.session.file.commands[n:]
        assert played[0] == end
        assert not any(isinstance(c, C.PlaceWorker) for c in played), played

    run(body)


def test_the_screens_own_keys_act_at_once_while_a_choice_is_on_its_way() -> None:
    # Option keys typed ahead wait for the next list; the screen's keys are not held with them
    # (an undo pressed at once after a move was swallowed into the wait).
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        await play_until(app, pilot, screen, lambda g: g.pending.kind == "action")
        bar = screen.query_one(DecisionBar)
        first = next(c for c in screen.game.legal() if isinstance(c, C.TakeAction)
                     and len(bar.keys_for(c)) == 1)
        bar.pick_key(bar.keys_for(first)[0])
        assert not bar.pick_key("u") and not bar.pick_key("q") and not bar.pick_key("\t")
        assert bar.pick_key("1")  # an option's key: held for the next list
        await pilot.pause()

    run(body)


def test_the_free_group_with_one_member_reads_as_its_name_then_a_colon() -> None:
    # Playing: at boarding the only free command showed "Cards, reputation and technologies,
    # Pay 2 money to use Hydroponic Farm ...", which read as one list of four things.
    from engine.describe import FREE_GROUP
    from galcruise_tui.widgets.decision import build_entries

    fee, board = C.UseTechnology(2), C.BoardGuest("orange", -1)
    _, entries = build_entries([(("Board the presold family [F] guest (free)",), board),
                                ((FREE_GROUP, "Pay 2 money to use Hydroponic Farm"), fee)], ())
    assert [e.text for e in entries] == ["Board the presold family [F] guest (free)",
                                         f"{FREE_GROUP}: Pay 2 money to use Hydroponic Farm"]
    # Other groups of one keep their comma ("Start with a food development, on connection 2").
    _, entries = build_entries([(("Start with a food development", "on connection 2"),
                                 C.SetupDevelopment("food", 2)),
                                (("Start with a fuel development", "on connection 3"),
                                 C.SetupDevelopment("fuel", 3))], ())
    assert entries[0].text == "Start with a food development, on connection 2"


def test_options_keep_their_keys_through_a_step_and_typed_ahead_pick_what_was_seen() -> None:
    # QA s54 F11: Build Ship Segments renumbered after each segment ("2 Build Meteor Slide"
    # became 1, "7 Build no more segments" 6 then 4), so "1 2" typed ahead built the first
    # and the third blueprint seen.
    from test_tui import type_keys
    from test_tui_panes import DUO, open_game, session_after

    from engine.decisions import Act

    def building(g: Game) -> bool:
        d = g.pending
        home = [sh for sh in g.state.players[0].ships if sh.cruise is None]
        return isinstance(d, Act) and d.seat == 0 and d.action == "build_segments" \
            and len(home) == 1 and sum(isinstance(c, C.BuildSegment) for c in g.legal()) >= 3 \
            and not any(isinstance(c, C.Done) for c in g.legal())

    session = session_after(DUO, building, seed=1)

    async def body(app: GalcruiseApp, pilot, screen) -> None:  # noqa: ANN001
        bar = screen.query_one(DecisionBar)
        first = {e.commands[0]: k for k, e in zip(bar.keys, bar.entries, strict=False)
                 if isinstance(e.commands[0], C.BuildSegment)}
        seen = [c for c, _ in sorted(first.items(), key=lambda ck: ck[1])]
        assert [first[c] for c in seen[:2]] == ["1", "2"], first
        n = screen.session.length
        await type_keys(pilot, "1")
        for _ in range(200):
            if screen.session.length > n:
                break
            await pilot.pause(0.001)
        await pilot.pause()
        after = {e.commands[0]: k for k, e in zip(bar.keys, bar.entries, strict=False)
                 if e.prefix is None}
        # Every option still there keeps its key; the one built leaves its key unused, and
        # "Build no more segments", new to the step, takes a letter, not the freed digit.
        same = [c for c in after if c in first]  # (some may be past the money left)
        assert same and all(after[c] == first[c] for c in same), (first, after)
        assert "1" not in after.values()
        done = next(k for c, k in after.items() if isinstance(c, C.Done))
        assert done.isalpha(), after
        assert all(bar.keys_for(c) == [first[c]] for c in same)  # what tests and help read

    open_game(session, (100, 30), body)


def test_a_row_new_to_the_step_never_takes_the_key_of_the_option_just_taken() -> None:
    # QA s55: boarding from ten guests (keys 1-9, a), the one seen as 1 was boarded; "Finish
    # boarding", new, found its letter a held by a guest from the supply and took the freed
    # 1, so "1 1" typed ahead boarded one guest and finished the boarding.
    from galcruise_tui.widgets.decision import Entry, assign_keys, ident

    guests = [Entry(f"Board guest {i}", [C.SellTicket(str(i), 0)]) for i in range(10)]
    first = assign_keys(guests, set())
    assert first == [*"123456789", "a"]
    kept = {ident(e): k for e, k in zip(guests, first, strict=True)}
    after = [*guests[1:], Entry("Finish boarding", [C.Done()])]
    keys = assign_keys(after, set(), kept=kept)
    assert keys[:9] == first[1:]  # each guest keeps its key
    assert "1" not in keys and keys[-1].isalpha(), keys


def test_a_new_list_read_as_the_same_step_keeps_its_own_keys() -> None:
    # QA s55: the auction's three cards after the bids (a 0 money, 1-9, b-e) came as f, g, i:
    # the bids' keys were kept from a list none of whose options were left.
    from galcruise_tui.widgets.decision import Entry, assign_keys, ident

    bids = [Entry(f"Seal a bid of {i} money", [C.SellTicket(str(i), 0)]) for i in range(14)]
    first = assign_keys(bids, set())
    kept = {ident(e): k for e, k in zip(bids, first, strict=True)}
    cards = [Entry(f"Take card {i}", [C.SellTicket(f"card{i}", 1)]) for i in (10, 18, 15)]
    assert assign_keys(cards, set(), kept=kept) == ["1", "2", "3"]


def test_a_group_that_comes_back_as_one_row_keeps_its_key() -> None:
    # QA s56: with two ships at home each blueprint was a group ("Build Ion Kart Track › 2
    # choices", key 3); once ship 1 was full it came back as the row "..., on ship 2", and
    # every blueprint after the one built moved up a key (Ion Kart Track 3 -> 2).
    from galcruise_tui.widgets.decision import Entry, _keyed, assign_keys

    names = ("Bowling Alley", "Candy Lab", "Ion Kart Track", "Pizza World")
    groups = [Entry(f"Build {n}", [C.BuildSegment(n, 0), C.BuildSegment(n, 1)],
                    prefix=(f"Build {n}",)) for n in names]
    first = assign_keys(groups, set())
    assert first == ["1", "2", "3", "4"]
    kept = _keyed(groups, first)
    rows = [Entry(f"Build {n}, on ship 2", [C.BuildSegment(n, 1)])
            for n in names if n != "Candy Lab"]
    keys = assign_keys([*rows, Entry("Build no more segments", [C.Done()])], set(), kept=kept)
    assert keys[:3] == ["1", "3", "4"], keys
    assert keys[3].isalpha(), keys


def test_a_hint_asked_inside_a_group_gives_the_keys_from_there() -> None:
    # Asked with "Build a fuel development › under Hydroponic Farm" open, the hint said
    # "press c b b": keys from the top, which there chose another row (QA s57).
    async def body(app: GalcruiseApp, pilot) -> None:  # noqa: ANN001
        screen = await new_game(app, pilot, kinds=("human", "human"))
        bar = screen.query_one(DecisionBar)
        groups = [i for i, e in enumerate(bar.entries) if e.prefix is not None]
        assert len(groups) > 1, bar.entries  # the starting development: a group per kind
        inside = bar.entries[groups[1]].commands[-1]
        outside = bar.entries[groups[0]].commands[0]
        top = {c: bar.keys_for(c) for c in (inside, outside)}
        assert all(len(k) == 2 and "0" not in k for k in top.values()), top
        screen._show_hints([(outside, 2.0), (inside, 1.0)], screen.session.length)
        assert screen.hint_shown().startswith(f"press {' '.join(top[outside])}  ")
        bar.pick(groups[1])
        await pilot.pause()
        assert bar.keys_for(inside) == top[inside][1:]  # within the open group
        assert bar.keys_for(outside) == ["0", *top[outside]]  # back, then down from the top
        lines = screen.hint_shown().splitlines()
        assert lines[0].startswith(f"press 0 {' '.join(top[outside])}  "), lines
        assert lines[1].startswith(f"press {top[inside][1]}  "), lines
        screen.redraw()  # a redraw shows the list from its top again: so do the hint's keys
        await pilot.pause()
        assert not bar.in_group
        assert screen.hint_shown().startswith(f"press {' '.join(top[outside])}  ")
        bar.pick(groups[1])
        await pilot.pause()
        n = screen.session.length
        for key in bar.keys_for(outside):  # the keys it gives do make that choice
            await pilot.press(key)
        await pilot.pause()
        assert screen.session.file.commands[n:] == [outside]

    run(body)

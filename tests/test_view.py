"""The TUI's view of a game: a seat's view holds its own hand and the others' sizes only, a
watcher's no hand, a hot-seat view the deciding human's; the facts match the game; an action
space the drawing never heard of draws by its label."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import msgspec
from helpers import random_positions
from test_observation import midgame

from engine import Game, GameOptions
from engine import commands as C
from engine.ctx import Ctx
from engine.describe import describe
from engine.rules import actions
from engine.view import WATCHER, View, hot_seat, view
from galcruise_tui.widgets import panes, render


def _public_cards(game: Game) -> set[str]:
    b = game.state.board
    return {x for x in b.agenda_display if x} | set(b.agenda_discard)


def _hidden_from(game: Game, seats: list[int]) -> dict[str, str]:
    """id -> name of the cards in these seats' hands that the table does not show."""
    out = {}
    for s in seats:
        for card in game.state.players[s].hand:
            if card not in _public_cards(game):
                out[card] = game.comps.agenda(card).name
    return out


def _everything(v: View) -> str:
    """Every fact of the view and every pane drawn from it, as one text."""
    drawn = [draw(v) for pid, draw in panes.DRAW.items() if pid != "rachel" or v.solo]
    return msgspec.json.encode(v.facts()).decode() + "\n".join(drawn)


def test_a_seats_view_holds_its_hand_and_the_others_sizes_only() -> None:
    game = midgame(3, seed=31, moves=2000, holding=3)
    hands = [list(p.hand) for p in game.state.players]
    assert all(hands)
    v = view(game, 1)
    assert v.hand is not None and v.hand.seat == 1
    assert [c.id for c in v.hand.cards] == hands[1]
    assert [b.id for b in v.hand.blueprints] == game.state.players[1].blueprints
    assert v.hand_sizes == tuple(len(h) for h in hands)
    assert [p.hand_size for p in v.players] == [len(h) for h in hands]
    hidden = _hidden_from(game, [0, 2])
    assert hidden, "the others hold cards the table does not show"
    text = _everything(v)
    for card, name in hidden.items():
        assert f'"{card}"' not in text and name not in text, (card, name)
    # Its own cards are there, by id and by name.
    assert all(f'"{c}"' in text for c in hands[1])


def test_a_watcher_sees_no_hand() -> None:
    game = midgame(3, seed=31, moves=2000, holding=3)
    v = view(game, WATCHER)
    assert v.hand is None
    text = _everything(v)
    for card, name in _hidden_from(game, [0, 1, 2]).items():
        assert f'"{card}"' not in text and name not in text, (card, name)
    assert "no hand is shown" in render.hand(v)


def test_the_view_of_a_seat_is_built_from_its_observation(monkeypatch) -> None:  # noqa: ANN001
    game = midgame(3, seed=31, moves=2000, holding=3)
    asked: list[int] = []
    real = Game.observation

    def spy(self: Game, seat: int):  # noqa: ANN202
        asked.append(seat)
        return real(self, seat)

    monkeypatch.setattr(Game, "observation", spy)
    view(game, 2).facts()
    view(game, WATCHER).facts()
    assert asked == [2, WATCHER]


def test_the_hot_seat_view_shows_the_deciding_humans_hand_as_the_screen_did() -> None:
    game = midgame(2, seed=5, moves=60)
    seat = game.pending.seat
    v = view(game)
    assert v.viewer is None and v.seat == seat == hot_seat(game)
    assert [c.id for c in v.hand.cards] == game.state.players[seat].hand
    # A bot deciding: the first human's hand stays on the shared screen.
    game = Game.new(GameOptions(players=2, seed=5, seats=("greedy", "human")))
    assert view(game).seat == 1


def test_the_hot_seat_facts_are_the_games() -> None:
    for players, seed in ((1, 3), (2, 4), (4, 6)):
        game = midgame(players, seed=seed, moves=300)
        s, b = game.state, game.state.board
        v = view(game)
        assert [(x.name, x.vp, x.reputation, x.money, x.ads) for x in v.seats] == \
            [(p.name, p.vp, p.reputation, p.money, p.ads) for p in s.players]
        assert [st.occupant.seat if st.occupant else None for st in v.network.stations] == \
            [o.seat if o else None for o in b.occupants]
        assert [st.actions[0].id for st in v.network.stations] == [x[0] for x in b.stations]
        assert [list(c.owners) for c in v.network.connections] == b.connections
        assert v.tracks.progress.placed == len(b.progress)
        assert [r.total for r in v.scores.rows] == \
            [ln.total for ln in game.score_sheet()]
        assert list(v.scores.ranking) == game.ranking()
        assert v.supply.agenda_deck == len(b.agenda_deck)
        assert v.supply.blueprint_deck == len(b.blueprint_deck)
        assert [sp.presold for sp in v.market.spaces] == [tuple(x.presold)
                                                           for x in b.cruise_spaces]
        assert (v.turn.seat, v.turn.number, v.turn.round) == \
            (s.turn.seat, s.turn.number, s.round)
        assert (v.pending and v.pending.seat) == (game.pending and game.pending.seat)
        assert [len(p.ships) for p in v.players] == [len(p.ships) for p in s.players]
        assert (v.rachel is not None) == (players == 1)


def test_an_action_space_the_drawing_never_heard_of_draws_by_its_label(
        monkeypatch) -> None:  # noqa: ANN001
    game = Game.new(GameOptions(players=2, seed=3))
    game.state.board.stations[0] = ["stargaze_tours", "hire_expert"]
    v = view(game)
    made_up = v.network.stations[0].actions[0]
    assert (made_up.id, made_up.label, made_up.short) == \
        ("stargaze_tours", "Stargaze tours", "Stargaze tours")
    assert "Stargaze tours" in render.network_pane(v)
    assert "Stargaze tours" in v.path(C.PlaceWorker(station=1, piece="worker"))[-1]
    # A module that names its action: the view takes the name from the engine's table.
    monkeypatch.setitem(actions.LABELS, "stargaze_tours", "Stargaze Tours for the Brave")
    v = view(game)
    assert v.network.stations[0].actions[0].label == "Stargaze Tours for the Brave"
    assert "│Stargaze Tours f│" in render.network_pane(v)  # cut to the box's width


def test_only_read_turn_reads_the_turn_phase_and_the_decisions_fields() -> None:
    """The decision model and the turn machine are being rewritten: one function adapts."""
    internals = re.compile(r"\.phase\b|final_phase|\.stack\b|\.kind\b.*pending|dec\.(kind|"
                           r"action|data|count|station)\b")
    root = Path(__file__).resolve().parent.parent / "engine" / "view"
    found = [f"{p.name}:{i}" for p in sorted(root.glob("*.py")) if p.name != "turn.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if internals.search(line)]
    assert found == []


def _played_from(file: str, moves: int) -> Game:
    from saves.envelope import decode
    from saves.session import starting_position

    path = Path(__file__).parent / "fixtures" / file
    gf = decode(path.read_bytes(), path)
    game = starting_position(gf, path)
    for cmd in gf.commands[:moves]:
        game.apply(cmd)
    return game


def test_a_launch_that_waits_on_a_free_technology_says_so() -> None:
    # A 2-player game played by keys: Pink (reputation 15, no fee to pay) has a cruise
    # scheduled and a ship with cabins at home, 1 fuel short unless Blue's Fusion Injector
    # (1 fuel less at launch) is turned on; a technology counts only once chosen.
    game = _played_from("game-2p-free-technology.json", 99)
    v = view(game)
    assert v.pending is not None and v.pending.main_choice and v.pending.seat == 0
    legal = game.legal()
    assert not any(isinstance(c, C.Launch) for c in legal)
    assert [(m.label, m.reason) for m in v.missing()] == [
        ("Launch", 'turn on Fusion Injector first (under "Cards, reputation and technologies")')]
    turn_on = [c for c in legal if isinstance(c, C.UseTechnology)
               and "Fusion Injector" in describe(game, c)]
    assert len(turn_on) == 1
    assert describe(game, turn_on[0]).startswith("Turn on Fusion Injector for this turn (free): ")
    game.apply(turn_on[0])
    assert any(isinstance(c, C.Launch) for c in game.legal())
    assert view(game).missing() == ()


def test_a_launch_short_of_supplies_says_what_is_missing() -> None:
    game = _played_from("game-2p-free-technology.json", 128)
    v = view(game)
    assert v.pending is not None and v.pending.main_choice
    assert [(m.label, m.reason) for m in v.missing()] == [
        ("Launch", "the supplies are short of 2 food, 2 oxygen, 1 fuel (storage and cards; "
                   "a reputation drop covers only 1)")]


def test_hiring_an_expert_says_what_it_costs() -> None:
    from engine.bots.random_bot import RandomBot
    from engine.ctx import Ctx
    from engine.decisions import Act
    from engine.rules import modifiers

    for seed in range(40):
        game = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over:
            dec = game.pending
            hires = [c for c in game.legal() if isinstance(c, C.HireExpert)]
            p = game.state.players[dec.seat] if dec is not None else None
            if hires and isinstance(dec, Act) and not dec.boost and p is not None and \
                    not modifiers.amount(Ctx(game.state, game.comps), p, "hire_discount"):
                # 3 money per launch-tower bottom token left, 2 per food and oxygen
                # development left (専門家の雇用).
                price = {"left": 3 * sum(t != "removed" for t in p.tower_bottom),
                         "right": 2 * (p.developments_left[0] + p.developments_left[1])}
                for c in hires:
                    assert describe(game, c) == f"Hire the {c.side} expert for " \
                                                 f"{price[c.side]} money"
                return
            game.apply(bot.choose(game))
    raise AssertionError("no expert was for hire")


def test_rachels_upgrade_tokens_show_on_her_board() -> None:
    from engine.bots.random_bot import RandomBot

    for seed in range(20):
        game = Game.new(GameOptions(players=1, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over and not game.state.rachel.upgrades:  # type: ignore[union-attr]
            game.apply(bot.choose(game))
        taken = list(game.state.rachel.upgrades)  # type: ignore[union-attr]
        if not taken:
            continue
        her = view(game).player(1)
        assert [(u.colour, u.index) for u in her.upgrades] == [
            (game.comps.upgrade(u).colour, game.comps.upgrade(u).index) for u in taken]
        assert sum(row.unlocked for row in her.upgrade_rows) == len(taken)
        # Her cockpits count as her score sheet counts them (with her segments' VP).
        sheet = game.score_sheet()[1]
        assert her.cockpits_vp == sheet.cockpits
        return
    raise AssertionError("Rachel never placed an upgrade token")


def test_options_say_what_refills_developments_and_a_full_storage_give() -> None:
    from engine.bots.random_bot import RandomBot
    from engine.rules import developments, modifiers
    from engine.view.options import gain

    seen: set[str] = set()
    for seed in range(30):
        game = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over and len(seen) < 4:
            v = view(game)
            b = game.state.board
            p = game.state.players[game.pending.seat] if game.pending else None
            for c in game.legal():
                if isinstance(c, C.RefillSilo):
                    now = b.silo[("food", "oxygen", "fuel").index(c.resource)]
                    # Refill Silo: +1 reputation and 1 money per step the silo rose (and
                    # what a technology or upgrade adds).
                    more = modifiers.amount(Ctx(game.state, game.comps), p, "refill_silo_extra")
                    assert gain(game, v.pending, c) == \
                        f"+1 reputation, +{5 - now + more} money"
                    seen.add("silo")
                elif isinstance(c, C.RefillAgenda):
                    empty = [i for i, x in enumerate(b.agenda_display) if x is None]
                    text = gain(game, v.pending, c)
                    if empty == [0, 1]:  # the spaces' bonuses: reputation, ad, resource, money
                        assert text == "empty spaces' bonuses: +1 reputation, +1 ad"
                        seen.add("agenda")
                    elif not empty:
                        assert text == "no empty space: no bonus"
                elif isinstance(c, C.BuildDevelopment) and c.site[0] == "c":
                    first = not developments.site_owners(Ctx(game.state, game.comps), c.site)
                    assert ("+1 reputation" in describe(game, c)) == first
                    seen.add("development")
                elif isinstance(c, C.ChooseResource) and p is not None and \
                        p.resource(c.resource) >= p.capacity(c.resource):
                    # A reputation drop's resources may stay over storage until the step
                    # ends: "3/2: lost" read as a loss already made.
                    then = "spend it in this step" if game.pending.overflow else \
                        "no room for it, it is lost"
                    assert describe(game, c) == (
                        f"Take 1 {c.resource} (storage full: holds {p.capacity(c.resource)}, "
                        f"you have {p.resource(c.resource)}; {then})")
                    seen.add("full")
            game.apply(bot.choose(game))
        if len(seen) == 4:
            return
    raise AssertionError(f"only {sorted(seen)} were met")


def test_the_upgrade_prompt_offers_only_what_it_lists() -> None:
    from engine.bots.random_bot import RandomBot
    from engine.decisions import Unlock

    kinds: set[tuple[bool, bool]] = set()
    for seed in range(60):
        game = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over:
            if isinstance(game.pending, Unlock):
                legal = game.legal()
                here = any(isinstance(c, C.UnlockUpgrade) for c in legal)
                keep = C.Done() in legal
                words = game.waiting_for()
                assert ("unlock a" in words) == here, words
                assert ("later destination" in words) == (here and keep), words
                kinds.add((here, keep))
            game.apply(bot.choose(game))
        if len(kinds) >= 2:
            return
    raise AssertionError(f"met only {kinds}")


def test_the_reputation_track_shows_its_end_vp_and_the_bonus_under_each_space() -> None:
    from rich.text import Text

    from galcruise_tui.widgets.render import reputation_track

    v = view(Game.new(GameOptions(players=2, seed=3)))
    vp = v.tracks.reputation_vp
    # The book's final scoring: reputation 16 is worth 15 VP (最終勝利点の例).
    assert vp[16] == 15 and vp[0] == 0 and vp[1] == vp[2] == 1
    assert len(v.tracks.reputation_icons) == 18
    lines = Text.from_markup(reputation_track(v)).plain.splitlines()
    bars = [ln for ln in lines if "fee" in ln]
    drops = next(ln for ln in lines if ln.startswith(" drop bonus"))
    # Each space's letter stands under that space of the players' bars.
    first = bars[0].index("●")
    assert drops[first + 2] == "r" and drops[first + 10] == "$"  # spaces 1 and 5
    assert lines[0].index("0 .") == first
    assert "End VP by level: 1+ 1, 3+ 2, 5+ 3, 7+ 5" in lines[-1]


def test_rachels_goals_are_named_as_hers_not_as_the_tiles() -> None:
    from engine.bots.random_bot import RandomBot
    from engine.rules.rachel.goals import NAMES

    for seed in range(20):
        game = Game.new(GameOptions(players=1, seed=seed))
        bot = RandomBot(seed)
        while not game.is_over and not game.state.players[1].goals_done:
            game.apply(bot.choose(game))
        done = game.state.players[1].goals_done
        if done:
            assert view(game).player(1).goals_done == tuple(
                f"her goal {j + 1} ({NAMES[j]})" for j in done)
            return
    raise AssertionError("Rachel met no goal")


def _money(text: str) -> int:
    m = re.search(r"\b(\d+) money", text)
    return int(m.group(1)) if m else 0


def test_a_developments_price_in_words_is_the_money_it_takes() -> None:
    # 快適空間's technologies add 1 money to a development under them, after every discount.
    from engine.bots.random_bot import RandomBot

    checked = surcharged = 0
    for seed in range(40):
        game = Game.new(GameOptions(players=2, seed=seed, modules=("accommodations",)))
        bot = RandomBot(seed)
        while not game.is_over and surcharged < 3:
            for c in game.legal():
                if not isinstance(c, C.BuildDevelopment):
                    continue
                # "pay 2 food + 4 money", "pay 4 money", "free"; "pays 4 money.", "pays
                # nothing.": a part of 0 is left out.
                said = _money(describe(game, c))
                _, events = game.try_apply(c)
                pays = [e.text for e in events if e.kind == "pay"]
                paid = _money(pays[0])
                assert said == paid, (describe(game, c), pays)
                checked += 1
                if c.site[0] == "t" and game.comps.surcharge(
                        game.state.board.technologies[int(c.site[1:]) - 1]):
                    surcharged += 1
            game.apply(bot.choose(game))
        if surcharged >= 3:
            break
    assert checked and surcharged, (checked, surcharged)


def test_a_phase_one_technology_says_it_is_no_use_in_the_final_turns() -> None:
    # A 4-player game with 快適空間 and station bonus tiles, played by keys: in the final
    # turns Pink was offered Navigation Target Identifier (an extra stop, phase 1 only),
    # which the final turns do without (明確化), and turned it on for nothing.
    from engine.view.options import gain

    game = _played_from("game-4p-modules-final-turns.json", 590)
    assert game.state.final_phase == "turns"
    cmd = next(c for c in game.legal() if isinstance(c, C.UseTechnology)
               and "Navigation Target Identifier" in describe(game, c))
    assert gain(game, view(game).pending, cmd) == "no use now: phase 1 of a normal turn only"
    early = _played_from("game-4p-modules-final-turns.json", 213)  # phase 1 of turn 29
    uses = [c for c in early.legal() if isinstance(c, C.UseTechnology)]
    said = {describe(early, c): gain(early, view(early).pending, c) for c in uses}
    # Phase 1: an extra stop is of use now; a phase-2 technology says where it acts.
    for words, why in said.items():
        if "Navigation Target Identifier" in words:
            assert why == ""
        else:
            assert why.startswith("no use now: it acts in ") and why.endswith(", in phase 2")


def test_build_ship_segments_missing_says_whether_the_ships_are_away_or_full() -> None:
    from engine.rules import upgrades
    from engine.view.options import _why_action

    game = Game.new(GameOptions(players=2, seed=5))
    p = game.state.players[0]
    p.money = 30
    ship = p.ships[0]
    limit = upgrades.max_segments(Ctx(game.state, game.comps), p)
    ship.segments = ["x"] * limit
    assert _why_action(game, p, "build_segments") == \
        f"no ship at home has room (at most {limit} segments a ship)"
    ship.segments, ship.cruise = [], game.state.board.cruise_spaces[0].tile or "c"
    assert _why_action(game, p, "build_segments") == "every ship of yours is in flight"
    ship.cruise = None
    p.money = 0
    assert _why_action(game, p, "build_segments") == \
        "the cheapest segment that fits costs 1 money (you have 0)"


def test_build_ship_segments_missing_under_pairing_names_the_half_cabin_needed() -> None:
    # QA s53 Q1: with specialised blueprints a tester with 10 money and 2-money blueprints on
    # show read "cannot pay for a segment (10 money)": both segments were ½C and every
    # blueprint on offer ½L or ½R, so none could complete a cabin.
    from engine.component_sets import components_for
    from engine.view.options import _why_action
    from tests.helpers import finish_setup

    mods = ("specialised_blueprints",)
    game = finish_setup(Game.new(GameOptions(players=2, seed=2, modules=mods),
                                 components_for(mods)))
    c, b = game.comps, game.state.board
    p = game.state.players[0]
    centre = [bp for bp in (*b.blueprint_deck, *b.blueprint_display) if c.cabin(bp) == "centre"]
    sides = [bp for bp in b.blueprint_deck if c.cabin(bp) != "centre"
             and c.blueprint(bp).cost <= 2]
    p.ships[0].segments = centre[:2]
    b.blueprint_display = sides[:5]
    p.blueprints, p.money, p.reputation = [], 10, 3
    assert _why_action(game, p, "build_segments") == \
        "no blueprint you hold or on display completes a cabin on a ship at home (½C needed)"
    p.blueprints = [sides[5]]
    p.reputation = p.vp = 0  # the display is out of reach: 1 reputation a blueprint
    assert _why_action(game, p, "build_segments") == \
        "no blueprint you hold completes a cabin on a ship at home (½C needed)"
    p.blueprints = []
    assert _why_action(game, p, "build_segments") == "you hold no blueprint, and one built " \
        "from the display costs 1 reputation (you have 0 reputation, 0 VP)"
    p.blueprints, p.money = [centre[2]], 0
    cost = c.blueprint(centre[2]).cost
    assert cost > 0
    assert _why_action(game, p, "build_segments") == \
        f"the cheapest segment that fits costs {cost} money (you have 0)"


def test_taking_gain_resources_or_refill_silo_shows_what_the_silo_holds() -> None:
    from engine.bots.random_bot import RandomBot
    from engine.view.options import gain

    game = Game.new(GameOptions(players=2, seed=6))
    bot = RandomBot(6)
    seen = set()
    while not game.is_over and len(seen) < 2:
        for c in game.legal():
            if isinstance(c, C.TakeAction) and c.action in ("gain_resources", "refill_silo"):
                food, oxygen, fuel = game.state.board.silo
                assert gain(game, view(game).pending, c) == \
                    f"silo: {food} food, {oxygen} oxygen, {fuel} fuel"
                seen.add(c.action)
        game.apply(bot.choose(game))
    assert seen == {"gain_resources", "refill_silo"}


def test_the_reputation_track_gives_no_fee_where_it_is_waived() -> None:
    from engine.rules import modifiers

    game = Game.new(GameOptions(players=2, seed=5))
    p = game.state.players[0]
    p.reputation = 3
    assert view(game).tracks.reputation[0].fee == 2  # 0-6: 2 money a development
    waiver = next(u.id for u in game.comps.upgrades if u.effect.kind == "fee_free")
    p.upgrades.append(waiver)
    assert modifiers.has(Ctx(game.state, game.comps), p, "fee_free")
    assert view(game).tracks.reputation[0].fee == 0


def test_a_missing_boarding_or_finish_says_why_and_the_way_it_names_works() -> None:
    """T-5 lists a guest, or the end of boarding, only while the supplies stay payable. When
    neither a guest nor the finish is listed the bar says why; a card or technology it names
    to play first does list it once played (the tester met a launch with no guest listed)."""
    seen: dict[str, int] = {}
    for game in random_positions(2, range(12)):
        v = view(game)
        if v.pending is None or v.pending.boarding is None:
            continue
        legal = game.legal()
        for m in v.missing():
            wanted = C.BoardGuest if m.label == "Board a guest" else C.Done
            assert not any(isinstance(c, wanted) for c in legal)
            if _unlocked_by(game, legal, m.reason, lambda c, w=wanted: isinstance(c, w)):
                kind = "first"
            elif "costs" in m.reason and m.label == "Board a guest":
                ads = int(re.search(r"costs (\d+) ads?", m.reason).group(1))
                assert ads > game.state.players[v.pending.seat].ads
                kind = "ads"
            elif m.reason.startswith("leaving") and "short of" not in m.reason:
                cost, have = map(int, re.search(
                    r"costs (\d+) reputation \(you have (\d+)\)", m.reason).groups())
                assert m.label == "Finish boarding" and cost > have
                assert have == game.state.players[v.pending.seat].reputation
                kind = "leaving"
            else:
                assert "would be short of" in m.reason, m.reason
                kind = "short"
            seen[kind] = seen.get(kind, 0) + 1
    assert {"first", "ads", "short"} <= set(seen), seen


def _unlocked_by(game: Game, legal: list[C.Command], reason: str,
                 wanted: Callable[[C.Command], bool]) -> bool:
    """Whether `reason` names a card or technology to play first ("play X first"), and
    playing it does offer what `wanted` looks for."""
    first = re.match(r"(?:play|turn on) (.+) first", reason)
    if first is None:
        return False
    cmd = next(c for c in legal if first.group(1) in describe(game, c)
               and isinstance(c, (C.PlayAgendaEffect, C.UseTechnology)))
    after, _ = game.try_apply(cmd)
    assert any(wanted(c) for c in after.legal()), (reason, cmd)
    return True


def test_actions_missing_at_linked_stations_and_meetings_say_why() -> None:
    """`·` reasons cover every station a worker (or a meeting) reaches, not only its own."""
    from engine.rules import network

    linked = meetings = fees = firsts = 0
    for game in random_positions(2, range(8)):
        v = view(game)
        pending = v.pending
        if pending is None or not (pending.actions_at or pending.meeting):
            continue
        ctx = Ctx(game.state, game.comps)
        p = game.state.players[pending.seat]
        legal = game.legal()
        offered = {(c.station, c.action) for c in legal if isinstance(c, C.TakeAction)}
        fee_of = dict(network.reachable(ctx, p, pending.actions_at)) \
            if pending.actions_at else {}
        for m in v.missing():
            at = re.search(r" at station (\d)$", m.label)
            if at is None:
                continue
            station = int(at.group(1))
            action = next(a for a in game.state.board.stations[station - 1]
                          if m.label.startswith(actions.LABELS[a]))
            assert (station, action) not in offered
            if pending.meeting:
                assert station in network.meeting_stations(ctx, p.seat)
                meetings += 1
            else:
                assert station in fee_of
                linked += 1
            # The free command it names does offer the action.
            firsts += _unlocked_by(game, legal, m.reason,
                                   lambda c, k=(station, action): c == C.TakeAction(*k))
            fee = re.match(r"the connection's fee is (\d+) money \(you have (\d+)\)", m.reason)
            if fee:
                assert int(fee.group(1)) == fee_of[station] > int(fee.group(2)) == p.money
                fees += 1
            assert m.reason != "not possible now" or action == "purchase_supplies", \
                (m.label, m.reason)
    assert linked > 20 and meetings > 0 and fees > 0 and firsts > 0, \
        (linked, meetings, fees, firsts)


def test_launch_advertise_and_tour_options_say_what_a_player_would_miss() -> None:
    """A launch says the presold guests it takes and what leaving some behind costs; your own
    cruise is marked among those to advertise; a guest missing from a tour names the free
    card or technology that makes the tour affordable, when one does."""
    from engine.describe import GUEST_NAME
    from engine.rules import launch
    from engine.view.options import gain

    seen: set[str] = set()
    for game in random_positions(2, range(30)):
        v = view(game)
        pending = v.pending
        if pending is None:
            continue
        p = game.state.players[pending.seat]
        spaces = game.state.board.cruise_spaces
        legal = game.legal()
        for c in legal:
            if isinstance(c, C.Launch) and p.scheduled is not None:
                waiting = len(spaces[p.scheduled].presold)
                room = launch.cabin_capacity(Ctx(game.state, game.comps), p, p.ships[c.ship])
                words = gain(game, pending, c)
                if waiting > room:
                    assert words == f"room for {room} of {waiting} presold guests: leaving " \
                        f"{waiting - room} behind costs {2 * (waiting - room)} reputation"
                    seen.add("left behind")
                elif waiting:
                    assert words.startswith(f"{waiting} presold guest")
                    seen.add("presold")
            if isinstance(c, C.Done) and pending.boarding is not None:
                left = len(spaces[pending.boarding[1]].presold)
                if left:
                    assert gain(game, pending, c) == f"leaves {left} presold guest" \
                        f"{'s' if left > 1 else ''} behind: -{2 * left} reputation"
                    seen.add("finish")
            if isinstance(c, C.AdvertiseCruise) and c.space == p.scheduled:
                assert gain(game, pending, c).startswith("your cruise: tickets")
                seen.add("own cruise")
        for m in v.missing():
            if m.label.startswith("Tour the"):
                colour = next(k for k, g in GUEST_NAME.items() if m.label == f"Tour the {g} guest")
                if _unlocked_by(game, legal, m.reason, lambda c, k=colour: isinstance(
                        c, C.TourGuest) and c.colour == k):
                    seen.add("tour")
        if len(seen) == 5:
            break
    assert seen == {"left behind", "presold", "own cruise", "tour", "finish"}, seen


def test_a_connection_fee_is_sold_only_where_it_can_serve_and_marked_before_rules_3() -> None:
    # A tester paid 2 money for a connection that could not reach the worker. Rules 3 does
    # not sell it; an older game (rules 2) still does, and the bar marks it "no use now".
    from engine.rules import network
    from engine.view.options import gain

    def useless(game: Game, pending, c: C.PayFee) -> bool:  # noqa: ANN001
        p = game.state.players[pending.seat]
        return bool((pending.actions_at and pending.actions_at not in
                     network.connection_stations(c.connection)) or
                    (pending.main_choice and not p.break_room))

    counts = {2: [0, 0], 3: [0, 0]}
    for rules in (2, 3):
        for game in random_positions(2, range(6), rules=rules):
            pending = view(game).pending
            for c in game.legal():
                if isinstance(c, C.PayFee) and pending is not None:
                    bad = useless(game, pending, c)
                    assert gain(game, pending, c).startswith("no use now") == bad
                    counts[rules][bad] += 1
    assert all(counts[2]) and counts[3][0] and not counts[3][1], counts


def test_scheduling_a_cruise_says_the_fuel_you_pay_when_it_is_less_than_printed() -> None:
    from engine.rules import launch
    from engine.view.options import gain

    for game in random_positions(2, range(40)):
        pending = view(game).pending
        for c in game.legal():
            if isinstance(c, C.ScheduleCruise) and pending is not None:
                p = game.state.players[pending.seat]
                tile = game.state.board.cruise_spaces[c.space].tile
                fuel = launch.fuel_need(Ctx(game.state, game.comps), p, tile)
                words = gain(game, pending, c)
                if fuel < game.comps.cruise_tile(tile).fuel:
                    # Of the launch, not of scheduling ("; you pay 1 fuel" read as its price).
                    assert words.endswith(f"; its launch takes {fuel} fuel for you"), words
                    return
                assert "launch takes" not in words
    raise AssertionError("no cruise scheduled with less fuel than printed")


def test_the_supplies_step_offers_the_drop_only_while_it_can_still_be_made() -> None:
    from engine.decisions import LaunchSupplies

    seen = set()
    for game in random_positions(2, range(40)):
        dec = game.pending
        if isinstance(dec, LaunchSupplies) and "short of" in game.waiting_for():
            p = game.state.players[dec.seat]
            can = not game.state.turn.dropped and p.reputation > 0
            assert ("or drop reputation" in game.waiting_for()) is can
            seen.add(can)
            if len(seen) == 2:
                return
    raise AssertionError(seen)


def test_an_empty_break_room_at_the_main_choice_says_why_no_worker_is_placed() -> None:
    """A tester met a main choice offering only 'Call a meeting', and nothing said why."""
    met = 0
    for game in random_positions(2, range(6)):
        v = view(game)
        if v.pending is None or not v.pending.main_choice:
            continue
        p = game.state.players[v.pending.seat]
        rows = {m.label: m.reason for m in v.missing()}
        if p.break_room:
            assert "Place a worker" not in rows
            continue
        assert not any(isinstance(c, C.PlaceWorker) for c in game.legal())
        assert rows["Place a worker"] == \
            "your break room is empty: a meeting brings your workers home"
        met += 1
    assert met


def test_an_expert_priced_beyond_your_money_is_listed_with_its_price() -> None:
    """A tester saw only 'Hire the left expert for 9 money' and no word of the right one,
    which cost 10."""
    from engine.rules import experts

    met = 0
    for game in random_positions(2, range(12)):
        v = view(game)
        if v.pending is None or v.pending.action != "hire_expert":
            continue
        p = game.state.players[v.pending.seat]
        ctx = Ctx(game.state, game.comps)
        offered = {c.side for c in game.legal() if isinstance(c, C.HireExpert)}
        rows = {m.label: m.reason for m in v.missing()}
        for side in ("left", "right"):
            label = f"Hire the {side} expert"
            if f"expert_{side}" not in p.experts or side in offered:
                assert label not in rows
                continue
            cost = experts.price(ctx, p, game.pending, side)
            assert cost > p.money
            assert rows[label] == f"costs {cost} money (you have {p.money})"
            met += 1
    assert met


def test_an_action_beyond_a_connections_fee_gives_its_cost_and_what_would_be_left() -> None:
    """'not after paying the connection's fee of 2 money' left the player to work out that
    the expert cost 10 and 8 would be left."""
    from engine.decisions import Act
    from engine.rules import experts, network

    met: set[str] = set()
    for game in random_positions(2, range(12)):
        v = view(game)
        pending = v.pending
        if pending is None or not pending.actions_at:
            continue
        ctx = Ctx(game.state, game.comps)
        p = game.state.players[pending.seat]
        fee_of = dict(network.reachable(ctx, p, pending.actions_at))
        for m in v.missing():
            said = re.search(r"after the connection's fee of (\d+) you would have (-?\d+)",
                             m.reason)
            if said is None:
                continue
            station = int(re.search(r" at station (\d)$", m.label).group(1))
            fee, left = int(said.group(1)), int(said.group(2))
            assert fee == fee_of[station] and left == p.money - fee
            cost = re.match(r"costs (\d+) money; ", m.reason)
            if m.label.startswith("Hire an Expert"):
                assert cost is not None
                # The cheapest expert, as the hire decision would price it.
                hire = Act(p.seat, action="hire_expert")
                price = min(experts.price(ctx, p, hire, e.removeprefix("expert_"))
                            for e in p.experts)
                assert int(cost.group(1)) == price and left < price <= p.money, m.reason
            elif cost is None:
                assert m.reason.endswith(" money, too little"), m.reason
            met.add(m.label.split(" at ")[0])
    assert "Hire an Expert" in met, met


def test_each_upgrade_box_is_drawn_in_its_own_place() -> None:
    """Family upgrade 2 alone was drawn 'F ■□□': its box is the second, □■□."""
    from rich.text import Text

    from engine.describe import GUEST_LETTER

    gaps = 0
    for game in random_positions(2, range(6)):
        if game.state.turn.number % 4:
            continue
        v = view(game)
        for seat in range(2):
            p = v.player(seat)
            line = next(ln for ln in Text.from_markup(render.player_board(v, seat)).plain
                        .splitlines() if ln.startswith("Upgrades "))
            for r in p.upgrade_rows:
                have = {u.index for u in p.upgrades if u.colour == r.colour}
                boxes = "".join("■" if i in have else "□" for i in range(1, r.spaces + 1))
                assert f"{GUEST_LETTER[r.colour]} {boxes}" in line, line
                gaps += have != set(range(1, len(have) + 1))
    assert gaps


def test_a_stations_piece_line_fits_its_box_and_an_expert_says_so_in_full() -> None:
    """'◆ B Blue exp' read as a word cut off; a long name must not push the box's side."""
    from rich.text import Text

    from engine.bots.random_bot import RandomBot

    experts = 0
    for seed, names in enumerate((("Pink", "Blue"), ("Bartholomew", "Maximiliana")) * 2):
        game = Game.new(GameOptions(players=2, seed=seed, names=names))
        bot = RandomBot(seed)
        while not game.is_over:
            v = view(game)
            drawn = Text.from_markup(render.network(v)).plain.splitlines()
            for st in v.network.stations:
                occ = st.occupant
                if occ is None or occ.npc:
                    continue
                row = next(ln for ln in drawn if ("◆ " if occ.expert else "▲ ") in ln)
                # Every box row keeps its sides: 16 columns between them.
                for box in re.findall(r"[│║]([^│║]*)[│║]", row):
                    assert len(box) == render.W, row
                if occ.expert:
                    letter = render.tags(v)[occ.seat]
                    assert any(re.search(rf"◆ {letter} (\S+ )?expert ", ln) for ln in drawn)
                    experts += 1
            game.apply(bot.choose(game))
    assert experts


def test_a_travel_technology_in_the_actions_says_phase_one_is_over() -> None:
    # "it acts in phase 1 (travel and touring), over this turn" read as a list; it is a reason.
    from engine.view.options import gain

    seen = 0
    for game in random_positions(2, range(6)):
        pending = view(game).pending
        if pending is None or game.state.turn.phase != "actions" or \
                game.pending.seat != game.state.turn.seat:
            continue
        for c in game.legal():
            if isinstance(c, C.UseTechnology) and \
                    "Tour Guide Drones" in describe(game, c):
                assert gain(game, pending, c) == \
                    "no use now: it acts in phase 1 (travel and touring), which is over this turn"
                seen += 1
    assert seen


def test_a_funding_bonus_whose_token_is_flipped_for_a_cruise_says_so() -> None:
    # Bumped after scheduling with the money token, a tester saw bonuses keyed 2-6 and no 1.
    from engine.decisions import Funding
    from engine.rules.funding import TOP_TOKENS
    from engine.state import RESOURCES

    words = {"money": "money", "ad": "ad", "vp": "VP", "resource": "resource"}
    seen = 0
    for game in random_positions(2, range(8)):
        if not isinstance(game.pending, Funding):
            continue
        p = game.state.players[game.pending.seat]
        flipped = [k for k, st in zip(TOP_TOKENS, p.tower_top, strict=True) if st == "flipped"]
        said = {m.label: m.reason for m in view(game).missing()}
        assert sorted(said) == sorted(f"Funding bonus: 1 {words[k]}" for k in flipped), said
        offered = {c.kind for c in game.legal() if isinstance(c, C.FundingBonus)}
        for k in flipped:
            assert said[f"Funding bonus: 1 {words[k]}"] == (
                "its token is flipped for your scheduled cruise; once that cruise launches, "
                "the token leaves the tower and this bonus gives 2")
            assert not offered & (set(RESOURCES) if k == "resource" else {k})
            seen += 1
    assert seen


def test_a_last_minute_discount_card_says_it_is_of_no_use_once_every_cabin_is_full() -> None:
    # Played on "Finish boarding" with the ship full, Last-minute Purchase bought nothing.
    from engine.decisions import Boarding
    from engine.rules import launch
    from engine.view.options import gain

    said = {"full": 0, "room": 0}
    for players in (1, 2):
        for game in random_positions(players, range(16)):
            if not isinstance(game.pending, Boarding):
                continue
            cards = [c for c in game.legal() if isinstance(c, C.PlayAgendaEffect) and
                     game.comps.agenda(c.card).effect.kind == "last_minute_discount"]
            if not cards:
                continue
            p = game.state.players[game.pending.seat]
            ship = p.ships[game.pending.ship]
            full = len(ship.guests) >= launch.cabin_capacity(Ctx(game.state, game.comps), p, ship)
            for c in cards:
                assert gain(game, view(game).pending, c) == (
                    "no use now: every cabin of the ship has its guest" if full else "")
            said["full" if full else "room"] += 1
    assert said["full"] and said["room"], said


def test_a_player_with_the_most_ships_is_told_so_not_that_a_ship_costs_money() -> None:
    """QA s55 G2: a player with 3 ships read "Acquire New Ship: cannot pay for a ship (4
    money)"; ships cost nothing, the limit was the reason."""
    from helpers import finish_setup, new_game, set_turn

    from engine.state import Ship

    game = finish_setup(new_game(2, seed=3))
    seat = game.state.turn.seat
    p, b = game.state.players[seat], game.state.board
    set_turn(game, seat)
    while len(p.ships) < 3:
        p.ships.append(Ship(cockpit=b.cockpit_display[0], engine=b.engine_display[0]))
    station = next(i for i, a in enumerate(b.stations, 1) if "acquire_ship" in a)
    game.apply(C.PlaceWorker("worker", station))
    reasons = {m.label: m.reason for m in view(game).missing()}
    assert reasons["Acquire New Ship"] == "you have 3 ships, the most allowed"


def test_an_enhanced_technology_is_offered_with_the_effect_in_force() -> None:
    """QA s55 G3: with 上級技術's variant (every technology enhanced) a fee row read "Convertible
    Suites ... holds 2 guests" while boarding let 3 in; the row says the enhanced effect, as
    the Network pane does."""
    from helpers import finish_setup, new_game

    from engine.describe import technology_text
    from engine.modules.advanced_technologies import rules

    game = finish_setup(new_game(2, seed=5, modules=("advanced_technologies",),
                                 variants=(rules.VARIANT,)))
    b = game.state.board
    for i, t in enumerate(b.technologies):
        adv = game.comps.advanced(t)
        assert adv is not None and technology_text(game, i) == adv.enhanced_text
        assert adv.enhanced_text != game.comps.technology(t).text
        rows = [describe(game, C.UseTechnology(i + 1))]
        assert adv.enhanced_text in rows[0] and game.comps.technology(t).text not in rows[0]
    plain = finish_setup(new_game(2, seed=5, modules=("advanced_technologies",)))
    t = plain.state.board.technologies[0]
    assert technology_text(plain, 0) == plain.comps.technology(t).text


def test_a_day_in_space_says_what_it_pays_and_when_talent_show_would_pay_nothing() -> None:
    """A tester played Talent Show (the day's guest bonuses twice) for a ship whose relaxing
    guest matched none of its icons: it paid nothing, and nothing had said so."""
    from engine.decisions import DayInSpace
    from engine.rules import modifiers, travel
    from engine.view.options import gain

    said = {"nothing": 0, "pays": 0, "doubled": 0}
    # Days in space with such a card in hand are rare in random games: these seeds hold
    # every case (seed 3 solo: doubled and paying; 3 players, seed 37: no guest matching).
    for players, seed in ((1, 3), (3, 37), (3, 52)):
        for game in random_positions(players, (seed,)):
            dec = game.pending
            if not isinstance(dec, DayInSpace):
                continue
            ctx = Ctx(game.state, game.comps)
            p = game.state.players[dec.seat]
            ship = p.ships[dec.ship]
            gains = travel.space_gains(ctx, ship)
            pending = view(game).pending
            cards = [c for c in game.legal() if isinstance(c, C.PlayAgendaEffect) and
                     game.comps.agenda(c.card).effect.kind == "day_in_space_double"]
            done = gain(game, pending, C.Done())
            once = ", ".join(travel.bonus_words(k, n) for _, _, k, n in gains)
            twice = ", ".join(travel.bonus_words(k, 2 * n) for _, _, k, n in gains)
            if not gains:
                assert done == "no bonus (no guest aboard matches an icon of the ship)"
                assert all(gain(game, pending, c) ==
                           "no use now: no guest aboard matches an icon of the ship"
                           for c in cards)
                said["nothing"] += 1
            elif modifiers.has(ctx, p, "day_in_space_double"):  # the card was played
                assert done == f"{twice} (the guests' bonuses)"
                said["doubled"] += 1
            else:
                # (The card may be gone: played for its resource at this very step.)
                assert done == f"{once} (the guests' bonuses)"
                assert all(gain(game, pending, c) == f"here {twice}, not {once}" for c in cards)
                said["pays"] += bool(cards)
    assert all(said.values()), said


def test_a_point_of_reputation_paid_at_0_is_said_to_be_a_vp() -> None:
    """QA s56: at reputation 0 a display blueprint read "-1 reputation"; the point is a VP
    there (below 0, each point costs a VP)."""
    from engine.describe import path

    said = {0: 0, 1: 0}
    for game in random_positions(2, range(4)):
        dec = game.pending
        legal = game.legal()
        paid = [c for c in legal if isinstance(c, C.BuildSegment) and
                c.blueprint.startswith("display:") or isinstance(c, C.DrawAgenda) and c.slot < 0]
        if not paid:
            continue
        p = game.state.players[dec.seat]
        for c in paid:
            text = " ".join(path(game, c))
            if p.reputation > 0:
                assert "-1 reputation" in text and "as reputation is" not in text, text
            else:
                assert "-1 VP, as reputation is at 0" in text and "-1 reputation" not in text, text
        said[min(p.reputation, 1)] += 1
    assert all(said.values()), said


def test_refilling_the_agenda_display_says_which_card_is_left_on_top() -> None:
    # The order of discards decides the card left on top of the pile, which the next player
    # may take: "Discard Crowdfunding first, then Petty Cash" left that to be worked out.
    from engine.bots.random_bot import RandomBot

    game = Game.new(GameOptions(players=3, seed=1))
    bot = RandomBot(1)
    while not any(isinstance(c, C.RefillAgenda) and len(c.discard_order) > 2
                  for c in game.legal()):
        game.apply(bot.choose(game))
    names = game.comps.agenda
    for c in game.legal():
        if isinstance(c, C.RefillAgenda):
            order = [names(x).name for x in c.discard_order]
            assert describe(game, c) == (f"Leave {order[-1]} on top of the discard pile, under "
                                         f"it {', then '.join(reversed(order[:-1]))}")


def test_a_cruise_being_launched_says_so_on_the_players_board() -> None:
    """From T-5 to liftoff the tile is on the ship, and the board read "Scheduled cruise 3:
    -": no cruise at all (QA s59)."""
    from rich.text import Text

    from engine.decisions import Boarding

    seen = 0
    for game in random_positions(2, range(4)):
        dec = game.pending
        if not isinstance(dec, Boarding):
            continue
        v = view(game)
        text = Text.from_markup(render.player_board(v, dec.seat)).plain
        line = next(ln for ln in text.splitlines() if ln.startswith("Scheduled cruise "))
        assert line.startswith(f"Scheduled cruise {dec.space + 1}: launching on ship "
                               f"{dec.ship + 1}"), line
        seen += 1
    assert seen

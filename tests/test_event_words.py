"""The words of events, options and the turn summary, as players reported them wrong: parts
of 0 paid, a ship with no number, a boarding called a sale, a price before its discount, a
bump of your own piece named as someone's, a consequence of your own move as 'Meanwhile'."""

from __future__ import annotations

import re

from helpers import set_turn
from test_rules_actions import table, upgrade, work

from engine import Game, GameOptions
from engine.bots.greedy import GreedyBot
from engine.commands import AdvertiseCruise, BuildDevelopment, PlaceWorker, SellTicket, TakeAction
from engine.describe import describe
from engine.events import Event
from engine.state import Occupant
from engine.view import view
from galcruise_tui.widgets.summary import Move, TurnSummary, taken_back

NOTHING_PAID = re.compile(r"\bpays?\b[^.;]*\b0 (food|oxygen|fuel|money)\b")


def test_event_lines_leave_out_what_was_0_name_the_ship_and_call_a_boarding_a_boarding(
) -> None:
    seen: set[str] = set()
    for seed in range(6):
        g = Game.new(GameOptions(players=2, seed=seed, seats=("greedy", "greedy")))
        while g.pending is not None:
            for c in g.legal():
                if isinstance(c, BuildDevelopment):
                    said = describe(g, c)
                    assert not re.search(r"\b0 (food|oxygen|fuel|money)\b", said), said
                    seen.add("build")
            for e in g.apply(GreedyBot(seed + len(seen)).choose(g)):
                assert not NOTHING_PAID.search(e.text), e.text
                assert "sells a last-minute" not in e.text, e.text
                if "past the end of the track" in e.text:  # was "(launch) in beyond section 3"
                    assert e.text.endswith(" (it scores with section 3)."), e.text
                    seen.add("cube")
                if "has a day in space" in e.text or "returns home" in e.text:
                    assert re.search(r"'s ship \d (has a day|returns home)", e.text), e.text
                    seen.add("ship")
                if "boards a last-minute guest: " in e.text:
                    assert re.search(r"guest: an? \w+ guest, for \d ads?\.$", e.text), e.text
                    seen.add("board")
                if e.kind == "pay" or e.text.startswith("T-3"):
                    seen.add("pay")
        if seen == {"ship", "board", "pay", "build", "cube"}:
            return
    raise AssertionError(f"only {sorted(seen)} were met")


def test_a_ticket_says_the_ads_it_costs_after_the_upgrade() -> None:
    """Family upgrade 1 makes each guest sold by Advertise cost 1 ad less: the option says
    the ads it really costs (a tester read '2 ads' and paid 1)."""
    g = table()
    s = g.state
    pink = s.players[0]
    b = s.board
    pink.upgrades = [upgrade(g, "advertise_discount")]
    b.stations[1] = ["advertise_cruise", "build_segments"]
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile and x.consultant is None)
    b.queue = [[1, 0, 0], [0, 1, 0], [0, 0, 0]]
    pink.ads, pink.money, pink.reputation = 1, 2, 0
    work(g, pink, 2, ["advertise_cruise", "build_segments"])
    g.apply(TakeAction(2, "advertise_cruise"))
    g.apply(AdvertiseCruise(sp))
    first, second = SellTicket("orange", 0), SellTicket("purple", 1)
    assert "from the queue, 0 ads (1 - 1 off)" in describe(g, first)
    assert "from the queue, 1 ad (2 - 1 off)" in describe(g, second)
    assert "free" not in view(g).gain(first)
    g.apply(first)
    assert pink.ads == 1
    g.apply(second)
    assert pink.ads == 0


def test_bumping_your_own_piece_says_so() -> None:
    g = table()
    pink, blue = g.state.players[0], g.state.players[1]
    set_turn(g, pink.seat)
    g.state.board.occupants[2] = Occupant(pink.seat, "worker")
    g.state.board.occupants[3] = Occupant(blue.seat, "worker")
    assert describe(g, PlaceWorker("worker", 3)).endswith(", bumping your own worker")
    assert describe(g, PlaceWorker("worker", 4)).endswith(f", bumping {blue.name}")


def _turn_move(seat: int, name: str, *lines: str, by_bot: bool = True) -> Move:
    events = [Event("turn", seat, f"Turn 3 (round 2): {name}.")] if lines[:1] == ("turn",) \
        else []
    events += [Event("x", seat, t) for t in lines if t != "turn"]
    return Move(seat, events, by_bot, [0, 0], [0, 0])


def test_the_summary_keeps_the_ships_owner_and_leaves_out_your_own_moves_consequences() -> None:
    g = Game.new(GameOptions(players=2, seed=5))
    v = view(g)
    pink, blue = (p.name for p in v.seats)
    summary = TurnSummary({0})
    # Pink's own launch: the new cruise and a goal's next step are hers to have seen.
    summary.add(v, _turn_move(0, pink, f"{pink} launches ship 1.", "'Fleet' now needs 3.",
                              by_bot=False))
    summary.add(v, _turn_move(1, blue, "turn", f"{blue}'s ship 1 has a day in space."))
    text = summary.take(v)
    assert text is not None
    assert text.plain.startswith(f"{blue}'s turn")  # and nothing of Pink's move before it
    assert text.plain.endswith(f": {blue}'s ship 1 has a day in space.")


def test_an_undo_line_names_whose_move_and_what_it_did() -> None:
    g = Game.new(GameOptions(players=2, seed=5))
    v = view(g)
    blue = v.seats[1].name
    gone = [_turn_move(1, blue, f"{blue} takes 1 food (reputation drop).", by_bot=False),
            _turn_move(1, blue, f"{blue} takes 1 oxygen.")]
    assert taken_back(v, gone) == \
        f"{blue} took back a move: takes 1 food (reputation drop) (and the 1 bot move after it)"
    action = [_turn_move(1, blue, f"{blue}: Advertise a Cruise.", by_bot=False)]
    assert taken_back(v, action) == f"{blue} took back a move: Advertise a Cruise"


def test_a_resource_over_storage_from_a_reputation_drop_says_to_spend_it_not_that_it_is_lost(
) -> None:
    """N9: 'Take 1 fuel (storage full, 3/2: lost unless spent first)' at a reputation drop,
    whose resources may stay over storage until the step ends."""
    from engine.commands import ChooseResource, DropReputation

    g = table()
    pink = g.state.players[0]
    pink.reputation = 9
    work(g, pink, 1, ["purchase_supplies", "hire_expert"])
    pink.fuel = pink.capacity("fuel") + 1  # over storage already, as after a first pick
    drop = next(c for c in g.legal() if isinstance(c, DropReputation) and c.bonus == "resource")
    g.apply(drop)
    assert g.pending is not None and g.pending.overflow  # type: ignore[attr-defined]
    assert describe(g, ChooseResource("fuel")) == (
        f"Take 1 fuel (storage full: holds {pink.capacity('fuel')}, you have {pink.fuel}; "
        "spend it in this step)")
    pink.food = 0
    assert describe(g, ChooseResource("food")) == "Take 1 food"


def test_the_launch_towers_legend_matches_its_marks() -> None:
    """The legend showed '×××' for a removed token the tower draws '××' or '××××': a removed
    token keeps its name after one ×, and the legend says what removing each row does."""
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=2, seed=5))
    g.state.players[0].tower_top[0] = "removed"
    board = render.player_board(view(g), 0)
    tower = next(line for line in board.splitlines() if line.startswith("[b]Launch tower"))
    assert " ×1$ " in tower and "××" not in tower
    legend = [line for line in board.splitlines() if "removed" in line and line.startswith(" ")]
    assert legend == ["   \\[x] up · \\[x▼] flipped for a cruise · ×x removed",
                      "   removed top: its bonus gives 2 · left expert: 3 money per bottom token"]
    assert all(len(line) <= 78 for line in legend)  # one line each at 80 columns


def test_after_the_final_move_a_kept_upgrade_token_is_not_kept_for_later() -> None:
    """The final round: a ship reached a destination by its one free move, with no space of
    that colour open; the only option read 'Keep the upgrade token for later', and there is
    no later stop for it."""
    from engine.bots.random_bot import RandomBot
    from engine.commands import Done
    from engine.decisions import Unlock

    for seed in range(40):
        g = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        while g.pending is not None and not (isinstance(g.pending, Unlock)
                                             and Done() in g.legal()):
            g.apply(bot.choose(g))
        if g.pending is None:
            continue
        dec = g.pending
        assert describe(g, Done()) == "Keep the upgrade token for later"
        g.state.players[dec.seat].ships[dec.ship].final_moved = True
        assert describe(g, Done()).startswith("Leave the upgrade token unplaced")
        assert "later" not in g.waiting_for()
        return
    raise AssertionError("no upgrade token was ever kept")


def test_a_line_that_begins_with_a_common_word_reads_on_in_lower_case() -> None:
    # "Pink's ship 1 has a day in space; No guest aboard matches an icon of the ship".
    g = Game.new(GameOptions(players=2, seed=5))
    v = view(g)
    pink, blue = (p.name for p in v.seats)
    summary = TurnSummary({0})
    summary.add(v, _turn_move(1, blue, "turn", f"{blue}'s ship 1 has a day in space.",
                              "No guest aboard matches an icon of the ship: no bonus.",
                              "New cruise c07 (A → ⌂) in space 3."))
    text = summary.take(v)
    assert text is not None
    assert text.plain.endswith("day in space; no guest aboard matches an icon of the ship: "
                               "no bonus; new cruise c07 (A → ⌂) in space 3."), text.plain


def test_a_turns_vp_in_the_summary_leaves_out_an_agm_held_before_it_began() -> None:
    """An AGM at the end of Pink's turn scored for Blue too: Blue's next turn was headed
    'VP 25 → 31' as if Blue had gained the AGM's 4 VP in it."""
    g = Game.new(GameOptions(players=2, seed=5))
    v = view(g)
    pink, blue = (p.name for p in v.seats)
    summary = TurnSummary({0})
    summary.add(v, Move(0, [Event("x", 0, f"{pink} places a worker on station 2."),
                            Event("agm", 1, f"{blue} scores 4 VP at the AGM."),
                            Event("turn", 1, f"Turn 9 (round 5): {blue}.")],
                        False, [10, 25], [10, 29]))
    summary.add(v, Move(1, [Event("x", 1, f"{blue} builds Arcade Nebula on ship 1."),
                            Event("turn", 0, f"Turn 10 (round 5): {pink}.")],
                        True, [10, 29], [10, 31]))
    text = summary.take(v)
    assert text is not None and text.plain.startswith(f"{blue}'s turn (VP 29 → 31, +2): ")


def test_the_end_words_count_the_turns_after_this_one() -> None:
    """A tester read 'Final round: 0 turns left' during the last turn of the game."""
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=2, seed=5))
    g.state.end_triggered, g.state.final_phase = True, "turns"
    g.state.final_turns_left = [1]
    assert render.end_words(view(g)) == "Final round: 1 more turn"
    g.state.final_turns_left = []
    assert render.end_words(view(g)) == "Final round: the last turn"


def test_the_final_recalls_bonuses_are_read_before_the_final_turns() -> None:
    """QA s55 G4: choosing the final recall's bonuses, the status said "Final round: last
    moves, goals and the final AGM" with both final turns still to play."""
    from galcruise_tui.widgets import render

    g = Game.new(GameOptions(players=2, seed=5))
    s = g.state
    s.end_triggered, s.final_phase, s.final_turns_left = True, "recall", list(s.turn_order)
    assert render.end_words(view(g)) == "Final round: 2 more turns"
    s.final_phase = "ships"
    assert render.end_words(view(g)) == "Final round: last moves, goals and the final AGM"


def test_rachels_destinations_and_upgrade_spaces_use_the_games_words() -> None:
    # Her log said "reaches a orange destination" and "her orange upgrade space" where the
    # game says adventurous, relaxing and family.
    from engine.bots.random_bot import RandomBot

    lines: list[str] = []
    for seed in range(10):
        g = Game.new(GameOptions(players=1, seed=seed))
        bot = RandomBot(seed)
        while not g.is_over and len(lines) < 20:
            lines += [e.text for e in g.apply(bot.choose(g))
                      if "destination" in e.text or "upgrade space" in e.text]
    assert lines
    for line in lines:
        assert not any(c in line for c in ("orange", "purple", "teal")), line
        assert "a adventurous" not in line, line


def test_your_ships_day_in_space_at_your_turns_start_is_summed_up_after_your_own_move() -> None:
    """A QA turn went VP 12 -> 14 with no line: the person's own move (a decision in the
    bot's turn) ended it, and the day in space that began their turn was left out."""
    g = Game.new(GameOptions(players=2, seed=5))
    v = view(g)
    pink, blue = (p.name for p in v.seats)
    summary = TurnSummary({0})
    summary.add(v, _turn_move(1, blue, "turn", f"{blue} takes 1 food."))
    # Pink's answer ends Blue's turn; her own turn begins with her ship's day in space.
    move = _turn_move(0, pink, f"{pink} takes 1 money.", by_bot=False)
    move.events += [Event("turn", 0, f"Turn 4 (round 2): {pink}."),
                    Event("travel", 0, f"{pink}'s ship 1 has a day in space."),
                    Event("travel", 0, "2 relaxing guests enjoy the ship: +2 VP.")]
    summary.add(v, move)
    text = summary.take(v)
    assert text is not None
    assert text.plain == (f"{blue}'s turn: takes 1 food.\n{pink}: ship 1 has a day "
                          "in space; 2 relaxing guests enjoy the ship: +2 VP."), text.plain


def test_every_day_in_space_of_your_ships_reaches_your_summary() -> None:
    """Over random games with seat 0 a person: each of their ships' days in space is in a
    summary they read, whether a bot's move began their turn or their own key (phase 1's
    'Let the ships travel', an extra stop) moved the ship."""
    from engine.bots.random_bot import RandomBot
    from galcruise_tui.words import tidy

    owed = read = 0
    for seed in range(4):
        g = Game.new(GameOptions(players=2, seed=seed))
        bot = RandomBot(seed)
        summary = TurnSummary({0})
        pending: list[str] = []
        while not g.is_over:
            seat = g.pending.seat
            before = [p.vp for p in g.state.players]
            events = g.apply(bot.choose(g))
            v = view(g)
            summary.add(v, Move(seat, events, seat != 0, before, [p.vp for p in g.state.players]))
            pending += [tidy(v, e.text).rstrip(".") for e in events
                        if e.seat == 0 and "has a day in space" in e.text]
            if g.pending is not None and g.pending.seat == 0:
                text = summary.take(v)
                said = text.plain if text is not None else ""
                for line in pending:
                    # Under the person's own name the line drops it: "Pink: ship 1 has ...".
                    own = line.removeprefix(f"{v.seats[0].name}'s ")
                    assert f"{v.seats[0].name}: {own}" in said or f"; {own}" in said, \
                        (line, said)
                    read += 1
                pending = []
            owed += 1
    assert read and owed


def test_a_day_in_space_says_what_its_guests_gained_or_that_none_matched() -> None:
    # "Blue's ship 1 has a day in space." alone read as a line cut short (qa-multi F20).
    from tests.helpers import random_positions

    told = {"bonus": 0, "none": 0}
    for game in random_positions(2, range(6)):
        then, events = game.try_apply(game.legal()[0])
        texts = [e.text for e in events]
        for i, t in enumerate(texts):
            if "has a day in space" not in t:
                continue
            after = texts[i + 1:]
            if not after and then.pending is not None and then.pending.kind == "day_in_space":
                continue  # a card may act first: the bonuses come with its decision
            assert after, t
            if after[0].startswith("No guest aboard matches"):
                told["none"] += 1
            else:
                assert " the ship: +" in after[0], after[0]
                told["bonus"] += 1
    assert told["bonus"] and told["none"], told


def test_a_funding_bonus_of_a_resource_with_no_room_says_it_is_lost() -> None:
    """A bumped player was offered '1 oxygen' and '1 fuel' with both storages full; taking
    one gives nothing (played at 80x24 after a launch's Gain Resources)."""
    from helpers import finish_setup, new_game

    from engine.commands import FundingBonus

    g = finish_setup(new_game(players=3, seed=11))
    b = g.state.board
    b.connections = [[] for _ in range(6)]
    b.occupants = [None] * 6
    yellow, blue = g.state.players[0], g.state.players[1]
    b.occupants[3] = Occupant(blue.seat, "worker")
    blue.break_room = ["worker"]
    blue.fuel, blue.food = blue.capacity("fuel"), 0
    set_turn(g, yellow.seat)
    g.apply(PlaceWorker("worker", 4))
    assert g.pending.kind == "funding" and g.pending.seat == blue.seat
    room = blue.capacity("fuel")
    assert describe(g, FundingBonus("fuel")) == (
        f"Funding bonus: 1 fuel (storage full: holds {room}, you have {room}; "
        "no room for it, it is lost)")
    assert describe(g, FundingBonus("food")) == "Funding bonus: 1 food"
    assert describe(g, FundingBonus("money")) == "Funding bonus: 1 money"
    g.apply(FundingBonus("fuel"))
    assert blue.fuel == room


def test_a_gain_and_rachels_guests_read_one_in_the_singular() -> None:
    # QA s53 Q9: "‹Drafting Drive› 1 blueprints", "‹Memo Thruster› 1 ads, 1 agenda", and
    # "Rachel launches ship 1 on a cruise with adventurous guest".
    from engine.components import Gain
    from engine.describe import gain_text
    from engine.rules.rachel.launch import guest_words
    from engine.view import View
    from galcruise_tui.words import tidy

    assert gain_text(Gain(blueprints=1)) == "1 blueprint"
    assert gain_text(Gain(ads=1, agenda=1)) == "1 ad, 1 agenda card"
    assert gain_text(Gain(money=2, ads=2, vp=1, agenda=2)) == "2 money, 2 ads, 1 VP, 2 agenda cards"
    assert gain_text(Gain()) == "no bonus"
    assert guest_words(["teal"]) == "a teal guest"
    assert guest_words(["orange"]) == "an orange guest"
    assert guest_words(["teal", "orange", "purple"]) == "teal, orange and purple guests"
    v: View = view(Game.new(GameOptions(players=1, seed=3)))
    line = f"T-5: Rachel launches ship 1 on cruise X9 with {guest_words(['orange'])}."
    assert tidy(v, line) == "T-5: Rachel launches ship 1 on a cruise with an adventurous guest."


def test_a_ticket_past_the_cabins_of_ones_ships_says_the_guest_would_stay_behind() -> None:
    """Play: a tester sold two tickets for its own cruise with a one-cabin ship; the second
    guest could not board and cost 2 reputation at T-5, and nothing had said so. Said once,
    under the tickets (each option saying it took three rows apiece at 100 columns)."""
    g = table()
    s = g.state
    pink = s.players[0]
    b = s.board
    sp = next(i for i, x in enumerate(b.cruise_spaces) if x.tile and x.consultant is None)
    b.cruise_spaces[sp].consultant, pink.scheduled = pink.seat, sp
    pink.ships[0].segments = [x.id for x in g.comps.blueprints[:2]]  # one cabin
    b.stations[1] = ["advertise_cruise", "build_segments"]
    b.queue = [[1, 1, 0], [0, 0, 0], [0, 0, 0]]
    pink.ads, pink.money, pink.reputation = 4, 2, 0

    def notes() -> list[str]:
        return [f"{m.label}: {m.reason}" for m in view(g).missing()]

    work(g, pink, 2, ["advertise_cruise", "build_segments"])
    g.apply(TakeAction(2, "advertise_cruise"))
    g.apply(AdvertiseCruise(sp))
    assert notes() == []
    g.apply(SellTicket("orange", 0))
    assert notes() == ["Another ticket: your ships at home have 1 cabin at most: unless a ship "
                       "grows, the guest stays behind at launch (-2 reputation)"]
    assert all("stays behind" not in view(g).gain(c) for c in g.legal())
    # Another's cruise, or one not scheduled, is none of the ships' business.
    pink.scheduled = None
    assert notes() == []
    pink.scheduled, pink.ships[0].segments = sp, []
    assert notes()[0].startswith("Another ticket: no ship of yours at home has a cabin: ")

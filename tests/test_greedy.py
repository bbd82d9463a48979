"""The greedy bot's judgement: cards that change a cost, launches looked at to liftoff, and
random moves kept for stuck games."""

from __future__ import annotations

import copy

import pytest
from helpers import set_turn
from test_rules_actions import card, table, take_card, work
from test_rules_cards import scheduled

from engine import Game, GameOptions
from engine.bots import greedy
from engine.bots.greedy import (
    EXTRAS,
    STORAGE_GAP,
    STUCK_TURNS,
    GreedyBot,
    _apply,
    _candidates,
    _encoder,
    _launch_gap,
    _played_out,
    _ready_shortfall,
    _tables,
    _undominated,
    _weigh,
    value,
    weigh,
)
from engine.commands import (
    Done,
    DropReputation,
    HireExpert,
    Launch,
    PlayAgendaEffect,
    TakeAction,
    UseTechnology,
)
from engine.ctx import Ctx
from engine.decisions import ChooseAction
from engine.rules.funding import drop_bonuses, drop_options
from engine.rules.launch import LAUNCH_STEPS, card_resources


def _hiring(money: int) -> tuple[Game, str]:
    """Blue has chosen Hire an Expert (the right one costs 8) with Recruiting Bonus in hand."""
    g = table()
    blue = g.state.players[0]
    blue.developments_left = [2, 2, 3]
    blue.money = money
    bonus = card(g, "Recruiting Bonus")
    take_card(g, blue, bonus)
    work(g, blue, 1, ["hire_expert", "purchase_supplies"])
    g.apply(TakeAction(1, "hire_expert"))
    return g, bonus


def test_the_bot_plays_a_discount_on_the_action_it_has_chosen() -> None:
    # The card does nothing by itself; the bot sees the hire it makes 4 money cheaper.
    g, bonus = _hiring(money=8)
    assert HireExpert("right") in g.legal()
    bot = GreedyBot(1)
    assert bot.choose(g) == PlayAgendaEffect(bonus)
    g.apply(PlayAgendaEffect(bonus))
    assert bot.choose(g) == HireExpert("right")
    g.apply(HireExpert("right"))
    blue = g.state.players[0]
    assert blue.money == 4 and "expert_right" in blue.break_room


def _choices(turns_taken: int) -> set[str]:
    """What one bot chooses, asked 16 times, at the first main choice of a game."""
    game = Game.new(GameOptions(players=2, seed=5))
    while game.pending is None or game.pending.kind != "phase2":
        game.apply(GreedyBot(5).choose(game))
    game.state.turns_taken = turns_taken
    bot = GreedyBot(5)
    return {repr(bot.choose(game)) for _ in range(16)}


def test_random_moves_only_once_a_game_is_stuck() -> None:
    # In a game of normal length the bot's main choice is always its own; past STUCK_TURNS
    # turns a player, some are the random bot's.
    assert len(_choices(0)) == 1
    assert len(_choices(STUCK_TURNS * 2)) > 1


def test_a_launch_that_needs_a_drop_is_weighed_to_liftoff() -> None:
    # One fuel short: the drop at T-3 asks which resource it gives before the launch goes on.
    # The bot's look at the launch follows it through that choice to liftoff, not stopping
    # with the reputation spent and nothing for it.
    g = table(players=2)
    p = g.state.players[0]
    space = scheduled(g, p, fuel=3, presold=["orange"])
    p.fuel, p.reputation = 2, 6
    tile = g.state.board.cruise_spaces[space].tile
    set_turn(g, p.seat)
    assert Launch(0) in g.legal()
    g.apply(Launch(0))
    done = _played_out(g.state, g.comps, p.seat)
    me = done.players[0]
    assert not any(d.kind in LAUNCH_STEPS for d in done.stack)
    assert me.ships[0].cruise == tile and me.ships[0].guests[0] == "orange"
    assert me.fuel == 0 and me.reputation < 6 and me.launches == 1


def test_a_launch_that_waits_only_on_supplies_counts_each_one_missing() -> None:
    # A cruise needing 3 fuel with one presold guest, a ship of 3 segments at home: the launch
    # needs 2 food (the guest and the pilot), 3 oxygen (a segment each) and 3 fuel.
    g = table(players=2)
    p = g.state.players[0]
    space = scheduled(g, p, fuel=3, presold=["orange"])
    ctx = Ctx(g.state, g.comps)
    assert _ready_shortfall(ctx, p) == 0
    p.food, p.oxygen, p.fuel = 1, 1, 0
    assert _ready_shortfall(ctx, p) == 1 + 2 + 3
    g.state.board.cruise_spaces[space].presold = []  # one last-minute guest: the same food
    assert _ready_shortfall(ctx, p) == 6
    p.ships[0].cruise = g.state.board.cruise_spaces[space].tile  # the ship is away
    assert _ready_shortfall(ctx, p) == 0


def test_cards_in_hand_count_as_the_supplies_and_the_storage_they_give() -> None:
    # The same launch (2 food, 3 oxygen, 3 fuel) with 1, 1 and 0 in store: two fuel cards in
    # hand cover two of the fuel, as they would at T-3, even beyond storage.
    g = table(players=2)
    p = g.state.players[0]
    scheduled(g, p, fuel=3, presold=["orange"])
    p.food, p.oxygen, p.fuel = 1, 1, 0
    fuel = [c.id for c in g.comps.agenda_cards if c.resource == "fuel"][:2]
    ctx = Ctx(g.state, g.comps)
    assert _ready_shortfall(ctx, p) == 6
    storage = (5, 5, 1)  # room for one fuel: the 3 fuel are 2 beyond it
    no_cards = _launch_gap(ctx, p, storage)
    for c in fuel:
        take_card(g, p, c)
    assert card_resources(ctx, p) == {"food": 0, "oxygen": 0, "fuel": 2}
    assert _ready_shortfall(ctx, p) == 4
    # The storage gap is gone (READY_GAP counts solo only; SUPPLY_GAP prices what is stored).
    assert no_cards - _launch_gap(ctx, p, storage) == pytest.approx(2 * STORAGE_GAP)


def test_a_launch_looked_at_boards_its_presold_guests_before_last_minute_ones() -> None:
    # Two presold guests and a ship of two cabins: a last-minute guest boarded first would
    # leave one of them behind (-2 reputation). The look at the launch fills the cabins with
    # the presold guests, so the launch is not priced below what it brings.
    g = table(players=2)
    p = g.state.players[0]
    space = scheduled(g, p, fuel=3, presold=["teal", "purple"])
    p.ships.append(copy.deepcopy(p.ships[0]))  # another ship of two cabins stays at home
    p.ads, p.reputation = 10, 7  # an ad is cheap at 10: the trap was a guest for one
    set_turn(g, p.seat)
    g.apply(Launch(0))
    done = _played_out(g.state, g.comps, p.seat)
    me = done.players[0]
    assert sorted(me.ships[0].guests) == ["purple", "teal"]
    assert me.ads == 10
    assert done.board.cruise_spaces[space].presold == []


def test_on_a_day_in_space_the_bot_takes_the_best_assignment_of_guests_to_segments() -> None:
    """専門設計図: every order of the guests is tried. The adventurous guest could go to any
    of the three segments; only on the Aerial Stunt Deck (3 money) does it leave the Game
    Show (1 ad, 1 reputation) to the relaxing guest; with no ship at home, the Wine Tasting
    Corner's build is worth nothing."""
    from test_specialised_play import SHOW, STUNT, WINE, YELLOW, flying, game

    from engine.bots import visits
    from engine.bots.greedy import _visit_price
    from engine.ctx import Ctx
    from engine.modules.specialised_blueprints.commands import PlaceGuest
    from tests.helpers import start_turn

    g = game()
    yellow = g.state.players[YELLOW]
    flying(g, YELLOW, [WINE, SHOW, STUNT], ["orange", "purple"])
    yellow.money = 0
    start_turn(g, YELLOW)
    bot = GreedyBot(1)
    assert bot.choose(g) == PlaceGuest("orange", 2)
    ctx = Ctx(g.state, g.comps)
    dec = g.pending
    best, first = visits.best(ctx, dec, lambda v: _visit_price(ctx, yellow, v))  # type: ignore[arg-type]
    assert first == PlaceGuest("orange", 2) and best > 0
    g.apply(bot.choose(g))
    assert yellow.money == 3
    assert bot.choose(g) == PlaceGuest("purple", 1)



def test_worths_kept_from_the_last_look_ahead_are_those_weighed_afresh() -> None:
    # Choosing a station weighs its actions and their options; the next two choices of the
    # turn take those worths where they were weighed alike. Every worth must be the same.
    game = Game.new(GameOptions(players=2, seed=1003, seats=("greedy", "greedy")))
    bots = {s: GreedyBot(77 + s) for s in range(2)}
    reused = 0
    for _ in range(110):
        dec = game.pending
        assert dec is not None
        bot = bots[dec.seat]
        known = bot._next
        if known is not None and game.snapshot() == _encoder.encode(known.state):
            options = _candidates(game.legal(), game.state.players[dec.seat].reputation,
                                  game.comps.board.reputation_icons)
            kept = _weigh(game.state, game.comps, dec.seat, options, known)[0]
            assert kept == _weigh(game.state, game.comps, dec.seat, options, None)[0]
            reused += 1
        game.apply(bot.choose(game))
    assert reused >= 30


def test_solo_a_placement_is_worth_less_by_the_vp_it_hands_rachel(monkeypatch) -> None:  # noqa: ANN001
    # Every worker of Rachel's bumped, by the piece placed or by the NPC it pushes on, is a
    # funding bonus she takes as VP: each is a VP off the placement's worth, and only that.
    from engine.bots import greedy
    from engine.bots.random_bot import RandomBot
    from engine.commands import PlaceWorker

    game = Game.new(GameOptions(players=1, seed=71))
    bot = RandomBot(71)
    bumps = 0
    while not game.is_over and bumps < 3:
        dec = game.pending
        if dec.kind == "phase2" and dec.seat == 0:
            places = [c for c in game.legal() if isinstance(c, PlaceWorker)]
            handed = [game.try_apply(c)[0].state.players[1].vp - game.state.players[1].vp
                      for c in places]
            if any(handed):
                monkeypatch.setattr(greedy, "RIVAL_BUMP", 0.0)
                plain = greedy.weigh(game.state, game.comps, 0, places)
                monkeypatch.setattr(greedy, "RIVAL_BUMP", 1.0)
                priced = greedy.weigh(game.state, game.comps, 0, places)
                assert priced == [w - h for w, h in zip(plain, handed, strict=True)]
                bumps += 1
        game.apply(bot.choose(game))
    assert bumps == 3


def test_the_values_tables_read_what_the_rules_helpers_read() -> None:
    """value() reads cockpit VP, segment VP, destinations ahead and goal thresholds through
    per-components tables: over the positions of greedy games (4 players, and 2 with cabins
    from halves) they are the numbers the rules' own helpers give."""
    from engine.ctx import Ctx
    from engine.rules import goals, scoring
    from engine.rules.metrics import cockpit_vp, metric

    checked, flying = 0, 0
    for opts in (GameOptions(players=4, seed=31, seats=("greedy",) * 4),
                 GameOptions(players=2, seed=32, seats=("greedy",) * 2,
                             modules=("cabin_pairing",))):
        game = Game.new(opts)
        bots = {s: GreedyBot(s) for s in range(opts.players)}
        tables = _tables(game.comps)
        # 20 turns: the 2-player game's first ships fly from turn 16 (no ship flies that soon
        # at 4 players).
        while not game.is_over and game.state.turn.number <= 20:
            ctx = Ctx(game.state, game.comps)
            b = game.state.board
            for p in game.state.players:
                assert sum(tables.bp_vp(bp) for sh in p.ships for bp in sh.segments) == \
                    scoring.segments_vp(ctx, p)
                for sh in p.ships:
                    vp, count, per = tables.condition(sh.cockpit)
                    assert vp * (count(p, sh) // per) == cockpit_vp(ctx, p, sh)
                    if sh.cruise:
                        flying += 1
                        assert tables.destinations_after(sh.cruise, sh.stop) == \
                            len(game.comps.cruise_tile(sh.cruise).destinations_after(sh.stop))
                tile = game.comps.goal_tile(b.goal_tile)
                for j, (count, thresholds) in enumerate(tables.goal_list(b.goal_tile)):
                    assert count(p, None) == metric(ctx, p, tile.goals[j].metric)
                    top = len(game.state.players) == 4 and b.goal_achievers[j] >= 2
                    assert thresholds[3 if top else b.goal_trackers[j]] == \
                        goals.threshold(ctx, j)
                checked += 1
            game.apply(bots[game.pending.seat].choose(game))
    assert checked > 300 and flying > 10


def test_a_trial_that_ends_the_turn_stops_there_before_rachel_plays() -> None:
    # Solo, ending the actions hands the turn to Rachel, whose turn the engine plays at once.
    # The bot's trial stops where the turn ends, so ending the actions is judged at the same
    # moment as an action would be, not with what her turn brings (a fee she pays, a bump).
    g = Game.new(GameOptions(players=1, seed=2000, difficulty="normal"))
    bot = GreedyBot(2000 * 8)
    while not (isinstance(g.pending, ChooseAction) and g.pending.seat == 0
               and g.state.turn.actions_left == 2):
        g.apply(bot.choose(g))
    rachel = g.state.players[1]
    after = _apply(g.state, g.comps, Done())
    assert after is not None
    assert (after.turn.seat, after.turn.phase, after.stack) == (0, "done", [])
    assert after.turns_taken == g.state.turns_taken
    assert after.players[1] == rachel  # her turn has not begun
    played, _ = g.try_apply(Done())  # the game itself plays her turn
    assert played.state.turns_taken > g.state.turns_taken
    assert weigh(g.state, g.comps, 0, [Done()]) == [value(after, g.comps, 0)]


def test_a_fee_paid_at_the_start_of_travel_is_worth_the_travel_that_follows_it() -> None:
    # Phase 1 waits on the player while a technology could add a stop. Paying its fee leaves
    # the player at the same step: the fee is worth going on after it (the ship moving and
    # what that brings), as going on at once is, and not the position before the ship moves.
    from helpers import invent, start_turn
    from test_effects import in_flight, rich_game

    g = rich_game()
    me = g.state.players[0]
    invent(g, "extra_travel", 1)  # Blue's: Pink pays to use it
    in_flight(g, me.seat, "space", ["teal"])
    start_turn(g, me.seat)
    assert g.pending is not None and g.pending.kind == "travel_start"
    fee = UseTechnology(1)
    assert fee in g.legal()
    paid = _apply(g.state, g.comps, fee)
    assert paid is not None and paid.stack[-1].kind == "travel_start"
    going_on = weigh(paid, g.comps, me.seat, [Done()])[0]
    assert weigh(g.state, g.comps, me.seat, [fee]) == [going_on]
    assert going_on != value(paid, g.comps, me.seat)


def test_a_drop_further_down_for_the_same_bonus_is_left_out() -> None:
    # The board's icons from level 6 down: resource, ad, money, ad, resource, ad, resource.
    # From 7, each level is worth a drop only for the kind of the icon it passes: dropping to
    # 4 for an ad gains the 1 ad that dropping to 5 gains, and keeps a level less.
    g = Game.new(GameOptions(players=2, seed=3))
    ctx = Ctx(g.state, g.comps)
    p = g.state.players[0]
    p.reputation = 7
    listed = drop_options(ctx, p)
    kept = _undominated(listed, g.comps.board.reputation_icons)
    assert [(c.to, c.bonus) for c in kept] == [
        (6, "resource"), (5, "ad"), (4, "money"), (3, "ad"), (2, "resource"), (1, "ad"),
        (0, "resource")]
    assert len(listed) == 18  # 1 + 2 + 3 x 5: each kind once met
    for c in listed:
        if c not in kept:
            gain = drop_bonuses(ctx, 7, c.to)[c.bonus]
            assert any(k.bonus == c.bonus and k.to > c.to and
                       drop_bonuses(ctx, 7, k.to)[k.bonus] == gain for k in kept)
    others = [Done(), DropReputation(6, "resource")]
    assert _undominated(others, g.comps.board.reputation_icons) == others


def test_a_launch_play_out_tries_each_plain_step_once(monkeypatch) -> None:  # noqa: ANN001
    # Greedy pair, seed 1, after 122 commands: a launch whose play-out weighs extras (fees,
    # card effects), each by the rest of the launch played out after it. Those lines and the
    # main one pass through the same positions; a plain step is tried once and counted each
    # time.
    game = Game.new(GameOptions(players=2, seed=1, seats=("greedy",) * 2))
    bots = {s: GreedyBot(8 + s) for s in range(2)}
    for _ in range(122):
        game.apply(bots[game.pending.seat].choose(game))
    launch = next(c for c in game.legal() if isinstance(c, Launch))
    after = greedy._apply(game.state, game.comps, launch)
    tried: list[tuple[bytes, object]] = []
    real = greedy._apply

    def recorded(state, comps, cmd):  # noqa: ANN001, ANN202
        tried.append((greedy._encoded(state), cmd))
        return real(state, comps, cmd)

    monkeypatch.setattr(greedy, "_apply", recorded)
    work = greedy.work()
    done = _played_out(after, game.comps, game.pending.seat)
    counted = greedy.work() - work
    plain = [t for t in tried if not isinstance(t[1], EXTRAS)]
    assert any(isinstance(t[1], EXTRAS) for t in tried)
    assert len(set(plain)) == len(plain)
    assert counted > len(tried)
    assert done.players[game.pending.seat].launches == \
        game.state.players[game.pending.seat].launches + 1


def test_neither_bot_pays_a_fee_that_buys_nothing_now() -> None:
    # The expert paid 2 money for Navigation Target Identifier (an extra stop, phase 1 only)
    # at its main choice, phase 1 over, then called a meeting (QA s59). In the final turns
    # of this 4-player game the bar marks that fee "no use now"; in a phase 1 it does not.
    from test_view import _played_from

    from engine.bots.expert import ExpertBot
    from engine.describe import describe

    def nti(game: Game) -> UseTechnology:
        return next(c for c in game.legal() if isinstance(c, UseTechnology)
                    and "Navigation Target Identifier" in describe(game, c))

    late = _played_from("game-4p-modules-final-turns.json", 590)
    idle = nti(late)
    kept = greedy.useful(late, late.legal())
    assert idle not in kept
    assert kept == [c for c in late.legal() if not isinstance(c, UseTechnology)]  # both idle
    assert GreedyBot(0).choose(late) != idle
    assert idle not in [c for c, _ in ExpertBot(0, budget=1).ranked(late, 50)]
    early = _played_from("game-4p-modules-final-turns.json", 213)  # phase 1 of turn 29
    assert nti(early) in greedy.useful(early, early.legal())


def test_neither_bot_plays_a_card_that_buys_nothing_now() -> None:
    # Talent Show (the day's guest bonuses twice) for a ship whose guests match none of its
    # icons pays nothing: the bar says "no use now", and the bots keep the card.
    from helpers import random_positions

    from engine.commands import PlayAgendaEffect
    from engine.decisions import DayInSpace
    from engine.view.options import gain
    from engine.view.turn import read_turn

    seen = 0
    for game in random_positions(3, (37,)):  # test_view's seed of such a day
        if not isinstance(game.pending, DayInSpace):
            continue
        idle = [c for c in game.legal() if isinstance(c, PlayAgendaEffect) and
                gain(game, read_turn(game)[1], c).startswith("no use now")]
        if idle:
            kept = greedy.useful(game, game.legal())
            assert not set(idle) & set(kept) and kept
            assert GreedyBot(0).choose(game) not in idle
            seen += 1
    assert seen

"""A greedy bot: tries each legal command on a copy of the game and keeps the one that leaves
its own position worth the most, by VP now plus a rough price on everything that becomes VP
later (progress cubes x wings, segments, guests aboard, resources, cards).

One step of lookahead, with one refinement: what does nothing by itself is worth the best of
what it opens, tried on a copy in turn. So choosing an action (or a station) is worth the best
of the action's options; an agenda card, a drop or a fee in the middle of an action is worth
the best way to finish it; a card that changes a cost for the step is worth the best of the
options it changes. Ties go to the first command in `legal()` order, so the bot is
deterministic. Used for calibration and as a sparring partner; it is clearly better than the
random bot but no strategist.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Sequence

import msgspec

from engine import flow
from engine.bots import visits
from engine.bots.random_bot import RandomBot
from engine.commands import (
    Command,
    DropReputation,
    Launch,
    PayFee,
    PlaceWorker,
    PlayAgendaEffect,
    PlayAgendaResource,
    TakeAction,
    UseTechnology,
)
from engine.components import Components
from engine.ctx import Ctx
from engine.decisions import (
    Act,
    Boarding,
    ChooseAction,
    Decision,
    LaunchSupplies,
    MainChoice,
    Tour,
    Unlock,
)
from engine.game import Game
from engine.modules.specialised_blueprints import rules as sb
from engine.modules.specialised_blueprints.decisions import VisitBuild, VisitSegment
from engine.registry import rules_for
from engine.rng import Rng
from engine.rules import goals, launch, scoring
from engine.rules.funding import drop_bonuses
from engine.rules.metrics import counter
from engine.state import RESOURCES, Player, Ship, State

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(State)

# Prices of things that are not VP yet, in VP. Rough, and only relative sizes matter.
# Money and ads are worth more while a player has little: a greedy player who spends its last
# coin on a segment and takes VP for every funding bonus can never launch again.
MONEY = ((6, 1.1), (12, 0.5), (20, 0.2), (10**9, 0.05))  # (up to this many, price of each)
ADS = ((4, 1.1), (8, 0.5), (12, 0.15), (10**9, 0.02))
RESOURCE = 0.45
# An agenda card in hand: its effect or resource later, or the discard a Refill Silo needs.
# Prices read off the bot's own games (a least squares fit of the final score on value()'s
# terms, 395 solo games) put a card at 3-4 times the 0.5 it had. At 1.5 it draws 4.9 cards a
# game (3.6 at 0.5), plays 1.2 effects (0.8) and refills the silo, which discards one, twice
# as often (10 games).
# Solo at normal, paired over seeds 2000-2399 with 0.5: at 1.0 own VP +4.5 +- 2.0, margin
# +6.8 +- 3.6; at 1.5 own +9.2 +- 2.2, Rachel -4.6, margin +13.8 +- 3.8, wins 55 -> 90; at
# 2.0 own +11.1 +- 2.2, margin +10.5 +- 4.5 (Rachel +0.7); at 2.5 (125 seeds) margin +0.7.
# Its cost: the bot now holds cards, and each is a free command tried at every choice, so a
# turn takes about twice the trial applies (bench, 2 players: 32.6 -> 56.2 ms a turn; the
# drops left out by _undominated brought it back to about 45 ms with the same moves).
CARD = 1.5
BLUEPRINT = 0.5  # plus BLUEPRINT_VP per VP printed on it
BLUEPRINT_VP = 0.4
SEGMENT = 0.5  # besides its printed VP
CABIN = 2.5  # two segments side by side: a guest per launch
# A ship's first cabin is priced as any other. Once it was 3 VP more (without one a ship cannot
# launch), and the bot bought a third ship on turn 2 to build 1-cabin ships: solo against
# Rachel (normal) it scored 6 VP less over 80 seeds than at 0.
DEVELOPMENT = 1.5
REPUTATION = 1.5  # a level: a cheaper fee, the AGM bonus cube, a bank to drop (VP steps aside)
EXPERT = 4.0
UPGRADE = 3.0
SHIP = 1.0
GUEST_ABOARD = 0.5
TOUR = 2.5  # per guest and destination still ahead: 3 VP and more, less the ad it costs
SCHEDULED = 2.0
# The token loaded at launch becomes an upgrade at a destination of its colour: most of
# UPGRADE, once the ship has a destination ahead. Priced at 0, a launch lost it from sight.
TOKEN_ABOARD = 0.8 * UPGRADE
PRESOLD = 0.5
OVERSOLD = 2  # reputation lost by a presold guest who does not board
PRESOLD_TOUR = 0.5  # share of the tours a presold guest will bring that counts before launch
GOAL = 5.0  # a goal met is a cube and a wing; the way there is priced by the share of it done
FUTURE_CUBES = 3  # cubes a player can still expect to place: what another wing multiplies
LAUNCHING = 2.0
# Solo: per VP a placement hands Rachel at once (a worker of hers bumped, by the piece placed
# or by the NPC it pushes on, is a funding bonus she always takes as VP), since the margin over
# her decides the game. At 0 the bot handed her 6.6 VP a game this way, at 1 it hands her 2.4
# (12 seeds); over seeds 1100-1147 paired, own VP +0.7 +- 5.1 and margin +6.2 +- 9.0.
# A bump costs more than her one VP: her worker is back in her break room, a meeting she need
# not call. At 3, paired with 1 over seeds 2000-2399 at normal: own VP +2.1 +- 1.5, Rachel
# -2.7, margin +4.8 +- 3.0, wins 90 -> 110 of 400 (at 5: margin +4.4 +- 2.9, wins 106).
RIVAL_BUMP = 3.0
STORAGE_GAP = 2.0  # per unit of storage short of what the next launch needs
# Per resource short of it. A launch spends the supplies, so this price makes a launch look
# worse by what the next one needs: at 1.5 the bot launched 1.3 times a game solo, not 2.5.
# At 0 it scored 6 VP more solo, but launched less (some 2-player games only once) and
# won against Rachel no more often, so it stays small.
SUPPLY_GAP = 0.4
# Solo, per resource still missing for a launch that waits on nothing else (a cruise
# scheduled, a ship with a cabin at home). SUPPLY_GAP is felt by every position, a launch's
# too; this one is gone once the ship flies (the cruise is no longer scheduled), so it pushes
# the bot to gather a ready launch's supplies without making the launch look worse. Solo at
# normal, a ready launch short of supplies was 5 of the bot's 24 main choices a game. At 1,
# paired with 0 over seeds 2000-2399: own VP -1.4 +- 1.8, Rachel -5.6 +- 2.8, margin
# +4.2 +- 3.2 (her cubes count again and again, and a launch of the bot's is a track space she
# does not fill); the expert over seeds 3000-3099, own VP +2.6 +- 3.9, margin +3.4 +- 6.3
# (17 wins either way). Not at a table: greedy pairs over 40 seeds scored the same on average
# (-0.8 VP) but had more poor games (6 of 80 scores under 75 against 3).
READY_GAP = 1.0
TYPICAL_FUEL = 2
# Cards in hand count as the resources they give when played, as the launch itself counts
# them (launch.shortfall): beyond storage (CARDS_COVER, in the storage gap) and as supplies of
# a ready launch (CARDS_READY, in READY_GAP's shortfall). Without them a cruise needing more
# fuel than storage holds looked as far off with two fuel cards in hand as with none. Solo at
# normal, both, paired over seeds 2000-2399: own VP +1.5 +- 0.9, Rachel -1.1, margin
# +2.6 +- 1.7, wins 49 -> 52 (the storage gap alone, 2000-2199: margin +0.4 +- 1.1).
CARDS_COVER = True
CARDS_READY = True
# A card, a drop or a fee that leaves the seat at the same step (the start of travel, a tour,
# a day in space, a goal, a discard) is worth the best way to go on from it, as in the middle
# of an action. Judged by the position it leaves, it escaped what going on does: at the start
# of travel a ship coming home brings its next launch's gaps with it, so going on looked 6 VP
# worse than any fee or card, and the bot paid two technologies' fees, played its last card
# and dropped its reputation, all for nothing, before its ship came home. Solo at normal,
# paired over seeds 2000-2399: own VP +0.6 +- 1.0, Rachel -1.4, margin +2.0 +- 1.9, wins
# 52 -> 55.
FREE_WAITS = True
UNLAUNCHED = scoring.UNLAUNCHED_PENALTY
UNLAUNCHED_EARLY = 0.4  # share of that penalty felt at once: a second ship is no free bonus
# Share of their price that money, ads, resources, cards, blueprints and reputation levels lose
# as the progress track fills: they are priced for what they buy, and at the end a few are
# 1 VP per 3. Without it the bot still gathered them in its last turns, and ended with the
# funding bonuses taken as money. Solo against Rachel (normal), with the two launch fixes
# below (tours at a destination reached, fees at T-3): at 0.5 +8 VP over seeds 1100-1123
# and +2 over 1200-1223 against those fixes alone (0.8: the same as 0.5 on 1100-1123); all
# three, +7 VP over seeds 1100-1171 against none.
POTENTIAL_DECAY = 0.5
# Trial applies stop where the turn ends (see _apply).
TURN_ONLY = True

EXPLORE = 4
# Per player. Games end after 20-30 turns; one still going at this length is stuck in a loop.
STUCK_TURNS = 40

# Reputation drops come one per level and kind; only the nearest few are worth a look.
DROP_LEVELS = 3


def _copy(state: State) -> State:
    return _decoder.decode(_encoder.encode(state))


def _stepped(n: int, steps: tuple[tuple[int, float], ...]) -> float:
    total, below = 0.0, 0
    for upto, price in steps:
        if n <= below:
            break
        total += (min(n, upto) - below) * price
        below = upto
    return total


# _stepped for the amounts a player holds, looked up (the same floats, computed once).
_MONEY_VP = tuple(_stepped(n, MONEY) for n in range(64))
_ADS_VP = tuple(_stepped(n, ADS) for n in range(32))


# The progress track where a weighing began: (cubes on it, the weighing player's among them).
# Set by `_weigh`, per thread (a table server may weigh in several).
_root = threading.local()


# A count a cockpit condition or a goal reads (metrics.counter), and a goal's thresholds.
_Count = Callable[[Player, Ship | None], int]
_Goal = tuple[_Count, tuple[int, ...]]


class _Tables:
    """What `value` reads off the components in every position, by id: the same numbers as
    the components' own lookups, each read once per components (a dict lookup here against a
    method call, two dict lookups and an attribute there; `value` makes some 40 of them)."""

    __slots__ = ("ahead", "blueprint_vp", "cockpit", "comps", "goals", "reputation_vp")

    def __init__(self, comps: Components) -> None:
        self.comps = comps
        self.blueprint_vp: dict[str, int] = {}
        # A cockpit's condition: (VP per step, the count it reads, the count per step).
        self.cockpit: dict[str, tuple[int, _Count, int]] = {}
        self.ahead: dict[tuple[str, int], int] = {}  # (tile, stop): destinations after it
        self.goals: dict[str, tuple[_Goal, ...]] = {}
        table = comps.board.reputation_vp
        self.reputation_vp = tuple(scoring.vp_at_reputation(table, n) for n in range(64))

    def bp_vp(self, bp: str) -> int:
        got = self.blueprint_vp.get(bp)
        if got is None:
            got = self.blueprint_vp[bp] = self.comps.blueprint(bp).vp
        return got

    def condition(self, cockpit: str) -> tuple[int, _Count, int]:
        got = self.cockpit.get(cockpit)
        if got is None:
            cond = self.comps.cockpit(cockpit).condition
            got = self.cockpit[cockpit] = (cond.vp, counter(cond.metric), cond.per)
        return got

    def destinations_after(self, tile: str, stop: int) -> int:
        got = self.ahead.get((tile, stop))
        if got is None:
            got = self.ahead[(tile, stop)] = \
                len(self.comps.cruise_tile(tile).destinations_after(stop))
        return got

    def goal_list(self, tile: str) -> tuple[_Goal, ...]:
        got = self.goals.get(tile)
        if got is None:
            got = self.goals[tile] = tuple((counter(g.metric), tuple(g.thresholds))
                                           for g in self.comps.goal_tile(tile).goals)
        return got


_TABLES: dict[int, _Tables] = {}


def _tables(comps: Components) -> _Tables:
    got = _TABLES.get(id(comps))
    if got is None or got.comps is not comps:
        got = _TABLES[id(comps)] = _Tables(comps)
    return got


def value(s: State, comps: Components, seat: int) -> float:
    """What the position is worth to `seat`, in VP."""
    # The bot's hot path (a choice values about 900 positions): the counts are the rules' own
    # (cabins, cockpit conditions, goal thresholds), read through per-components tables; the
    # prices are looked up, and each sum keeps the order it was written in, so the floats (and
    # the moves) stay the same.
    r = rules_for(s.options.modules)
    ctx = Ctx(s, comps, r)
    tables = _tables(comps)
    p = s.players[seat]
    b = s.board
    v = float(p.vp)
    sections = b.progress_sections
    progress = b.progress
    # The cubes the game's progress is reckoned by: those on the track, less the ones other
    # players placed since the weighing began. A trial runs to the end of the turn it starts in
    # (TURN_ONLY), which may be another's (a funding bonus chosen when bumped). A cube placed
    # there made every held good and future cube look worth less (before TURN_ONLY, only
    # those of options that ended the turn: the bot paid fees to choose a resource).
    root: tuple[int, int] | None = getattr(_root, "track", None)
    track = len(progress) if root is None else root[0] + progress.count(seat) - root[1]
    late = min(1.0, track / max(1, sum(sections)))
    w = 1 + p.goal_cubes.count(False)  # metrics.wings
    # Cubes not yet scored by an AGM score once each, times the wings shown then.
    unscored = progress[sum(sections[: s.agm_done]):].count(seat)
    v += (unscored + FUTURE_CUBES * (1 - late)) * w
    emptied = 3 - max(p.developments_left)  # scoring.developments_vp
    v += (comps.board.development_column_vp[emptied - 1] if emptied else 0) + \
        DEVELOPMENT * p.developments_placed
    bp_vp = tables.blueprint_vp
    segments_vp = 0  # scoring.segments_vp
    for sh in p.ships:
        for bp in sh.segments:
            got = bp_vp.get(bp)
            segments_vp += got if got is not None else tables.bp_vp(bp)
    v += segments_vp
    rep = p.reputation
    v += (tables.reputation_vp[rep] if 0 <= rep < 64 else
          scoring.vp_at_reputation(comps.board.reputation_vp, rep)) + REPUTATION * rep
    room = 0  # the biggest ship's cabins: the presold guests it can board
    unlaunched = UNLAUNCHED * (UNLAUNCHED_EARLY + (1 - UNLAUNCHED_EARLY) * late)
    # A ship at a destination whose tours (and upgrade) are still to come: a launch's rollout
    # runs on to the next turn's travel and stops at just this choice. Priced as behind the
    # ship, a launch lost its first destination's tours (the bot kept cruises that open with a
    # destination scheduled and did not launch them): +4 VP solo over seeds 1100-1123.
    touring: dict[int, int] = {}
    unlocking: list[int] = []
    boarding: Boarding | None = None
    for d in s.stack:
        if d.seat == seat:
            if isinstance(d, Tour):
                touring[d.ship] = len(d.guests)
            elif isinstance(d, Unlock):
                unlocking.append(d.ship)
            elif isinstance(d, Boarding):
                boarding = d
    halves = r.ships  # a module (客室斡旋) reads the cabins from halves (ships.cabins)
    condition = tables.condition
    for i, sh in enumerate(p.ships):
        n = len(sh.segments)
        cabins = halves.cabins(ctx, p, sh) if halves is not None else (n - 1 if n > 1 else 0)
        if cabins > room:
            room = cabins
        v += SHIP + SEGMENT * n + CABIN * cabins
        per_vp, count, per = condition(sh.cockpit)  # metrics.cockpit_vp
        v += 0.5 * (per_vp * (count(p, sh) // per))
        if not sh.launched_once:
            v -= unlaunched
        if sh.cruise:
            ahead = tables.destinations_after(sh.cruise, sh.stop)
            v += (GUEST_ABOARD + TOUR * ahead) * len(sh.guests)
            if i in touring:
                v += TOUR * touring[i]
            if sh.token and (ahead or i in unlocking):
                v += TOKEN_ABOARD
    money, ads = p.money, p.ads
    money_vp = _MONEY_VP[money] if 0 <= money < 64 else _stepped(money, MONEY)
    ads_vp = _ADS_VP[ads] if 0 <= ads < 32 else _stepped(ads, ADS)
    v += money_vp + ads_vp + CARD * len(p.hand)
    left = p.developments_left  # Player.capacity, in RESOURCES order
    food, oxygen, fuel = 5 - left[0], 5 - left[1], 5 - left[2]
    kept = ((p.food if p.food < food else food) + (p.oxygen if p.oxygen < oxygen else oxygen)
            + (p.fuel if p.fuel < fuel else fuel))
    v += RESOURCE * kept
    cards = 0
    for bp in p.blueprints:
        got = bp_vp.get(bp)
        cards += BLUEPRINT + BLUEPRINT_VP * (got if got is not None else tables.bp_vp(bp))
    v += cards
    v -= POTENTIAL_DECAY * late * (money_vp + ads_vp + CARD * len(p.hand) + cards
                                   + REPUTATION * p.reputation + RESOURCE * kept)
    v += EXPERT * (2 - len(p.experts)) + UPGRADE * len(p.upgrades)
    if p.scheduled is not None:  # still so while its launch boards, until liftoff
        space = b.cruise_spaces[p.scheduled]
        if boarding is not None:
            # The cruise is on the boarding ship now: its presold guests can board only the
            # cabins left on it. Priced by the biggest ship, a last-minute guest looked as good
            # as a presold one, and the launch's play-out boarded it and left a presold guest
            # behind (the bot then turned down a ready launch, 9 VP below, seven turns running).
            ship = p.ships[boarding.ship]
            dests = tables.destinations_after(ship.cruise, -1) if ship.cruise else 0
            room = max(0, launch.cabin_capacity(ctx, p, ship) - len(ship.guests))
        else:
            dests = tables.destinations_after(space.tile, -1) if space.tile else 0
        # Guests beyond the cabins will not board: each costs 2 reputation.
        aboard = min(len(space.presold), room)
        v += SCHEDULED + (PRESOLD + PRESOLD_TOUR * TOUR * dests) * aboard
        v -= OVERSOLD * REPUTATION * (len(space.presold) - aboard)
    v -= _launch_gap(ctx, p, (food, oxygen, fuel))
    if FIRST_STEP:
        v -= launch_steps(ctx, p, FIRST_STEP, LAUNCH_STEP, IDLE_STEPS)
    v += _goal_progress(ctx, p, tables)
    if s.turn.phase == "launch" and s.turn.seat == seat:
        v += LAUNCHING + w  # the cube placed at T-4 is not on the track yet
    for module_value in r.bot_values:
        v += module_value(ctx, p, late)
    if "specialised_blueprints" in s.options.modules:
        v += _visit_value(ctx, p)
    return v


# 《専門設計図》: a segment's follow-up effects, per unit (a build saves an action and is a
# segment, often a cabin; a funding bonus is about a money or an ad).
FUNDING = 0.9
VISIT_BUILD = SEGMENT + 0.5 * CABIN


def _visit_value(ctx: Ctx, p: Player) -> float:
    """A day in space being spent is worth the best assignment of its waiting guests to the
    ship's segments, and a segment's build still to make the segment it brings."""
    v = 0.0
    for d in ctx.s.stack:
        if d.seat != p.seat:
            continue
        if isinstance(d, VisitSegment):
            v += visits.best(ctx, d, lambda visit: _visit_price(ctx, p, visit))[0]
        elif isinstance(d, VisitBuild):
            v += VISIT_BUILD * d.limit
    return v


def _visit_price(ctx: Ctx, p: Player, visit: sb.Visit) -> float:
    """One guest's visit in VP, at the player's present money and ads."""
    g = visit.gain
    v = _stepped(p.money + g.money, MONEY) - _stepped(p.money, MONEY)
    v += _stepped(p.ads + g.ads, ADS) - _stepped(p.ads, ADS)
    v += g.vp + REPUTATION * g.reputation + CARD * g.agenda
    v += RESOURCE * (g.food + g.oxygen + g.fuel + g.resources)
    if visit.follow == "funding":
        v += FUNDING * visit.amount
    elif visit.follow == "free_blueprint":
        v += (BLUEPRINT + 2 * BLUEPRINT_VP) * visit.amount
    elif visit.follow == "build_segment" and visits.can_build(ctx, p):
        v += VISIT_BUILD * visit.amount
    return v


def _goal_progress(ctx: Ctx, p: Player, tables: _Tables) -> float:
    """A one-step player sees a goal only when it is met; this gives it a slope to climb: each
    goal is worth GOAL in proportion to how much of its current threshold is reached (a goal
    already met keeps the whole of it, so meeting one never looks like a loss)."""
    total = 0.0
    b = ctx.s.board
    # goals.threshold, inlined: 4 players, the third and later achievers need the top one.
    four = len(ctx.s.players) == 4
    for j, (count, thresholds) in enumerate(tables.goal_list(b.goal_tile)):
        if j in p.goals_done:
            total += GOAL
        elif p.goal_cubes[j]:
            need = thresholds[goals.TOP] if four and b.goal_achievers[j] >= 2 else \
                thresholds[b.goal_trackers[j]]
            total += GOAL * min(1.0, count(p, None) / (need if need > 1 else 1))
    return total


def _launch_gap(ctx: Ctx, p: Player, storage: tuple[int, int, int]) -> float:
    """What stands between the player's biggest ship at home and its next launch: storage
    too small for its supplies costs dear (only developments fix it), supplies missing less.
    A scheduled cruise sets the fuel and the guests; before one, a short cruise is assumed.
    `storage`: the food, oxygen and fuel the player can keep."""
    segments = -1
    for sh in p.ships:
        if not sh.cruise and len(sh.segments) > segments:
            segments = len(sh.segments)
    if segments < 0:
        return 0.0  # every ship is away
    # Storage is slow to grow, so it is planned for a ship of two segments before one exists.
    segments = max(2, segments)
    guests, fuel = segments - 1, TYPICAL_FUEL
    if p.scheduled is not None:
        space = ctx.s.board.cruise_spaces[p.scheduled]
        if space.tile:
            if space.presold:
                guests = min(guests, len(space.presold))
            fuel = launch.fuel_need(ctx, p, space.tile)
    gap = 0.0
    held = launch.card_resources(ctx, p) if p.hand else _NO_CARDS  # read once for both uses
    cards = held if CARDS_COVER else _NO_CARDS
    for n, cap, have, r in ((guests + 1, storage[0], p.food, "food"),
                            (segments, storage[1], p.oxygen, "oxygen"),
                            (fuel, storage[2], p.fuel, "fuel")):
        cap += cards[r]
        gap += STORAGE_GAP * (n - cap if n > cap else 0) + SUPPLY_GAP * (n - have if n > have
                                                                          else 0)
    if READY_GAP and p.scheduled is not None and ctx.s.rachel is not None:
        gap += READY_GAP * _ready_shortfall(ctx, p, held)
    return gap


_NO_CARDS = dict.fromkeys(RESOURCES, 0)

# Solo, before the player's first launch: per action still between it and that launch (a
# cruise to schedule, a cabin to build, supplies to gather), a price, so that each action on
# the way shows a gain a one-step look can see: a potential, gone once the first launch lifts
# off. (0: off; bench versus's greedy-launch, expert-launch and expert-first set it.)
# Why the bots launch late (solo at normal, seeds 2000-2199, greedy; 3000-3049, the expert):
# the first launch comes in round 10.8 (median 11) and 11.3 (median 12), where a person
# launched in round 4. The readiness of their main choices (bench readiness, normal, 20 greedy
# games from 3000, 6 expert games): no cruise scheduled 32% / 37%, a cruise but no cabin 28% /
# 33%, a legal launch declined 18% / 16%. A ready launch is worth about what it spends: on
# seed 3000 in round 3 a ready 1-cabin launch weighed +3.2 against +4.2 for a Refill Silo
# (tours and the token come to about the schedule, supplies and ads priced before it), and
# two segments for a cabin about -1 (7 money gone at 1.1 each, and READY_GAP felt only once a
# cabin is home), against +3 for two agenda cards.
# Paired with 0 over seeds 2000-2199 (greedy, normal): at 2, first launch round 9.8, own VP
# -2.5 +- 3.1, margin +0.3 +- 5.2; at 4, round 8.9, own -3.4 +- 3.6, margin +1.7 +- 5.9
# (168 seeds); at 8, round 8.3, own -7.6 +- 3.9, margin -4.8 +- 6.3 (136 seeds); at 4 with the
# launch one of the actions (LAUNCH_STEP 1), round 5.1 (median 5), 3.39 launches a game
# against 3.10, own -9.1 +- 3.2, Rachel -5.1, margin -4.0 +- 6.1, wins 59 -> 46 (fewer
# segments, developments and reputation: the small early launch costs the engine); at 2 with
# it, round 7.9, own -5.0 +- 3.1, Rachel -6.2, margin +1.3 +- 5.1, wins 59 -> 57, and at hard
# (seeds 2000-2149, paired) own -6.5 +- 3.0, margin -6.3 +- 5.7, wins 13 -> 9; at 4 with it and
# IDLE_STEPS, 3.90 launches, 19.9 rounds, own -20.1 +- 3.3, margin -6.4 +- 5.9; at 2 with
# IDLE_STEPS alone, round 9.8, own -3.2 +- 3.0, margin +1.6 +- 5.0. The expert
# with 4 and LAUNCH_STEP 1 (expert-launch; seeds 3000-3049): first launch round 6.6, own
# -11.5 +- 8.0, margin -9.7 +- 15.1, wins 16 -> 12 of 50; with 4 a step on its leaves alone
# (expert-first; 3000-3049): round 8.4, own -2.0 +- 4.9, margin -1.5 +- 8.4, wins 16 -> 15.
# (The expert's own rows: 137.1 VP against Rachel's 154.2, 16 wins of 50, 2.94 launches.)
# A sooner first launch alone does not pay: own VP follows the number of launches (the greedy
# bot's 121, 130, 144 VP at 2, 3, 4 launches; the expert's 120, 138, 166 against Rachel's 176,
# 151, 150, in 6, 38 and 5 of its 50 games), not the round of the first.
FIRST_STEP = 0.0
# Not only before the first launch: whenever none of the player's ships is in flight.
IDLE_STEPS = False
# The launch itself as a step (of FIRST_STEP's): the potential of a launch ready to go.
LAUNCH_STEP = 0.0
RESOURCES_AN_ACTION = 3  # Gain Resources: up to 3 from the silo


def launch_steps(ctx: Ctx, p: Player, step: float, launch_step: float = LAUNCH_STEP,
                 idle: bool = IDLE_STEPS) -> float:
    """FIRST_STEP's price of the way to the player's next launch (`step` an action, the launch
    `launch_step` of them; `idle`: IDLE_STEPS), a loss of value."""
    s = ctx.s
    if s.rachel is None or not (p.launches == 0 or idle and all(not sh.cruise
                                                                 for sh in p.ships)):
        return 0.0
    if s.turn.phase == "launch" and s.turn.seat == p.seat:
        return 0.0  # the launch is under way: its play-out runs it to liftoff
    return step * (_steps_to_launch(ctx, p) + launch_step)


def _steps_to_launch(ctx: Ctx, p: Player) -> float:
    """The actions still between the player and a launch, in fractions: scheduling a cruise
    is one, building a cabin's two segments one (half for one segment), each 3 resources
    missing one (after the cards in hand and the reputation drop at the launch)."""
    home = [len(sh.segments) for sh in p.ships if not sh.cruise]
    if not home:
        return 0.0
    steps = 0.0
    fuel, presold = TYPICAL_FUEL, 0
    if p.scheduled is None:
        steps += 1
    else:
        space = ctx.s.board.cruise_spaces[p.scheduled]
        if space.tile:
            fuel = launch.fuel_need(ctx, p, space.tile)
            presold = len(space.presold)
    segments = max(home)
    if segments < 2:
        steps += (2 - segments) / 2
        segments = 2
    guests = max(1, min(segments - 1, presold))
    need = {"food": guests + 1, "oxygen": segments, "fuel": fuel}
    held = launch.card_resources(ctx, p) if p.hand else _NO_CARDS
    short = launch.shortfall(ctx, p, need, held)
    if short and p.reputation > 0:
        short = max(0, short - drop_bonuses(ctx, p.reputation, 0)["resource"])
    return steps + short / RESOURCES_AN_ACTION


def _ready_shortfall(ctx: Ctx, p: Player, held: dict[str, int] | None = None) -> int:
    """The supplies still missing for a launch that waits on nothing else: a cruise scheduled
    and a ship of two segments or more at home (its cabins, in the base game), with the
    cruise's presold guests, or one last-minute guest. `held`: the hand's resources
    (launch.card_resources), where the caller has them already."""
    assert p.scheduled is not None
    space = ctx.s.board.cruise_spaces[p.scheduled]
    if not space.tile:
        return 0
    home = [len(sh.segments) for sh in p.ships if not sh.cruise and len(sh.segments) > 1]
    if not home:
        return 0
    segments = max(home)
    guests = max(1, min(segments - 1, len(space.presold)))
    if not CARDS_READY:
        held = _NO_CARDS
    elif held is None:
        held = launch.card_resources(ctx, p) if p.hand else _NO_CARDS
    need = {"food": guests + 1, "oxygen": segments, "fuel": launch.fuel_need(ctx, p, space.tile)}
    return launch.shortfall(ctx, p, need, held)


# A position's encoding, kept while one choice is weighed: every option tried from it is a
# copy decoded from the same bytes (a copy is an encode and a decode; the encode is 40% of it).
# Entries hold their state, so an id is not reused while its entry lives; the positions
# weighed are never written (each option is tried on its own copy). Per thread: a table
# server may weigh in several.
_blobs = threading.local()
BLOBS_LIMIT = 512


def _encoded(state: State) -> bytes:
    blobs: dict[int, tuple[State, bytes]] | None = getattr(_blobs, "d", None)
    if blobs is None or len(blobs) > BLOBS_LIMIT:
        blobs = _blobs.d = {}
    got = blobs.get(id(state))
    if got is None or got[0] is not state:
        got = blobs[id(state)] = (state, _encoder.encode(state))
    return got[1]


def _forget_positions() -> None:
    """The live game's state is written by the next command: no encoding may outlive a
    choice."""
    _blobs.d = {}


# Trial applies made on this thread: the work a look costs, which the expert's budget counts.
_work = threading.local()


def work() -> int:
    """Trial applies made so far on this thread (a count only ever grows)."""
    return getattr(_work, "n", 0)


def _apply(state: State, comps: Components, cmd: Command) -> State | None:
    """`Game.try_apply` without its check and events: the state after `cmd`, on a copy,
    where it next waits on a decision or, if sooner, where the turn ends.

    The turn's end is as far as a trial goes (TURN_ONLY): every option is then judged at the
    same moment. Carried on into the next seats' turns, a command that ended the turn (ending
    the actions, the second action, a meeting) also took in what they brought the player, and
    one that did not, nothing: solo, Rachel paying the player 2 money for a development made
    ending the actions look 0.9 VP better than any action, and the bot placed a worker and took
    none (4 placements in 140 over 10 games). Solo at normal, paired over seeds 2000-2399:
    own VP +3.1 +- 1.5, Rachel +1.6, margin +1.5 +- 2.7, wins 40 -> 49; the expert (seeds
    3000-3099): own VP +2.4 +- 3.4, margin +3.8 +- 5.4, wins 17 -> 21, 15% less CPU (no trial
    plays Rachel's turn). Greedy pairs (seeds 4000-4039): 112.3 VP a player either way."""
    _work.n = getattr(_work, "n", 0) + 1
    copy = _decoder.decode(_encoded(state))
    try:
        flow.apply(Ctx(copy, comps), cmd, TURN_ONLY)
    except Exception:  # noqa: BLE001 - a command that breaks the copy is simply not chosen
        return None
    return copy


def _legal(state: State, comps: Components) -> list[Command]:
    return Game(state, comps).legal()


REACTIONS_LIMIT = 6
PAIRED_STEPS = ("build_segments",)


def _past_reactions(state: State, comps: Components, seat: int) -> State:
    """A worker placed on another's piece first hands the bumped owner a funding bonus; the
    actions come after it. Settle such reactions of others (their first option: what they take
    matters little to this player) so the actions behind them are seen, not a blank."""
    for _ in range(REACTIONS_LIMIT):
        if not state.stack or state.stack[-1].seat == seat or state.turn.seat != seat:
            return state
        options = _legal(state, comps)
        if not options:
            return state
        after = _apply(state, comps, options[0])
        if after is None:
            return state  # a reaction that breaks the copy ends the look
        state = after
    return state


class _Node:
    """A position whose options the look-ahead weighed, kept so that the next choice, once the
    game stands there, takes their worths instead of weighing them again (choosing a station
    weighs its actions, and each action its options: the same work the next two choices of
    the turn would repeat)."""

    __slots__ = ("children", "comps", "entries", "state")

    def __init__(self, state: State, comps: Components) -> None:
        self.state, self.comps = state, comps
        self.entries: list[_Entry] = []
        self.children: dict[int, _Node] = {}


class _Entry(msgspec.Struct, frozen=True):
    """One option's worth as weighed inside a look-ahead. `clean`: no memo entry was read on
    the way, so a fresh weighing (whose memo holds no more than this one's did) gives the same
    number and writes the same entries."""

    cmd: Command
    depth: int
    worth: float
    clean: bool
    writes: tuple[tuple[str, float], ...]


class _Look:
    """One weighing's shared state: the memo of actions looked into (an action from another
    station is worth the same), how often it was read, and the last node made."""

    __slots__ = ("hits", "memo", "node")

    def __init__(self) -> None:
        self.memo: dict[str, float] = {}
        self.hits = 0
        self.node: _Node | None = None

    def weigh(self, node: _Node | None, state: State, comps: Components, seat: int,
              cmd: Command, depth: int, i: int, after: State | None = None) -> float:
        """`cmd`'s worth, recorded in `node` (with the node its look-ahead made, if any).
        `after`: the position `cmd` leads to, where the caller has tried it already."""
        hits, known = self.hits, len(self.memo)
        self.node = None
        worth = _worth(state, comps, seat, cmd, depth, self, after=after)
        if node is not None:
            writes = tuple(list(self.memo.items())[known:]) if len(self.memo) > known else ()
            node.entries.append(_Entry(cmd, depth, worth, self.hits == hits, writes))
            if self.node is not None:
                node.children[i] = self.node
        return worth


def _worth(state: State, comps: Components, seat: int, cmd: Command, depth: int,
           look: _Look, more: int = 1, after: State | None = None) -> float:
    if after is None:
        after = _apply(state, comps, cmd)
    if after is None:
        return float("-inf")
    if isinstance(cmd, Launch):
        return _rollout(after, comps, seat)
    if _lasting(state, comps, cmd):
        return _with_card(after, comps, seat)
    after = _past_reactions(after, comps, seat)
    if depth > 0 and after.stack and after.stack[-1].seat == seat and \
            isinstance(after.stack[-1], (Act, ChooseAction)):
        dec = after.stack[-1]
        # The same action from another station is worth the same: look once per action.
        key = dec.action if isinstance(dec, Act) else ""
        if key in look.memo:
            look.hits += 1
            return value(after, comps, seat) + look.memo[key]
        options = _own_options(after, comps, seat)
        if options:
            node = _Node(after, comps)
            best = max(look.weigh(node, after, comps, seat, c, depth - 1, i)
                       for i, c in enumerate(options))
            if key:
                look.memo[key] = best - value(after, comps, seat)
            look.node = node
            return best
    if more > 0 and isinstance(cmd, FREE) and (
            _same_action_again(state, after, seat, free=True) or
            (FREE_WAITS and _same_step_again(state, after, seat))):
        # A card, a drop or a fee in the middle of an action (or at a step that waits on its
        # own answer, FREE_WAITS): the action still has to be finished, so the command is
        # worth the best way to go on (not the state before it).
        # Listed without the free commands: they are not weighed here (and their checks
        # are most of what listing costs in the middle of an action).
        options = [c for c in _candidates(flow.legal(Ctx(after, comps), skip=FREE),
                                          after.players[seat].reputation,
                                          comps.board.reputation_icons)
                   if not isinstance(c, FREE)]
        if options:
            return max(_worth(after, comps, seat, c, 0, look, more - 1) for c in options)
    if depth == 0 and more > 0 and _same_action_again(state, after, seat):
        # Two segments make a cabin: the first alone looks a loss that the second turns into a
        # gain, so see the second. (Two cards or two blueprints add up; no need to look.)
        options = _own_options(after, comps, seat)
        if options:
            return max(_worth(after, comps, seat, c, 0, look, more - 1) for c in options)
    return value(after, comps, seat)


def _same_action_again(before: State, after: State, seat: int, free: bool = False) -> bool:
    if not (before.stack and after.stack):
        return False
    was, now = before.stack[-1], after.stack[-1]
    return (now.seat == seat and isinstance(now, Act) and isinstance(was, Act)
            and now.action == was.action and (free or now.action in PAIRED_STEPS))


def _same_step_again(before: State, after: State, seat: int) -> bool:
    """A free command left the seat at the same step, which waits on its own answer: the start
    of travel, a tour, a day in space, a goal, a discard. (Not a main choice or a choice of
    action, whose options are weighed deeper.)"""
    if not (before.stack and after.stack):
        return False
    was, now = before.stack[-1], after.stack[-1]
    return now.seat == seat and type(now) is type(was) and \
        not isinstance(now, (MainChoice, ChooseAction, Act))


# Commands taken beside a decision rather than in answer to it.
FREE = (PlayAgendaResource, PlayAgendaEffect, DropReputation, UseTechnology)


def _lasting(state: State, comps: Components, cmd: Command) -> bool:
    """A card whose effect lasts for the step, not one used up at once (a module's too)."""
    return isinstance(cmd, PlayAgendaEffect) and \
        comps.agenda(cmd.card).effect.kind not in rules_for(state.options.modules).effects


def _with_card(after: State, comps: Components, seat: int) -> float:
    """A card that changes a cost or a limit for the step does nothing by itself: it is worth
    the best of the options it changes (a launch: the whole launch, played out)."""
    if not (after.stack and after.stack[-1].seat == seat):
        return value(after, comps, seat)
    if isinstance(after.stack[-1], launch.LAUNCH_STEPS):
        return _rollout(after, comps, seat)
    options = [c for c in _own_options(after, comps, seat) if not _lasting(after, comps, c)]
    if not options:
        return value(after, comps, seat)
    depth = 1 if isinstance(after.stack[-1], (Act, ChooseAction)) else 0
    look = _Look()
    return max(_worth(after, comps, seat, c, depth, look) for c in options)


ROLLOUT_LIMIT = 12


def _rollout(state: State, comps: Components, seat: int) -> float:
    return value(_played_out(state, comps, seat), comps, seat)


def _played_out(state: State, comps: Components, seat: int, extras: bool = True,
                memo: dict[tuple[bytes, Command], _Step] | None = None) -> State:
    """Launching is worth what the boarding and supplies it leads to are worth: play those
    steps greedily, one step of lookahead each (a search over every boarding would cost the
    product of the choices, this costs their sum).

    A technology's fee or a card's effect (an extra) is judged by the launch it leads to, not
    by the step: every step of a launch lowers the position (guests cost ads, the supplies are
    spent at Done), so one step ahead a fee of 2 money looked better than finishing, and the
    bot paid every technology it could at each boarding. So an extra is taken only where the
    rest of the launch played out after it (`extras` off: no further extras, so this costs a
    play-out per extra, not their product) beats the rest played out from the best plain
    step.

    `memo`: the steps tried so far in this launch's play-out, by position and command. The
    line of the best plain step is played out without extras, and then on with them from the
    same positions: the plain steps are tried once (in the bench's 2-player games, 36% of the
    steps a play-out tried were such repeats)."""
    memo = {} if memo is None else memo
    for _ in range(ROLLOUT_LIMIT):
        # A drop at T-3 asks which resource it gives: that is still the launch.
        if not (state.stack and state.stack[-1].seat == seat
                and any(isinstance(d, launch.LAUNCH_STEPS) for d in state.stack)):
            break
        best: State | None = None
        best_v = float("-inf")
        tried: list[State] = []
        # Without extras, they are not listed at all (their checks are most of a launch
        # step's listing); the rest is listed as in full.
        listed = _legal(state, comps) if extras else flow.legal(Ctx(state, comps), skip=EXTRAS)
        blob = _encoded(state)
        for c in _undominated(listed, comps.board.reputation_icons):
            if isinstance(c, EXTRAS):
                after = _apply(state, comps, c)
                if after is not None and not _idle_fee(state, comps, c, after):
                    tried.append(after)
                continue
            step = memo.get((blob, c))
            if step is None:
                after = _apply(state, comps, c)
                step = memo[(blob, c)] = _Step(after, float("-inf") if after is None else
                                               value(after, comps, seat))
            else:
                _work.n += 1  # the expert's budget counts the trial as made
            if step.after is not None and step.worth > best_v:
                best, best_v = step.after, step.worth
        if tried:
            # The best plain step first (else the first extra), so a tie keeps it.
            lines = tried if best is None else [best, *tried]
            ends = [value(_played_out(a, comps, seat, False, memo), comps, seat) for a in lines]
            best = lines[max(range(len(lines)), key=ends.__getitem__)]
        if best is None:
            break
        state = best
    return state


class _Step(msgspec.Struct, frozen=True):
    """A plain step of a launch's play-out: the position it leads to (None: it broke the
    copy) and that position's value."""

    after: State | None
    worth: float


# Commands that change how a launch is paid, beside its steps.
EXTRAS = (UseTechnology, PlayAgendaEffect)


def _idle_fee(before: State, comps: Components, cmd: Command, after: State) -> bool:
    """A technology's fee paid while a launch's supplies are due, that cuts none of them. Every
    option there lowers the position (only Done pays, and it is not offered yet), and a fee of
    1 money lowers it least: the bot paid for each technology in turn before the drop it
    needed anyway. (Refusing every free command once the supplies are covered, the drop
    included, lost 2.7 VP solo over seeds 1100-1123 and 2.6 over 1200-1223.)"""
    if not (isinstance(cmd, UseTechnology) and before.stack
            and isinstance(before.stack[-1], LaunchSupplies)
            and after.stack and isinstance(after.stack[-1], LaunchSupplies)):
        return False
    seat = before.stack[-1].seat
    short = sum(launch.deficit(Ctx(before, comps), before.players[seat]).values())
    return short > 0 and \
        sum(launch.deficit(Ctx(after, comps), after.players[seat]).values()) >= short


def _own_options(state: State, comps: Components, seat: int) -> list[Command]:
    """The lookahead weighs the same options as the choice itself (listed without the drops
    `_candidates` leaves out, whose checks are a third of those of free commands)."""
    reputation = state.players[seat].reputation

    def near(c: Command) -> bool:
        return not (isinstance(c, DropReputation) and reputation - c.to > DROP_LEVELS)

    icons = comps.board.reputation_icons
    return _candidates(flow.legal(Ctx(state, comps), keep=near), reputation, icons) or \
        _candidates(_legal(state, comps), reputation, icons)


# The options view.options.gain may mark "no use now" (asked only when one is offered: the
# view is imported late, off the bots' start).
IDLE_KINDS = (UseTechnology, PayFee, PlayAgendaEffect)


def useful(game: Game, options: list[Command]) -> list[Command]:
    """`options` without the fees and cards that buy nothing at this decision (the bar's "no
    use now": property tests hold that such a fee opens no move). Weighed, one costs its
    money or card and nothing else, yet the bot paid 1 in 16 fees of its 2-player games that
    way (a launch's technology bought after a worker was placed), and the expert's
    play-outs, each on one deal, could find the line after one the luckier (it paid 2 of 6,
    and the hint listed such fees among its three)."""
    if not any(isinstance(c, IDLE_KINDS) for c in options):
        return options
    from engine.view.options import buys_nothing
    from engine.view.turn import read_turn

    pending = read_turn(game)[1]
    if pending is None:
        return options
    kept = [c for c in options if not (isinstance(c, IDLE_KINDS) and
                                       buys_nothing(game, pending, c))]
    return kept or options


def _undominated(legal: list[Command], icons: Sequence[str]) -> list[Command]:
    """`legal` without the reputation drops that another one listed beats. A drop further down
    for the same bonus, past no more icons of its kind, gains the same and keeps less
    reputation (fees, AGM cubes, VP and later drops all rise with it): the same move, worse.
    `icons`: the board's reputation icons (a drop to level n passes the icon at n)."""
    out = []
    above: dict[str, int] = {}  # per bonus, the level of the last drop for it kept
    for c in legal:
        if isinstance(c, DropReputation):
            top = above.get(c.bonus)
            if top is not None and c.to < top and c.bonus not in icons[c.to:top]:
                continue
            above[c.bonus] = c.to
        out.append(c)
    return out


def _candidates(legal: list[Command], reputation: int, icons: Sequence[str]) -> list[Command]:
    """The options worth weighing (`icons`: as for `_undominated`)."""
    out = []
    # Both experts carry the same ability once hired: placing either is the same move.
    lefts = {c.station for c in legal if isinstance(c, PlaceWorker) and c.piece == "expert_left"}
    for c in _undominated(legal, icons):
        if isinstance(c, DropReputation) and reputation - c.to > DROP_LEVELS:
            continue
        if isinstance(c, PlaceWorker) and c.piece == "expert_right" and c.station in lefts:
            continue
        out.append(c)
    return out or legal


class GreedyBot:
    """Deterministic for a seed. A one-step greedy player can find a loop where nothing it
    can do this turn looks better (two of them bumping each other for a funding bonus every
    turn, forever), so once a game has run STUCK_TURNS turns a player, one turn choice in
    EXPLORE is made by the random bot instead. Before that every choice is its own: random
    choices from the first turn (1 in 8) cost it about 4 VP a game at 2 players, and in 100
    games at 1-4 players none ran long without them."""

    def __init__(self, seed: int = 0, explore: int = EXPLORE,
                 stop: Callable[[], bool] | None = None) -> None:
        self.rng = Rng((seed ^ 0x6EEED) & ((1 << 64) - 1))
        self.random = RandomBot(seed)
        self.explore = explore  # 0: never (a look ahead a round long cannot loop)
        # Asked before each choice and between the options it weighs: True ends the choice
        # with OutOfTime (the expert's play-outs under the app's clock; one choice took a
        # second at 4 players).
        self.stop = stop
        # The position the last choice's look-ahead expected next, with its weighed options.
        self._next: _Node | None = None

    def choose(self, game: Game) -> Command:
        if self.stop is not None and self.stop():
            raise OutOfTime
        known, self._next = self._next, None
        legal = game.legal()
        dec = game.pending
        if len(legal) == 1 or dec is None:
            return legal[0]
        if game.state.starting is not None:
            from engine.modules.starting_upgrades import bot as starting

            own = starting.choose(game)  # a card by its worth; a sealed bid of its own
            if own is not None:
                return own
        stuck = game.state.turns_taken >= STUCK_TURNS * len(game.state.players)
        if self.explore and stuck and isinstance(dec, MainChoice) and \
                self.rng.below(self.explore) == 0:
            return self.random.choose(game)
        if isinstance(dec, VisitSegment):  # every order of the guests, on no copy
            ctx = Ctx(game.state, game.comps)
            p = ctx.player(dec.seat)
            first = visits.best(ctx, dec, lambda visit: _visit_price(ctx, p, visit))[1]
            if first is not None and first in legal:
                return first
        options = useful(game, _candidates(legal, game.state.players[dec.seat].reputation,
                                           game.comps.board.reputation_icons))
        if known is not None and (known.comps is not game.comps or
                                  _encoder.encode(known.state) != game.snapshot()):
            known = None
        worths, nodes = _weigh(game.state, game.comps, dec.seat, options, known, self.stop)
        cmd = self.pick(game, dec, options, worths)
        self._next = nodes.get(options.index(cmd))
        return cmd

    def pick(self, game: Game, dec: Decision, options: list[Command],
             worths: list[float]) -> Command:
        """The option worth most; the first of equals."""
        return options[max(range(len(options)), key=worths.__getitem__)]


def weigh(state: State, comps: Components, seat: int, options: list[Command]) -> list[float]:
    """What each option leaves `seat`'s position worth, one turn ahead."""
    return _weigh(state, comps, seat, options, None)[0]


class OutOfTime(Exception):  # noqa: N818 - a signal, not an error
    """A choice's `stop` said so between two of its options."""


def _weigh(state: State, comps: Components, seat: int, options: list[Command],
           known: _Node | None, stop: Callable[[], bool] | None = None
           ) -> tuple[list[float], dict[int, _Node]]:
    _forget_positions()
    # A choice makes some 100,000 short-lived objects (copies of positions) and no cycles that
    # matter: the cycle collector's passes over them were 5% of the time.
    collecting = gc.isenabled()
    gc.disable()
    progress = state.board.progress
    _root.track = (len(progress), progress.count(seat))
    try:
        return _weigh_here(state, comps, seat, options, known, stop)
    finally:
        _root.track = None
        if collecting:
            gc.enable()
        _forget_positions()


def _weigh_here(state: State, comps: Components, seat: int, options: list[Command],
                known: _Node | None, stop: Callable[[], bool] | None = None
                ) -> tuple[list[float], dict[int, _Node]]:
    """`weigh`, taking what `known` (this very position, weighed inside the last choice's
    look-ahead) holds where it was weighed as here; and the nodes each option's look made."""
    if state.stack and isinstance(state.stack[-1], launch.LAUNCH_STEPS):
        # A step of a launch is weighed by the launch it leads to: one step ahead, a fee or a
        # card looked better than finishing (which spends the supplies).
        launches = []
        for c in options:
            if stop is not None and stop():
                raise OutOfTime
            launches.append(_launch_worth(state, comps, seat, c))
        return launches, {}
    # Placing a worker leads to a choice of action, which leads to the action's options.
    depth = 2 if any(isinstance(c, PlaceWorker) for c in options) else 1
    entries = known.entries if known is not None and len(known.entries) == len(options) else []
    kids = known.children if known is not None else {}
    look = _Look()
    here = _Node(state, comps)
    worths = []
    rachel = rachel_seat(state) if RIVAL_BUMP else None
    for i, c in enumerate(options):
        if stop is not None and stop():
            raise OutOfTime
        d = depth if isinstance(c, (PlaceWorker, TakeAction)) else 0
        # A placement's bumps are read off the position it leads to, which its weighing
        # then starts from.
        after = _apply(state, comps, c) if rachel is not None and \
            isinstance(c, PlaceWorker) else None
        e = entries[i] if entries else None
        if e is not None and e.clean and e.depth == d and e.cmd == c:
            worths.append(e.worth)
            look.memo.update(e.writes)
            if i in kids:
                here.children[i] = kids[i]
        else:
            worths.append(look.weigh(here, state, comps, seat, c, d, i, after))
        if rachel is not None and after is not None:
            worths[-1] -= RIVAL_BUMP * handed_to_rachel(state.players[rachel].vp, after, c,
                                                        rachel)
    return worths, here.children


def rachel_seat(state: State) -> int | None:
    """Rachel's seat in a solo game, else None."""
    return next((i for i, p in enumerate(state.players) if p.kind == "rachel"), None)


def handed_to_rachel(before: int, after: State, cmd: Command, rachel: int) -> int:
    """The VP a seat's `cmd` handed Rachel (`before`: hers until then), that is, a placement's
    bumps. Any other command, 0: the one that ends a turn carries her whole turn with it."""
    return after.players[rachel].vp - before if isinstance(cmd, PlaceWorker) else 0


def _launch_worth(state: State, comps: Components, seat: int, cmd: Command) -> float:
    after = _apply(state, comps, cmd)
    return float("-inf") if after is None else _rollout(after, comps, seat)


def play(game: Game, seed: int = 0, max_commands: int = 200_000) -> int:
    """Play greedy commands in every seat until the game ends; returns commands applied."""
    bot = GreedyBot(seed)
    n = 0
    while not game.is_over and n < max_commands:
        game.apply(bot.choose(game))
        n += 1
    return n

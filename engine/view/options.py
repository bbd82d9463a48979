"""The decision bar's facts: what an option costs and gives, and the common options that are
not possible now with what stands in the way.

The engine lists what is legal; a player who misses an option wants to know why. The reasons
read the public position only; when none of them applies the option is "not possible now".
Plain text, as the engine's own words (engine/describe.py).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine import commands as C
from engine.ctx import Ctx
from engine.decisions import Act, DayInSpace, Funding
from engine.describe import FREE_GROUP, GUEST_NAME
from engine.game import Game
from engine.rules import cruises, experts, launch, modifiers, network, travel, upgrades
from engine.rules.blueprints import HOLD_LIMIT
from engine.rules.economy import can_lose_reputation
from engine.rules.feasible import feasible
from engine.rules.funding import TOP_TOKENS, drop_max
from engine.rules.ships import cabins, in_flight
from engine.state import RESOURCES, Player, Ship
from engine.view.board import action_view
from engine.view.segments import why_no_segment
from engine.view.tech_use import ACTION_IDS, PART, no_use
from engine.view.turn import PendingView, read_turn


class MissingOption(msgspec.Struct, frozen=True):
    label: str  # "Advertise a Cruise"
    reason: str  # "needs 1 ad (you have 0)"


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 or word == 'money' else 's'}"


def _beyond_cabins(game: Game, p: Player, space: int, legal: list[C.Command]
                   ) -> list[MissingOption]:
    """A ticket for one's own cruise past the cabins of every ship at home: the guest cannot
    board the launch as things stand, and a presold guest left behind costs reputation (a
    tester sold two for a one-cabin ship and learned it at T-5). Said once, under the
    tickets: it is true of each of them."""
    if space != p.scheduled or not any(isinstance(c, C.SellTicket) for c in legal):
        return []
    ctx = Ctx(game.state, game.comps)
    room = max((launch.cabin_capacity(ctx, p, sh) for sh in p.ships if not in_flight(sh)),
               default=0)
    if len(game.state.board.cruise_spaces[space].presold) < room:
        return []
    where = f"your ships at home have {_s(room, 'cabin')} at most" if room else \
        "no ship of yours at home has a cabin"
    return [MissingOption("Another ticket", f"{where}: unless a ship grows, the guest stays "
                          f"behind at launch (-{launch.PRESOLD_PENALTY} reputation)")]


def gain(game: Game, pending: PendingView | None, cmd: C.Command) -> str:  # noqa: C901
    """What `cmd` costs and gives the deciding seat, in words ("" when nothing to add)."""
    if pending is None:
        return ""
    s = game.state
    ctx = Ctx(s, game.comps)
    p = s.players[pending.seat]
    b = s.board
    if isinstance(cmd, C.TourGuest) and pending.tour_destination is not None:
        dest = pending.tour_destination
        cost = travel.tour_cost(cmd.colour, dest, modifiers.amount(ctx, p, "tour_discount"))
        vp = travel.TOUR_VP + upgrades.upgrades_of(ctx, p, dest) \
            + modifiers.amount(ctx, p, "tour_bonus_vp")
        return f"-{_s(cost, 'ad')}, +{vp} VP" if cost else f"free, +{vp} VP"
    if isinstance(cmd, C.SellTicket) and pending.ticket_cruise is not None:
        # The ads it costs, after any discount, are in the option's own words (describe).
        dests = cruises.destinations(ctx, pending.ticket_cruise)
        match = ", +1 reputation" if cmd.colour in dests else ""
        return f"+{len(dests)} money{match}"
    if isinstance(cmd, C.PlayAgendaEffect) and pending.boarding is not None and \
            game.comps.agenda(cmd.card).effect.kind == "last_minute_discount":
        # Offered once every cabin had its guest: played then, it bought nothing.
        ship = p.ships[pending.boarding[0]]
        if len(ship.guests) >= launch.cabin_capacity(ctx, p, ship):
            return "no use now: every cabin of the ship has its guest"
        return ""
    if isinstance(game.pending, DayInSpace) and isinstance(cmd, C.Done | C.PlayAgendaEffect):
        return _day_in_space(game, ctx, p, game.pending, cmd)
    if isinstance(cmd, C.Done) and pending.boarding is not None:
        left = len(b.cruise_spaces[pending.boarding[1]].presold)
        if left:
            return f"leaves {_s(left, 'presold guest')} behind: " \
                f"-{launch.PRESOLD_PENALTY * left} reputation"
        return ""
    if isinstance(cmd, C.AdvertiseCruise):
        dests = cruises.destinations(ctx, cmd.space)
        kinds = "/".join(dict.fromkeys(GUEST_NAME.get(d, d) for d in dests))
        # Guests sold for one's own scheduled cruise are presold: they fly with its launch.
        own = "your cruise: " if cmd.space == p.scheduled else ""
        return f"{own}tickets +{len(dests)} money each, +1 reputation if {kinds}"
    if isinstance(cmd, C.Launch) and p.scheduled is not None:
        presold = len(b.cruise_spaces[p.scheduled].presold)
        room = launch.cabin_capacity(ctx, p, p.ships[cmd.ship])
        if presold > room:
            left = presold - room
            return f"room for {room} of {presold} presold guests: leaving {left} behind " \
                f"costs {launch.PRESOLD_PENALTY * left} reputation"
        return f"{_s(presold, 'presold guest')} to board" if presold else ""
    if isinstance(cmd, C.ScheduleCruise):
        pre = b.cruise_spaces[cmd.space].presold
        words = "no presold guests yet" if not pre else \
            "presold " + ", ".join(GUEST_NAME.get(g, g) for g in pre) + " come with it"
        tile = b.cruise_spaces[cmd.space].tile
        if tile is not None:
            # The tile prints its fuel; upgrades and technologies in use take some off. Said
            # of the launch: "; you pay 1 fuel" read as a price of scheduling it.
            fuel = launch.fuel_need(ctx, p, tile)
            if fuel != game.comps.cruise_tile(tile).fuel:
                words += f"; its launch takes {fuel} fuel for you"
        return words
    if isinstance(cmd, C.TakeAction) and cmd.action in ("gain_resources", "refill_silo"):
        # What the silo holds decides both (a player took Gain Resources for fuel it lacked).
        return "silo: " + ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, b.silo, strict=True))
    if isinstance(cmd, (C.PayFee, C.UseTechnology)):
        return fee_no_use(game, pending, cmd)
    if isinstance(cmd, C.RefillSilo):
        steps = 5 - b.silo[RESOURCES.index(cmd.resource)] + \
            modifiers.amount(ctx, p, "refill_silo_extra")
        return f"+1 reputation, +{steps} money"
    if isinstance(cmd, C.RefillAgenda):
        bonuses = [kind for slot, kind in enumerate(game.comps.board.agenda_slot_bonuses)
                   if b.agenda_display[slot] is None]
        if not bonuses:
            return "no empty space: no bonus"
        return "empty spaces' bonuses: " + ", ".join(f"+1 {_BONUS.get(k, k)}" for k in bonuses)
    if isinstance(cmd, C.DrawAgenda):
        card = b.agenda_display[cmd.slot] if cmd.slot >= 0 else \
            (b.agenda_discard[-1] if b.agenda_discard else None)
        if card:
            a = game.comps.agenda(card)
            return f"[{a.resource}] {a.text}"
    return ""


_BONUS = {"vp": "VP", "ad": "ad"}

NO_USE = "no use now"  # how `gain` begins for an option that does nothing at the decision


def buys_nothing(game: Game, pending: PendingView, cmd: C.Command) -> bool:
    """Whether `cmd` does nothing at `pending` but cost (the bar's "no use now"): the bots
    leave such a fee or card out (engine.bots.greedy.useful)."""
    return gain(game, pending, cmd).startswith(NO_USE)


def fee_no_use(game: Game, pending: PendingView, cmd: C.PayFee | C.UseTechnology) -> str:
    """Why a fee (a connection's or a technology's) buys nothing at `pending`: "no use now:
    ..." ("" when it may)."""
    b = game.state.board
    p = game.state.players[pending.seat]
    ctx = Ctx(game.state, game.comps)
    if isinstance(cmd, C.PayFee):
        # A fee buys the connection for the turn; the tester paid 2 money for one that could
        # not serve the worker's station, and during a meeting, which uses only one's own.
        if pending.actions_at and pending.actions_at not in \
                network.connection_stations(cmd.connection):
            return f"no use now: it does not reach station {pending.actions_at}"
        if pending.main_choice and not p.break_room:
            return "no use now: a meeting uses only your own developments"
        return ""
    tech = game.comps.technology(b.technologies[cmd.slot - 1])
    # A phase-1 technology (an extra stop) does nothing once phase 1 is over, nor in the
    # final turns (明確化); the fee buys this turn only.
    turn = read_turn(game)[0]
    if tech.phase1_only and not turn.phase_one:
        return "no use now: phase 1 of a normal turn only"
    why = no_use(turn, pending, tech.effect.kind)
    part = PART.get(tech.effect.kind, "")
    station = turn.station
    if not why and turn.stage == "actions" and station and pending.seat == turn.seat \
            and part in ACTION_IDS and part not in {
                a for st, _ in network.reachable(ctx, p, station)
                for a in b.stations[st - 1]}:
        # Offered through the worker's actions, Holo-Ad Network's fee read as a way to
        # Advertise a Cruise that no station in reach held (QA s58).
        why = f"no use now: {action_view(part).label} is not in reach of station {station}"
    return why


def _why_action(game: Game, p: Player, action: str) -> str:  # noqa: C901 - one per action
    b = game.state.board
    ctx = Ctx(game.state, game.comps)
    if action == "purchase_supplies" and p.money < 1:
        return "needs 1 money"
    if action == "gain_resources":
        if not any(b.silo):
            return "the silo is empty"
        if all(p.resource(r) >= p.capacity(r) for r in RESOURCES):
            return "no room in your storage"
        if all(p.resource(r) >= p.capacity(r) for r, n in zip(RESOURCES, b.silo, strict=True)
               if n):
            held = " and ".join(r for r, n in zip(RESOURCES, b.silo, strict=True) if n)
            return f"the silo holds only {held}, and your storage of it is full"
    if action == "refill_silo":
        return "needs an agenda card to discard" if not p.hand else "the silo is full"
    if action == "draw_agenda" and not any(b.agenda_display):
        if not b.agenda_discard:
            return "no card to draw"
        if b.agenda_discard[-1] in game.state.turn.played:
            return "the display is empty, and the discard pile's top card was played this turn"
        return "the display is empty, and the discard pile's top costs 1 reputation " \
            f"(you have {p.reputation})"
    if action == "hire_expert":
        if not p.experts:
            return "both experts are hired"
        dec = Act(p.seat, action=action)
        cheapest = min(experts.price(ctx, p, dec, e.removeprefix("expert_")) for e in p.experts)
        return f"an expert costs {cheapest} money (you have {p.money})"
    if action == "acquire_ship":
        # A player with 3 ships read "cannot pay for a ship (4 money)": ships cost nothing.
        most = upgrades.max_ships(ctx, p)
        if len(p.ships) >= most:
            return f"you have {_s(len(p.ships), 'ship')}, the most allowed"
        if not any(b.cockpit_display):
            return "no ship for sale"
        return f"cannot pay for a ship ({p.money} money)"
    if action == "acquire_blueprints":
        if len(p.blueprints) >= HOLD_LIMIT:
            return f"you hold {HOLD_LIMIT} blueprints"
        if not any(b.blueprint_display):
            return "the blueprint display is empty"
    if action == "build_segments":
        return why_no_segment(ctx, p)
    if action == "schedule_cruise":
        if p.scheduled is not None:
            return "you have a cruise scheduled already"
        return "no cruise open to schedule"
    if action == "advertise_cruise":
        discount = cruises.ad_discount(ctx, p)
        if not cruises.any_guest(ctx, p.ads, discount):
            return _no_guest(ctx, p, discount, "")
        return "no cruise open to advertise"
    if action == "build_development":
        if not any(p.developments_left):
            return "every development is built"
        return "cannot pay for a development"
    return "not possible now"


def _no_guest(ctx: Ctx, p: Player, discount: int, who: str) -> str:
    """Why `p` can buy no guest: the cheapest guest waiting costs more ads than `p` has."""
    b = ctx.s.board
    prices = [cruises.guest_price(sec, discount) for sec in range(3) if any(b.queue[sec])]
    if any(b.supply):
        prices.append(cruises.guest_price(3, discount))
    if not prices:
        return "no guest is waiting, in the queue or the supply"
    cheapest = min(prices)
    return f"{who + ' costs' if who else 'needs'} {_s(cheapest, 'ad')} (you have {p.ads})"


def _least_cost(game: Game, p: Player, action: str) -> int | None:
    """The least money `action` takes of `p` now, where one price says it (None elsewhere: a
    segment's or a ship's cost depends on the choice made)."""
    if action == "purchase_supplies":
        return 1
    if action == "hire_expert" and p.experts:
        ctx = Ctx(game.state, game.comps)
        dec = Act(p.seat, action=action)
        return min(experts.price(ctx, p, dec, e.removeprefix("expert_")) for e in p.experts)
    return None


def _why_linked(game: Game, p: Player, action: str, fee: int) -> str:
    """Why an action is not offered where reaching it costs `fee` money (0: no fee)."""
    if fee > p.money:
        return f"the connection's fee is {fee} money (you have {p.money})"
    if fee and feasible(Ctx(game.state, game.comps), p, action, 0):
        # The numbers, not only the verdict: a tester could not tell what was short.
        left = f"after the connection's fee of {fee} you would have {p.money - fee}"
        cost = _least_cost(game, p, action)
        return f"costs {cost} money; {left}" if cost is not None else f"{left} money, too little"
    return _why_action(game, p, action)


def missing(game: Game, pending: PendingView | None,
            legal: list[C.Command]) -> tuple[MissingOption, ...]:
    """The options a player would look for here that are not legal now, with why."""
    if pending is None or pending.seat < 0:
        return ()
    s = game.state
    p = s.players[pending.seat]
    out: list[MissingOption] = []
    if pending.actions_at or pending.meeting:
        ctx = Ctx(s, game.comps)
        offered = {(c.station, c.action) for c in legal if isinstance(c, C.TakeAction)}
        tried: dict[int, list[C.Command]] = {}  # each free command tried once for them all
        # The worker's own station, then the linked ones in the order the bar keys them
        # (a meeting: the stations by the seat's own developments, no fee).
        stations = network.reachable(ctx, p, pending.actions_at) if pending.actions_at \
            else [(st, 0) for st in network.meeting_stations(ctx, p.seat)]
        for station, fee in stations:
            for action in dict.fromkeys(s.board.stations[station - 1]):
                if (station, action) in offered:
                    continue
                label = action_view(action).label
                if station != pending.actions_at:
                    label += f" at station {station}"
                first = _first(game, legal, lambda c, k=(station, action): isinstance(
                    c, C.TakeAction) and (c.station, c.action) == k, tried=tried)
                out.append(MissingOption(label, first or _why_linked(game, p, action, fee)))
    elif pending.main_choice:
        if not p.break_room and not any(isinstance(c, C.PlaceWorker) for c in legal):
            # A tester met the bar with only 'Call a meeting' and no word why.
            out.append(MissingOption("Place a worker", "your break room is empty: a meeting "
                                     "brings your workers home"))
        why = _why_no_launch(game, p, legal)
        if why:
            out.append(MissingOption("Launch", why))
    elif pending.ticket_cruise is not None:
        out += _beyond_cabins(game, p, pending.ticket_cruise, legal)
    elif pending.boarding is not None:
        out += _why_no_boarding(game, p, *pending.boarding, legal)
    elif pending.action == "schedule_cruise" and any(isinstance(c, C.ScheduleCruise)
                                                      for c in legal):
        out += _hidden_tokens(game, p, legal)
    elif pending.action == "hire_expert" and isinstance(game.pending, Act):
        # An expert whose price is beyond the money: the bar listed only the other one.
        ctx = Ctx(s, game.comps)
        hired = {c.side for c in legal if isinstance(c, C.HireExpert)}
        for side in ("left", "right"):
            if f"expert_{side}" in p.experts and side not in hired:
                cost = experts.price(ctx, p, game.pending, side)
                out.append(MissingOption(f"Hire the {side} expert",
                                         f"costs {cost} money (you have {p.money})"))
    elif isinstance(game.pending, Funding):
        # The bar listed 2-6 with no 1: a tester looked for the money bonus.
        for kind, state in zip(TOP_TOKENS, p.tower_top, strict=True):
            if state == "flipped":
                out.append(MissingOption(
                    f"Funding bonus: 1 {_BONUS.get(kind, kind)}",
                    "its token is flipped for your scheduled cruise; once that cruise "
                    "launches, the token leaves the tower and this bonus gives 2"))
    elif pending.tour_destination is not None:
        ctx = Ctx(s, game.comps)
        off = modifiers.amount(ctx, p, "tour_discount")
        toured = {c.colour for c in legal if isinstance(c, C.TourGuest)}
        tried: dict[int, list[C.Command]] = {}
        for colour in pending.tour_guests:
            if colour not in toured:
                cost = travel.tour_cost(colour, pending.tour_destination, off)
                why = _first(game, legal, lambda c, colour=colour: isinstance(c, C.TourGuest)
                             and c.colour == colour, tried)
                out.append(MissingOption(
                    f"Tour the {GUEST_NAME.get(colour, colour)} guest",
                    why or f"needs {cost} ad{'s' if cost != 1 else ''} (you have {p.ads})"))
    return tuple(out)


def _hidden_tokens(game: Game, p: Player, legal: list[C.Command]) -> list[MissingOption]:
    """Bottom launch-tower tokens still up that Schedule a Cruise does not offer: their bonus
    (a segment, a development at 4 money off) could not be carried out now. A tester missed
    the Prefab Segment token with no word why (QA s53 Q3)."""
    ctx = Ctx(game.state, game.comps)
    offered = {c.token for c in legal if isinstance(c, C.ScheduleCruise)}
    ids = cruises.bottom_ids(ctx, p)
    out: list[MissingOption] = []
    for i, state in enumerate(p.tower_bottom):
        place = f"bottom{i}"
        if state != "up" or place in offered:
            continue
        label = f"flip bottom token: {cruises.token_label(ctx, p, place)}"
        if not cruises.module_token(ctx, ids[i]):  # the base development at 4 money off
            why = "every development is built" if not any(p.developments_left) else \
                "no development can be built now, even at 4 money off"
        elif (effect := game.comps.tower_token(ids[i]).effect).kind == "segment_token":
            why = f"its segment cannot be built now: {why_no_segment(ctx, p, effect.amount)}"
        else:
            why = "not possible now"
        out.append(MissingOption(label, why))
    return out


def _why_no_launch(game: Game, p: Player, legal: list[C.Command]) -> str:
    """Why no launch is offered to a player with a cruise scheduled, the moment one is looked
    for ("" otherwise). A technology that would make it possible is named first: it must be
    turned on (paid for, if only 0) before it counts."""
    if p.scheduled is None or any(isinstance(c, C.Launch) for c in legal):
        return ""
    ctx = Ctx(game.state, game.comps)
    home = [sh for sh in p.ships if not in_flight(sh)]
    ships = [sh for sh in home if cabins(sh, ctx, p) >= 1]
    if not ships:
        # A tester with a cruise scheduled and one segment built looked for the launch and
        # met no word: a single segment makes no cabin.
        return _no_cabin(ctx, p, home)
    if not p.break_room and not launch.pilot_free(ctx, p):
        return "no worker in your break room to fly it (call a meeting)"
    first = _first(game, legal, C.Launch)
    if first:
        return first
    space = game.state.board.cruise_spaces[p.scheduled]
    if space.tile is None:
        return "not possible now"
    guests = max(1, len(space.presold))
    best: tuple[int, str] | None = None  # the ship least short: (shortfall, its words)
    for sh in ships:
        aboard = min(guests, launch.cabin_capacity(ctx, p, sh))
        need = launch.needs(ctx, p, sh, aboard, space.tile)
        short = launch.shortfall(ctx, p, need)
        if best is None or short < best[0]:
            best = (short, _short(ctx, p, need, max(0, len(space.presold) - aboard)))
    if best and best[1]:
        return f"the supplies are short of {best[1]}"
    if not space.presold and not cruises.any_guest(ctx, p.ads, 0):
        return f"no guest to board: a last-minute guest costs ads (you have {p.ads})"
    return "not possible now"


def _no_cabin(ctx: Ctx, p: Player, home: list[Ship]) -> str:
    """Why no ship can carry the scheduled cruise: all in flight, or none with a cabin."""
    if not home:
        return "every ship of yours is in flight"
    if ctx.r.ships is not None:  # a module pairs half cabins: its own count
        return "no ship of yours at home has a cabin yet"
    built = ", ".join(f"ship {i} has {_s(len(sh.segments), 'segment')}"
                      for i, sh in enumerate(p.ships, 1) if not in_flight(sh))
    return f"no ship at home has a cabin: a cabin lies between two segments ({built})"


def _day_in_space(game: Game, ctx: Ctx, p: Player, dec: DayInSpace, cmd: C.Command) -> str:
    """What the day pays, beside going on and beside a card that doubles it: a tester played
    Talent Show for a ship whose guests matched none of its icons, and it paid nothing."""
    if ctx.r.day_in_space is not None:
        return ""  # a module pays the day its own way
    ship = p.ships[dec.ship]
    doubled = modifiers.has(ctx, p, "day_in_space_double")
    gains = travel.space_gains(ctx, ship, 2 if doubled else 1)
    paid = ", ".join(travel.bonus_words(kind, n) for _, _, kind, n in gains)
    if isinstance(cmd, C.Done):
        return f"{paid} (the guests' bonuses)" if gains else \
            "no bonus (no guest aboard matches an icon of the ship)"
    if game.comps.agenda(cmd.card).effect.kind != "day_in_space_double":
        return ""
    if not gains:
        return "no use now: no guest aboard matches an icon of the ship"
    if doubled:
        return "no use now: this day in space pays twice already"
    twice = ", ".join(travel.bonus_words(kind, 2 * n) for _, _, kind, n in gains)
    return f"here {twice}, not {paid}"


def _first(game: Game, legal: list[C.Command], wanted: type | Callable[[C.Command], bool],
           tried: dict[int, list[C.Command]] | None = None) -> str:
    """The free command that, made first, offers a `wanted` command ("" if none does): a
    technology counts once paid for (under rules 1, once turned on even at 0), a card's
    effect once played (a card that gains resources can pay for a launch). `wanted`: a
    command type, or a test of a command; `tried`: the legal lists after each free command,
    kept by the caller that asks about several options."""
    test = (lambda c: isinstance(c, wanted)) if isinstance(wanted, type) else wanted
    if tried is None:
        tried = {}
    for i, cmd in enumerate(legal):
        if not isinstance(cmd, (C.UseTechnology, C.PlayAgendaEffect)):
            continue
        if i not in tried:
            tried[i] = game.try_apply(cmd, check=False)[0].legal()
        if any(test(c) for c in tried[i]):
            if isinstance(cmd, C.UseTechnology):
                tech = game.state.board.technologies[cmd.slot - 1]
                return f"turn on {game.comps.technology(tech).name} first (under \"{FREE_GROUP}\")"
            return f"play {game.comps.agenda(cmd.card).name} first (under \"{FREE_GROUP}\")"
    return ""


def _short(ctx: Ctx, p: Player, need: dict[str, int], left_behind: int = 0) -> str:
    """What storage and the cards' resources leave short of `need`, and what this turn's
    reputation drop could still cover ("" when nothing is short)."""
    cards = launch.card_resources(ctx, p)
    short = {r: max(0, need[r] - p.resource(r) - cards[r]) for r in need}
    if not any(short.values()):
        return ""
    words = ", ".join(f"{n} {r}" for r, n in short.items() if n)
    drop = drop_max(ctx, p, "resource", p.reputation - launch.PRESOLD_PENALTY * left_behind)
    return f"{words} (storage and cards; " + \
        (f"a reputation drop covers only {drop})" if drop else "no reputation drop left)")


def _why_no_boarding(game: Game, p: Player, ship_index: int, space: int,
                     legal: list[C.Command]) -> list[MissingOption]:
    """T-5: why no guest may board, or boarding may not end, when that is so. Both are
    offered only while the supplies at T-3 stay payable, which a card or a technology may
    have to make so first."""
    ctx = Ctx(game.state, game.comps)
    ship = p.ships[ship_index]
    presold = game.state.board.cruise_spaces[space].presold
    if ship.cruise is None:
        return []
    n = len(ship.guests)
    out: list[MissingOption] = []
    if n < launch.cabin_capacity(ctx, p, ship) and \
            not any(isinstance(c, C.BoardGuest) for c in legal):
        why = _first(game, legal, C.BoardGuest)
        off = modifiers.amount(ctx, p, "last_minute_discount")
        if not why and not presold and not cruises.any_guest(ctx, p.ads, off):
            why = _no_guest(ctx, p, off, "a last-minute guest")
        if not why:
            why = _supplies(ctx, p, ship, n + 1, max(0, len(presold) - 1))
        out.append(MissingOption("Board a guest", why))
    if n and not any(isinstance(c, C.Done) for c in legal):
        left = len(presold)
        why = _first(game, legal, C.Done)
        if not why and left and not can_lose_reputation(p, launch.PRESOLD_PENALTY * left):
            why = f"{_leaving(left)} (you have {p.reputation})"
        if not why:
            why = _supplies(ctx, p, ship, n, left)
            if left:  # the reputation a drop would pay with goes to the guests left behind
                why = f"{_leaving(left)}, and {why}"
        out.append(MissingOption("Finish boarding", why))
    return out


def _supplies(ctx: Ctx, p: Player, ship: Ship, guests: int, left_behind: int) -> str:
    """Why T-3 could not be paid with `guests` aboard and `left_behind` presold guests left."""
    assert ship.cruise is not None
    short = _short(ctx, p, launch.needs(ctx, p, ship, guests, ship.cruise), left_behind)
    return f"with {_s(guests, 'guest')} aboard the supplies would be short of {short}" \
        if short else "the supplies could not be paid at T-3"


def _leaving(left: int) -> str:
    return f"leaving {_s(left, 'presold guest')} behind costs " \
        f"{launch.PRESOLD_PENALTY * left} reputation"

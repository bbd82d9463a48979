"""Phase 2B, the launch countdown: boarding, progress cube, supplies, cockpit, loading, liftoff."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from engine import names
from engine.commands import (
    BoardGuest,
    ChooseResource,
    Command,
    Done,
    DropReputation,
    Launch,
    PlayAgendaEffect,
    PlayAgendaResource,
    UseTechnology,
)
from engine.decisions import Boarding, Decision, LaunchSupplies, MainChoice, ResourceChoice
from engine.rules import cruises, modifiers, progress, technologies
from engine.rules.economy import can_lose_reputation, lose_reputation
from engine.rules.funding import drop_bonuses, drop_max, resource_options
from engine.rules.metrics import cockpit_vp
from engine.rules.ships import cabins, in_flight
from engine.state import COLOURS, RESOURCES, Player, Ship
from engine.trial import free_trial, trial

if TYPE_CHECKING:
    from engine.ctx import Ctx

PRESOLD_PENALTY = 2
LAUNCH_STEPS = (Boarding, LaunchSupplies)


# --- what a launch needs ------------------------------------------------------------------
def needs(ctx: Ctx, p: Player, ship: Ship, guests: int, tile: str,
          off: tuple[int, int, int] | None = None) -> dict[str, int]:
    """Food = guests + the pilot, oxygen = segments, fuel = the tile's; less any discounts.
    `off`: launch_discounts(ctx, p), where the caller weighs several guest counts."""
    food, oxygen, fuel = launch_discounts(ctx, p) if off is None else off
    return {"food": max(0, guests + 1 - food), "oxygen": max(0, len(ship.segments) - oxygen),
            "fuel": max(0, ctx.c.cruise_tile(tile).fuel - fuel)}


def launch_discounts(ctx: Ctx, p: Player) -> tuple[int, int, int]:
    """The food, oxygen and fuel a launch needs less (cards, technologies, upgrades)."""
    return (modifiers.amount(ctx, p, "launch_food_discount"),
            modifiers.amount(ctx, p, "launch_oxygen_discount"),
            modifiers.amount(ctx, p, "launch_fuel_discount"))


def fuel_need(ctx: Ctx, p: Player, tile: str) -> int:
    """needs(...)["fuel"] alone: the bots' look-ahead asks it of every position it values."""
    return max(0, ctx.c.cruise_tile(tile).fuel - modifiers.amount(ctx, p, "launch_fuel_discount"))


def card_resources(ctx: Ctx, p: Player) -> dict[str, int]:
    """The resources the cards in hand give when played for their resource."""
    out = dict.fromkeys(RESOURCES, 0)
    for c in p.hand:
        out[ctx.c.agenda(c).resource] += 1
    return out


def shortfall(ctx: Ctx, p: Player, need: dict[str, int],
              cards: dict[str, int] | None = None) -> int:
    """Resources still missing after storage and agenda cards; the drop must cover the rest.
    `cards`: card_resources(ctx, p), where the caller has it already."""
    if cards is None:
        cards = card_resources(ctx, p)
    return sum(max(0, need[r] - p.resource(r) - cards[r]) for r in RESOURCES)


def payable(ctx: Ctx, p: Player, need: dict[str, int], left_behind: int = 0) -> bool:
    """Whether the supplies can be paid, after 2 reputation per presold guest left behind."""
    rep = p.reputation - PRESOLD_PENALTY * left_behind
    return shortfall(ctx, p, need) <= drop_max(ctx, p, "resource", rep)


def plan_ok(ctx: Ctx, p: Player, ship: Ship, tile: str, guests: int, presold: int,
            off: tuple[int, int, int] | None = None) -> bool:
    """Some way to finish boarding and pay: stop now, or board every presold guest that fits.
    `off`: launch_discounts(ctx, p), as for needs."""
    if off is None:
        off = launch_discounts(ctx, p)  # for both counts weighed below
    room = cabin_capacity(ctx, p, ship) - guests
    if guests and _may_leave(p, presold) and payable(
            ctx, p, needs(ctx, p, ship, guests, tile, off), presold):
        return True
    more = min(presold, room)
    return guests + more > 0 and _may_leave(p, presold - more) and payable(
        ctx, p, needs(ctx, p, ship, guests + more, tile, off), presold - more)


def _may_leave(p: Player, presold: int) -> bool:
    """Leaving presold guests behind costs reputation, which 0 VP and 0 reputation forbid."""
    return can_lose_reputation(p, PRESOLD_PENALTY * presold)


def cabin_capacity(ctx: Ctx, p: Player, ship: Ship) -> int:
    n = cabins(ship, ctx, p)
    big = modifiers.amount(ctx, p, "cabin_capacity")
    return n + big - 1 if n and big else n


def pilot_free(ctx: Ctx, p: Player) -> str | None:
    """A PAL 9001-like card in hand that lets the ship launch with no worker."""
    for c in p.hand:
        if ctx.c.agenda(c).effect.kind == "launch_without_worker":
            return c
    return None


# Launch cards whose effect (rather than their resource) can make a launch possible.
HELPER_EFFECTS = ("last_minute_discount", "launch_food_discount", "launch_oxygen_discount",
                  "launch_fuel_discount")


def _helpers(ctx: Ctx, p: Player) -> list[str]:
    return [c for c in p.hand if ctx.c.agenda(c).timing == "launch"
            and ctx.c.agenda(c).effect.kind in HELPER_EFFECTS]


Check = Callable[["Ctx", Player], bool]


def _played(ctx: Ctx, seat: int, cards: Sequence[str], active: bool = True) -> Ctx:
    """A trial in which the cards were played for their effects: out of the hand, their
    effects on (the game itself is unchanged)."""
    if not cards:
        return ctx
    t = trial(ctx, seat)
    hand = t.player(seat).hand
    for c in cards:
        hand.remove(c)
    if active:
        t.s.turn.active.extend(cards)
    return t


def _with_some_helpers(ctx: Ctx, p: Player, check: Check) -> bool:
    """Whether `check(ctx, player)` holds with some choice of launch cards played for their
    effects."""
    helpers = _helpers(ctx, p)
    if not helpers:
        return bool(check(ctx, ctx.player(p.seat)))  # the one try: no card played
    for k in range(len(helpers) + 1):
        for chosen in combinations(helpers, k):
            t = _played(ctx, p.seat, chosen)
            if check(t, t.player(p.seat)):
                return True
    return False


def can_launch(ctx: Ctx, p: Player, i: int) -> bool:
    if p.scheduled is None or in_flight(p.ships[i]):
        return False  # as _can_launch finds with any cards played: spare their trials
    card = None if p.break_room else pilot_free(ctx, p)
    # The card that flies the ship is spent: it cannot also pay for supplies.
    t = _played(ctx, p.seat, [card] if card else [], active=False)
    return _with_some_helpers(t, t.player(p.seat), lambda c, q: _can_launch(c, q, i))


def _can_launch(ctx: Ctx, p: Player, i: int) -> bool:
    ship = p.ships[i]
    if p.scheduled is None or in_flight(ship) or cabins(ship, ctx, p) < 1:
        return False
    sp = ctx.s.board.cruise_spaces[p.scheduled]
    assert sp.tile is not None
    if sp.presold:
        return plan_ok(ctx, p, ship, sp.tile, 0, len(sp.presold))
    need = needs(ctx, p, ship, 1, sp.tile)
    discount = modifiers.amount(ctx, p, "last_minute_discount")
    if cruises.any_guest(ctx, p.ads, discount) and payable(ctx, p, need):
        return True
    # The once-per-turn drop may pay the ads for a last-minute guest instead of supplies.
    extra = drop_max(ctx, p, "ad")
    return bool(extra) and cruises.any_guest(ctx, p.ads + extra, discount) and \
        shortfall(ctx, p, need) == 0


def phase2_options(ctx: Ctx, dec: MainChoice) -> list[Command]:
    p = ctx.player(dec.seat)
    if not p.break_room and not pilot_free(ctx, p):
        return []
    out: list[Command] = []
    for i in range(len(p.ships)):
        if can_launch(ctx, p, i):
            experts = sorted(dict.fromkeys(x for x in p.break_room if x != "worker"))
            if "worker" in p.break_room or not p.break_room:
                out.append(Launch(i))
            out += [Launch(i, x) for x in experts]  # type: ignore[arg-type]
    return out


def start(ctx: Ctx, dec: MainChoice, cmd: Launch) -> None:
    p = ctx.player(dec.seat)
    t = ctx.s.turn
    piece: str | None
    if p.break_room:
        piece = cmd.piece or "worker"
        p.break_room.remove(piece)
    else:
        card = pilot_free(ctx, p)
        assert card is not None
        from engine.rules.agenda_effects import play

        play(ctx, dec, PlayAgendaEffect(card))
        piece = None
    ship = p.ships[cmd.ship]
    assert p.scheduled is not None
    sp = ctx.s.board.cruise_spaces[p.scheduled]
    ship.cruise = sp.tile
    sp.tile = None  # the tile moves onto the ship; its presold guests wait beside the space
    ship.stop = -1
    ship.pilot = piece
    sp.consultant = None
    t.launch_ship = cmd.ship
    t.phase = "launch"
    ctx.log("launch", p.seat, f"T-5: {p.name} begins the launch of ship {cmd.ship + 1} on "
            f"cruise {ship.cruise}; the consultant returns.")
    ctx.push(Boarding(p.seat, ship=cmd.ship, space=p.scheduled))


# --- T-5 boarding -------------------------------------------------------------------------
def board_options(ctx: Ctx, dec: Boarding) -> list[Command]:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    sp = ctx.s.board.cruise_spaces[dec.space]
    out: list[Command] = []
    tile = ship.cruise
    assert tile is not None
    n, left = len(ship.guests), len(sp.presold)
    off = launch_discounts(ctx, p)  # the same for every count of guests weighed here
    if n < cabin_capacity(ctx, p, ship):
        if left and plan_ok(ctx, p, ship, tile, n + 1, left - 1, off):
            out += [BoardGuest(c, -1) for c in dict.fromkeys(sp.presold)]
        if plan_ok(ctx, p, ship, tile, n + 1, left, off):
            out += [BoardGuest(c, s) for c, s in cruises.guest_sources(
                ctx, p.ads, modifiers.amount(ctx, p, "last_minute_discount"))]
    if n and _may_leave(p, left) and payable(ctx, p, needs(ctx, p, ship, n, tile, off), left):
        out.append(Done())
    return out


def board(ctx: Ctx, dec: Boarding, cmd: Command) -> None:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    sp = ctx.s.board.cruise_spaces[dec.space]
    if isinstance(cmd, Done):
        _finish_boarding(ctx, p, ship, sp)
        return
    assert isinstance(cmd, BoardGuest)
    if cmd.section == -1:
        sp.presold.remove(cmd.colour)
        ctx.log("board", p.seat, f"{p.name} boards a presold guest: {names.guest(cmd.colour)}.")
    else:
        price = cruises.take_guest(ctx, p, cmd.colour, cmd.section,
                                   modifiers.amount(ctx, p, "last_minute_discount"))
        ctx.log("board", p.seat, f"{p.name} boards a last-minute guest: "
                f"{names.guest(cmd.colour)}, for {price} ad{'s' if price != 1 else ''}.")
    ship.guests.append(cmd.colour)
    ship.berths = cabin_capacity(ctx, p, ship)
    ctx.push(dec)


def _finish_boarding(ctx: Ctx, p: Player, ship: Ship, sp) -> None:  # noqa: ANN001
    b = ctx.s.board
    for colour in sp.presold:
        lose_reputation(p, PRESOLD_PENALTY)
        b.queue[2][COLOURS.index(colour)] += 1
        ctx.log("board", p.seat, f"{p.name} leaves a presold {names.colour_name(colour)} "
                "guest behind: -2 reputation; it returns to the top of the queue.")
    sp.presold = []
    progress.place_cube(ctx, p.seat, "launch")
    ctx.push(LaunchSupplies(p.seat, ship=ctx.s.turn.launch_ship,
                            space=b.cruise_spaces.index(sp)))


# --- T-3 supplies, then T-2 .. T-0 --------------------------------------------------------
def launch_need(ctx: Ctx, p: Player) -> dict[str, int]:
    ship = p.ships[ctx.s.turn.launch_ship]
    assert ship.cruise is not None
    return needs(ctx, p, ship, len(ship.guests), ship.cruise)


def deficit(ctx: Ctx, p: Player) -> dict[str, int]:
    need = launch_need(ctx, p)
    return {r: max(0, need[r] - p.resource(r)) for r in RESOURCES}


def supplies_options(ctx: Ctx, dec: LaunchSupplies) -> list[Command]:
    p = ctx.player(dec.seat)
    return [Done()] if not any(deficit(ctx, p).values()) else []


def filter_free(ctx: Ctx, dec: Decision, cmds: list[Command]) -> list[Command]:
    """During a launch, offer only what keeps the launch payable: it can never dead-end."""
    p = ctx.player(dec.seat)
    out: list[Command] = []
    # A card's effect may have pushed a decision (a free blueprint) above the countdown step:
    # judge by the step itself.
    dec = next((d for d in reversed(ctx.s.stack) if isinstance(d, LAUNCH_STEPS)), dec)
    if isinstance(dec, Boarding):
        # Resources are paid at T-3. Cards may still be played for their effects if the
        # launch stays payable without them; paying for a technology costs no supplies.
        for c in cmds:
            if isinstance(c, UseTechnology):
                out.append(c)
            elif isinstance(c, PlayAgendaEffect) and _payable_without(ctx, dec, p, c.card):
                out.append(c)
            elif isinstance(c, DropReputation) and c.bonus == "ad" and _boards_after(ctx, dec, p,
                                                                                     c):
                out.append(c)
        return out
    short = deficit(ctx, p)
    rest = -1  # what a resource drop must cover beyond the cards in hand: asked once, if at all
    for c in cmds:
        if isinstance(c, UseTechnology):
            out.append(c)
            continue
        if isinstance(c, PlayAgendaEffect):
            if _payable_without(ctx, dec, p, c.card):
                out.append(c)
            continue
        if isinstance(c, PlayAgendaResource):
            if short[ctx.c.agenda(c.card).resource] > 0 and (
                    ctx.s.rules < 2 or _payable_after_resource(ctx, p, c.card)):
                out.append(c)
        elif isinstance(c, DropReputation) and c.bonus == "resource":
            got = drop_bonuses(ctx, p.reputation, c.to)["resource"]
            if rest < 0:
                cards = card_resources(ctx, p)
                rest = sum(max(0, short[r] - cards[r]) for r in RESOURCES)
            if got >= rest:
                out.append(c)
    return out


def _boards_after(ctx: Ctx, dec: Boarding, p: Player, cmd: DropReputation) -> bool:
    """An ad drop at boarding (for last-minute guests) must leave the launch finishable."""
    n = drop_bonuses(ctx, p.reputation, cmd.to)["ad"]
    # The drop writes plain numbers only (the player's, the turn's): free_trial's copies are
    # enough, and the cards tried after it make their own trials (_played).
    t = free_trial(ctx, p.seat)
    tp = t.player(p.seat)
    tp.reputation, tp.ads, t.s.turn.dropped = cmd.to, tp.ads + n, True
    return _with_some_helpers(t, tp, lambda c, q: bool(board_options(c, dec)))


def _boarding_finishable(ctx: Ctx, dec: Boarding, p: Player) -> bool:
    """Some launch cards, perhaps with an ad drop, leave a way to board and pay."""
    if _with_some_helpers(ctx, p, lambda c, q: bool(board_options(c, dec))):
        return True
    if ctx.s.turn.dropped:
        return False
    return any(_boards_after(ctx, dec, p, DropReputation(to, "ad"))
               for to in range(p.reputation - 1, -1, -1)
               if drop_bonuses(ctx, p.reputation, to)["ad"])


def _payable_after_resource(ctx: Ctx, p: Player, card: str) -> bool:
    """Rules 2: a card played for its resource at T-3 must leave the launch payable. A card
    whose effect pays for the launch (1 oxygen less) may be needed for that, not its icon;
    rules 1 let it go for the icon and the launch could stick with nothing left to play."""
    t = trial(ctx, p.seat)
    tp = t.player(p.seat)
    tp.hand.remove(card)
    r = ctx.c.agenda(card).resource
    tp.set_resource(r, tp.resource(r) + 1)
    return _with_some_helpers(t, tp, _supplies_payable)


def _supplies_payable(ctx: Ctx, p: Player) -> bool:
    """Whether the launch's supplies can be paid now: storage, cards and the drop."""
    return shortfall(ctx, p, launch_need(ctx, p)) <= drop_max(ctx, p, "resource")


def _payable_without(ctx: Ctx, dec: Decision, p: Player, card: str) -> bool:
    """Whether the launch can still finish once this card is played for its effect."""
    lasting = ctx.c.agenda(card).effect.kind in HELPER_EFFECTS
    t = _played(ctx, p.seat, [card], active=lasting)
    tp = t.player(p.seat)
    if isinstance(dec, Boarding):
        return _boarding_finishable(t, dec, tp)
    return _with_some_helpers(t, tp, _supplies_payable)


def resource_choice_options(ctx: Ctx, dec: ResourceChoice) -> list[Command]:
    return filter_resource_choice(ctx, dec, resource_options(ctx, dec))


def filter_resource_choice(ctx: Ctx, dec: ResourceChoice, cmds: list[Command]) -> list[Command]:
    if ctx.s.turn.phase != "launch" or ctx.s.turn.launch_ship < 0:
        return cmds
    p = ctx.player(dec.seat)
    short = deficit(ctx, p)
    cards = card_resources(ctx, p)
    # Kinds no agenda card in hand can cover come first, so a drop never goes to waste.
    keep: list[Command] = [c for c in cmds if isinstance(c, ChooseResource)
            and short[c.resource] - cards[c.resource] > 0]
    keep = keep or [c for c in cmds if isinstance(c, ChooseResource) and short[c.resource] > 0]
    return keep or cmds


def liftoff(ctx: Ctx, dec: LaunchSupplies, cmd: Command) -> None:
    p = ctx.player(dec.seat)
    t = ctx.s.turn
    ship = p.ships[t.launch_ship]
    need = launch_need(ctx, p)
    raw = {"food": 1, "oxygen": len(ship.segments),
           "fuel": ctx.c.cruise_tile(ship.cruise).fuel if ship.cruise else 0}
    for r in RESOURCES:
        if raw[r]:  # a discount on a resource that was due
            technologies.record_use(ctx, p, f"launch_{r}_discount")
        p.set_resource(r, p.resource(r) - need[r])
    ctx.log("launch", p.seat, f"T-3: {p.name} pays " + names.amounts(
        [(need["food"], "food"), (need["oxygen"], "oxygen"), (need["fuel"], "fuel")]) + ".")
    vp = cockpit_vp(ctx, p, ship)
    p.vp += vp
    first = not ship.launched_once
    ship.launched_once = True
    ctx.log("launch", p.seat, f"T-2: the {ctx.c.cockpit(ship.cockpit).name} cockpit scores "
            f"{vp} VP" + (" and flips for its first launch." if first else "."))
    if p.scheduled_token:
        row = p.tower_top if p.scheduled_token.startswith("top") else p.tower_bottom
        row[int(p.scheduled_token[-1])] = "removed"
        ship.token = p.scheduled_token
        token = cruises.token_named(ctx, p, p.scheduled_token)
        ctx.log("launch", p.seat, f"T-1: {token} is loaded onto the engine.")
    space = p.scheduled
    assert space is not None
    p.scheduled = None
    p.scheduled_token = None
    p.launches += 1
    ctx.log("launch", p.seat, f"T-0: liftoff! {p.name}'s ship {t.launch_ship + 1} leaves with "
            f"{len(ship.guests)} guest{'s' if len(ship.guests) != 1 else ''}.")
    new_cruise(ctx, space, len(ship.guests))
    t.launch_ship = -1
    t.phase = "goals"
    modifiers.end_of_step(ctx)


def new_cruise(ctx: Ctx, space: int, guests: int) -> None:
    b = ctx.s.board
    if not b.cruise_deck and b.cruise_discard:
        b.cruise_deck = b.cruise_discard
        b.cruise_discard = []
        ctx.shuffle(b.cruise_deck)
    sp = b.cruise_spaces[space]
    sp.tile = b.cruise_deck.pop(0) if b.cruise_deck else None
    sp.presold = []
    if sp.tile is None:
        return
    dests = ctx.c.cruise_tile(sp.tile).destinations
    # Guests of the new tile's colours move one section down (cheaper), never below the bottom.
    for colour in dict.fromkeys(dests):
        ci = COLOURS.index(colour)
        b.queue[0][ci] += b.queue[1][ci]
        b.queue[1][ci] = b.queue[2][ci]
        b.queue[2][ci] = 0
    added = []
    for k in range(guests):
        colour = dests[k % len(dests)]
        ci = COLOURS.index(colour)
        if not b.supply[ci]:
            options = [i for i in range(3) if b.supply[i]]
            if not options:
                break
            ci = options[0]
        b.supply[ci] -= 1
        b.queue[2][ci] += 1
        added.append(COLOURS[ci])
    ctx.log("cruise", -1, f"New cruise {sp.tile} ({' → '.join(ctx.c.cruise_tile(sp.tile).stops)})"
            f"; {len(added)} new guest{'s join' if len(added) != 1 else ' joins'} the queue.")

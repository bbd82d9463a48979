"""Phase 1, travel: each ship in flight moves one stop and resolves it fully (航行)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.commands import (
    Command,
    Done,
    TourGuest,
    TravelShip,
    UnlockUpgrade,
    UseTechnology,
)
from engine.decisions import (
    DayInSpace,
    ExtraTravel,
    Tour,
    TravelOrder,
    TravelStart,
    Unlock,
)
from engine.rules import modifiers, technologies, upgrades
from engine.rules.economy import gain_bonus
from engine.rules.funding import grant_funding
from engine.rules.tech_fees import fee_options
from engine.state import COLOURS, Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

TOUR_VP = 3


# Phase 1's steps, in order: the window for phase-1 cards and fees, the ships moving, the
# extra stops cards and technologies give.
PHASES = ("travel_window", "travel", "travel_extra")


def begin(ctx: Ctx) -> None:
    p = ctx.current
    ctx.s.turn.to_travel = [i for i, s in enumerate(p.ships) if s.cruise is not None]
    ctx.s.turn.phase = "travel_window"


def step(ctx: Ctx) -> bool:
    """Move the next ship; False when every ship in flight has moved this turn."""
    t = ctx.s.turn
    p = ctx.current
    # 明確化: phase-1-only effects (extra stops) belong to normal turns, not the final ones.
    normal = ctx.s.final_phase != "turns"
    if t.phase == "travel_window":
        t.phase = "travel"
        if t.to_travel and normal and _window_worth_opening(ctx, p):
            ctx.push(TravelStart(t.seat))
            return True
    if not t.to_travel:
        if t.phase == "travel":
            t.phase = "travel_extra"
            if normal:
                t.extra_travel += modifiers.amount(ctx, p, "extra_travel")
        if normal and t.extra_travel > 0 and any(s.cruise for s in p.ships):
            t.extra_travel -= 1
            ctx.push(ExtraTravel(t.seat))
            return True
        return False
    if len(t.to_travel) > 1:
        ctx.push(TravelOrder(t.seat))
    else:
        move(ctx, ctx.current, t.to_travel.pop())
    return True


def _window_worth_opening(ctx: Ctx, p: Player) -> bool:
    """Phase 1 pauses only when a card or a technology could add a stop."""
    if any(ctx.c.agenda(c).timing == "phase1" for c in p.hand):
        return True
    b = ctx.s.board
    extra = [i for i, te in enumerate(b.technologies)
             if ctx.c.technology(te).effect.kind == "extra_travel" and b.tech_owners[i]]
    if ctx.s.rules < 3 or not extra:
        return bool(extra)
    # Rules 3: only a fee the player can pay opens it. Their own technology, or one whose fee
    # is 0, adds its stop by itself, and one they cannot afford adds nothing: a tester met
    # "Let the ships travel" every turn for a technology that could do nothing for them.
    sellable = fee_options(ctx, TravelStart(p.seat))
    return any(UseTechnology(i + 1) in sellable for i in extra)


def start_options(ctx: Ctx, dec: TravelStart) -> list[Command]:
    return [Done()]


def apply_start(ctx: Ctx, dec: TravelStart, cmd: Command) -> None:
    return None


def order_options(ctx: Ctx, dec: TravelOrder) -> list[Command]:
    return [TravelShip(i) for i in ctx.s.turn.to_travel]


def apply_order(ctx: Ctx, dec: TravelOrder, cmd: TravelShip) -> None:
    ctx.s.turn.to_travel.remove(cmd.ship)
    move(ctx, ctx.player(dec.seat), cmd.ship)


def extra_options(ctx: Ctx, dec: ExtraTravel) -> list[Command]:
    p = ctx.player(dec.seat)
    return [*(TravelShip(i) for i, s in enumerate(p.ships) if s.cruise), Done()]


def apply_extra(ctx: Ctx, dec: ExtraTravel, cmd: Command) -> None:
    if isinstance(cmd, TravelShip):
        p = ctx.player(dec.seat)
        ctx.log("travel", p.seat, f"{p.name}'s ship {cmd.ship + 1} moves one extra stop.")
        technologies.record_use(ctx, p, "extra_travel")
        move(ctx, p, cmd.ship)


def advance(ctx: Ctx, ship: Ship, to: int | None = None) -> str:
    """Move the ship to its next stop (or stop `to`) and name it: a colour, space or return."""
    assert ship.cruise is not None
    ship.stop = ship.stop + 1 if to is None else to
    return ctx.c.cruise_tile(ship.cruise).stops[ship.stop]


def move(ctx: Ctx, p: Player, i: int, to: int | None = None) -> None:
    ship = p.ships[i]
    stop = advance(ctx, ship, to)
    if stop == "return":
        come_home(ctx, p, ship)
    elif stop == "space":
        day_in_space(ctx, p, ship)
    else:
        ctx.log("travel", p.seat, f"{p.name}'s ship {i + 1} reaches {names.destination(stop)}.")
        ctx.push(Tour(p.seat, ship=i, stop=stop, guests=list(ship.guests)))
        if ship.token:
            if upgrades.open_spaces(ctx, p, stop) or _later_home(ctx, p, ship):
                ctx.push(Unlock(p.seat, ship=i, stop=stop))
            else:
                ctx.log("travel", p.seat, "The upgrade token can go nowhere on this cruise and "
                        "is discarded.")
                ship.token = None


def _later_home(ctx: Ctx, p: Player, ship: Ship) -> bool:
    assert ship.cruise is not None
    later = ctx.c.cruise_tile(ship.cruise).destinations_after(ship.stop)
    return any(upgrades.open_spaces(ctx, p, s) for s in later)


def unlock_options(ctx: Ctx, dec: Unlock) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = [UnlockUpgrade(u) for u in upgrades.open_spaces(ctx, p, dec.stop)]
    if _later_home(ctx, p, p.ships[dec.ship]):
        out.append(Done())
    return out


def unlock_words(ctx: Ctx, dec: Unlock) -> str:
    """What the decision waits for: only the choices it offers (keeping the token needs a
    later destination with a space open for it)."""
    offered = unlock_options(ctx, dec)
    here = any(isinstance(c, UnlockUpgrade) for c in offered)
    later = Done() in offered
    # After its final free move a ship stops no more: a kept token has no later.
    final = ctx.player(dec.seat).ships[dec.ship].final_moved
    if here and later:
        keep = "leave the token unplaced" if final else "keep the token for a later destination"
        return f"unlock a {dec.stop} upgrade, or {keep}"
    if here:
        return f"unlock a {dec.stop} upgrade"
    if final:
        return f"no {dec.stop} upgrade space is open: the token stays unplaced"
    return f"keep the upgrade token: no {dec.stop} upgrade space is open"


def apply_unlock(ctx: Ctx, dec: Unlock, cmd: Command) -> None:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    if isinstance(cmd, Done):
        ctx.log("travel", p.seat, f"{p.name} keeps the upgrade token for a later destination.")
        return
    assert isinstance(cmd, UnlockUpgrade)
    ship.token = None
    p.upgrades.append(cmd.upgrade)
    up = ctx.c.upgrade(cmd.upgrade)
    ctx.log("upgrade", p.seat, f"{p.name} unlocks an upgrade: {up.text}")


def tour_cost(colour: str, destination: str, discount: int = 0) -> int:
    return max(0, (1 if colour == destination else 2) - discount)


def tour_options(ctx: Ctx, dec: Tour) -> list[Command]:
    p = ctx.player(dec.seat)
    off = modifiers.amount(ctx, p, "tour_discount")
    out: list[Command] = [TourGuest(c) for c in dict.fromkeys(dec.guests)
                          if tour_cost(c, dec.stop, off) <= p.ads]
    out.append(Done())
    return out


def apply_tour(ctx: Ctx, dec: Tour, cmd: Command) -> None:
    if isinstance(cmd, Done):
        modifiers.end_of_step(ctx)
        return
    assert isinstance(cmd, TourGuest)
    p = ctx.player(dec.seat)
    cost = tour_cost(cmd.colour, dec.stop, modifiers.amount(ctx, p, "tour_discount"))
    if cost < tour_cost(cmd.colour, dec.stop):
        technologies.record_use(ctx, p, "tour_discount")
    vp = TOUR_VP + upgrades.upgrades_of(ctx, p, dec.stop)
    vp += modifiers.amount(ctx, p, "tour_bonus_vp")
    p.ads -= cost
    p.vp += vp
    p.guests_toured += 1
    ctx.log("tour", p.seat, f"{p.name} tours {names.guest(cmd.colour)} at the "
            f"{names.colour_name(dec.stop)} destination for {cost} "
            f"ad{'s' if cost != 1 else ''}: +{vp} VP.")
    rest = list(dec.guests)
    rest.remove(cmd.colour)
    if rest:
        ctx.push(Tour(dec.seat, ship=dec.ship, stop=dec.stop, guests=rest))
    else:
        modifiers.end_of_step(ctx)


def icons(ctx: Ctx, ship: Ship, colour: str) -> int:
    return sum(ctx.c.blueprint(bp).icons.count(colour) for bp in ship.segments)


def number(p: Player, ship: Ship) -> int:
    """The ship's number on its owner's board (1-based), for the log."""
    return next(i for i, sh in enumerate(p.ships) if sh is ship) + 1


def day_in_space(ctx: Ctx, p: Player, ship: Ship) -> None:
    ctx.log("travel", p.seat, f"{p.name}'s ship {number(p, ship)} has a day in space.")
    if any(ctx.c.agenda(c).timing == "day_in_space" for c in p.hand) and ship.guests:
        ctx.push(DayInSpace(p.seat, ship=p.ships.index(ship)))
        return
    if ctx.r.day_in_space is not None:
        ctx.r.day_in_space(ctx, p, ship)
        return
    space_bonuses(ctx, p, ship)


def space_options(ctx: Ctx, dec: DayInSpace) -> list[Command]:
    return [Done()]


def apply_space(ctx: Ctx, dec: DayInSpace, cmd: Command) -> None:
    p = ctx.player(dec.seat)
    if ctx.r.day_in_space is not None:  # a module's day in space ends the step itself
        ctx.r.day_in_space(ctx, p, p.ships[dec.ship])
        return
    space_bonuses(ctx, p, p.ships[dec.ship])
    modifiers.end_of_step(ctx)


def space_gains(ctx: Ctx, ship: Ship, times: int = 1) -> list[tuple[str, int, str, int]]:
    """What a day in space pays: (colour, its guests aboard, the bonus kind, how many) for each
    colour whose guests match icons of the ship, each guest once per matching icon."""
    b = ctx.s.board
    gains = []
    for colour in COLOURS:
        guests = ship.guests.count(colour)
        n = guests * icons(ctx, ship, colour) * times
        if n:
            gains.append((colour, guests, b.guest_bonus[COLOURS.index(colour)], n))
    return gains


def bonus_words(kind: str, n: int) -> str:
    """"+2 ads": `n` of a guest bonus of `kind`."""
    what = {"vp": "VP", "ad": "ad" if n == 1 else "ads",
            "resource": "resource" if n == 1 else "resources"}.get(kind, kind)
    return f"+{n} {what}"


def space_bonuses(ctx: Ctx, p: Player, ship: Ship) -> None:
    """Each guest gains its colour's bonus once per icon of that colour in the ship."""
    times = 2 if modifiers.has(ctx, p, "day_in_space_double") else 1
    gains = space_gains(ctx, ship, times)
    for colour, guests, kind, n in gains:
        gain_bonus(ctx, p, kind, n, "day in space")
        who = f"{guests} {names.colour_name(colour)} guest{'s enjoy' if guests != 1 else ' enjoys'}"
        ctx.log("travel", p.seat, f"{who} the ship: {bonus_words(kind, n)}.")
    if not gains:  # a tester read the bare "has a day in space" as a line cut short
        ctx.log("travel", p.seat, "No guest aboard matches an icon of the ship: no bonus.")


def come_home(ctx: Ctx, p: Player, ship: Ship) -> None:
    b = ctx.s.board
    assert ship.cruise is not None
    b.cruise_discard.append(ship.cruise)
    for g in ship.guests:
        b.supply[COLOURS.index(g)] += 1
    n = len(ship.guests)
    ship.guests = []
    ship.berths = 0
    ship.cruise = None
    ship.stop = -1
    ship.token = None
    pilot = ship.pilot
    ship.pilot = None
    p.cruises_completed += 1
    ctx.log("travel", p.seat, f"{p.name}'s ship {number(p, ship)} returns home; {n} guest"
            f"{'s disembark' if n != 1 else ' disembarks'} and the pilot returns to the break "
            "room.")
    if pilot:  # a ship flown by PAL 9001 has no pilot to come home
        p.break_room.append(pilot)
        grant_funding(ctx, p.seat, 1, "pilot returned")

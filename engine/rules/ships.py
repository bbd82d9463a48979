"""Ships: Acquire New Ship, Acquire Blueprints and Build Ship Segments; cabins and limits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.commands import AcquireBlueprint, AcquireShip, BuildSegment, Command, Done
from engine.decisions import Act, FreeBlueprint
from engine.rules import blueprints, modifiers, technologies, upgrades
from engine.rules.economy import can_lose_reputation, lose_reputation
from engine.rules.gains import apply_gain
from engine.rules.taking import count_down, take_one
from engine.state import Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

DISPLAY_SURCHARGE = 1  # NOTES.md [ours]: a display blueprint built directly costs +1 money, -1 rep


def cabins(ship: Ship, ctx: Ctx | None = None, p: Player | None = None) -> int:
    """The cabins a ship offers: one between each two segments, unless a module (客室斡旋)
    reads them from its halves (then `ctx` and the owner `p` are needed)."""
    if ctx is not None and p is not None and ctx.r.ships is not None:
        return ctx.r.ships.cabins(ctx, p, ship)
    return max(0, len(ship.segments) - 1)


def spots(ctx: Ctx, p: Player, ship: Ship, bp: str) -> list[int]:
    """Where a segment from blueprint `bp` may go in `ship` (BuildSegment.at values)."""
    return [-1] if ctx.r.ships is None else ctx.r.ships.spots(ctx, p, ship, bp)


def in_flight(ship: Ship) -> bool:
    return ship.cruise is not None


# --- Acquire New Ship -------------------------------------------------------------------
def ship_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    if len(p.ships) >= upgrades.max_ships(ctx, p):
        return []
    b = ctx.s.board
    return [AcquireShip(i) for i in range(4) if b.cockpit_display[i] and b.engine_display[i]]


def acquire_ship(ctx: Ctx, p: Player, dec: Act, cmd: AcquireShip) -> bool:
    b = ctx.s.board
    ck, en = b.cockpit_display[cmd.pair], b.engine_display[cmd.pair]
    assert ck and en
    b.cockpit_display[cmd.pair] = None
    b.engine_display[cmd.pair] = None
    p.ships.append(Ship(cockpit=ck, engine=en))
    engine = ctx.c.engine(en)
    ctx.log("ship", p.seat, f"{p.name} acquires a new ship: {ctx.c.cockpit(ck).name} cockpit "
            f"and {engine.name} engine.")
    # Refill without sliding: each empty pair space takes the next cockpit and engine.
    for i in range(4):
        if b.cockpit_display[i] is None and b.cockpit_deck:
            b.cockpit_display[i] = b.cockpit_deck.pop(0)
        if b.engine_display[i] is None and b.engine_deck:
            b.engine_display[i] = b.engine_deck.pop(0)
    apply_gain(ctx, p, engine.bonus, f"the {engine.name} engine")
    return True


# --- Acquire Blueprints -----------------------------------------------------------------
def blueprint_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    if len(p.blueprints) >= blueprints.HOLD_LIMIT:
        return [Done()] if dec.taken else []
    out: list[Command] = [AcquireBlueprint(i)
                          for i, x in enumerate(ctx.s.board.blueprint_display) if x]
    if dec.taken:
        out.append(Done())
    return out


def acquire_blueprint(ctx: Ctx, p: Player, dec: Act, cmd: Command) -> bool:
    if isinstance(cmd, Done):
        blueprints.slide_and_refill(ctx)
        return True
    assert isinstance(cmd, AcquireBlueprint)
    bp = blueprints.take(ctx, p.seat, cmd.slot)
    limit = 2 + dec.boost + modifiers.amount(ctx, p, "blueprint_extra")
    if take_one(ctx, dec, bp, limit, lambda nxt: blueprint_options(ctx, p, nxt)
                not in ([], [Done()])) is None:
        return False
    blueprints.slide_and_refill(ctx)
    return True


# --- Build Ship Segments ----------------------------------------------------------------
def segment_cost(ctx: Ctx, p: Player, bp: str, from_display: bool, off: int = 0) -> int:
    cost = ctx.c.blueprint(bp).cost + (DISPLAY_SURCHARGE if from_display else 0)
    return max(0, cost - modifiers.amount(ctx, p, "segment_discount") - off)


def segment_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    return _segment_options(ctx, p, dec, first=False)


def has_segment_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(segment_options(...)), stopping at the first segment that can be built. Without
    a module's spots every ship has one (the end), so a blueprint the money covers is enough:
    no command is made (a hot path: every feasibility check, every free command's trial)."""
    if ctx.r.ships is not None:
        return bool(_segment_options(ctx, p, dec, first=True))
    limit = upgrades.max_segments(ctx, p)
    if not any(s.cruise is None and len(s.segments) < limit for s in p.ships):
        return bool(dec.taken)  # only Done, once a segment was built
    discount = modifiers.amount(ctx, p, "segment_discount") + dec.segment_off
    blueprint = ctx.c.blueprint
    paid: dict[int, int] = {}
    for bp, extra in _choices(ctx, p):
        cost = max(0, blueprint(bp).cost + extra - discount)
        money = paid.get(cost)
        if money is None:
            money = paid[cost] = modifiers.money_cost(ctx, p, cost)
        if money <= p.money:
            return True
    return bool(dec.taken)


def segments_sure(ctx: Ctx, p: Player, dec: Act) -> bool:
    """Once a segment is built, Done is an option (has_segment_option and _segment_options
    both end with it) that no free command takes away."""
    return bool(dec.taken)


def _choices(ctx: Ctx, p: Player) -> Iterator[tuple[str, int]]:
    """(blueprint, surcharge) of each build _segment_options weighs, in its order."""
    for bp in p.blueprints:
        yield bp, 0
    if can_lose_reputation(p, 1):
        for shown in ctx.s.board.blueprint_display:
            if shown:
                yield shown, DISPLAY_SURCHARGE


def _can_build_more(ctx: Ctx, p: Player, dec: Act) -> bool:
    """Whether another segment could be built (not only Done): the first one found is enough."""
    return _segment_options(ctx, p, dec, first=True) not in ([], [Done()])


def _segment_options(ctx: Ctx, p: Player, dec: Act, first: bool) -> list[Command]:
    limit = upgrades.max_segments(ctx, p)
    ships = [i for i, s in enumerate(p.ships) if not in_flight(s) and len(s.segments) < limit]
    out: list[Command] = []
    if not ships:
        return [Done()] if dec.taken else []
    # The discount and the rebate are the same for every blueprint: a hot path of the bots.
    discount = modifiers.amount(ctx, p, "segment_discount") + dec.segment_off
    paid: dict[int, int] = {}

    def affordable(bp: str, from_display: bool, off: int = 0) -> bool:
        cost = max(0, ctx.c.blueprint(bp).cost + (DISPLAY_SURCHARGE if from_display else 0)
                   - discount - off)
        if cost not in paid:
            paid[cost] = modifiers.money_cost(ctx, p, cost)
        return paid[cost] <= p.money

    def builds(name: str, bp: str, from_display: bool) -> None:
        if affordable(bp, from_display):
            out.extend(BuildSegment(name, i, at) for i in ships
                       for at in spots(ctx, p, p.ships[i], bp))
        elif ctx.r.ships is not None:  # a module's discount for one spot (Perfect Fit)
            out.extend(BuildSegment(name, i, at) for i in ships
                       for at in spots(ctx, p, p.ships[i], bp)
                       if affordable(bp, from_display, ctx.r.ships.off(ctx, p, p.ships[i], bp,
                                                                        at)))

    for bp in dict.fromkeys(p.blueprints):
        builds(bp, bp, False)
        if first and out:
            return out
    if can_lose_reputation(p, 1):
        for slot, shown in enumerate(ctx.s.board.blueprint_display):
            if shown:
                builds(f"display:{slot}", shown, True)
                if first and out:
                    return out
    if dec.taken:
        out.append(Done())
    return out


def build_segment(ctx: Ctx, p: Player, dec: Act, cmd: Command) -> bool:
    if isinstance(cmd, Done):
        blueprints.slide_and_refill(ctx)
        return True
    assert isinstance(cmd, BuildSegment)
    from_display = cmd.blueprint.startswith("display:")
    if from_display:
        slot = int(cmd.blueprint.split(":")[1])
        bp = ctx.s.board.blueprint_display[slot]
        assert bp is not None
        ctx.s.board.blueprint_display[slot] = None
        lose_reputation(p, 1)
    else:
        bp = cmd.blueprint
        p.blueprints.remove(bp)
    if segment_cost(ctx, p, bp, from_display, dec.segment_off) < \
            ctx.c.blueprint(bp).cost + (DISPLAY_SURCHARGE if from_display else 0):
        technologies.record_use(ctx, p, "segment_discount")
    ship = p.ships[cmd.ship]
    off = dec.segment_off
    if ctx.r.ships is not None:
        off += ctx.r.ships.off(ctx, p, ship, bp, cmd.at)
    cost = modifiers.pay(ctx, p, segment_cost(ctx, p, bp, from_display, off))
    if cmd.at < 0:
        ship.segments.append(bp)
    else:
        ship.segments.insert(cmd.at, bp)
    p.segments_built += 1
    where = " straight from the display (-1 reputation)" if from_display else ""
    ctx.log("segment", p.seat, f"{p.name} builds {ctx.c.blueprint(bp).name}{where} on ship "
            f"{cmd.ship + 1} for {cost} money ({cabins(ship, ctx, p)} cabin"
            f"{'s' if cabins(ship, ctx, p) != 1 else ''}).")
    limit = dec.segment_limit or \
        2 + dec.boost + modifiers.amount(ctx, p, "segment_extra_builds")
    if take_one(ctx, dec, bp, limit, lambda nxt: _can_build_more(ctx, p, nxt)) is None:
        return False
    blueprints.slide_and_refill(ctx)
    return True


# --- free blueprints from an engine bonus -------------------------------------------------
def free_blueprint_options(ctx: Ctx, dec: FreeBlueprint) -> list[Command]:
    p = ctx.player(dec.seat)
    if len(p.blueprints) >= blueprints.HOLD_LIMIT:
        return [Done()]
    return [AcquireBlueprint(i) for i, x in enumerate(ctx.s.board.blueprint_display) if x] \
        or [Done()]


def free_blueprint(ctx: Ctx, dec: FreeBlueprint, cmd: Command) -> None:
    if isinstance(cmd, AcquireBlueprint):
        blueprints.take(ctx, dec.seat, cmd.slot)
        if dec.left > 1:
            count_down(ctx, dec)
            return
    blueprints.slide_and_refill(ctx)

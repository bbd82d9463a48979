"""Build a Development: on a network connection or under a technology (開発)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.commands import BuildDevelopment, Command, SetupDevelopment
from engine.decisions import Act, StartingDevelopment
from engine.rules import modifiers, technologies
from engine.rules.economy import gain_reputation
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def site_owners(ctx: Ctx, site: str) -> list[int]:
    idx = int(site[1:]) - 1
    b = ctx.s.board
    return b.connections[idx] if site[0] == "c" else b.tech_owners[idx]


def site_label(ctx: Ctx, site: str) -> str:
    if site[0] == "c":
        return f"connection {site[1:]}"
    return ctx.c.technology(ctx.s.board.technologies[int(site[1:]) - 1]).name


CONNECTION_SITES = tuple(f"c{k}" for k in range(1, 7))
TECHNOLOGY_SITES = tuple(f"t{k}" for k in range(1, 13))  # more than any board has


def open_sites(ctx: Ctx, seat: int, technologies: bool = True) -> list[str]:
    b = ctx.s.board
    out = [site for site, owners in zip(CONNECTION_SITES, b.connections, strict=True)
           if seat not in owners]
    if technologies:
        out += [site for site, owners in zip(TECHNOLOGY_SITES[:len(b.technologies)],
                                             b.tech_owners, strict=True) if seat not in owners]
    return out


def next_cost(ctx: Ctx, p: Player, row: str) -> int | None:
    left = p.developments_left[RESOURCES.index(row)]
    if left == 0:
        return None
    return ctx.c.board.development_costs[3 - left]


def options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    out: list[Command] = []
    sites = open_sites(ctx, p.seat)
    if not sites:
        return out
    extra = {site: site_surcharge(ctx, site) for site in sites}
    for row in RESOURCES:
        cost = cost_now(ctx, p, dec, row)
        if cost is None:
            continue
        for r in range(0, min(cost, p.resource(row)) + 1):
            money = modifiers.money_cost(ctx, p, cost - r)
            out.extend(BuildDevelopment(row, site, r) for site in sites  # type: ignore[arg-type]
                       if money + extra[site] <= p.money)
    return out


def has_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(options(...)), asked far more often than the list (is the action feasible; does a
    free command leave it open). The money a build takes falls as more of the row's resource
    is paid (one off with the Accountant, never below 0), so the test is the cheapest way
    in: all the resource it can pay, at the site with the least surcharge."""
    seat = p.seat
    extra = -1
    if ctx.c.surcharges_add:
        for owners in ctx.s.board.connections:  # (a loop, not any(): a hot path of legal())
            if seat not in owners:
                extra = 0  # an open connection has none, and no site less
                break
    if extra < 0:
        sites = open_sites(ctx, seat)
        if not sites:
            return False
        extra = min(site_surcharge(ctx, site) for site in sites)
    costs = ctx.c.board.development_costs
    off = -1  # cost_now's discount, the same for every row: asked once, if a row has one
    for i, row in enumerate(RESOURCES):
        left = p.developments_left[i]
        if left == 0:
            continue
        if off < 0:
            off = dec.boost + modifiers.amount(ctx, p, "development_discount")
        cost = max(0, costs[3 - left] - off)
        paid = min(cost, p.resource(row))
        if modifiers.money_cost(ctx, p, cost - paid) + extra <= p.money:
            return True
    return False


def site_surcharge(ctx: Ctx, site: str) -> int:
    """Money added to a development under a technology (快適空間's icon, 上級技術's track), in
    money only and after every discount; Patent Pool waives the track's for the turn."""
    if site[0] != "t":
        return 0
    return technologies.surcharge(ctx, int(site[1:]) - 1)


def place(ctx: Ctx, p: Player, row: str, site: str) -> None:
    i = RESOURCES.index(row)
    p.developments_left[i] -= 1
    p.developments_placed += 1
    owners = site_owners(ctx, site)
    first = not owners
    owners.append(p.seat)
    where = site_label(ctx, site)
    ctx.log("development", p.seat, f"{p.name} places {names.a(row)} development on {where}.")
    if first:
        # The first development there covers the reputation icon.
        gain_reputation(ctx, p, 1)
        ctx.log("reputation", p.seat, f"{p.name} covers the reputation icon: +1 reputation.")
        if site[0] == "t":
            ctx.log("technology", p.seat, f"{p.name} invents {where}.")
    if site[0] == "t":
        p.technologies_developed += 1
    else:
        for hook in ctx.r.on_development_placed:
            hook(ctx)


def cost_now(ctx: Ctx, p: Player, dec: Act, row: str) -> int | None:
    """The cost after the bottom token's 4 off (dec.boost), cards and abilities; never < 0."""
    cost = next_cost(ctx, p, row)
    if cost is None:
        return None
    return max(0, cost - dec.boost - modifiers.amount(ctx, p, "development_discount"))


def money_due(ctx: Ctx, p: Player, dec: Act | None, cmd: BuildDevelopment) -> int:
    """The money `apply` takes for this build: the cost less the resources paid, after the
    money discounts, then the site's surcharge (for the words; the options' hot loop hoists
    the same sums)."""
    cost = (cost_now(ctx, p, dec, cmd.row) if dec else None) or 0
    return modifiers.money_cost(ctx, p, cost - cmd.resources) + site_surcharge(ctx, cmd.site)


def apply(ctx: Ctx, p: Player, dec: Act, cmd: BuildDevelopment) -> bool:
    cost = cost_now(ctx, p, dec, cmd.row) or 0
    p.set_resource(cmd.row, p.resource(cmd.row) - cmd.resources)
    money = modifiers.pay(ctx, p, cost - cmd.resources)
    extra = site_surcharge(ctx, cmd.site)
    p.money -= extra
    money += extra
    ctx.log("pay", p.seat, f"{p.name} pays "
            f"{names.amounts([(cmd.resources, cmd.row), (money, 'money')])}.")
    place(ctx, p, cmd.row, cmd.site)
    return True


def setup_options(ctx: Ctx, dec: StartingDevelopment) -> list[Command]:
    # 各プレイヤーの準備: the starting development goes on a connection with no development yet.
    sites = [s for s in open_sites(ctx, dec.seat, technologies=False) if not site_owners(ctx, s)]
    return [SetupDevelopment(row, int(s[1:])) for row in RESOURCES for s in sites]  # type: ignore[arg-type]


def apply_setup(ctx: Ctx, dec: StartingDevelopment, cmd: SetupDevelopment) -> None:
    place(ctx, ctx.player(dec.seat), cmd.row, f"c{cmd.connection}")

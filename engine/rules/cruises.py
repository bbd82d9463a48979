"""Schedule a Cruise and Advertise a Cruise; the guest queue (クルーズの立案, クルーズの宣伝)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.commands import AdvertiseCruise, Command, Done, ScheduleCruise, SellTicket
from engine.decisions import Act, SellTickets
from engine.rules import modifiers
from engine.rules.economy import gain_bonus, gain_reputation
from engine.rules.feasible import feasible
from engine.rules.funding import drop_max
from engine.rules.taking import take_one
from engine.rules.turns import finish_action
from engine.state import COLOURS, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

QUEUE_PRICES = (1, 2, 3)
SUPPLY_PRICE = 4
MAX_PRESOLD = 2
TOP_BONUS = {"top0": ("money", 1), "top1": ("ad", 1), "top2": ("vp", 1), "top3": ("resource", 1)}
BOTTOM_BONUS = {"bottom0": ("money", 4), "bottom1": ("ad", 4), "bottom2": ("resource", 4),
                "bottom3": ("development", 4)}


def destinations(ctx: Ctx, space: int) -> tuple[str, ...]:
    tile = ctx.s.board.cruise_spaces[space].tile
    return ctx.c.cruise_tile(tile).destinations if tile else ()


def guest_price(section: int, discount: int = 0) -> int:
    return max(0, (SUPPLY_PRICE if section == 3 else QUEUE_PRICES[section]) - discount)


def guest_sources(ctx: Ctx, ads: int, discount: int = 0) -> list[tuple[str, int]]:
    """(colour, section) of every guest a player with `ads` can buy, cheapest section first."""
    b = ctx.s.board
    out = []
    for section in range(3):
        for ci, c in enumerate(COLOURS):
            if b.queue[section][ci] and guest_price(section, discount) <= ads:
                out.append((c, section))
    if guest_price(3, discount) <= ads:
        out.extend((c, 3) for ci, c in enumerate(COLOURS) if b.supply[ci])
    return out


def any_guest(ctx: Ctx, ads: int, discount: int = 0) -> bool:
    """bool(guest_sources(...)), stopping at the first guest found (a hot path of legal())."""
    b = ctx.s.board
    for section in range(3):
        if guest_price(section, discount) <= ads and any(b.queue[section][:len(COLOURS)]):
            return True
    return guest_price(3, discount) <= ads and any(b.supply[:len(COLOURS)])


def take_guest(ctx: Ctx, p: Player, colour: str, section: int, discount: int = 0) -> int:
    ci = COLOURS.index(colour)
    if section == 3:
        ctx.s.board.supply[ci] -= 1
    else:
        ctx.s.board.queue[section][ci] -= 1
    price = guest_price(section, discount)
    p.ads -= price
    return price


# --- Schedule a Cruise ------------------------------------------------------------------
def bottom_ids(ctx: Ctx, p: Player) -> list[str]:
    """The tokens in a player's 4 bottom places, left to right: the base ones, or those a
    module puts in their stead."""
    hook = ctx.r.bottom_tokens
    return hook(ctx, p) if hook is not None else list(BOTTOM_BONUS)


def token_id(ctx: Ctx, p: Player, place: str) -> str:
    """The token in a tower place ("top0".."top3", "bottom0".."bottom3")."""
    return bottom_ids(ctx, p)[int(place[-1])] if place.startswith("bottom") else place


def module_token(ctx: Ctx, tid: str) -> bool:
    """A token a module put on the tower (its rules say what it does)."""
    return ctx.r.tower_tokens is not None and tid not in TOP_BONUS and tid not in BOTTOM_BONUS


def token_options(ctx: Ctx, p: Player) -> list[str]:
    out = [f"top{i}" for i, st in enumerate(p.tower_top) if st == "up"]
    ids = bottom_ids(ctx, p)
    for i, st in enumerate(p.tower_bottom):
        if st != "up":
            continue
        if module_token(ctx, ids[i]):
            if ctx.r.tower_tokens.possible(ctx, p, ids[i]):  # type: ignore[union-attr]
                out.append(f"bottom{i}")
        # The discounted development is offered only when one could be built.
        elif ids[i] != "bottom3" or feasible(ctx, p, "build_development", 0, boost=4):
            out.append(f"bottom{i}")
    return out or ["none"]


def schedule_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    if p.scheduled is not None:
        return []
    spaces = [i for i, sp in enumerate(ctx.s.board.cruise_spaces)
              if sp.tile and not sp.covered and sp.consultant is None]
    tokens = token_options(ctx, p)
    return [ScheduleCruise(i, t) for i in spaces for t in tokens]


def has_schedule_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(schedule_options(...)): token_options is never empty ("none" at least), so a
    space is enough, and the tokens (which may ask whether a development could be built)
    are not looked at."""
    if p.scheduled is not None:
        return False
    return any(sp.tile and not sp.covered and sp.consultant is None
               for sp in ctx.s.board.cruise_spaces)


def schedule(ctx: Ctx, p: Player, dec: Act, cmd: ScheduleCruise) -> bool:
    sp = ctx.s.board.cruise_spaces[cmd.space]
    sp.consultant = p.seat
    p.scheduled = cmd.space
    p.scheduled_token = None if cmd.token == "none" else cmd.token
    ctx.log("schedule", p.seat, f"{p.name} schedules cruise {sp.tile} "
            f"({' → '.join(ctx.c.cruise_tile(sp.tile).stops)}).")  # type: ignore[arg-type]
    if cmd.token == "none":
        return True
    row = p.tower_top if cmd.token.startswith("top") else p.tower_bottom
    row[int(cmd.token[-1])] = "flipped"
    ctx.log("token", p.seat, f"{p.name} flips {token_named(ctx, p, cmd.token)}.")
    gain_token(ctx, p, cmd.token)
    return True


def gain_token(ctx: Ctx, p: Player, place: str) -> None:
    """The bonus of the token in a tower place (flipped for a cruise, or taken off by a
    starting upgrade card)."""
    tid = token_id(ctx, p, place)
    if module_token(ctx, tid):
        ctx.r.tower_tokens.flip(ctx, p, tid)  # type: ignore[union-attr]
        return
    kind, n = (TOP_BONUS | BOTTOM_BONUS)[tid]
    if not gain_bonus(ctx, p, kind, n, "upgrade token"):  # the development at 4 money off
        ctx.push(Act(p.seat, action="build_development", boost=4, granted=True))


def token_label(ctx: Ctx, p: Player, place: str) -> str:
    """The bonus of the token in a tower place, in words."""
    tid = token_id(ctx, p, place)
    if module_token(ctx, tid):
        return ctx.r.tower_tokens.label(ctx, tid)  # type: ignore[union-attr]
    kind, n = (TOP_BONUS | BOTTOM_BONUS)[tid]
    if kind == "development":
        return "development at 4 money off"
    word = "VP" if kind == "vp" else kind
    return f"{n} {word}{'s' if n > 1 and kind in ('ad', 'resource') else ''}"


def token_named(ctx: Ctx, p: Player, place: str) -> str:
    """The token in a tower place as a sentence names it: "the 1 money token", "the Investor
    Relations token (2 money, 2 reputation)". A module token's label is its name and bonus
    ("Investor Relations: 2 money, 2 reputation"), which ran into "token" (QA s53 Q7)."""
    label = token_label(ctx, p, place)
    if module_token(ctx, token_id(ctx, p, place)):
        name, sep, bonus = label.partition(": ")
        if sep:
            return f"the {name} token ({bonus})"
    return f"the {label} token"


# --- Advertise a Cruise -----------------------------------------------------------------
def advertisable(ctx: Ctx, p: Player) -> list[int]:
    out = []
    for i, sp in enumerate(ctx.s.board.cruise_spaces):
        if sp.tile and not sp.covered and sp.consultant in (None, p.seat) \
                and len(sp.presold) < MAX_PRESOLD:
            out.append(i)
    return out


def advertise_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    spaces = advertisable(ctx, p)  # the cheap half first (a hot path of legal())
    # The drop may pay for the guest.
    if not spaces or not any_guest(ctx, p.ads + drop_max(ctx, p, "ad"), ad_discount(ctx, p)):
        return []
    return [AdvertiseCruise(i) for i in spaces]


def has_advertise_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(advertise_options(...)), stopping at the first guest found."""
    return bool(advertisable(ctx, p)) and \
        any_guest(ctx, p.ads + drop_max(ctx, p, "ad"), ad_discount(ctx, p))


def advertise_sure(ctx: Ctx, p: Player, dec: Act) -> bool:
    """A guest the ads already pay for, without the drop: no free command lowers the ads or
    takes a cruise away."""
    return bool(advertisable(ctx, p)) and any_guest(ctx, p.ads, ad_discount(ctx, p))


def ad_discount(ctx: Ctx, p: Player) -> int:
    return modifiers.amount(ctx, p, "advertise_discount")


def advertise(ctx: Ctx, p: Player, dec: Act, cmd: AdvertiseCruise) -> bool:
    # Selling tickets is part of this action: it finishes when the sales are done.
    ctx.push(SellTickets(p.seat, space=cmd.space))
    return False


def ticket_options(ctx: Ctx, dec: SellTickets) -> list[Command]:
    p = ctx.player(dec.seat)
    sp = ctx.s.board.cruise_spaces[dec.space]
    out: list[Command] = []
    if len(sp.presold) < MAX_PRESOLD and len(dec.taken) < 2:
        out = [SellTicket(c, s) for c, s in guest_sources(ctx, p.ads, ad_discount(ctx, p))]
    if dec.taken or not out:
        out.append(Done())
    return out


def _drop_could_pay(ctx: Ctx, p: Player, dec: SellTickets) -> bool:
    """The once-per-turn reputation drop may pay for the second guest (明確化)."""
    sp = ctx.s.board.cruise_spaces[dec.space]
    if len(sp.presold) >= MAX_PRESOLD or len(dec.taken) >= 2:
        return False
    extra = drop_max(ctx, p, "ad")
    return bool(extra) and any_guest(ctx, p.ads + extra, ad_discount(ctx, p))


def sell_ticket(ctx: Ctx, dec: SellTickets, cmd: Command) -> None:
    if isinstance(cmd, Done):
        finish_action(ctx, dec)
        return
    assert isinstance(cmd, SellTicket)
    p = ctx.player(dec.seat)
    sp = ctx.s.board.cruise_spaces[dec.space]
    off = ad_discount(ctx, p)
    if off and guest_price(cmd.section):
        from engine.rules import technologies

        technologies.record_use(ctx, p, "advertise_discount")
    price = take_guest(ctx, p, cmd.colour, cmd.section, off)
    sp.presold.append(cmd.colour)
    dests = destinations(ctx, dec.space)
    p.money += len(dests)
    match = cmd.colour in dests
    if match:
        gain_reputation(ctx, p, 1)
    ctx.log("advertise", p.seat, f"{p.name} sells a presold ticket to "
            f"{names.guest(cmd.colour)} for {price} ad{'s' if price != 1 else ''}: "
            f"+{len(dests)} money"
            + (", +1 reputation." if match else "."))
    done = take_one(ctx, dec, cmd.colour, MAX_PRESOLD, lambda nxt: ticket_options(
        ctx, nxt) != [Done()] or _drop_could_pay(ctx, p, nxt))
    if done is not None:
        finish_action(ctx, done)

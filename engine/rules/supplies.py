"""Purchase Supplies, Gain Resources and Refill Silo (物資の購入, 物資の獲得, 倉庫の補充)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from engine.commands import Command, GainResources, PurchaseSupplies, RefillSilo
from engine.decisions import Act, ResourceChoice
from engine.rules import modifiers, technologies
from engine.rules.economy import gain_reputation, gain_resource
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

SILO_MAX = 5
PAIRS = list(combinations_with_replacement(RESOURCES, 2))


def purchase_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    out: list[Command] = []
    if p.money >= 1:
        out.append(PurchaseSupplies((), True))
        out.extend(PurchaseSupplies(pair, False) for pair in PAIRS)  # type: ignore[arg-type]
    if p.money >= 2:
        out.extend(PurchaseSupplies(pair, True) for pair in PAIRS)  # type: ignore[arg-type]
    return out


def has_purchase_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(purchase_options(...)): 1 money buys the ads alone."""
    return p.money >= 1


def purchase(ctx: Ctx, p: Player, dec: Act, cmd: PurchaseSupplies) -> bool:
    parts = []
    if cmd.resources:
        p.money -= 1
        got = [gain_resource(p, r, 1) for r in cmd.resources]  # a pair may be one kind twice
        parts.append(" and ".join(f"{r}" for r in cmd.resources)
                     + ("" if sum(got) == 2 else " (some lost: storage full)"))
    if cmd.ads:
        p.money -= 1
        p.ads += 2
        parts.append("2 ads")
    ctx.log("purchase", p.seat, f"{p.name} buys {', '.join(parts)}.")
    extra = modifiers.amount(ctx, p, "purchase_extra")
    if extra:
        ctx.push(ResourceChoice(p.seat, left=extra, why="purchase bonus"))
    return True


def _room(ctx: Ctx, p: Player) -> list[int]:
    silo = ctx.s.board.silo
    return [max(0, min(silo[i], p.capacity(r) - p.resource(r))) for i, r in enumerate(RESOURCES)]


def _open_rows(ctx: Ctx, p: Player) -> list[int]:
    """The room in storage (Player.capacity, less what is held) of each row the silo still
    has, 0 in the others: what Gain Resources could fill before the silo's own count runs
    out. Read from the attributes, without Player's methods: a hot path of legal()."""
    silo = ctx.s.board.silo
    left = p.developments_left
    # The three rows written out (zip's strict= keyword cost more than the rows).
    return [5 - left[0] - p.food if silo[0] > 0 and 5 - left[0] > p.food else 0,
            5 - left[1] - p.oxygen if silo[1] > 0 and 5 - left[1] > p.oxygen else 0,
            5 - left[2] - p.fuel if silo[2] > 0 and 5 - left[2] > p.fuel else 0]


def _limit(ctx: Ctx, p: Player, dec: Act) -> int:
    """The most resources one Gain Resources takes."""
    return 3 + dec.boost + modifiers.amount(ctx, p, "silo_extra")


def has_gain_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(gain_options(...)): some room for one resource that the silo has, and a limit of
    at least one."""
    return any(_open_rows(ctx, p)) and _limit(ctx, p, dec) >= 1


def gain_open_for_every_split(ctx: Ctx, p: Player, dec: Act, n: int) -> bool:
    """has_gain_option after `n` more resources of the player's choice, however split: a
    split closes the action only by filling every row the silo has and storage has room for,
    so every split keeps it open when their room together is more than `n` (the limit reads
    no resources)."""
    return sum(_open_rows(ctx, p)) > n and _limit(ctx, p, dec) >= 1


def gain_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    room = _room(ctx, p)
    limit = _limit(ctx, p, dec)
    out: list[Command] = []
    for f in range(room[0] + 1):
        for o in range(room[1] + 1):
            for u in range(room[2] + 1):
                if 1 <= f + o + u <= limit:
                    out.append(GainResources(f, o, u))
    return out


def gain(ctx: Ctx, p: Player, dec: Act, cmd: GainResources) -> bool:
    amounts = (cmd.food, cmd.oxygen, cmd.fuel)
    if sum(amounts) > 3 + dec.boost:
        technologies.record_use(ctx, p, "silo_extra")
    for i, r in enumerate(RESOURCES):
        ctx.s.board.silo[i] -= amounts[i]
        p.set_resource(r, p.resource(r) + amounts[i])
    got = ", ".join(f"{n} {r}" for r, n in zip(RESOURCES, amounts, strict=True) if n)
    ctx.log("silo", p.seat, f"{p.name} takes {got} from the silo.")
    return True


def refill_options(ctx: Ctx, p: Player, dec: Act) -> list[Command]:
    out: list[Command] = []
    for card in dict.fromkeys(p.hand):
        for i, r in enumerate(RESOURCES):
            # Topping up a full silo refills nothing, so it is not offered.
            if ctx.s.board.silo[i] < SILO_MAX:
                out.append(RefillSilo(card, r))  # type: ignore[arg-type]
    return out


def has_refill_option(ctx: Ctx, p: Player, dec: Act) -> bool:
    """bool(refill_options(...)): a card to discard and a silo row not full."""
    silo = ctx.s.board.silo
    return bool(p.hand) and any(silo[i] < SILO_MAX for i in range(len(RESOURCES)))


def refill_sure(ctx: Ctx, p: Player, dec: Act) -> bool:
    """A free command plays at most one card and fills no silo: with two cards in the hand
    and a row not full, one is left to discard."""
    return len(p.hand) >= 2 and has_refill_option(ctx, p, dec)


def refill(ctx: Ctx, p: Player, dec: Act, cmd: RefillSilo) -> bool:
    i = RESOURCES.index(cmd.resource)
    steps = SILO_MAX - ctx.s.board.silo[i]
    p.hand.remove(cmd.card)
    ctx.s.board.agenda_discard.append(cmd.card)
    ctx.s.board.silo[i] = SILO_MAX
    gain_reputation(ctx, p, 1)
    steps += modifiers.amount(ctx, p, "refill_silo_extra")
    p.money += steps
    ctx.log("silo", p.seat,
            f"{p.name} discards {ctx.c.agenda(cmd.card).name} and refills the silo's "
            f"{cmd.resource} to 5: +1 reputation, +{steps} money.")
    return True

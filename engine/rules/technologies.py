"""Technologies: permanent effects, free to their developers and by fee to others (技術)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.places import technology_place
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def invented(ctx: Ctx) -> list[tuple[int, str]]:
    b = ctx.s.board
    return [(i, t) for i, t in enumerate(b.technologies) if b.tech_owners[i]]


def usable(ctx: Ctx, p: Player, slot: int) -> bool:
    """Developers use it free; others once they have paid for it this turn (`slot` from 0),
    or, from rules 2, while its fee for them is 0."""
    owners = ctx.s.board.tech_owners[slot]
    if not owners:
        return False
    # No one left to pay (places.unpaid_owners, asked without making the list: a hot path).
    if p.seat in owners or technology_place(slot + 1) in ctx.s.turn.paid:
        return True
    # From rules 2 a fee of 0 (by reputation or an upgrade, and no surcharge) is nothing to
    # pay: the technology counts with no command to turn it on.
    return ctx.s.rules >= 2 and ctx.r.tech_fee(ctx, p, slot) == 0


def lock_free(ctx: Ctx) -> None:
    """Rules 2: before each command of a turn, the technologies the turn's player may use for
    a fee of 0 are theirs for the rest of the turn, as a fee paid is (コストを支払った開発トー
    クンに関しては、その手番が終わるまで自由に使用できる): a drop or a marker that raises the
    fee later in the turn does not take back a discount a launch was planned on."""
    s = ctx.s
    t = s.turn
    if t.phase in ("setup", "done", "final") or t.seat < 0:
        return
    seat = t.seat
    paid = t.paid
    p = None
    same = ctx.r.tech_surcharge is None  # no surcharges: one fee for every technology
    for i, owners in enumerate(s.board.tech_owners):
        if owners and seat not in owners:
            place = _PLACES[i]
            if place in paid:
                continue
            if p is None:
                p = s.players[seat]
            if ctx.r.tech_fee(ctx, p, i):
                if same:
                    return  # (a hot path: apply runs this before every command)
                continue
            paid.append(place)


def tech_amount(ctx: Ctx, p: Player, kind: str, flag: bool = False) -> int:
    # Cheapest tests first (invented, then the kind, then fees): a hot path of legal() and of
    # every position a bot values.
    if kind not in ctx.c.technology_kinds:
        return 0
    total = 0
    b = ctx.s.board
    owners = b.tech_owners
    effect = ctx.c.technology_effect
    enhanced = ctx.r.tech_effect
    for i, t in enumerate(b.technologies):
        devs = owners[i]
        if not devs:
            continue
        eff = effect[t] if enhanced is None else enhanced(ctx, i)
        # usable's quick answers first (its developer, or paid this turn), then the fee test.
        if eff.kind == kind and (p.seat in devs or _PLACES[i] in ctx.s.turn.paid or
                                 usable(ctx, p, i)):
            total += eff.amount if not flag else 1
    return total


# Each slot's place name (technology_place(slot + 1)), by 0-based slot.
_PLACES = tuple(technology_place(i + 1) for i in range(64))


def record_use(ctx: Ctx, p: Player, kind: str) -> None:
    """The effect `kind` of the technologies `p` may use changed what they paid or got in this
    step: note their slots (a module moves their markers at the step's end). Call where the
    rule is carried out, never while listing options."""
    if not ctx.s.board.tech_markers or ctx.s.turn.seat != p.seat:
        return
    b = ctx.s.board
    for i, t in enumerate(b.technologies):
        if not b.tech_owners[i] or i in ctx.s.turn.tech_used:
            continue
        eff = ctx.c.technology(t).effect if ctx.r.tech_effect is None else \
            ctx.r.tech_effect(ctx, i)
        if eff.kind == kind and usable(ctx, p, i):
            ctx.s.turn.tech_used.append(i)


def surcharge(ctx: Ctx, slot: int) -> int:
    """Money added to each fee for the technology in `slot` (0-based) and to a development
    under it: the tile's printed icon (快適空間's tiles: 1; 0 for the others), then a module's
    track surcharge (上級技術), which Patent Pool waives for the turn (not the printed one)."""
    printed = ctx.c.technology_surcharge[ctx.s.board.technologies[slot]]  # c.surcharge
    if ctx.r.tech_surcharge is None or ctx.s.turn.surcharge_free:
        return printed
    return printed + ctx.r.tech_surcharge(ctx, slot)

"""Funding bonuses (先見ボーナス) and the once-per-turn reputation drop."""

from __future__ import annotations

from engine.commands import ChooseResource, Command, DropReputation, FundingBonus
from engine.ctx import Ctx
from engine.rules.economy import gain_resource
from engine.state import RESOURCES, Decision, Player

# The top launch-tower tokens in board order; "resource" lets the player pick the kind.
TOP_TOKENS = ("money", "ad", "vp", "resource")
_PLAIN = {"money": "money", "ad": "ad", "vp": "vp"}


def grant_funding(ctx: Ctx, seat: int, n: int, why: str) -> None:
    """Queue n funding bonuses for `seat` (chosen by that player, even off-turn)."""
    if n <= 0:
        return
    p = ctx.player(seat)
    if not available_tokens(p):
        ctx.log("funding", seat, f"{p.name} gets no funding bonus ({why}): every token is flipped.")
        return
    ctx.push(Decision("funding", seat, count=n, action=why))


def available_tokens(p: Player) -> list[tuple[str, int]]:
    """(token kind, amount): flipped tokens serve nothing; removed ones give 2."""
    out = []
    for kind, st in zip(TOP_TOKENS, p.tower_top, strict=True):
        if st == "up":
            out.append((kind, 1))
        elif st == "removed":
            out.append((kind, 2))
    return out


def funding_options(ctx: Ctx, dec: Decision) -> list[Command]:
    out: list[Command] = []
    for kind, _amount in available_tokens(ctx.player(dec.seat)):
        if kind == "resource":
            out.extend(FundingBonus(r) for r in RESOURCES)  # type: ignore[arg-type]
        else:
            out.append(FundingBonus(kind))  # type: ignore[arg-type]
    return out


def apply_funding(ctx: Ctx, dec: Decision, cmd: FundingBonus) -> None:
    p = ctx.player(dec.seat)
    amounts = dict(available_tokens(p))
    kind = cmd.kind
    if kind in RESOURCES:
        n = amounts["resource"]
        got = gain_resource(p, kind, n)
        ctx.log("funding", p.seat, f"{p.name} takes a funding bonus: {got} {kind}.")
    else:
        n = amounts[kind]
        if kind == "money":
            p.money += n
        elif kind == "ad":
            p.ads += n
        else:
            p.vp += n
        ctx.log("funding", p.seat, f"{p.name} takes a funding bonus: {n} {_label(kind, n)}.")
    if dec.count > 1:
        ctx.push(Decision("funding", dec.seat, count=dec.count - 1, action=dec.action))


def _label(kind: str, n: int) -> str:
    if kind == "ad":
        return "ad" if n == 1 else "ads"
    return {"money": "money", "vp": "VP"}[kind]


# --- the reputation drop ---------------------------------------------------------------
def drop_bonuses(ctx: Ctx, frm: int, to: int) -> dict[str, int]:
    """Icons under the spaces the marker leaves: dropping 7 to 3 passes 7, 6, 5 and 4."""
    icons = ctx.c.board.reputation_icons
    counts = {"resource": 0, "ad": 0, "money": 0}
    for space in range(frm, to, -1):
        counts[icons[space - 1]] += 1
    return counts


def drop_options(ctx: Ctx, p: Player) -> list[Command]:
    out: list[Command] = []
    for to in range(p.reputation - 1, -1, -1):
        for kind, n in drop_bonuses(ctx, p.reputation, to).items():
            if n:
                out.append(DropReputation(to, kind))  # type: ignore[arg-type]
    return out


def apply_drop(ctx: Ctx, p: Player, cmd: DropReputation) -> None:
    n = drop_bonuses(ctx, p.reputation, cmd.to)[cmd.bonus]
    ctx.log("reputation", p.seat,
            f"{p.name} drops reputation {p.reputation} to {cmd.to} for {n} {cmd.bonus}.")
    p.reputation = cmd.to
    ctx.s.turn.dropped = True
    if cmd.bonus == "money":
        p.money += n
    elif cmd.bonus == "ad":
        p.ads += n
    else:
        ctx.push(Decision("choose_resource", p.seat, count=n, action="overflow"))


def resource_options(ctx: Ctx, dec: Decision) -> list[Command]:
    return [ChooseResource(r) for r in RESOURCES]  # type: ignore[arg-type]


def apply_resource(ctx: Ctx, dec: Decision, cmd: ChooseResource) -> None:
    p = ctx.player(dec.seat)
    # Resources from a reputation drop or an agenda card may exceed storage until the step ends.
    gain_resource(p, cmd.resource, 1, overflow=dec.action == "overflow")
    if dec.count > 1:
        ctx.push(Decision("choose_resource", dec.seat, count=dec.count - 1, action=dec.action))

"""Funding bonuses (先見ボーナス) and the once-per-turn reputation drop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.commands import ChooseResource, Command, Done, DropReputation, FundingBonus
from engine.decisions import Decision, Funding, ResourceChoice
from engine.rules.economy import gain_bonus, gain_resource
from engine.rules.taking import count_down
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

# The top launch-tower tokens in board order; "resource" lets the player pick the kind.
TOP_TOKENS: tuple[str, ...] = ("money", "ad", "vp", "resource")
_PLAIN = {"money": "money", "ad": "ad", "vp": "vp"}


def grant_funding(ctx: Ctx, seat: int, n: int, why: str, piece_returned: bool = False) -> None:
    """Queue n funding bonuses for `seat` (chosen by that player, even off-turn).
    `piece_returned`: another player's piece bumped this one home, or the final round's
    recall (the FAQ, 最終ラウンドで全プレイヤーが部下を回収する際…): cards that react to it
    may be played."""
    if n <= 0:
        return
    p = ctx.player(seat)
    engine_seat = ctx.r.seats.get(p.kind)
    if engine_seat is not None:
        engine_seat.funding(ctx, seat, n, why)
        return
    if not available_tokens(p):
        ctx.log("funding", seat, f"{p.name} gets no funding bonus ({why}): every token is flipped.")
        if not piece_returned or not _has_bump_reaction(ctx, p):
            return
        # No bonus is due, but the return is still the moment to react with a card.
    ctx.push(Funding(seat, left=n, why=why, piece_returned=piece_returned))


def _has_bump_reaction(ctx: Ctx, p: Player) -> bool:
    return any(ctx.c.agenda(c).timing == "bumped" for c in p.hand)


def available_tokens(p: Player) -> list[tuple[str, int]]:
    """(token kind, amount): flipped tokens serve nothing; removed ones give 2."""
    top = p.tower_top
    if len(top) != len(TOP_TOKENS):
        raise ValueError("a tower top of another length than TOP_TOKENS")
    out = []
    # (enumerate, not zip: zip's strict= keyword cost more than the tokens; asked at every
    # funding decision)
    for i, st in enumerate(top):
        if st == "up":
            out.append((TOP_TOKENS[i], 1))
        elif st == "removed":
            out.append((TOP_TOKENS[i], 2))
    return out


def funding_options(ctx: Ctx, dec: Funding) -> list[Command]:
    tokens = available_tokens(ctx.player(dec.seat))
    if not tokens:
        return [Done()]  # only the bump reaction window is open
    out: list[Command] = []
    for kind, _amount in tokens:
        out.extend(_BONUSES[kind])
    return out


# The bonuses each kind of token offers, made once (commands are frozen).
_BONUSES: dict[str, tuple[Command, ...]] = {
    k: tuple(FundingBonus(r) for r in RESOURCES) if k == "resource"  # type: ignore[arg-type]
    else (FundingBonus(k),) for k in TOP_TOKENS}  # type: ignore[arg-type]


def apply_funding(ctx: Ctx, dec: Funding, cmd: FundingBonus | Done) -> None:
    if isinstance(cmd, Done):
        return
    p = ctx.player(dec.seat)
    amounts = dict(available_tokens(p))
    kind = cmd.kind
    if kind in RESOURCES:
        n = amounts["resource"]
        got = gain_resource(p, kind, n)
        ctx.log("funding", p.seat, f"{p.name} takes a funding bonus: {got} {kind}.")
    else:
        n = amounts[kind]
        gain_bonus(ctx, p, kind, n, "funding bonus")
        ctx.log("funding", p.seat, f"{p.name} takes a funding bonus: {n} {_label(kind, n)}.")
    count_down(ctx, dec)


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


def drop_max(ctx: Ctx, p: Player, kind: str, reputation: int | None = None) -> int:
    """The most of `kind` this turn's reputation drop could still give (0 once it is used),
    dropping from `reputation` (default: where the marker is now) all the way to 0."""
    rep = p.reputation if reputation is None else reputation
    if ctx.s.turn.dropped or ctx.s.turn.seat != p.seat or rep <= 0:
        return 0
    # drop_bonuses(ctx, rep, 0), counted once per board and level: every launch plan and
    # advertising test asks it (a hot path of legal()).
    icons = ctx.c.board.reputation_icons
    made = _ALL_THE_WAY.get(id(icons))
    if made is None or made[0] is not icons:
        made = _ALL_THE_WAY[id(icons)] = (icons, {})
    counts = made[1].get(rep)
    if counts is None:
        counts = made[1][rep] = drop_bonuses(ctx, rep, 0)
    return counts[kind]


# drop_bonuses to 0 from each level, by board (its icons, kept so that the id stays theirs);
# read only.
_ALL_THE_WAY: dict[int, tuple[object, dict[int, dict[str, int]]]] = {}


def drop_free_options(ctx: Ctx, dec: Decision) -> list[Command]:
    return [] if ctx.s.turn.dropped else drop_options(ctx, ctx.s.players[dec.seat])


def drop_options(ctx: Ctx, p: Player) -> list[Command]:
    return list(kept_drops(ctx, p))


def kept_drops(ctx: Ctx, p: Player) -> tuple[Command, ...]:
    """The drops open to `p` at its reputation, the kept tuple itself (for reading:
    drop_options copies it, free_listing adds it to its own list), whether or not dropped."""
    icons = ctx.c.board.reputation_icons
    made = _DROPS.get(id(icons))
    if made is None or made[0] is not icons:
        made = _DROPS[id(icons)] = (icons, {})
    drops = made[1].get(p.reputation)
    if drops is None:
        drops = made[1][p.reputation] = _drops(icons, p.reputation)
    return drops


# The drops from each level, by board (its icons, kept so that the id stays theirs): listed
# for the player whose turn it is at every decision of it (a hot path of legal()).
_DROPS: dict[int, tuple[object, dict[int, tuple[Command, ...]]]] = {}


def _drops(icons: Sequence[str], reputation: int) -> tuple[Command, ...]:
    out: list[Command] = []
    counts = {"resource": 0, "ad": 0, "money": 0}  # drop_bonuses, one space further each time
    for to in range(reputation - 1, -1, -1):
        counts[icons[to]] += 1
        for kind, n in counts.items():
            if n:
                out.append(DropReputation(to, kind))  # type: ignore[arg-type]
    return tuple(out)


def apply_drop(ctx: Ctx, dec: Decision, cmd: DropReputation) -> None:
    p = ctx.player(dec.seat)
    n = drop_bonuses(ctx, p.reputation, cmd.to)[cmd.bonus]
    ctx.log("reputation", p.seat,
            f"{p.name} drops reputation {p.reputation} to {cmd.to} for {n} "
            f"{cmd.bonus}{'s' if n != 1 and cmd.bonus != 'money' else ''}.")
    p.reputation = cmd.to
    ctx.s.turn.dropped = True
    if cmd.bonus == "money":
        p.money += n
    elif cmd.bonus == "ad":
        p.ads += n
    else:
        ctx.push(ResourceChoice(p.seat, left=n, why="reputation drop", overflow=True))


def resource_options(ctx: Ctx, dec: ResourceChoice) -> list[Command]:
    return [ChooseResource(r) for r in RESOURCES]  # type: ignore[arg-type]


def apply_resource(ctx: Ctx, dec: ResourceChoice, cmd: ChooseResource) -> None:
    p = ctx.player(dec.seat)
    # Resources from a reputation drop or an agenda card may exceed storage until the step ends.
    got = gain_resource(p, cmd.resource, 1, overflow=dec.overflow)
    ctx.log("resource", p.seat, f"{p.name} takes {got} {cmd.resource} ({dec.why})."
            if got else f"{p.name} has no room for {cmd.resource} ({dec.why}).")
    count_down(ctx, dec)

"""《専門設計図》 in play: the guest tokens on the marketing board, a day in space spent placing
guests on segments (one VisitSegment decision per guest, each effect finished before the next
guest), and Encore Performance. Building uses 《客室斡旋》's placement (its play.py, through
`extend`). The arithmetic is in rules.py; Rachel keeps her day in space (rachel/travel)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import names
from engine.commands import Command
from engine.components import SpecialisedBlueprint
from engine.decisions import FreeBlueprint
from engine.describe import gain_text
from engine.modules.specialised_blueprints import rules
from engine.modules.specialised_blueprints.commands import PlaceGuest
from engine.modules.specialised_blueprints.decisions import VisitBuild, VisitSegment
from engine.rules import modifiers, ships
from engine.rules.funding import grant_funding
from engine.rules.gains import apply_gain
from engine.rules.rachel import KIND as RACHEL
from engine.state import COLOURS, Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

REPEAT = "segment_repeat"  # Encore Performance (acc04): a lasting effect for the stop


def setup(ctx: Ctx) -> None:
    """The module's guest bonus tokens replace the base ones (no draw: the base shuffle has
    run, so a seed deals the base layout of a base game)."""
    by_colour = {t.colour: t.id for t in ctx.c.guest_tokens}
    ctx.s.board.guest_bonus = [by_colour[c] for c in COLOURS]


def segments(ctx: Ctx, ship: Ship) -> list[SpecialisedBlueprint]:
    out = []
    for b in ship.segments:
        bp = ctx.c.blueprint(b)
        assert isinstance(bp, SpecialisedBlueprint), f"{b} is no specialised blueprint"
        out.append(bp)
    return out


def extra(ctx: Ctx, p: Player) -> int:
    """Second starts granted this day in space (Encore Performance played for it)."""
    return modifiers.amount(ctx, p, REPEAT)


def times(ctx: Ctx, p: Player) -> int:
    """[ours] A card that doubles a day in space carries each segment's effect out twice."""
    return 2 if modifiers.has(ctx, p, "day_in_space_double") else 1


def day_in_space(ctx: Ctx, p: Player, ship: Ship) -> None:
    """Instead of the guests' bonuses: each guest in turn visits a segment."""
    if p.kind == RACHEL or not ship.guests:
        return
    ctx.push(VisitSegment(p.seat, ship=p.ships.index(ship), waiting=list(ship.guests)))


def options(ctx: Ctx, dec: VisitSegment) -> list[Command]:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    return [PlaceGuest(c, i) for c, i in
            rules.choices(segments(ctx, ship), dec.waiting, dec.used, extra(ctx, p))]


def apply(ctx: Ctx, dec: VisitSegment, cmd: PlaceGuest) -> None:
    p = ctx.player(dec.seat)
    ship = p.ships[dec.ship]
    bps = segments(ctx, ship)
    visit, waiting, used = rules.place(bps, ship.guests, dec.waiting, dec.used, cmd.colour,
                                       cmd.segment, ctx.c.guest_tokens, extra(ctx, p),
                                       times(ctx, p))
    guest = f"{p.name}'s {names.colour_name(cmd.colour)} guest"
    if cmd.segment == rules.NO_SEGMENT:
        token = ctx.c.guest_token(ctx.s.board.guest_bonus[COLOURS.index(cmd.colour)])
        ctx.log("travel", p.seat, f"{guest} finds no free segment showing its icon: "
                f"{gain_text(token.fallback)}.")
    else:
        ctx.log("travel", p.seat, f"{guest} visits {bps[cmd.segment].name} "
                f"(segment {cmd.segment + 1}): {bps[cmd.segment].text}")
    # The next guest waits under whatever this effect asks (a resource of choice, a build, a
    # blueprint, funding): each effect is finished before it (the book).
    if waiting:
        ctx.push(VisitSegment(p.seat, ship=dec.ship, waiting=waiting, used=used))
    apply_gain(ctx, p, visit.gain, bps[cmd.segment].name if cmd.segment >= 0 else "the guest")
    if visit.follow is not None:
        follow_up(ctx, p, visit.follow, visit.amount)
    if not waiting:
        modifiers.end_of_step(ctx)


def follow_up(ctx: Ctx, p: Player, kind: str, amount: int) -> None:
    if kind == "funding":
        grant_funding(ctx, p.seat, amount, "a segment's effect")
    elif kind == "free_blueprint":
        ctx.push(FreeBlueprint(p.seat, left=amount, why="a segment's effect"))
    else:  # build_segment: in another ship (this one is in flight), paid as usual
        build = VisitBuild(p.seat, action="build_segments", granted=True, limit=amount)
        if ships.segment_options(ctx, p, build):
            ctx.push(build)
        else:
            ctx.log("travel", p.seat, f"{p.name} can build no segment now (no ship at home "
                    "with room, or no blueprint affordable): the build is lost.")


def words(ctx: Ctx, dec: VisitSegment) -> str:
    p = ctx.player(dec.seat)
    waiting = ", ".join(names.colour_name(c) for c in dec.waiting)
    ship = p.ships[dec.ship]
    started = ", ".join(dict.fromkeys(ctx.c.blueprint(ship.segments[i]).name
                                      for i in dec.used)) or "none yet"
    return (f"day in space, ship {dec.ship + 1}: place a guest on a segment showing its icon "
            f"(waiting: {waiting}; started: {started}; each segment starts once"
            f"{_repeat_words(ctx, p)})")


def _repeat_words(ctx: Ctx, p: Player) -> str:
    n = extra(ctx, p)
    return f", {n} may start twice" if n else ""


def build_words(ctx: Ctx, dec: VisitBuild) -> str:
    return f"a segment's effect: build {dec.limit} segment{'s' if dec.limit != 1 else ''} " \
           "in a ship at home"

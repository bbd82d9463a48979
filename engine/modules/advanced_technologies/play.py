"""上級技術 in play: the markers on the technology tracks, their moves at the end of each step
in which a technology's effect was used (technologies.record_use notes the slots), the
surcharges on fees and developments, the enhanced effect on the last space, Rachel's moves,
Prototype Run and Patent Pool. The arithmetic is in rules.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import ChooseTile, Command
from engine.components import AdvancedTechnology, Effect
from engine.modules.advanced_technologies import rules
from engine.modules.advanced_technologies.decisions import PrototypeRun
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def techs(ctx: Ctx) -> list[AdvancedTechnology]:
    out = []
    for t in ctx.s.board.technologies:
        a = ctx.c.advanced(t)
        assert a is not None, f"technology {t!r} has no track"
        out.append(a)
    return out


def setup(ctx: Ctx) -> None:
    b = ctx.s.board
    enhanced = rules.VARIANT in ctx.s.options.variants
    b.tech_markers = [rules.start(t, enhanced) for t in techs(ctx)]


def effect(ctx: Ctx, slot: int) -> Effect:
    tech = ctx.c.advanced(ctx.s.board.technologies[slot])
    assert tech is not None
    return rules.effect(tech, ctx.s.board.tech_markers[slot])


def surcharge(ctx: Ctx, slot: int) -> int:
    tech = ctx.c.advanced(ctx.s.board.technologies[slot])
    assert tech is not None
    return rules.surcharge(tech, ctx.s.board.tech_markers[slot])


def _moved(ctx: Ctx, slot: int, why: str) -> None:
    tech = ctx.c.advanced(ctx.s.board.technologies[slot])
    assert tech is not None
    m = ctx.s.board.tech_markers[slot]
    more = " (enhanced: " + tech.enhanced_text + ")" if rules.enhanced(tech, m) else ""
    ctx.log("technology", -1, f"The {tech.name} marker moves to space {m + 1} of "
            f"{tech.spaces}{more}; {why}.")


def end_of_step(ctx: Ctx) -> None:
    t = ctx.s.turn
    if not t.tech_used:
        return
    b = ctx.s.board
    before = list(b.tech_markers)
    b.tech_markers, t.tech_moved = rules.end_of_action(techs(ctx), b.tech_markers,
                                                       t.tech_used, t.tech_moved)
    t.tech_used = []
    for slot, (a, z) in enumerate(zip(before, b.tech_markers, strict=True)):
        if a != z:
            _moved(ctx, slot, "its effect was used")


def turn_start(ctx: Ctx) -> None:
    ctx.s.turn.tech_start = list(ctx.s.board.tech_markers)


def rachel_cube(ctx: Ctx, seat: int) -> None:
    """Solo: each cube Rachel adds moves the least advanced invented technology's marker."""
    if seat < 0 or ctx.player(seat).kind != RACHEL:
        return
    from engine.rules.rachel.deck import number_card

    b = ctx.s.board
    card = number_card(ctx)
    slot = rules.rachel_target(techs(ctx), b.tech_markers, [bool(o) for o in b.tech_owners],
                               card.first, card.second)
    if slot is None:
        return
    b.tech_markers[slot] += 1
    ctx.s.turn.tech_rachel += 1
    _moved(ctx, slot, "Rachel added a progress cube")


# --- agenda cards: Prototype Run (tech_advance), Patent Pool (tech_surcharge_free) ----------
def advanceable(ctx: Ctx) -> list[int]:
    b = ctx.s.board
    moved = ctx.s.turn.tech_moved
    return [i for i, t in enumerate(techs(ctx))
            if b.tech_owners[i] and i not in moved and b.tech_markers[i] < rules.last(t)]


def prototype_useful(ctx: Ctx, p: Player) -> bool:
    return bool(advanceable(ctx))


def prototype_run(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    ctx.push(PrototypeRun(p.seat, spaces=e.amount, card=name))


def prototype_options(ctx: Ctx, dec: PrototypeRun) -> list[Command]:
    return [ChooseTile(ctx.s.board.technologies[i]) for i in advanceable(ctx)]


def prototype_apply(ctx: Ctx, dec: PrototypeRun, cmd: ChooseTile) -> None:
    b = ctx.s.board
    slot = b.technologies.index(cmd.tile)
    tech = techs(ctx)[slot]
    b.tech_markers[slot] = min(rules.last(tech), b.tech_markers[slot] + dec.spaces)
    ctx.s.turn.tech_moved.append(slot)
    _moved(ctx, slot, dec.card or "an agenda card")


def patent_pool(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    ctx.s.turn.surcharge_free = True

"""Why no ship segment can be built now: for Build Ship Segments when it is missing, and for a
launch-tower token whose bonus is a segment (『技術革新』's Prefab Segment).

Under 《客室斡旋》 or 《専門設計図》 a segment goes only where it completes a cabin, so money is
often not what stands in the way: a tester with 10 money and 2-money blueprints on show read
"cannot pay for a segment (10 money)" when no blueprint on offer matched the ship's ½C halves.
The view imports no module: a blueprint's half is read through `Components.cabin`.
"""

from __future__ import annotations

from engine.ctx import Ctx
from engine.names import half_mark
from engine.rules import modifiers, upgrades
from engine.rules.economy import can_lose_reputation
from engine.rules.ships import in_flight, segment_cost, spots
from engine.state import Player, Ship


def _needed(ctx: Ctx, ships: list[Ship]) -> list[str]:
    """The halves a new segment would have to show to go into one of `ships` (cockpit's own
    first, then the segments', as the ship reads from its cockpit)."""
    out: dict[str, None] = {}
    for sh in ships:
        cockpit = ctx.c.cockpit_cabin(sh.cockpit)
        if cockpit is not None:
            out[cockpit] = None
        for bp in sh.segments:
            half = ctx.c.cabin(bp)
            if half is not None:
                out[half] = None
    return list(out)


def why_no_segment(ctx: Ctx, p: Player, off: int = 0) -> str:
    """Why `p` can build no segment now, at `off` money off each (a token's discount); "not
    possible now" when none of the reasons read here applies."""
    b = ctx.s.board
    display = [(f"display:{i}", bp) for i, bp in enumerate(b.blueprint_display) if bp]
    if not p.blueprints and not display:
        return "needs a blueprint"
    if p.ships and all(in_flight(sh) for sh in p.ships):
        return "every ship of yours is in flight"
    limit = upgrades.max_segments(ctx, p)
    home = [sh for sh in p.ships if not in_flight(sh) and len(sh.segments) < limit]
    if not home:
        return f"no ship at home has room (at most {limit} segments a ship)"
    # A display blueprint built directly costs 1 reputation, which 0 reputation and 0 VP forbid.
    from_display = can_lose_reputation(p, 1)
    if not p.blueprints and not from_display:
        return "you hold no blueprint, and one built from the display costs 1 reputation " \
            f"(you have {p.reputation} reputation, {p.vp} VP)"
    offered = [(bp, bp, False) for bp in dict.fromkeys(p.blueprints)]
    if from_display:
        offered += [(name, bp, True) for name, bp in display]
    fitting = [(bp, shown) for name, bp, shown in offered
               if any(spots(ctx, p, sh, name) for sh in home)]
    if not fitting:
        where = "you hold or on display" if from_display and display else "you hold"
        need = " or ".join(half_mark(h) for h in _needed(ctx, home))
        return f"no blueprint {where} completes a cabin on a ship at home" + \
            (f" ({need} needed)" if need else "")
    cheapest = min(modifiers.money_cost(ctx, p, segment_cost(ctx, p, bp, shown, off))
                   for bp, shown in fitting)
    if cheapest > p.money:
        return f"the cheapest segment that fits costs {cheapest} money (you have {p.money})"
    return "not possible now"

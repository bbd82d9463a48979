"""AGMs and the final score sheet (年次株主総会, 最終勝利点)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from engine.rules import npc, progress
from engine.rules.metrics import cockpit_vp, wings
from engine.state import RESOURCES, Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

UNLAUNCHED_PENALTY = 5


class ScoreLine(msgspec.Struct, frozen=True):
    seat: int
    name: str
    game_vp: int  # VP scored during play (before the final AGM)
    cockpits: int
    developments: int
    segments: int
    progress: int
    reputation: int
    others: int
    total: int
    cubes_on_track: int
    reputation_level: int
    # The tie-break's cockpit figure: the sheet's, -5 per ship never launched included (最終勝利点:
    # the book's 20 = 8 + 9 + 8 - 5), not the raw conditions.
    cockpit_vp: int


def totals(ctx: Ctx) -> list[int]:
    return [p.vp for p in ctx.s.players]


def top_reputation(ctx: Ctx) -> int:
    return max(p.reputation for p in ctx.s.players)


def agm_progress(ctx: Ctx, p: Player, section: int) -> int:
    """(cubes in the section, +1 for the highest reputation, ties all) x wings."""
    final = section == 2
    cubes = progress.cubes_in_section(ctx, section, p.seat, overflow=final)
    if p.reputation == top_reputation(ctx):
        cubes += 1
    return cubes * wings(p)


def run_agm(ctx: Ctx, section: int) -> None:
    ctx.log("agm", -1, f"AGM year {section + 1}: progress in section {section + 1} is scored.")
    for p in ctx.s.players:
        vp = agm_progress(ctx, p, section)
        p.vp += vp
        ctx.log("agm", p.seat, f"{p.name} scores {vp} VP at the AGM.")
    npc.after_agm(ctx, section)  # 1-2 players: NPC developments and an NPC expert


def cockpits_total(ctx: Ctx, p: Player) -> int:
    return sum(cockpit_vp(ctx, p, s) - (0 if s.launched_once else UNLAUNCHED_PENALTY)
               for s in p.ships)


def developments_vp(ctx: Ctx, p: Player) -> int:
    """VP of the rightmost column whose developments have all been placed."""
    vps = ctx.c.board.development_column_vp
    emptied = 3 - max(p.developments_left)
    return vps[emptied - 1] if emptied else 0


def segments_vp(ctx: Ctx, p: Player) -> int:
    blueprint = ctx.c.blueprint
    return sum([blueprint(bp).vp for s in p.ships for bp in s.segments])


def reputation_vp(ctx: Ctx, p: Player) -> int:
    return vp_at_reputation(ctx.c.board.reputation_vp, p.reputation)


def vp_at_reputation(table: tuple[tuple[int, int], ...], level: int) -> int:
    """The VP the board's reputation table gives at `level`: the best row reached, or 0."""
    best = 0
    for minimum, vp in table:
        if level >= minimum:
            best = max(best, vp)
    return best


def leftovers(p: Player) -> int:
    items = p.money + p.ads + len(p.hand) + len(p.blueprints) + sum(p.resource(r)
                                                                    for r in RESOURCES)
    return items // 3


def sheet(ctx: Ctx, final: bool | None = None) -> list[ScoreLine]:
    """Per player and category. Before the end, the final-AGM categories are a projection."""
    done = ctx.s.over if final is None else final
    out = []
    for p in ctx.s.players:
        parts = dict(cockpits=cockpits_total(ctx, p), developments=developments_vp(ctx, p),
                     segments=segments_vp(ctx, p), progress=agm_progress(ctx, p, 2),
                     reputation=reputation_vp(ctx, p), others=leftovers(p))
        engine_seat = ctx.r.seats.get(p.kind)
        if engine_seat is not None:
            engine_seat.scoring(ctx, p, parts)
        game_vp = p.vp - sum(parts.values()) if done else p.vp
        out.append(ScoreLine(seat=p.seat, name=p.name, game_vp=game_vp,
                             total=game_vp + sum(parts.values()),
                             cubes_on_track=p.cubes_on_track, reputation_level=p.reputation,
                             cockpit_vp=parts["cockpits"], **parts))
    return out


def final_agm(ctx: Ctx) -> list[ScoreLine]:
    lines = sheet(ctx, final=False)
    for line in lines:
        p = ctx.player(line.seat)
        p.vp = line.total
        ctx.log("agm", p.seat, f"{p.name}: cockpits {line.cockpits}, developments "
                f"{line.developments}, segments {line.segments}, progress {line.progress}, "
                f"reputation {line.reputation}, others {line.others}: {line.total} VP.")
    return lines


def ranking(ctx: Ctx, lines: list[ScoreLine]) -> list[int]:
    """Seats best first: VP, then cubes on the track, reputation, the sheet's cockpit VP,
    later seat."""
    order = ctx.s.turn_order
    return [ln.seat for ln in sorted(
        lines, key=lambda ln: (ln.total, ln.cubes_on_track, ln.reputation_level, ln.cockpit_vp,
                               order.index(ln.seat)), reverse=True)]

"""The 1-2 player NPC: a dummy colour that never takes turns (2人用ゲームのルール).

Its two pieces sit on the network (`board.occupants`, seat NPC) and move clockwise when bumped;
its developments (owner NPC) appear at AGM years 1 and 2 where a spare technology tile's back
says, and each of those AGMs promotes one NPC worker to an NPC expert. Solo games are set up
"like the 2-player game", so everything here applies whenever `board.npc` is set.

Flow calls `bumped` when a piece is placed on an NPC piece, and scoring calls `after_agm`;
nothing else needs to know about the NPC beyond the owner id NPC (fees go to the supply).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import network
from engine.rules.developments import site_label, site_owners
from engine.state import NPC, Npc, Occupant

if TYPE_CHECKING:
    from engine.ctx import Ctx

NPC_WORKER = "npc_worker"
NPC_EXPERT = "npc_expert"
MAX_PLAYERS = 2  # the NPC joins games of this many players or fewer


def active(ctx: Ctx) -> bool:
    return ctx.s.board.npc is not None


def setup(ctx: Ctx, neutral_connections: list[int], spare_technologies: list[str]) -> None:
    """Set the NPC's pieces aside and put its 2 workers on the network (準備 ①-③, ⑥).

    Reading of ② "汎用開発トークンを設置した後、そこから時計回りで隣接する各区画に1個ずつ":
    one worker on the station at the clockwise end of each neutral development's connection
    (connection k joins k and k+1, so station k+1). Two connections always give two stations.
    """
    b = ctx.s.board
    b.npc = Npc(technologies=list(spare_technologies))
    for k in neutral_connections:
        station = network.connection_stations(k)[1]
        b.occupants[station - 1] = Occupant(NPC, NPC_WORKER)
    where = " and ".join(str(network.connection_stations(k)[1]) for k in neutral_connections)
    ctx.log("npc", NPC, f"The NPC's workers start on stations {where}.")


def pieces(ctx: Ctx) -> list[tuple[int, str]]:
    """(station, piece) of the NPC's pieces on the network, station 1 first."""
    return network.pieces_on_network(ctx, NPC)


def clockwise_after(station: int) -> list[int]:
    """The other five stations in clockwise order, starting next to `station`."""
    return [(station - 1 + i) % 6 + 1 for i in range(1, 6)]


def destination(occupants: list[Occupant | None], station: int, piece: str, bumper: int,
                own_ok: bool) -> int | None:
    """Where an NPC piece bumped off `station` by `bumper` ends up (部下の追い出し).

    Clockwise: an empty station stops a worker; a player's piece is bumped; another NPC piece
    is skipped; the bumper's own piece is skipped unless the bumper may bump their own, and
    then it must be bumped. An expert skips empty stations while any station holds a piece it
    could bump. The look-ahead is the five other stations, so it always ends; None when none
    of them takes the piece (impossible with 4 pieces per player and 2 NPC pieces).
    """
    first_empty: int | None = None
    for st in clockwise_after(station):
        occ = occupants[st - 1]
        if occ is None:
            if piece == NPC_WORKER:
                return st
            if first_empty is None:
                first_empty = st
            continue
        if occ.seat == NPC or (occ.seat == bumper and not own_ok):
            continue
        return st
    return first_empty


def bumped(ctx: Ctx, seat: int, placed: str, station: int, occ: Occupant) -> None:
    """`seat` placed `placed` on `station`, where the NPC piece `occ` was: move it on."""
    from engine.rules import expert_abilities
    from engine.rules.bumping import may_bump_own
    from engine.rules.funding import grant_funding

    b = ctx.s.board
    p = ctx.player(seat)
    label = "expert" if occ.piece == NPC_EXPERT else "worker"
    own_ok = may_bump_own(ctx, p, placed)
    to = destination(b.occupants, station, occ.piece, seat, own_ok)
    if to is None:
        # Unreachable with the real piece counts; the NPC piece must land somewhere, and only
        # the bumper's own pieces are left, so it bumps the first of them.
        to = next(st for st in clockwise_after(station)
                  if (o := b.occupants[st - 1]) is not None and o.seat == seat)
    victim = b.occupants[to - 1]
    b.occupants[to - 1] = Occupant(NPC, occ.piece)
    ctx.log("bump", NPC, f"{p.name} bumps the NPC {label}: it moves clockwise from station "
            f"{station} to station {to}.")
    # The placer's ability bonus is queued first so the bumped player chooses first (as flow).
    expert_abilities.on_bump(ctx, seat, placed)
    if victim is None:
        return
    owner = ctx.player(victim.seat)
    owner.break_room.append(victim.piece)
    ctx.log("bump", victim.seat, f"The NPC {label} bumps {owner.name}'s "
            f"{'worker' if victim.piece == 'worker' else 'expert'} back to the break room.")
    grant_funding(ctx, victim.seat, 1, "worker bumped", piece_returned=True)


def after_agm(ctx: Ctx, section: int) -> None:
    """AGM year 1 or 2, after its scoring: NPC developments, then an NPC expert."""
    if not active(ctx) or section > 1:
        return
    place_developments(ctx)
    promote(ctx)


def place_developments(ctx: Ctx) -> None:
    """A random spare technology tile's back places NPC developments (NPCの開発トークンの設置).

    The 2-player column names both connections and the technology slot. A development covers
    the reputation icon when it is the first there (no one gains it); where an NPC development
    already is, this one is removed from the game instead. The tile then goes back to the box.
    """
    npc = ctx.s.board.npc
    assert npc is not None
    if not npc.technologies:
        ctx.log("npc", NPC, "No spare technology tile is left: the NPC places no developments.")
        return
    ctx.shuffle(npc.technologies)
    tile = ctx.c.technology(npc.technologies.pop(0))
    setup = tile.neutral_setup
    sites = [f"c{k}" for k in setup.connections] + [f"t{setup.technology_slot}"]
    ctx.log("npc", NPC, f"The NPC draws the spare technology tile {tile.name}.")
    for site in sites:
        if npc.developments <= 0:
            break
        npc.developments -= 1
        owners = site_owners(ctx, site)
        where = site_label(ctx, site)
        if NPC in owners:
            ctx.log("npc", NPC, f"An NPC development is already on {where}: this one is "
                    "removed from the game.")
            continue
        covers = not owners
        owners.append(NPC)
        ctx.log("npc", NPC, f"The NPC places a development on {where}"
                f"{', covering the reputation icon' if covers else ''}.")
    for hook in ctx.r.on_development_placed:
        hook(ctx)


def promote(ctx: Ctx) -> None:
    """The first NPC worker clockwise from station 1 becomes an NPC expert (NPCの専門家の雇用)."""
    b = ctx.s.board
    npc = b.npc
    assert npc is not None
    if npc.experts <= 0:
        return
    for st, piece in pieces(ctx):
        if piece == NPC_WORKER:
            b.occupants[st - 1] = Occupant(NPC, NPC_EXPERT)
            npc.experts -= 1
            ctx.log("npc", NPC, f"The NPC worker on station {st} is promoted to an NPC expert.")
            return


"""Pieces on the network: placing a worker or an expert, bumping, and calling a meeting.

Rules modules and Rachel's turn place pieces through here; the turn machine (`engine.flow`)
only decides when.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import CallMeeting, Command, PlaceWorker
from engine.decisions import MainChoice
from engine.errors import IllegalCommand
from engine.rules import funding, network, npc
from engine.rules.actions import label
from engine.rules.bumping import may_bump_own
from engine.rules.rachel import KIND as RACHEL
from engine.state import NPC, Occupant

if TYPE_CHECKING:
    from engine.ctx import Ctx


def place_worker(ctx: Ctx, seat: int, piece: str, station: int) -> None:
    p = ctx.player(seat)
    b = ctx.s.board
    p.break_room.remove(piece)
    occ = b.occupants[station - 1]
    b.occupants[station - 1] = Occupant(seat, piece)
    what = "a worker" if piece == "worker" else "an expert"
    ctx.log("place", seat, f"{p.name} places {what} on station {station} "
            f"({' / '.join(label(ctx, a) for a in b.stations[station - 1])}).")
    if piece != "worker" and p.kind != RACHEL:  # Rachel's experts have no tile ability
        from engine.rules import expert_abilities

        expert_abilities.on_place(ctx, seat)
    # Before the bump's funding is asked, as the expert's bonus: the bumped player still
    # chooses first (the stack's top).
    for hook in ctx.r.on_place_piece:
        hook(ctx, seat, piece, station)
    if occ is not None and occ.seat == NPC:
        npc.bumped(ctx, seat, piece, station, occ)
    elif occ is not None:
        bump(ctx, seat, piece, occ)


def bump(ctx: Ctx, seat: int, piece: str, occ: Occupant) -> None:
    from engine.rules import expert_abilities

    p = ctx.player(seat)
    victim = ctx.player(occ.seat)
    victim.break_room.append(occ.piece)
    ctx.log("bump", occ.seat, f"{p.name} bumps {victim.name}'s "
            f"{'worker' if occ.piece == 'worker' else 'expert'} back to the break room.")
    # The placer's ability bonus is queued first so the bumped player chooses first.
    expert_abilities.on_bump(ctx, seat, piece)
    # Cards that react to being bumped need another player's piece to do it.
    other = occ.seat != seat
    funding.grant_funding(ctx, occ.seat, 1, "worker bumped" if other else "own piece bumped",
                          piece_returned=other)


def call_meeting(ctx: Ctx, seat: int) -> None:
    p = ctx.player(seat)
    b = ctx.s.board
    recalled = network.pieces_on_network(ctx, seat)
    for st, piece in recalled:
        b.occupants[st - 1] = None
        p.break_room.append(piece)
    ctx.log("meeting", seat, f"{p.name} calls a meeting and recalls {len(recalled)} "
            f"piece{'s' if len(recalled) != 1 else ''}.")
    ctx.s.turn.phase = "meeting_action"
    funding.grant_funding(ctx, seat, len(recalled), "meeting")


# --- phase 2: the main choice ------------------------------------------------------------
def main_options(ctx: Ctx, dec: MainChoice) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    if not ctx.s.turn.meeting:  # an empty break room at phase 2 forces the meeting
        occupants = ctx.s.board.occupants
        for piece in dict.fromkeys(sorted(p.break_room)):
            own_ok = may_bump_own(ctx, p, piece)
            places = _PLACE.get(piece)
            if places is None:
                places = _PLACE[piece] = tuple(PlaceWorker(piece, st)  # type: ignore[arg-type]
                                               for st in network.STATIONS)
            for i, cmd in enumerate(places):  # (not zip: its strict= keyword costs more)
                occ = occupants[i]
                if occ is None or occ.seat != p.seat or own_ok:
                    out.append(cmd)
    for more in ctx.r.main_options:  # launching, and what modules add
        out.extend(more(ctx, dec))
    out.append(CallMeeting())
    return out


# Each piece's placements on the stations in order, made once (commands are frozen): listed
# at every main choice.
_PLACE: dict[str, tuple[Command, ...]] = {}


def apply_main(ctx: Ctx, dec: MainChoice, cmd: Command) -> None:
    t = ctx.s.turn
    if isinstance(cmd, PlaceWorker):
        place_worker(ctx, dec.seat, cmd.piece, cmd.station)
        t.phase = "actions"
        t.station = cmd.station
        t.actions_left = 2
    elif isinstance(cmd, CallMeeting):
        call_meeting(ctx, dec.seat)
    else:
        handler = ctx.r.main_handlers.get(type(cmd))
        if handler is None:
            raise IllegalCommand(f"{ctx.name(dec.seat)} cannot do that in phase 2")
        handler(ctx, dec, cmd)

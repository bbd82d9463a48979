"""AGM timing, the end trigger and the final round (進捗トラックとゲームの終了)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import AdvanceShip, Command
from engine.decisions import FinalTravel
from engine.rules import goals, network, progress, scoring, travel
from engine.rules.funding import grant_funding
from engine.state import Turn

if TYPE_CHECKING:
    from engine.ctx import Ctx

FINAL_STEPS = ("recall", "ships", "goals", "agm")


def turn_end(ctx: Ctx) -> bool:
    """Called after each turn; True when it moved the game on by itself."""
    s = ctx.s
    filled = progress.filled_sections(ctx)
    while s.agm_done < min(filled, 2):
        scoring.run_agm(ctx, s.agm_done)
        s.agm_done += 1
    if s.final_phase == "turns":
        return _next_final_turn(ctx)
    if not s.end_triggered and filled >= 3:
        s.end_triggered = True
        ctx.log("end", -1, "The end is triggered: section 3 of the progress track is full. "
                "The round is finished first.")
    if s.end_triggered and s.turn.seat == s.turn_order[-1]:
        _start_final_round(ctx)
        return True
    return False


def _start_final_round(ctx: Ctx) -> None:
    s = ctx.s
    s.final_phase = "recall"
    s.turn = Turn(seat=s.turn_order[0], number=s.turn.number, phase="final")
    ctx.log("end", -1, "Final round: every worker on the network returns at once.")
    # Push in reverse so the first player chooses their bonuses first.
    for seat in reversed(s.turn_order):
        p = ctx.player(seat)
        pieces = network.pieces_on_network(ctx, seat)
        for st, piece in pieces:
            s.board.occupants[st - 1] = None
            p.break_room.append(piece)
        grant_funding(ctx, seat, len(pieces), "final recall", piece_returned=True)
    s.final_turns_left = list(s.turn_order)


def final_step(ctx: Ctx) -> bool:
    """Advance the final round while nothing is pending; False when not in it."""
    s = ctx.s
    if s.final_phase == "recall":
        s.final_phase = "turns"
        _next_final_turn(ctx)
        return True
    if s.final_phase == "ships":
        for seat in s.turn_order:
            p = ctx.player(seat)
            if any(sh.cruise and not sh.final_moved for sh in p.ships):
                engine_seat = ctx.r.seats.get(p.kind)
                if engine_seat is not None:
                    s.turn = Turn(seat=seat, number=s.turn.number, phase="final")
                    engine_seat.final_travel(ctx, seat)
                    return True
                s.turn = Turn(seat=seat, number=s.turn.number, phase="final")
                ctx.push(FinalTravel(seat))
                return True
        s.final_phase = "goals"
        s.final_turns_left = list(s.turn_order)
        return True
    if s.final_phase == "goals":
        while s.final_turns_left:
            seat = s.final_turns_left.pop(0)
            s.turn = Turn(seat=seat, number=s.turn.number, phase="final")
            engine_seat = ctx.r.seats.get(ctx.player(seat).kind)
            if engine_seat is not None:
                engine_seat.goals(ctx, seat)
            elif goals.achievable(ctx, ctx.player(seat)):
                goals.offer(ctx, seat)
                return True
        s.final_phase = "agm"
        return True
    if s.final_phase == "agm":
        lines = scoring.final_agm(ctx)
        winner = scoring.ranking(ctx, lines)[0]
        s.over = True
        s.final_phase = "over"
        ctx.log("end", winner, f"{ctx.name(winner)} wins and becomes the new CEO!")
        return True
    return False


def _next_final_turn(ctx: Ctx) -> bool:
    s = ctx.s
    if s.final_turns_left:
        seat = s.final_turns_left.pop(0)
        s.turn = Turn(seat=seat, number=s.turn.number + 1)
        for hook in ctx.r.on_turn_start:
            hook(ctx)
        ctx.log("turn", seat, f"Final turn: {ctx.name(seat)}.")
    else:
        s.final_phase = "ships"
        s.turn = Turn(seat=s.turn_order[0], number=s.turn.number, phase="final")
        ctx.log("end", -1, "Every ship in flight advances to a stop of its owner's choice.")
    return True


def final_travel_options(ctx: Ctx, dec: FinalTravel) -> list[Command]:
    p = ctx.player(dec.seat)
    out: list[Command] = []
    for i, sh in enumerate(p.ships):
        if sh.cruise and not sh.final_moved:
            stops = ctx.c.cruise_tile(sh.cruise).stops
            out.extend(AdvanceShip(i, k) for k in range(sh.stop + 1, len(stops)))
    return out


def final_travel(ctx: Ctx, dec: FinalTravel, cmd: AdvanceShip) -> None:
    p = ctx.player(dec.seat)
    ship = p.ships[cmd.ship]
    stop = ctx.c.cruise_tile(ship.cruise or "").stops[cmd.stop]
    ctx.log("travel", p.seat, f"{p.name}'s ship {cmd.ship + 1} advances to its {stop} stop.")
    ship.final_moved = True
    travel.move(ctx, p, cmd.ship, to=cmd.stop)

"""The base game's free commands beside a decision of the turn's player, listed in one call.

legal() lists the rows of registry.BASE_FREE (ROWS, in its order) at every decision of a turn;
most of them are empty there for a reason cheaper to see than to call the row for (no card in
hand, the drop made, a decision that takes no fee ahead). `turn_free` skips those calls and
lists the same commands in the same order; flow.legal uses it only where a table's rows are
exactly ROWS, so a table that changes a row is listed by its own rows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import Command
from engine.decisions import Decision
from engine.rules import agenda, agenda_effects, funding, network, tech_fees

if TYPE_CHECKING:
    from engine.ctx import Ctx

ROWS = (agenda.play_resource_options, funding.drop_free_options, agenda_effects.options,
        tech_fees.fee_options, network.fee_options)


def turn_free(ctx: Ctx, dec: Decision) -> list[Command]:
    """[c for row in ROWS for c in row(ctx, dec)] where `dec` is the turn's player's, outside
    set-up and the end (flow.legal's on_turn)."""
    t = ctx.s.turn
    p = ctx.s.players[dec.seat]
    out: list[Command] = []
    if p.hand:  # both card rows list cards in hand
        out += agenda.play_resource_options(ctx, dec)
    if not t.dropped:  # drop_free_options' own test, then its drops without the copy
        out += funding.kept_drops(ctx, p)
    if p.hand:
        out += agenda_effects.options(ctx, dec)
    out += tech_fees.fee_options(ctx, dec)
    if isinstance(dec, network.PAY_AHEAD):  # network.fee_options' own test (on the turn)
        out += network.fee_options(ctx, dec)
    return out

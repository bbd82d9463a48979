"""Expert abilities: every expert has the ability on the game's expert tile (専門家)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.ctx import Ctx



def ability(ctx: Ctx) -> str:
    return ctx.c.expert_tile(ctx.s.board.expert_tile).ability.kind


def on_place(ctx: Ctx, seat: int) -> None:
    from engine.rules.gains import apply_gain

    tile = ctx.c.expert_tile(ctx.s.board.expert_tile)
    if tile.ability.kind == "gain":
        apply_gain(ctx, ctx.player(seat), tile.ability.gain, f"the {tile.name} expert")


def on_bump(ctx: Ctx, seat: int, piece: str) -> None:
    from engine.rules.funding import grant_funding

    if piece != "worker" and ability(ctx) == "bump_bonus":
        grant_funding(ctx, seat, 1, "expert bumped a worker")

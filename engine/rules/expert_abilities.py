"""Expert abilities: every expert has the ability on the game's expert tile (専門家)."""

from __future__ import annotations

from engine.ctx import Ctx


def ability(ctx: Ctx) -> str:
    return ctx.c.expert_tile(ctx.s.board.expert_tile).ability.kind


def on_bump(ctx: Ctx, seat: int, piece: str) -> None:
    from engine.rules.funding import grant_funding

    if piece != "worker" and ability(ctx) == "bump_bonus":
        grant_funding(ctx, seat, 1, "expert bumped a worker")

"""Score totals (the full final AGM score sheet lives with the end of game rules)."""

from __future__ import annotations

from engine.ctx import Ctx


def totals(ctx: Ctx) -> list[int]:
    return [p.vp for p in ctx.s.players]

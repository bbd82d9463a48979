"""Rachel's final score sheet (AGM 最終年度): no "others" (she holds nothing), and each
cockpit also scores its ship's segments; -5 per ship never launched."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import scoring
from engine.rules.rachel.launch import ship_vp
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def cockpits(ctx: Ctx, p: Player) -> int:
    return sum(ship_vp(ctx, p, s) - (0 if s.launched_once else scoring.UNLAUNCHED_PENALTY)
               for s in p.ships)


def adjust(ctx: Ctx, p: Player, parts: dict[str, int]) -> None:
    parts["cockpits"] = cockpits(ctx, p)
    parts["others"] = 0


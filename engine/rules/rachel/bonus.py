"""Rachel's funding bonuses (レイチェルの先見ボーナス): always VP, resolved at once.

`funding.grant_funding` hands her bonuses here instead of pushing a decision. At normal and
hard her experts bring one more bonus each when they come back to her break room (any way:
bumped, recalled, or home as a pilot); `RachelState.away` remembers which experts are out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import funding
from engine.rules.rachel import deck
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx

VP_TOKEN = funding.TOP_TOKENS.index("vp")
# The expert tile's "bump gives a funding bonus" is an expert ability; hers have none.
EXPERT_BUMP = "expert bumped a worker"


def funding_vp(p: Player) -> int:
    """1 VP per bonus, 2 once her VP token has left the launch tower."""
    return 2 if p.tower_top[VP_TOKEN] == "removed" else 1


def leave(ctx: Ctx, piece: str) -> None:
    """A piece leaves her break room (placed or piloting)."""
    if piece != "worker":
        deck.rs(ctx).away.append(piece)


def grant(ctx: Ctx, seat: int, n: int, why: str) -> None:
    if why == EXPERT_BUMP:
        return
    p = ctx.player(seat)
    r = deck.rs(ctx)
    back = [e for e in r.away if e in p.break_room]
    for e in back:
        r.away.remove(e)
    extra = len(back) * deck.row(ctx, deck.EXPERT).expert_funding
    each = funding_vp(p)
    vp = (n + extra) * each
    p.vp += vp
    what = f"{n + extra} funding bonus{'es' if n + extra != 1 else ''}"
    if extra:
        what += f" ({extra} from {'an expert' if len(back) == 1 else 'experts'} back home)"
    ctx.log("funding", seat, f"Rachel takes {what} as VP ({why}): +{vp} VP.")


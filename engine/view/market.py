"""The marketing board: cruises, the guest queue and supply, the guest bonuses."""

from __future__ import annotations

import msgspec

from engine.describe import gain_text
from engine.game import Game
from engine.rules import cruises
from engine.state import COLOURS


class CruiseView(msgspec.Struct, frozen=True):
    """A cruise tile: its stops are guest colours, "space" (a day in space) or "return"."""

    tile: str
    stops: tuple[str, ...]
    fuel: int


class CruiseSpaceView(msgspec.Struct, frozen=True):
    space: int  # 1-based
    covered: bool  # out of the game (fewer players)
    cruise: CruiseView | None  # None: empty until the launch ends
    presold: tuple[str, ...]  # guest colours
    presold_max: int
    consultant: int | None  # the seat that scheduled it


class QueueRowView(msgspec.Struct, frozen=True):
    section: int  # 0 bottom .. 2 top
    price: int  # ads a guest of this row costs
    guests: tuple[int, ...]  # per colour, in COLOURS order


class MarketView(msgspec.Struct, frozen=True):
    colours: tuple[str, ...]  # the guest colours, in the order of the counts below
    spaces: tuple[CruiseSpaceView, ...]
    queue: tuple[QueueRowView, ...]  # bottom row first
    supply: tuple[int, ...]  # per colour
    supply_price: int
    guest_bonus: tuple[str, ...]  # per colour: what each guest on a day in space gives
    # 専門設計図: the guests visit segments; guest_bonus then says what one with no free
    # segment gains.
    visits: bool = False


def cruise(game: Game, tile: str | None) -> CruiseView | None:
    if not tile:
        return None
    t = game.comps.cruise_tile(tile)
    return CruiseView(tile, tuple(t.stops), t.fuel)


def market(game: Game) -> MarketView:
    b = game.state.board
    spaces = tuple(CruiseSpaceView(i + 1, sp.covered, cruise(game, sp.tile), tuple(sp.presold),
                                   cruises.MAX_PRESOLD, sp.consultant)
                   for i, sp in enumerate(b.cruise_spaces))
    queue = tuple(QueueRowView(sec, cruises.guest_price(sec), tuple(b.queue[sec]))
                  for sec in range(len(b.queue)))
    tokens = {t.id: t for t in game.comps.guest_tokens}
    if all(g in tokens for g in b.guest_bonus) and b.guest_bonus:
        return MarketView(COLOURS, spaces, queue, tuple(b.supply), cruises.guest_price(3),
                          tuple(gain_text(tokens[g].fallback) for g in b.guest_bonus), True)
    return MarketView(COLOURS, spaces, queue, tuple(b.supply), cruises.guest_price(3),
                      tuple(b.guest_bonus))

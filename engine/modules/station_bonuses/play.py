"""区画ボーナス・タイル in play: dealing the tiles, turning them, paying visitors, Open House.

Called by the base turn through the module's hooks (engine/modules/station_bonuses/__init__.py);
the arithmetic is in rules.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.commands import ChooseTile, Command
from engine.components import Effect, Gain
from engine.modules.station_bonuses import rules
from engine.modules.station_bonuses.decisions import OpenHouse
from engine.rules.gains import apply_gain
from engine.rules.rachel import KIND as RACHEL
from engine.state import Player

if TYPE_CHECKING:
    from engine.ctx import Ctx


def setup(ctx: Ctx) -> None:
    """One tile per station at random, grey side up (or all active by the variant); the
    neutral and NPC developments of set-up may already turn some."""
    b = ctx.s.board
    tiles = [t.id for t in ctx.c.station_bonus_tiles]
    ctx.shuffle(tiles)
    b.station_tiles = tiles[:6]
    b.station_active = rules.start_active(rules.VARIANT in ctx.s.options.variants)
    turn_tiles(ctx)


def turn_tiles(ctx: Ctx) -> None:
    """After a development placed on a connection: the tiles whose station reached the
    threshold turn to their coloured side."""
    b = ctx.s.board
    if not b.station_active:  # Rachel's set-up development comes before the tiles are dealt
        return
    for st in rules.newly_active(b.connections, b.station_active, ctx.s.options.players):
        b.station_active[st - 1] = True
        tile = ctx.c.station_bonus(b.station_tiles[st - 1])
        # The tile's text is a sentence: its full stop ends the line, not the brackets.
        ctx.log("station", -1, f"Station {st}'s bonus tile turns active: {tile.name} "
                f"({tile.text.rstrip('.')}).")


def on_place(ctx: Ctx, seat: int, piece: str, station: int) -> None:
    """A piece placed on an active station: its owner gains the tile's bonus by their own
    developments next to it, before the actions. The NPC gains nothing."""
    b = ctx.s.board
    if seat < 0 or not b.station_active or not b.station_active[station - 1]:
        return
    tile = ctx.c.station_bonus(b.station_tiles[station - 1])
    own = rules.own_adjacent(b.connections, station, seat)
    pay(ctx, ctx.player(seat), tile, own, f"station {station}'s {tile.name}")


def pay(ctx: Ctx, p: Player, tile, own: int, why: str) -> None:  # noqa: ANN001 - StationBonusTile
    if p.kind == RACHEL:
        g = rules.rachel_bonus(tile, own)
        # Rachel holds no agenda card: one she would gain is discarded from the display.
        from engine.rules.rachel.actions import discard_agenda_by_number

        apply_gain(ctx, p, Gain(vp=g.vp, reputation=g.reputation), why)
        for _ in range(g.agenda):
            discard_agenda_by_number(ctx, p)
        return
    g = rules.bonus(tile, own)
    if g == Gain():
        ctx.log("gain", p.seat, f"{p.name} has too few developments next to the station to "
                f"gain from {why}.")
        return
    apply_gain(ctx, p, g, why)


# --- Open House (agenda card, kind station_bonus_gain) -------------------------------------
def open_house_useful(ctx: Ctx, p: Player) -> bool:
    return any(ctx.s.board.station_active)


def open_house(ctx: Ctx, p: Player, e: Effect, name: str) -> None:
    ctx.push(OpenHouse(p.seat, own=e.amount, card=name))


def open_house_options(ctx: Ctx, dec: OpenHouse) -> list[Command]:
    b = ctx.s.board
    return [ChooseTile(t) for t, on in zip(b.station_tiles, b.station_active, strict=True)
            if on]


def open_house_apply(ctx: Ctx, dec: OpenHouse, cmd: ChooseTile) -> None:
    tile = ctx.c.station_bonus(cmd.tile)
    pay(ctx, ctx.player(dec.seat), tile, dec.own, f"{dec.card} ({tile.name})")

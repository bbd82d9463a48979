"""Rachel's launch (打ち上げ): ship priority, cruise by the number system, T-5 to T-0.

Her worker goes to the launch elevator instead of the network; as a second action (or after a
card she could not use) it is the worker she placed this turn, taken back off the network.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import RachelCard
from engine.rules import progress
from engine.rules.economy import lose_reputation
from engine.rules.launch import PRESOLD_PENALTY, new_cruise
from engine.rules.metrics import cockpit_vp
from engine.rules.rachel import bonus
from engine.rules.rachel.guests import guest_plan, take_guests
from engine.rules.ships import cabins
from engine.state import COLOURS, Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

TOP_SECTION = 2
VP_TOKEN = "top2"


def guest_words(colours: list[str]) -> str:
    """The guests boarding, with an article for one ('a teal guest', 'teal and orange
    guests'): a log read 'with adventurous guest' once the screen named the kind (QA s53 Q9)."""
    if not colours:
        return "no guests"
    if len(colours) == 1:
        return f"{'an' if colours[0][0] in 'aeiou' else 'a'} {colours[0]} guest"
    return f"{', '.join(colours[:-1])} and {colours[-1]} guests"


def _say(ctx: Ctx, p: Player, text: str) -> None:
    ctx.log("rachel", p.seat, text)


def ship_vp(ctx: Ctx, p: Player, ship: Ship) -> int:
    """What a launch of this ship scores her: the cockpit and every segment's VP."""
    return cockpit_vp(ctx, p, ship) + sum(ctx.c.blueprint(bp).vp for bp in ship.segments)


def candidates(p: Player, min_segments: int) -> list[int]:
    need = max(2, min_segments)  # at least one cabin
    return [i for i, s in enumerate(p.ships) if s.cruise is None and len(s.segments) >= need]


def choose_ship(ctx: Ctx, p: Player, ships: list[int]) -> int:
    """Never launched first, then the most VP, then the rightmost."""
    return max(ships, key=lambda i: (not p.ships[i].launched_once,
                                     ship_vp(ctx, p, p.ships[i]), i))


def preferred_piece(p: Player) -> str:
    """Experts first (彼女の部下を配備（専門家を優先）)."""
    return next((x for x in ("expert_left", "expert_right") if x in p.break_room), "worker")


def piece_source(ctx: Ctx, p: Player) -> tuple[str, str] | None:
    """("network", piece) for the worker she placed this turn, else ("break_room", piece)."""
    t = ctx.s.turn
    if t.station:
        occ = ctx.s.board.occupants[t.station - 1]
        if occ is not None and occ.seat == p.seat:
            return "network", occ.piece
    if p.break_room:
        return "break_room", preferred_piece(p)
    return None


def shown_spaces(ctx: Ctx) -> list[int]:
    return [i for i, sp in enumerate(ctx.s.board.cruise_spaces) if not sp.covered]


def cruise_usable(ctx: Ctx, space: int) -> bool:
    """Not your scheduled cruise, and someone to fly: presold guests or last-minute ones."""
    sp = ctx.s.board.cruise_spaces[space]
    if sp.tile is None or sp.consultant is not None:
        return False
    return bool(sp.presold) or bool(guest_plan(ctx, ctx.c.cruise_tile(sp.tile).destinations, 1))


def possible(ctx: Ctx, p: Player, card: RachelCard) -> bool:
    if not candidates(p, card.launch_segments) or piece_source(ctx, p) is None:
        return False
    return any(cruise_usable(ctx, i) for i in shown_spaces(ctx))


def next_token(p: Player) -> str | None:
    """The bottom four until her left expert is hired, then the 1-VP bonus token, then any."""
    if "expert_left" in p.experts:
        for i, st in enumerate(p.tower_bottom):
            if st == "up":
                return f"bottom{i}"
    if p.tower_top[int(VP_TOKEN[-1])] == "up":
        return VP_TOKEN
    for prefix, tokens in (("top", p.tower_top), ("bottom", p.tower_bottom)):
        for i, st in enumerate(tokens):
            if st == "up":
                return f"{prefix}{i}"
    return None


def pay_fuel(ctx: Ctx, p: Player, short: int) -> tuple[int, int]:
    """Move her reputation down past as many resource icons as fuel is missing; at 0 each
    missing fuel costs 1 VP. Returns (reputation lost, VP lost)."""
    icons = ctx.c.board.reputation_icons
    rep, need = p.reputation, short
    while need and rep > 0:
        if icons[rep - 1] == "resource":
            need -= 1
        rep -= 1
    lost = p.reputation - rep
    p.reputation = rep
    vp_lost = min(p.vp, need)
    p.vp -= vp_lost
    return lost, vp_lost


def launch(ctx: Ctx, p: Player, card: RachelCard) -> str:
    from engine.rules.rachel import numbers

    b = ctx.s.board
    t = ctx.s.turn
    i = choose_ship(ctx, p, candidates(p, card.launch_segments))
    ship = p.ships[i]
    source = piece_source(ctx, p)
    assert source is not None
    where, piece = source
    if where == "network":
        b.occupants[t.station - 1] = None
        _say(ctx, p, f"Rachel takes her {_piece(piece)} back from station {t.station} to the "
             "launch elevator.")
    else:
        p.break_room.remove(piece)
        bonus.leave(ctx, piece)
    spaces = shown_spaces(ctx)
    k = numbers.choose(ctx, len(spaces), lambda j: cruise_usable(ctx, spaces[j]))
    assert k is not None
    space = spaces[k]
    sp = b.cruise_spaces[space]
    tile = sp.tile
    assert tile is not None
    ship.cruise, ship.stop = tile, -1
    sp.tile = None
    # T-5 boarding: the presold guests, or last-minute ones (free) to fill every cabin.
    room = cabins(ship)
    guests = list(sp.presold)
    sp.presold = []
    if guests:
        while len(guests) > room:
            left = guests.pop(ctx.below(len(guests)))
            b.queue[TOP_SECTION][COLOURS.index(left)] += 1
            lose_reputation(p, PRESOLD_PENALTY)
            _say(ctx, p, f"Ship {i + 1} has one cabin: a presold {left} guest, chosen at random, "
                 "goes back to the top of the queue; Rachel loses 2 reputation.")
    else:
        plan = guest_plan(ctx, ctx.c.cruise_tile(tile).destinations, room)
        take_guests(ctx, plan)
        guests = [c for c, _ in plan]
    ship.guests, ship.berths = guests, room
    _say(ctx, p, f"T-5: Rachel launches ship {i + 1} on cruise {tile} with "
         f"{guest_words(guests)}.")
    progress.place_cube(ctx, p.seat, "launch")
    # T-3: only fuel counts for her; her capacity is the fuel row's highest number showing.
    fuel = ctx.c.cruise_tile(tile).fuel
    short = max(0, fuel - p.capacity("fuel"))
    if short:
        lost, vp_lost = pay_fuel(ctx, p, short)
        _say(ctx, p, f"T-3: the cruise needs {fuel} fuel and Rachel holds {p.capacity('fuel')}: "
             f"she pays the {short} missing with {lost} reputation"
             + (f" and {vp_lost} VP." if vp_lost else "."))
    vp = ship_vp(ctx, p, ship)
    p.vp += vp
    first = not ship.launched_once
    ship.launched_once = True
    _say(ctx, p, f"T-2: the cockpit and segments score {vp} VP"
         + (" and the cockpit flips for its first launch." if first else "."))
    token = next_token(p)
    if token is not None:
        row = p.tower_top if token.startswith("top") else p.tower_bottom
        row[int(token[-1])] = "removed"
        ship.token = token
        _say(ctx, p, f"T-1: Rachel loads her {token[:-1]} token {int(token[-1]) + 1} onto the "
             "engine (no bonus).")
    ship.pilot = piece
    p.launches += 1
    _say(ctx, p, f"T-0: liftoff! Her {_piece(piece)} pilots ship {i + 1}.")
    new_cruise(ctx, space, len(guests))
    return ""


def _piece(piece: str) -> str:
    return "worker" if piece == "worker" else "expert"

"""Rachel's actions (レイチェルのアクション), each a `possible` test and a `do`.

She pays no money, resources or ads and gains none: only VP and reputation. `do` returns the
board action she performed (for the second-action rule), or "" for none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.components import RachelCard
from engine.rules import blueprints, developments, experts, funding
from engine.rules.economy import can_lose_reputation, gain_reputation, lose_reputation
from engine.rules.rachel import deck, launch, numbers
from engine.rules.rachel.guests import guest_plan, take_guests
from engine.state import RESOURCES, Player, Ship

if TYPE_CHECKING:
    from engine.ctx import Ctx

MAX_SHIPS = 3  # her upgrades have no effect: never 4 ships or 4 segments
MAX_SEGMENTS = 3
SILO_MAX = 5


def _say(ctx: Ctx, p: Player, text: str) -> None:
    ctx.log("rachel", p.seat, text)


def top_down(display: list[str | None]) -> list[int]:
    """Display slots in the number system's order: the displays are stored bottom first."""
    return list(range(len(display) - 1, -1, -1))


def _pick_slot(ctx: Ctx, display: list[str | None]) -> int | None:
    order = top_down(display)
    i = numbers.choose(ctx, len(order), lambda k: display[order[k]] is not None)
    return None if i is None else order[i]


def _next_slot(display: list[str | None], slot: int, may_repeat: bool = False) -> int | None:
    order = top_down(display)
    i = numbers.following(order.index(slot), len(order),
                          lambda k: display[order[k]] is not None, may_repeat)
    return None if i is None else order[i]


# --- Build Ship Segments (施設の建造) -------------------------------------------------------
def _target_ship(p: Player) -> int | None:
    for i, ship in enumerate(p.ships):
        if ship.cruise is None and len(ship.segments) < MAX_SEGMENTS:
            return i
    return None


def _pairs_open(ctx: Ctx) -> bool:
    b = ctx.s.board
    return any(b.cockpit_display[i] and b.engine_display[i] for i in range(4))


def _may_add_ship(ctx: Ctx, p: Player) -> bool:
    full = all(len(s.segments) >= MAX_SEGMENTS for s in p.ships)
    return full and len(p.ships) < MAX_SHIPS and _pairs_open(ctx)


def can_build(ctx: Ctx, p: Player) -> bool:
    if not any(ctx.s.board.blueprint_display):
        return False
    return _target_ship(p) is not None or _may_add_ship(ctx, p)


def new_ship(ctx: Ctx, p: Player) -> None:
    """A cockpit and engine pair by the number system; of the engine's bonus she takes only
    reputation and VP, and an agenda card makes her discard one from the display."""
    b = ctx.s.board
    i = numbers.choose(ctx, 4, lambda k: bool(b.cockpit_display[k] and b.engine_display[k]))
    if i is None:
        return
    ck, en = b.cockpit_display[i], b.engine_display[i]
    assert ck and en
    b.cockpit_display[i] = None
    b.engine_display[i] = None
    p.ships.append(Ship(cockpit=ck, engine=en))
    # Refill without sliding, as for everyone.
    for k in range(4):
        if b.cockpit_display[k] is None and b.cockpit_deck:
            b.cockpit_display[k] = b.cockpit_deck.pop(0)
        if b.engine_display[k] is None and b.engine_deck:
            b.engine_display[k] = b.engine_deck.pop(0)
    engine = ctx.c.engine(en)
    got = []
    if engine.bonus.reputation:
        gain_reputation(ctx, p, engine.bonus.reputation)
        got.append(f"+{engine.bonus.reputation} reputation")
    if engine.bonus.vp:
        p.vp += engine.bonus.vp
        got.append(f"+{engine.bonus.vp} VP")
    _say(ctx, p, f"Rachel's ship is full: she takes the {ctx.c.cockpit(ck).name} cockpit and "
         f"the {engine.name} engine (pair {i + 1}) for ship {len(p.ships)}"
         + (f": {', '.join(got)}." if got else "."))
    for _ in range(engine.bonus.agenda):
        discard_agenda_by_number(ctx, p)


def discard_agenda_by_number(ctx: Ctx, p: Player) -> None:
    b = ctx.s.board
    slot = _pick_slot(ctx, b.agenda_display)
    if slot is None:
        return
    card = b.agenda_display[slot]
    assert card is not None
    b.agenda_display[slot] = None
    b.agenda_discard.append(card)
    _say(ctx, p, f"Rachel would gain an agenda card: she discards {ctx.c.agenda(card).name} "
         "from the display instead.")


def build(ctx: Ctx, p: Player, card: RachelCard) -> str:
    """Two display blueprints, free and with no reputation lost: the first by the number
    system, the second the one below it (wrapping to the top)."""
    b = ctx.s.board
    slot: int | None = None
    for _ in range(2):
        if _target_ship(p) is None and _may_add_ship(ctx, p):
            new_ship(ctx, p)
        i = _target_ship(p)
        if i is None:
            break  # 8 segments built: the last build takes one blueprint
        slot = _pick_slot(ctx, b.blueprint_display) if slot is None else \
            _next_slot(b.blueprint_display, slot)
        if slot is None:
            break
        bp = b.blueprint_display[slot]
        assert bp is not None
        b.blueprint_display[slot] = None
        ship = p.ships[i]
        ship.segments.append(bp)
        p.segments_built += 1
        _say(ctx, p, f"Rachel takes {ctx.c.blueprint(bp).name} from the display and builds it "
             f"on ship {i + 1} ({len(ship.segments)} segment"
             f"{'s' if len(ship.segments) != 1 else ''}).")
        if len(ship.segments) >= MAX_SEGMENTS and _may_add_ship(ctx, p):
            new_ship(ctx, p)  # at once, even after the last segment of the action
    blueprints.slide_and_refill(ctx)
    return "build_segments"


def refill_blueprints_possible(ctx: Ctx, p: Player) -> bool:
    b = ctx.s.board
    return not can_build(ctx, p) and can_lose_reputation(p, 1) and \
        (any(b.blueprint_display) or bool(b.blueprint_deck))


def refill_blueprints(ctx: Ctx, p: Player, card: RachelCard) -> str:
    b = ctx.s.board
    r = deck.rs(ctx)
    lose_reputation(p, 1)
    gone = [x for x in b.blueprint_display if x]
    r.discarded_blueprints.extend(gone)
    b.blueprint_display = [None] * len(b.blueprint_display)
    blueprints.slide_and_refill(ctx)
    _say(ctx, p, f"Rachel pays 1 reputation, discards the {len(gone)} display blueprints and "
         "deals new ones from the tray.")
    return "acquire_blueprints"


# --- agenda cards (計画の取得, 計画の補充) ----------------------------------------------------
def draw_possible(ctx: Ctx, p: Player) -> bool:
    return sum(1 for c in ctx.s.board.agenda_display if c) >= 2


def draw(ctx: Ctx, p: Player, card: RachelCard) -> str:
    b = ctx.s.board
    first = _pick_slot(ctx, b.agenda_display)
    assert first is not None
    second = _next_slot(b.agenda_display, first)
    assert second is not None
    names = []
    for slot in (first, second):
        c = b.agenda_display[slot]
        assert c is not None
        b.agenda_display[slot] = None
        b.agenda_discard.append(c)
        names.append(ctx.c.agenda(c).name)
    _say(ctx, p, f"Rachel discards {names[0]} and {names[1]} from the agenda display.")
    return "draw_agenda"


def refill_agenda(ctx: Ctx, p: Player, card: RachelCard) -> str:
    from engine.rules.agenda import draw_from_deck

    b = ctx.s.board
    icons = sum(1 for slot, c in enumerate(b.agenda_display)
                if c is None and ctx.c.board.agenda_slot_bonuses[slot] == "reputation")
    gain_reputation(ctx, p, icons)
    for slot in top_down(b.agenda_display):
        c = b.agenda_display[slot]
        if c is not None:
            b.agenda_discard.append(c)
    b.agenda_display = [None] * len(b.agenda_display)
    for slot in range(len(b.agenda_display)):
        b.agenda_display[slot] = draw_from_deck(ctx)
    _say(ctx, p, f"Rachel refills the agenda display: +{icons} reputation for the empty "
         "spaces' reputation icons.")
    return "refill_agenda"


# --- Gain Resources, Refill Silo (物資の獲得, 倉庫の補充) ---------------------------------------
def _resources_wanted(ctx: Ctx) -> list[str]:
    """Three resources named by the display's cards from the numbered one, cycling; with an
    empty display, three of the discard pile's top card; none without either."""
    b = ctx.s.board
    slot = _pick_slot(ctx, b.agenda_display)
    if slot is None:
        if not b.agenda_discard:
            return []
        return [ctx.c.agenda(b.agenda_discard[-1]).resource] * 3
    out: list[str] = []
    for _ in range(3):
        assert slot is not None
        c = b.agenda_display[slot]
        assert c is not None
        out.append(ctx.c.agenda(c).resource)
        slot = _next_slot(b.agenda_display, slot, may_repeat=True)
    return out


def _silo_short(ctx: Ctx, wanted: list[str]) -> str | None:
    """The first wanted resource the silo cannot give (counting the ones taken before it)."""
    silo = list(ctx.s.board.silo)
    for r in wanted:
        i = RESOURCES.index(r)
        if silo[i] == 0:
            return r
        silo[i] -= 1
    return None


def gain_possible(ctx: Ctx, p: Player) -> bool:
    # 物資の獲得: all three must come out of the silo, else she does not take the action.
    wanted = _resources_wanted(ctx)
    return bool(wanted) and _silo_short(ctx, wanted) is None


def gain(ctx: Ctx, p: Player, card: RachelCard) -> str:
    b = ctx.s.board
    wanted = _resources_wanted(ctx)
    for r in wanted:
        b.silo[RESOURCES.index(r)] -= 1
    _say(ctx, p, f"Rachel removes {', '.join(wanted)} from the silo.")
    return "gain_resources"


def refill_silo_possible(ctx: Ctx, p: Player) -> bool:
    """倉庫の補充, the real cards' bottom under Gain Resources: the gain she tried fell short."""
    wanted = _resources_wanted(ctx)
    return bool(wanted) and _silo_short(ctx, wanted) is not None


def refill_silo(ctx: Ctx, p: Player, card: RachelCard) -> str:
    wanted = _resources_wanted(ctx)
    r = _silo_short(ctx, wanted)
    assert r is not None
    ctx.s.board.silo[RESOURCES.index(r)] = SILO_MAX
    gain_reputation(ctx, p, 1)
    # 最初の物資: read as the first of them the silo runs short of (refilling another would
    # leave the gain she tried just as short).
    _say(ctx, p, f"Rachel would take {', '.join(wanted)} from the silo, but it runs short of "
         f"{r}: she refills the silo's {r} to {SILO_MAX} instead, +1 reputation.")
    return "refill_silo"


# --- Advertise a Cruise (クルーズの宣伝) -------------------------------------------------------
def shown_spaces(ctx: Ctx) -> list[int]:
    return [i for i, sp in enumerate(ctx.s.board.cruise_spaces) if not sp.covered]


def _advertisable(ctx: Ctx, space: int) -> bool:
    sp = ctx.s.board.cruise_spaces[space]
    if sp.tile is None or sp.consultant is not None or sp.presold:
        return False
    return len(guest_plan(ctx, ctx.c.cruise_tile(sp.tile).destinations, 2)) == 2


def advertise_possible(ctx: Ctx, p: Player) -> bool:
    return any(_advertisable(ctx, i) for i in shown_spaces(ctx))


def advertise(ctx: Ctx, p: Player, card: RachelCard) -> str:
    spaces = shown_spaces(ctx)
    k = numbers.choose(ctx, len(spaces), lambda j: _advertisable(ctx, spaces[j]))
    assert k is not None
    sp = ctx.s.board.cruise_spaces[spaces[k]]
    assert sp.tile is not None
    plan = guest_plan(ctx, ctx.c.cruise_tile(sp.tile).destinations, 2)
    take_guests(ctx, plan)
    sp.presold.extend(c for c, _ in plan)
    gain_reputation(ctx, p, 2)
    where = ", ".join(f"{_a(c)} {c} guest from the {_section(s)}" for c, s in plan)
    _say(ctx, p, f"Rachel advertises cruise {sp.tile}: {where}; +2 reputation.")
    return "advertise_cruise"


def _a(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _section(section: int) -> str:
    return ("bottom of the queue", "middle of the queue", "top of the queue", "supply")[section]


# --- Build a Development (開発トークンの設置) ---------------------------------------------------
def next_row(p: Player) -> str | None:
    """Top to bottom, then left to right: the row with the most developments left."""
    most = max(p.developments_left)
    return RESOURCES[p.developments_left.index(most)] if most else None


def _site(ctx: Ctx, p: Player, prefix: str, count: int) -> str | None:
    owners = [developments.site_owners(ctx, f"{prefix}{k + 1}") for k in range(count)]
    # Places with no development give reputation; only when none is left, any without hers.
    k = numbers.choose(ctx, count, lambda j: not owners[j])
    if k is None:
        k = numbers.choose(ctx, count, lambda j: p.seat not in owners[j])
    return None if k is None else f"{prefix}{k + 1}"


def develop_possible(ctx: Ctx, p: Player, prefix: str) -> bool:
    count = 6 if prefix == "c" else len(ctx.s.board.technologies)
    return next_row(p) is not None and _site(ctx, p, prefix, count) is not None


def develop(ctx: Ctx, p: Player, prefix: str) -> str:
    count = 6 if prefix == "c" else len(ctx.s.board.technologies)
    site = _site(ctx, p, prefix, count)
    row = next_row(p)
    assert site is not None and row is not None
    developments.place(ctx, p, row, site)
    return "build_development"


# --- Hire an Expert (専門家の雇用) ------------------------------------------------------------
FIRST_HIRE, SECOND_HIRE = 6, 3


def _hireable(p: Player) -> str | None:
    limit = FIRST_HIRE if len(p.experts) == 2 else SECOND_HIRE
    for side in ("left", "right"):
        if f"expert_{side}" in p.experts and experts.hire_cost(p, side) <= limit:
            return side
    return None


def hire(ctx: Ctx, p: Player, card: RachelCard) -> str:
    side = _hireable(p)
    assert side is not None
    piece = f"expert_{side}"
    cost = experts.hire_cost(p, side)
    p.experts.remove(piece)
    # A hired expert comes into her break room: at normal and hard that is worth its extra
    # bonus too (the book's hiring example: two bonuses in all).
    deck.rs(ctx).away.append(piece)
    p.break_room.append(piece)
    _say(ctx, p, f"Rachel hires the {side} expert (its cost is down to {cost} money; she "
         "pays nothing).")
    funding.grant_funding(ctx, p.seat, 1, "hired an expert")
    return "hire_expert"


# --- the table ---------------------------------------------------------------------------
Possible = Callable[["Ctx", Player, RachelCard], bool]
# Returns the board action hers was, which decides her second action (turn.second_action):
# both developments are Build a Development, the blueprint refill Acquire Blueprints, a
# launch none ("").
Do = Callable[["Ctx", Player, RachelCard], str]

ACTIONS: dict[str, tuple[Possible, Do]] = {
    "build_segments": (lambda ctx, p, c: can_build(ctx, p), build),
    "draw_agenda": (lambda ctx, p, c: draw_possible(ctx, p), draw),
    "refill_agenda": (lambda ctx, p, c: True, refill_agenda),
    "gain_resources": (lambda ctx, p, c: gain_possible(ctx, p), gain),
    "refill_silo": (lambda ctx, p, c: refill_silo_possible(ctx, p), refill_silo),
    "advertise_cruise": (lambda ctx, p, c: advertise_possible(ctx, p), advertise),
    "develop_network": (lambda ctx, p, c: develop_possible(ctx, p, "c"),
                        lambda ctx, p, c: develop(ctx, p, "c")),
    "develop_technology": (lambda ctx, p, c: develop_possible(ctx, p, "t"),
                           lambda ctx, p, c: develop(ctx, p, "t")),
    "hire_expert": (lambda ctx, p, c: _hireable(p) is not None, hire),
    "refill_blueprints": (lambda ctx, p, c: refill_blueprints_possible(ctx, p),
                          refill_blueprints),
    "launch": (launch.possible, launch.launch),
}


def possible(ctx: Ctx, p: Player, card: RachelCard, action: str) -> bool:
    return ACTIONS[action][0](ctx, p, card)


def do(ctx: Ctx, p: Player, card: RachelCard, action: str) -> str:
    return ACTIONS[action][1](ctx, p, card)


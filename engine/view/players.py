"""The players: their seats, boards, ships, launch towers, upgrades, and a hand."""

from __future__ import annotations

import msgspec

from engine.components import Components, GoalTile
from engine.ctx import Ctx
from engine.describe import cockpit_rule, segment_effect_text
from engine.game import Game
from engine.options import SEAT_KINDS
from engine.rules import cruises, funding, scoring, ships
from engine.rules.agenda import HAND_LIMIT
from engine.rules.blueprints import HOLD_LIMIT
from engine.rules.metrics import wings
from engine.state import COLOURS, RESOURCES, Player, StartingUpgrades
from engine.view.board import BlueprintView, CardView, blueprint, card
from engine.view.market import CruiseView, cruise
from engine.view.turn import visited as turn_visited


class SeatView(msgspec.Struct, frozen=True):
    """A seat in a few words: the status line, the legend, the log's letters."""

    seat: int
    name: str
    kind: str  # a seat kind ("human", "greedy", ...) or an engine-run player's ("rachel")
    engine_run: bool  # played by the rules themselves (Rachel), not by a person or a bot
    vp: int
    reputation: int
    money: int
    ads: int


class StorageView(msgspec.Struct, frozen=True):
    resource: str
    have: int
    capacity: int
    development_costs: tuple[int, ...]  # the row's developments, left to right
    developments_placed: int  # the leftmost this many are on the network


class TowerTokenView(msgspec.Struct, frozen=True):
    label: str  # its bonus, short: "1$", "4ad", "dev-4"
    state: str  # "up", "flipped" (for a cruise) or "removed"


class UpgradeView(msgspec.Struct, frozen=True):
    colour: str
    index: int
    text: str


class UpgradeRowView(msgspec.Struct, frozen=True):
    colour: str
    unlocked: int
    spaces: int


class SegmentView(msgspec.Struct, frozen=True):
    name: str
    icons: tuple[str, ...]
    half: str = ""  # 客室斡旋: its half cabin (left, centre, right); "" for a base blueprint
    # 専門設計図: what a guest placed on it starts, in a few words; "" for other blueprints.
    effect: str = ""
    visited: bool = False  # started on the day in space being spent now


class FlightView(msgspec.Struct, frozen=True):
    cruise: CruiseView
    stop: int  # the stop reached, 0-based; -1 just launched
    # The loaded upgrade token by its bonus ("4 ads"); "" for one whose bonus is not known.
    token: str | None


class ShipView(msgspec.Struct, frozen=True):
    index: int  # 1-based
    cockpit: str
    engine: str
    segments: tuple[SegmentView, ...]  # cockpit side first
    guests: tuple[str, ...]  # colours, in cabin order
    cabins: int
    launched_once: bool
    unlaunched_penalty: int  # VP lost at the end if it never launches
    flight: FlightView | None
    cockpit_half: str = ""  # 客室斡旋: a cockpit showing a half cabin (the expansion's one)


class ScheduledView(msgspec.Struct, frozen=True):
    space: int  # 1-based
    cruise: CruiseView | None
    token: str | None  # the flipped tower token's bonus


class PlayerView(msgspec.Struct, frozen=True):
    seat: SeatView
    wings: int
    cubes_on_track: int
    hand_size: int
    blueprints: int
    storage: tuple[StorageView, ...]
    column_vp: tuple[int, ...]  # per development column when emptied
    break_room: tuple[str, ...]  # "worker" or "expert"
    experts_not_hired: tuple[str, ...]  # "left", "right"
    tower_top: tuple[TowerTokenView, ...]
    tower_bottom: tuple[TowerTokenView, ...]
    upgrade_rows: tuple[UpgradeRowView, ...]
    upgrades: tuple[UpgradeView, ...]
    ships: tuple[ShipView, ...]
    scheduled: ScheduledView | None
    goals_done: tuple[str, ...]  # their names
    funding_now: tuple[tuple[str, int], ...]  # (bonus kind, amount) a funding bonus may take
    cockpit_rules: tuple[str, ...]  # per ship
    cockpits_vp: int  # what the cockpits score now
    # Module starting_upgrades: what the table knows of the seat's starting upgrade cards.
    starting: str = ""


class HandView(msgspec.Struct, frozen=True):
    """A seat's own cards and blueprints: only in the view of a seat that may see them."""

    seat: int
    cards: tuple[CardView, ...]
    limit: int
    blueprints: tuple[BlueprintView, ...]
    blueprint_limit: int
    starting: tuple[str, ...] = ()  # its starting upgrade cards, each in words
    offer: tuple[str, ...] = ()  # the auction's cards still to pick (face up), in words


def seat_view(p: Player) -> SeatView:
    return SeatView(p.seat, p.name, p.kind, p.kind not in SEAT_KINDS, p.vp, p.reputation,
                    p.money, p.ads)


def _short(kind: str, n: int) -> str:
    if kind == "development":
        return f"dev-{n}"
    return f"{n}" + {"money": "$", "ad": "ad", "vp": "VP", "resource": "res"}.get(kind, kind)


def _tower(ctx: Ctx, p: Player, prefix: str) -> tuple[TowerTokenView, ...]:
    row = p.tower_top if prefix == "top" else p.tower_bottom
    out = []
    for i, st in enumerate(row):
        tid = cruises.token_id(ctx, p, f"{prefix}{i}")
        short = ctx.r.tower_tokens.short(ctx, tid) \
            if cruises.module_token(ctx, tid) and ctx.r.tower_tokens else \
            _short(*(cruises.TOP_BONUS | cruises.BOTTOM_BONUS)[tid])
        out.append(TowerTokenView(short, st))
    return tuple(out)


def _token(ctx: Ctx, p: Player, token: str | None) -> str | None:
    if token is None:
        return None
    try:
        return cruises.token_label(ctx, p, token)
    except (KeyError, IndexError, ValueError):
        return ""


def _effect(c: Components, bp: str) -> str:
    e = c.segment_effect(bp)
    return "" if e is None else segment_effect_text(e, short=True)


def ship_view(game: Game, p: Player, i: int) -> ShipView:
    c = game.comps
    sh = p.ships[i]
    visited = turn_visited(game, p.seat, i)
    segs = tuple(SegmentView(c.blueprint(s).name, tuple(c.blueprint(s).icons),
                             c.cabin(s) or "", _effect(c, s), k in visited)
                 for k, s in enumerate(sh.segments))
    flight = None
    if sh.cruise:
        tile = cruise(game, sh.cruise)
        assert tile is not None
        flight = FlightView(tile, sh.stop, _token(Ctx(game.state, c), p, sh.token))
    return ShipView(i + 1, c.cockpit(sh.cockpit).name, c.engine(sh.engine).name, segs,
                    tuple(sh.guests), ships.cabins(sh, Ctx(game.state, c), p),
                    sh.launched_once,
                    scoring.UNLAUNCHED_PENALTY, flight, c.cockpit_cabin(sh.cockpit) or "")


def _goals_done(game: Game, p: Player, tile: GoalTile) -> tuple[str, ...]:
    """The goals met, by name: Rachel's are her own three (developments placed, segments
    built, ships launched), which stand in for the tile's columns."""
    if game.state.rachel is not None and p.kind == "rachel":
        from engine.rules.rachel.goals import NAMES

        return tuple(f"her goal {j + 1} ({NAMES[j]})" for j in p.goals_done)
    return tuple(tile.goals[j].name for j in p.goals_done)


def _cockpits_vp(ctx: Ctx, p: Player) -> int:
    """What the cockpits score now, by the seat's own sheet (Rachel's cockpits also score
    their ships' segments), as the score sheet counts them."""
    if not p.ships:
        return 0
    parts = {"cockpits": scoring.cockpits_total(ctx, p), "others": 0}
    engine_seat = ctx.r.seats.get(p.kind)
    if engine_seat is not None:
        engine_seat.scoring(ctx, p, parts)
    return parts["cockpits"]


def player_view(game: Game, p: Player, hand_size: int) -> PlayerView:
    ctx = Ctx(game.state, game.comps)
    c = game.comps
    costs = tuple(c.board.development_costs)
    storage = tuple(StorageView(r, p.resource(r), p.capacity(r), costs,
                                len(costs) - p.developments_left[ri])
                    for ri, r in enumerate(RESOURCES))
    # Rachel's tokens cover upgrade spaces for their VP and no effect: kept apart from
    # Player.upgrades, they are hers to show all the same.
    r = game.state.rachel
    have = r.upgrades if r is not None and p.kind == "rachel" else p.upgrades
    rows = tuple(UpgradeRowView(col, sum(1 for u in have if c.upgrade(u).colour == col),
                                sum(1 for u in c.upgrades if u.colour == col))
                 for col in COLOURS)
    ups = tuple(UpgradeView(c.upgrade(u).colour, c.upgrade(u).index, c.upgrade(u).text)
                for u in have)
    scheduled = None
    if p.scheduled is not None:
        sp = game.state.board.cruise_spaces[p.scheduled]
        scheduled = ScheduledView(p.scheduled + 1, cruise(game, sp.tile),
                                  _token(ctx, p, p.scheduled_token))
    tile = c.goal_tile(game.state.board.goal_tile)
    return PlayerView(
        seat=seat_view(p), wings=wings(p), cubes_on_track=p.cubes_on_track,
        hand_size=hand_size, blueprints=len(p.blueprints), storage=storage,
        column_vp=tuple(c.board.development_column_vp),
        break_room=tuple("worker" if x == "worker" else "expert" for x in p.break_room),
        experts_not_hired=tuple(x.split("_")[1] for x in p.experts),
        tower_top=_tower(ctx, p, "top"),
        tower_bottom=_tower(ctx, p, "bottom"),
        upgrade_rows=rows, upgrades=ups,
        ships=tuple(ship_view(game, p, i) for i in range(len(p.ships))),
        scheduled=scheduled,
        goals_done=_goals_done(game, p, tile),
        funding_now=tuple(funding.available_tokens(p)),
        cockpit_rules=tuple(cockpit_rule(game, sh.cockpit) for sh in p.ships),
        cockpits_vp=_cockpits_vp(ctx, p),
        starting=_starting_public(game, p))


def _starting_public(game: Game, p: Player) -> str:
    """The seat's starting upgrade cards as everyone may know them: how many are dealt face
    down, the card picked at the auction (face up), the sealed bid (its amount only once all
    are revealed), the card revealed."""
    st = game.state.starting
    if st is None:
        return ""
    from engine.modules.starting_upgrades.play import card_words
    from engine.modules.starting_upgrades.variants import NOT_BID

    ctx = Ctx(game.state, game.comps)
    if st.revealed[p.seat]:
        return f"revealed {card_words(ctx, p, st.revealed[p.seat])}"
    if st.bids and NOT_BID in st.bids:
        return "bid sealed" if st.bids[p.seat] != NOT_BID else "still to bid"
    bid = f" (bid {st.bids[p.seat]})" if st.bids else ""
    hand = st.hands[p.seat]
    if st.bids and hand:
        return f"took {card_words(ctx, p, hand[0])}{bid}; reveals it on the first turn"
    if hand:
        return f"{len(hand)} cards face down; reveals one on the first turn"
    if st.rachel is not None and p.kind == "rachel":  # the card you gave her: face up
        return f"holds {card_words(ctx, game.state.players[0], st.rachel)}; places it at the " \
            "start of her first turn"
    return f"none{bid}" if st.bids else "none"


def hand_view(game: Game, p: Player, st: StartingUpgrades | None = None) -> HandView:
    """`p` (and `st`, the starting upgrade cards) must come from an observation that shows
    its hand (or the hot-seat's own seat)."""
    starting = () if st is None else tuple(
        card_words(Ctx(game.state, game.comps), p, c) for c in st.hands[p.seat])
    offer = () if st is None else tuple(
        card_words(Ctx(game.state, game.comps), p, c) for c in st.offer)
    return HandView(p.seat, tuple(card(game, x) for x in p.hand), HAND_LIMIT,
                    tuple(blueprint(game, x) for x in p.blueprints), HOLD_LIMIT, starting,
                    offer)


def card_words(ctx: Ctx, p: Player, card_id: str) -> str:
    from engine.modules.starting_upgrades.play import card_words as words

    return words(ctx, p, card_id)

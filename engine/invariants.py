"""Checks that must hold after every command; used by the property tests and the fuzzer."""

from __future__ import annotations

from engine.components import Components
from engine.game import Game
from engine.registry import rules_for
from engine.state import NEUTRAL, NPC, RESOURCES

GUESTS_PER_COLOUR = 12


def check(game: Game) -> list[str]:
    s = game.state
    b = s.board
    c = game.comps
    bad: list[str] = []
    # Conservation of guests: queue + supply + presold + aboard = 12 per colour.
    for ci, colour in enumerate(("orange", "purple", "teal")):
        n = sum(b.queue[sec][ci] for sec in range(3)) + b.supply[ci]
        n += sum(sp.presold.count(colour) for sp in b.cruise_spaces)
        n += sum(sh.guests.count(colour) for p in s.players for sh in p.ships)
        if n != GUESTS_PER_COLOUR:
            bad.append(f"{colour} guests total {n}, not 12")
        if b.supply[ci] < 0 or any(b.queue[sec][ci] < 0 for sec in range(3)):
            bad.append(f"negative {colour} guests")
    for p in s.players:
        # The final AGM may take a total below 0: -5 VP per ship never launched (打ち上げ).
        if p.money < 0 or p.ads < 0 or (p.vp < 0 and not s.over):
            bad.append(f"{p.name} has negative money/ads/VP")
        if not 0 <= p.reputation <= 18:
            bad.append(f"{p.name} reputation {p.reputation} off the track")
        for r in RESOURCES:
            if p.resource(r) < 0:
                bad.append(f"{p.name} has negative {r}")
            # Over storage is allowed only inside a step (agenda cards, reputation drop).
            if p.resource(r) > p.capacity(r) and s.turn.seat != p.seat:
                bad.append(f"{p.name} holds {p.resource(r)} {r} over capacity {p.capacity(r)}")
        for sh in p.ships:
            if len(sh.guests) > max(_cabins(game, p, sh), sh.berths, 0):
                bad.append(f"{p.name}'s ship is over-filled")
        pieces = list(p.break_room) + list(p.experts)
        pieces += [o.piece for o in b.occupants if o is not None and o.seat == p.seat]
        pieces += [sh.pilot for sh in p.ships if sh.pilot]
        if sorted(pieces) != ["expert_left", "expert_right", "worker", "worker"]:
            bad.append(f"{p.name}'s pieces are {sorted(pieces)}")
        if sum(1 for sp in b.cruise_spaces if sp.consultant == p.seat) > 1:
            bad.append(f"{p.name} has more than one scheduled cruise")
        if len(p.blueprints) > 5:
            bad.append(f"{p.name} holds {len(p.blueprints)} blueprints")
    bad += _npc(game)
    bad += _rachel(game)
    bad += _progress(game)
    bad += _engines_and_upgrades(game)
    bad += _station_tiles(game)
    bad += _tech_markers(game)
    bad += _pairing(game)
    bad += _visits(game)
    bad += _starting(game)
    if any(x < 0 or x > 5 for x in b.silo):
        bad.append(f"silo out of range {b.silo}")
    # Every card and tile in exactly one place.
    agenda = list(b.agenda_deck) + list(b.agenda_discard) + [x for x in b.agenda_display if x]
    agenda += [x for p in s.players for x in p.hand]
    if sorted(agenda) != _all_ids(c, "agenda"):
        bad.append("agenda cards are not each in exactly one place")
    bps = list(b.blueprint_deck) + [x for x in b.blueprint_display if x]
    bps += [x for p in s.players for x in p.blueprints]
    bps += [x for p in s.players for sh in p.ships for x in sh.segments]
    bps += s.rachel.discarded_blueprints if s.rachel else []
    if sorted(bps) != _all_ids(c, "blueprint"):
        bad.append("blueprints are not each in exactly one place")
    tiles = list(b.cruise_deck) + list(b.cruise_discard)
    tiles += [sp.tile for sp in b.cruise_spaces if sp.tile]
    tiles += [sh.cruise for p in s.players for sh in p.ships if sh.cruise]
    if sorted(tiles) != _all_ids(c, "cruise"):
        bad.append("cruise tiles are not each in exactly one place")
    cks = list(b.cockpit_deck) + [x for x in b.cockpit_display if x]
    flying = [sh.cockpit for p in s.players for sh in p.ships]
    cks += flying
    if sorted(cks) != sorted(x.id for x in c.cockpits if not x.starting or x.id in flying):
        bad.append("cockpits are not each in exactly one place")
    return bad


_IDS: dict[tuple[str, str], list[str]] = {}


def _all_ids(c: Components, kind: str) -> list[str]:
    """Sorted ids of every component of a kind; computed once per data set (a hot path)."""
    key = (c.data_hash, kind)
    if key not in _IDS:
        items = {"agenda": c.agenda_cards, "blueprint": c.blueprints, "cruise": c.cruise_tiles}
        _IDS[key] = sorted(x.id for x in items[kind])
    return _IDS[key]


def _npc(game: Game) -> list[str]:
    """The 1-2 player NPC: 2 pieces always on the network, 6 developments, 2 experts."""
    b = game.state.board
    pieces = [o.piece for o in b.occupants if o is not None and o.seat == NPC]
    devs = [o for site in list(b.connections) + list(b.tech_owners) for o in site if o == NPC]
    if b.npc is None:
        return ["NPC pieces or developments without an NPC"] if pieces or devs else []
    bad: list[str] = []
    if len(pieces) != 2:
        bad.append(f"the NPC has {len(pieces)} pieces on the network, not 2")
    if pieces.count("npc_expert") + b.npc.experts != 2:
        bad.append(f"NPC experts: {pieces.count('npc_expert')} placed, {b.npc.experts} aside")
    if len(devs) + b.npc.developments > 6 or b.npc.developments < 0:
        bad.append(f"NPC developments: {len(devs)} placed, {b.npc.developments} aside")
    if any(site.count(NPC) > 1 for site in list(b.connections) + list(b.tech_owners)):
        bad.append("two NPC developments on one place")
    return bad


def _progress(game: Game) -> list[str]:
    """Progress cubes = launches + goals achieved, per player; besides them only the neutral
    cube and the NPC's. Engine-run seats (Rachel) place cubes by their own rules: for them
    only the count on the track is checked."""

    s = game.state
    track = s.board.progress
    bad: list[str] = []
    engine_seats = rules_for(s.options.modules).seats
    for p in s.players:
        n = track.count(p.seat)
        if n != p.cubes_on_track:
            bad.append(f"{p.name} has {n} cubes on the progress track, counted {p.cubes_on_track}")
        # A launch places its cube at T-4 and counts the launch at liftoff.
        launching = s.turn.phase == "launch" and s.turn.seat == p.seat
        extra = n - p.launches - len(p.goals_done)
        if p.kind not in engine_seats and extra not in ((0, 1) if launching else (0,)):
            bad.append(f"{p.name} has {n} progress cubes but {p.launches} launches and "
                       f"{len(p.goals_done)} goals")
        if len(set(p.goals_done)) != len(p.goals_done):
            bad.append(f"{p.name} achieved a goal twice")
    strangers = [o for o in track if not 0 <= o < len(s.players) and o not in (NEUTRAL, NPC)]
    if strangers:
        bad.append(f"progress cubes of unknown owners {strangers}")
    if track.count(NEUTRAL) + len(s.board.neutral_progress) > 3:
        bad.append(f"{track.count(NEUTRAL)} neutral cubes on the progress track")
    return bad


def _engines_and_upgrades(game: Game) -> list[str]:
    s = game.state
    b = s.board
    c = game.comps
    bad: list[str] = []
    ships = [sh for p in s.players for sh in p.ships]
    engines = list(b.engine_deck) + [x for x in b.engine_display if x] + [sh.engine for sh in ships]
    used = {sh.engine for sh in ships}
    if sorted(engines) != sorted(x.id for x in c.engines if not x.starting or x.id in used):
        bad.append("engines are not each in exactly one place")
    for p in s.players:
        if len(set(p.upgrades)) != len(p.upgrades):
            bad.append(f"{p.name} unlocked an upgrade twice")
    if len(set(b.technologies)) != len(b.technologies):
        bad.append("a technology tile is on the board twice")
    return bad


def _station_tiles(game: Game) -> list[str]:
    """区画ボーナス・タイル: one tile a station, each active exactly when its station has
    reached the threshold (or from the start, by the variant)."""
    s = game.state
    b = s.board
    if "station_bonuses" not in s.options.modules:
        return ["station bonus tiles without the module"] if b.station_tiles else []
    from engine.modules.station_bonuses import rules as stations

    if sorted(b.station_tiles) != sorted(t.id for t in game.comps.station_bonus_tiles) or \
            len(b.station_active) != 6:
        return [f"station bonus tiles {b.station_tiles} / {b.station_active}"]
    return stations.tile_problems(b.connections, b.station_active, s.options.players,
                                  stations.VARIANT in s.options.variants)


def _cabins(game: Game, p, sh) -> int:  # noqa: ANN001 - Player, Ship
    from engine.ctx import Ctx
    from engine.rules.ships import cabins

    return cabins(sh, Ctx(game.state, game.comps), p)


def _pairing(game: Game) -> list[str]:
    """客室斡旋 (and 専門設計図, built by its rule): no cabin is ever half-built (every
    player's ship but Rachel's)."""
    s = game.state
    if "cabin_pairing" not in s.options.modules and \
            "specialised_blueprints" not in s.options.modules:
        return []
    from engine.modules.cabin_pairing import rules as pairing

    c = game.comps
    bad = []
    for p in s.players:
        if p.kind == "rachel":
            continue
        for k, sh in enumerate(p.ships):
            halves = [c.cabin(b) or "" for b in sh.segments]
            if not pairing.never_half_built(c.cockpit_cabin(sh.cockpit), halves):
                bad.append(f"{p.name}'s ship {k + 1} has a half-built cabin ({halves})")
    return bad


def _visits(game: Game) -> list[str]:
    """専門設計図: the guest tokens are the module's; a day in space being spent (VisitSegment)
    is one at a time, for a ship in flight, with its waiting guests aboard; no segment started
    twice beyond Encore Performance's grant, and each started one shows a guest's icon."""
    s = game.state
    if "specialised_blueprints" not in s.options.modules:
        return []
    from engine.ctx import Ctx
    from engine.modules.specialised_blueprints import play
    from engine.modules.specialised_blueprints import rules as sb
    from engine.modules.specialised_blueprints.decisions import VisitSegment

    bad = []
    if s.board.guest_bonus != ["gt-o", "gt-p", "gt-t"]:
        bad.append(f"guest bonus tokens {s.board.guest_bonus}, not the module's")
    visits = [d for d in s.stack if isinstance(d, VisitSegment)]
    if len(visits) > 1:
        bad.append(f"{len(visits)} days in space spent at once")
    for d in visits:
        p = s.players[d.seat]
        if not 0 <= d.ship < len(p.ships) or p.ships[d.ship].cruise is None:
            bad.append(f"{p.name}'s visit is for no ship in flight")
            continue
        sh = p.ships[d.ship]
        ctx = Ctx(s, game.comps)
        if any(d.waiting.count(g) > sh.guests.count(g) for g in d.waiting) or \
                len(d.waiting) + len(d.used) > len(sh.guests) or not d.waiting:
            bad.append(f"{p.name}'s visit waits for {d.waiting} with {sh.guests} aboard and "
                       f"{d.used} started")
        if sb.repeats_used(d.used) > play.extra(ctx, p):
            bad.append(f"{p.name}'s ship started a segment twice ({d.used}) without a card")
        for i in d.used:
            if not 0 <= i < len(sh.segments) or \
                    not set(game.comps.blueprint(sh.segments[i]).icons) & set(sh.guests):
                bad.append(f"{p.name}'s segment {i + 1} started with no guest of its icon")
    return bad


def _tech_markers(game: Game) -> list[str]:
    """上級技術: a marker per technology, only moving right, at most once a turn (Prototype
    Run's move is that turn's move), plus one per cube Rachel added; never past its track."""
    s = game.state
    b = s.board
    if "advanced_technologies" not in s.options.modules:
        return ["technology markers without the module"] if b.tech_markers else []
    from engine.modules.advanced_technologies import rules as tech

    techs = [game.comps.advanced(t) for t in b.technologies]
    if len(b.tech_markers) != len(techs) or any(t is None for t in techs):
        return [f"technology markers {b.tech_markers} for {b.technologies}"]
    t = s.turn
    bad = []
    if len(set(t.tech_moved)) != len(t.tech_moved):
        bad.append(f"a technology marker moved twice this turn ({t.tech_moved})")
    start = t.tech_start or b.tech_markers
    bad += tech.marker_problems(techs, start, b.tech_markers, t.tech_rachel)  # type: ignore[arg-type]
    return bad


def _rachel(game: Game) -> list[str]:
    """Solo: her 12 action cards, and nothing she never holds (cards, blueprints, resources)."""
    s = game.state
    rs = s.rachel
    if rs is None:
        return ["a Rachel seat without her deck"] if any(p.kind == "rachel"
                                                         for p in s.players) else []
    bad: list[str] = []
    if sorted(rs.deck + rs.discard) != sorted(c.id for c in game.comps.rachel_cards):
        bad.append("Rachel's action cards are not each in exactly one place")
    for p in s.players:
        if p.kind != "rachel":
            continue
        if p.hand or p.blueprints or p.food or p.oxygen or p.fuel or p.ads or p.upgrades:
            bad.append("Rachel holds agenda cards, blueprints, resources, ads or upgrades")
        if p.scheduled is not None:
            bad.append("Rachel has a scheduled cruise")
        if len(p.ships) > 3 or any(len(sh.segments) > 3 for sh in p.ships):
            bad.append("Rachel has more than 3 ships or 3 segments on a ship")
    return bad


def _starting(game: Game) -> list[str]:
    """Starting upgrade cards: each of them in exactly one place; a seat past its reveal holds
    none, its card's token off the tower and its upgrade unlocked; the auction's money."""
    s = game.state
    st = s.starting
    if "starting_upgrades" not in s.options.modules:
        return ["starting upgrade cards without the module"] if st is not None else []
    if st is None:
        return ["the module starting_upgrades without its cards"]
    bad: list[str] = []
    held = st.box + st.offer + [c for h in st.hands for c in h] + \
        ([st.rachel] if st.rachel else [])
    if sorted(held) != sorted(c.id for c in game.comps.starting_upgrade_cards):
        bad.append("starting upgrade cards are not each in exactly one place")
    auction = "starting_auction" in s.options.variants
    for p in s.players:
        hand, card = st.hands[p.seat], st.revealed[p.seat]
        if len(hand) > (1 if auction else 2):
            bad.append(f"{p.name} holds {len(hand)} starting upgrade cards")
        first = s.turn_order.index(p.seat) + 1
        revealing = bool(s.stack) and s.stack[-1].kind == "starting_upgrade"
        if hand and (s.turn.number > first or (s.turn.number == first and not revealing
                                                 and s.turn.phase != "start")):
            bad.append(f"{p.name} still holds starting upgrade cards after the first turn began")
        if not card:
            continue
        if hand:
            bad.append(f"{p.name} revealed a card and still holds one")
        c = game.comps.starting_upgrade(card)
        if p.kind == "rachel":
            if s.rachel is None or c.upgrade not in s.rachel.upgrades:
                bad.append(f"Rachel's starting card {card}: its upgrade space is not covered")
            continue
        row = p.tower_top if c.token.startswith("top") else p.tower_bottom
        if row[int(c.token[-1])] != "removed" or c.upgrade not in p.upgrades:
            bad.append(f"{p.name}'s starting card {card}: token still on the tower or upgrade "
                       "not unlocked")
    if auction and (-1 in st.bids or any(d.kind == "starting_pick" for d in s.stack)):
        # The auction comes before the set-up picks: money is the start, +3, less the bid.
        start = game.comps.board.start_money + 3
        for p in s.players:
            paid = 0 if -1 in st.bids else st.bids[p.seat]
            if p.money != start - paid:
                bad.append(f"{p.name} has {p.money} money in the auction, not {start - paid}")
    return bad

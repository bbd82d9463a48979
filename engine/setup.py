"""Standard and introductory setup for 1-4 players, in the rulebook's order (準備)."""

from __future__ import annotations

from engine.components import Components
from engine.ctx import Ctx
from engine.options import RULES, GameOptions
from engine.rng import seed_state
from engine.rules import npc, rachel
from engine.rules.rachel import setup as rachel_setup
from engine.state import COLOURS, NEUTRAL, Board, CruiseSpace, Player, Ship, State, Turn

CRUISE_SPACES = 6


def new_state(opts: GameOptions, comps: Components, events: list | None = None,
              rules: int = RULES) -> State:
    """The state at the start; `events`, when given, receives what the set-up logged (Rachel's
    first development and discarded blueprint, a module's draws), for the game's log; `rules`:
    the rules version (an older game's, to replay it)."""
    opts.validate()
    n = opts.players
    board = _empty_board(comps)
    players = [
        Player(seat=i, name=name, kind=kind)
        for i, (name, kind) in enumerate(zip(opts.seat_names(), opts.seat_kinds(), strict=True))
    ]
    if n == 1:  # solo: Rachel plays the second seat; you are the first player (1人用ゲーム)
        players.append(Player(seat=1, name=rachel.NAME, kind=rachel.KIND))
    state = State(options=opts, data_hash=comps.data_hash, rng=seed_state(opts.seed),
                  players=players, board=board, turn_order=list(range(len(players))),
                  setup_queue=[], turn=Turn(seat=0, number=0, phase="setup"), rules=rules)
    ctx = Ctx(state, comps)
    b = state.board
    intro = opts.setup == "intro"

    # Main board.
    b.agenda_deck = [c.id for c in comps.agenda_cards]
    ctx.shuffle(b.agenda_deck)
    b.agenda_display = [b.agenda_deck.pop(0) for _ in range(4)]
    track = next(t for t in comps.board.progress_tracks if t.players == n)
    b.progress_sections = list(track.sections)
    if intro:
        b.stations = [list(pair) for pair in comps.board.intro_action_pairs]
        b.expert_tile = comps.board.intro_expert_tile
        b.goal_tile = comps.board.intro_goal_tile
        b.technologies = list(comps.board.intro_technologies)
        # The intro board prints its technologies, but a tile is still drawn at random for
        # its back: where the neutral developments go (導入ゲームの準備 ⑥⑦).
        techs = [t.id for t in comps.technologies]
        ctx.shuffle(techs)
        neutral = comps.technology(techs[0]).neutral_setup
        spare = techs[1:]
    else:
        tiles = list(comps.action_tiles)
        ctx.shuffle(tiles)
        b.stations = [tiles[2 * i: 2 * i + 2] for i in range(6)]
        experts = [e.id for e in comps.expert_tiles if not e.intro]
        b.expert_tile = experts[ctx.below(len(experts))]
        goals = [g.id for g in comps.goal_tiles if not g.intro]
        b.goal_tile = goals[ctx.below(len(goals))]
        techs = [t.id for t in comps.technologies]
        ctx.shuffle(techs)
        b.technologies = techs[:4]
        back = comps.technology(techs[4])
        neutral = back.neutral_setup
        spare = techs[5:]
    b.tech_owners = [[] for _ in b.technologies]
    b.goal_trackers = [1 if n <= 2 else 0] * 3
    b.goal_achievers = [0, 0, 0]
    # Neutral developments cover reputation icons, by player count (NOTES.md).
    conns = list(neutral.connections) if n <= 2 else [neutral.connections[0]]
    for k in conns:
        b.connections[k - 1].append(NEUTRAL)
    if n <= 3:
        b.tech_owners[neutral.technology_slot - 1].append(NEUTRAL)
    if n <= npc.MAX_PLAYERS:
        npc.setup(ctx, conns, spare)  # 1-2 players: the unused tiles stay beside the board
    if intro:
        # A neutral cube on the first space of every section; 1-2 players: section 2 only.
        starts = [sum(b.progress_sections[:k]) for k in range(3)]
        if n <= 2:
            starts = [starts[1]]
        if starts[0] == 0:
            b.progress.append(NEUTRAL)
            starts.pop(0)
        b.neutral_progress = starts

    # Displays.
    b.blueprint_deck = [x.id for x in comps.blueprints]
    ctx.shuffle(b.blueprint_deck)
    b.blueprint_display = [b.blueprint_deck.pop(0) for _ in range(5)]
    b.silo = [comps.board.silo_start] * 3
    b.cockpit_deck = [x.id for x in comps.cockpits if not x.starting]
    b.engine_deck = [x.id for x in comps.engines if not x.starting]
    ctx.shuffle(b.cockpit_deck)
    ctx.shuffle(b.engine_deck)
    b.cockpit_display = [b.cockpit_deck.pop(0) for _ in range(4)]
    b.engine_display = [b.engine_deck.pop(0) for _ in range(4)]

    # Marketing board: guest bonuses, overlays, cruise tiles, the queue.
    bonuses = [g for g in comps.guest_bonuses]
    ctx.shuffle(bonuses)
    b.guest_bonus = bonuses[:3]
    shown = comps.board.cruise_spaces[n]
    b.cruise_spaces = [CruiseSpace(covered=i >= shown) for i in range(CRUISE_SPACES)]
    tiles_all = [t.id for t in comps.cruise_tiles]
    if intro:
        starred = [t.id for t in comps.cruise_tiles if t.starred]
        rest = [t for t in tiles_all if t not in starred]
        ctx.shuffle(rest)
        order = starred + rest
    else:
        order = tiles_all
        ctx.shuffle(order)
    for i in range(shown):
        b.cruise_spaces[i].tile = order.pop(0)
    b.cruise_deck = order
    guests: list[str] = []
    for sp in b.cruise_spaces:
        if sp.tile:
            guests.extend(comps.cruise_tile(sp.tile).destinations)
    minimum = comps.board.minimum_guests[n]
    while len(guests) < minimum:
        guests.extend(COLOURS)
    ctx.shuffle(guests)
    b.queue = [[0, 0, 0] for _ in range(3)]
    for i, g in enumerate(guests):
        b.queue[i % 3][COLOURS.index(g)] += 1
    b.supply = [comps.board.guests_per_colour - guests.count(c) for c in COLOURS]

    # Player boards.
    cockpits = [x.id for x in comps.cockpits if x.starting]
    engines = [x.id for x in comps.engines if x.starting]
    for p in players:
        p.ships = [Ship(cockpit=cockpits[p.seat], engine=engines[p.seat])]
        p.money = comps.board.start_money
        p.ads = comps.board.start_ads
        p.vp = comps.board.start_vp
    for pos, seat in enumerate(state.turn_order):
        p = players[seat]
        p.hand.append(b.agenda_deck.pop(0))
        p.reputation = pos
    state.setup_queue = list(reversed(state.turn_order))
    if n == 1:
        rachel_setup.prepare(ctx)
    for step in ctx.r.setup:
        step(ctx)
    if events is not None:
        events += ctx.events
    return state


def _empty_board(comps: Components) -> Board:
    return Board(
        stations=[], occupants=[None] * 6, connections=[[] for _ in range(6)], technologies=[],
        tech_owners=[], expert_tile="", goal_tile="", goal_trackers=[], goal_achievers=[],
        silo=[], agenda_deck=[], agenda_display=[], agenda_discard=[], blueprint_deck=[],
        blueprint_display=[], cockpit_deck=[], engine_deck=[], cockpit_display=[],
        engine_display=[], cruise_deck=[], cruise_discard=[], cruise_spaces=[], guest_bonus=[],
        queue=[], supply=[], progress=[], progress_sections=[],
    )

"""The 1-2 player NPC (2人用ゲームのルール): setup, bump chains, AGM developments and
promotions, fees, and random 2-player games that keep every invariant."""

from __future__ import annotations

import pytest
from helpers import finish_setup, new_game, pending_kind, set_turn

from engine import Game, GameOptions
from engine.bots.random_bot import RandomBot
from engine.commands import FundingBonus, PlaceWorker, TakeAction, UseTechnology
from engine.ctx import Ctx
from engine.invariants import check
from engine.rules import endgame, network, npc, progress
from engine.state import NEUTRAL, NPC, Occupant

PINK, YELLOW = 0, 1
W, X = npc.NPC_WORKER, npc.NPC_EXPERT


def scenario(expert_tile: str = "ex2", seed: int = 1) -> Game:
    """A 2-player game after setup with an empty network; Pink and Yellow play.

    The default expert tile (ex2, the accountant) adds nothing when pieces are placed or
    bumped, so every funding decision below comes from a bump.
    """
    game = finish_setup(new_game(2, seed=seed, names=("Pink", "Yellow")))
    b = game.state.board
    b.occupants = [None] * 6
    b.expert_tile = expert_tile
    return game


def put(game: Game, station: int, seat: int, piece: str) -> None:
    """Move a piece onto a station as if it had been placed there earlier."""
    if seat >= 0:
        p = game.state.players[seat]
        (p.break_room if piece == "worker" else p.experts).remove(piece)
    elif piece == X:
        npc_aside = game.state.board.npc
        assert npc_aside is not None
        npc_aside.experts -= 1
    game.state.board.occupants[station - 1] = Occupant(seat, piece)


def hire(game: Game, seat: int, piece: str) -> None:
    p = game.state.players[seat]
    p.experts.remove(piece)
    p.break_room.append(piece)


def layout(game: Game) -> list[tuple[int, str] | None]:
    return [(o.seat, o.piece) if o else None for o in game.state.board.occupants]


def place(game: Game, seat: int, piece: str, station: int) -> None:
    set_turn(game, seat)
    game.apply(PlaceWorker(piece, station))  # type: ignore[arg-type]


def ctx_of(game: Game) -> Ctx:
    return Ctx(game.state, game.comps)


# --- the book's two examples ---------------------------------------------------------
def test_book_example_worker_skips_pink_and_bumps_yellow() -> None:
    game = scenario()
    put(game, 2, NPC, W)
    put(game, 3, PINK, "worker")
    put(game, 4, YELLOW, "worker")
    put(game, 6, NPC, W)
    place(game, PINK, "worker", 2)
    assert layout(game) == [None, (PINK, "worker"), (PINK, "worker"), (NPC, W), None, (NPC, W)]
    yellow = game.state.players[YELLOW]
    assert yellow.break_room == ["worker", "worker"]
    # Yellow returns the worker and chooses a funding bonus, off-turn, before Pink acts.
    assert game.pending is not None and game.pending.seat == YELLOW
    dec = game.pending
    assert pending_kind(game) == "funding" and dec.why == "worker bumped" and dec.piece_returned
    money = yellow.money
    game.apply(FundingBonus("money"))
    assert yellow.money == money + 1
    assert pending_kind(game) == "action" and game.pending.seat == PINK
    assert not check(game)


def test_book_example_expert_skips_empty_stations() -> None:
    game = scenario()
    put(game, 2, NPC, X)
    put(game, 5, YELLOW, "worker")
    place(game, PINK, "worker", 2)
    # An NPC worker would stop on the empty station 3; the expert goes on to Yellow on 5.
    assert layout(game) == [None, (PINK, "worker"), None, None, (NPC, X), None]
    assert game.pending is not None and game.pending.seat == YELLOW
    assert pending_kind(game) == "funding"


def test_the_same_position_with_a_worker_stops_on_the_empty_station() -> None:
    game = scenario()
    put(game, 2, NPC, W)
    put(game, 5, YELLOW, "worker")
    place(game, PINK, "worker", 2)
    assert layout(game) == [None, (PINK, "worker"), (NPC, W), None, (YELLOW, "worker"), None]
    assert pending_kind(game) == "action" and game.pending.seat == PINK


# --- every link of the chain ---------------------------------------------------------
def test_worker_stays_on_an_empty_station_without_any_bump() -> None:
    game = scenario()
    put(game, 6, NPC, W)
    place(game, YELLOW, "worker", 6)
    # Clockwise from station 6 is station 1.
    assert layout(game) == [(NPC, W), None, None, None, None, (YELLOW, "worker")]
    assert pending_kind(game) == "action" and game.pending.seat == YELLOW


def test_worker_bumps_the_other_players_expert() -> None:
    game = scenario()
    put(game, 1, NPC, W)
    put(game, 2, YELLOW, "expert_left")
    place(game, PINK, "worker", 1)
    assert layout(game) == [(PINK, "worker"), (NPC, W), None, None, None, None]
    assert game.state.players[YELLOW].break_room == ["worker", "worker", "expert_left"]
    assert pending_kind(game) == "funding" and game.pending.seat == YELLOW


def test_worker_skips_the_other_npc_piece() -> None:
    game = scenario()
    put(game, 3, NPC, W)
    put(game, 4, NPC, X)
    place(game, PINK, "worker", 3)
    assert layout(game) == [None, None, (PINK, "worker"), (NPC, X), (NPC, W), None]


def test_worker_skips_the_bumpers_own_piece_and_the_npc_then_bumps() -> None:
    game = scenario()
    put(game, 4, NPC, W)
    put(game, 5, PINK, "worker")
    put(game, 6, NPC, W)
    put(game, 1, YELLOW, "worker")
    hire(game, PINK, "expert_left")
    place(game, PINK, "expert_left", 4)
    assert layout(game) == [(NPC, W), None, None, (PINK, "expert_left"), (PINK, "worker"),
                            (NPC, W)]
    assert game.state.players[YELLOW].break_room == ["worker", "worker"]
    assert game.pending is not None and game.pending.seat == YELLOW


def test_bumper_who_may_bump_own_pieces_must_bump_them() -> None:
    # The Micromanager tile (ex3) lets experts bump their owner's pieces.
    game = scenario(expert_tile="ex3")
    put(game, 2, NPC, W)
    put(game, 3, PINK, "worker")
    put(game, 4, YELLOW, "worker")
    put(game, 5, NPC, X)
    hire(game, PINK, "expert_right")
    place(game, PINK, "expert_right", 2)
    assert layout(game) == [None, (PINK, "expert_right"), (NPC, W), (YELLOW, "worker"), (NPC, X),
                            None]
    pink = game.state.players[PINK]
    assert pink.break_room == ["worker", "worker"]
    assert pending_kind(game) == "funding" and game.pending.seat == PINK
    game.apply(FundingBonus("ad"))
    assert pending_kind(game) == "action" and game.pending.seat == PINK
    assert not check(game)


def test_a_worker_of_that_bumper_does_not_have_the_experts_right() -> None:
    game = scenario(expert_tile="ex3")
    put(game, 2, NPC, W)
    put(game, 3, PINK, "worker")
    place(game, PINK, "worker", 2)
    assert layout(game) == [None, (PINK, "worker"), (PINK, "worker"), (NPC, W), None, None]


def test_an_upgrade_to_bump_own_pieces_applies_to_workers_too() -> None:
    game = scenario()
    game.state.players[PINK].upgrades.append("up-o1")
    put(game, 2, NPC, X)
    put(game, 4, PINK, "worker")
    put(game, 5, YELLOW, "worker")
    place(game, PINK, "worker", 2)
    # The expert skips the empty station 3 and must bump Pink's own worker on 4.
    assert layout(game) == [None, (PINK, "worker"), None, (NPC, X), (YELLOW, "worker"), None]
    assert game.pending is not None and game.pending.seat == PINK


def test_expert_takes_the_first_empty_station_when_nothing_can_be_bumped() -> None:
    game = scenario()
    put(game, 5, NPC, X)
    put(game, 6, PINK, "worker")
    put(game, 2, NPC, W)
    place(game, PINK, "worker", 5)
    # 6 is Pink's own, 1 is empty (remembered), 2 the NPC, 3 and 4 empty: back to 1.
    assert layout(game) == [(NPC, X), (NPC, W), None, None, (PINK, "worker"),
                            (PINK, "worker")]
    assert pending_kind(game) == "action"


def test_a_placing_expert_with_the_bump_bonus_ability_gains_a_bonus_too() -> None:
    game = scenario(expert_tile="ex1")
    put(game, 1, NPC, W)
    put(game, 2, YELLOW, "worker")
    hire(game, PINK, "expert_left")
    place(game, PINK, "expert_left", 1)
    # Yellow (bumped by the NPC) chooses first, then Pink (whose expert bumped the NPC).
    assert [(d.kind, d.seat, d.why) for d in game.state.stack] == [
        ("funding", PINK, "expert bumped a worker"), ("funding", YELLOW, "worker bumped")]


def test_chain_ends_when_every_station_is_full() -> None:
    game = scenario()
    pink = game.state.players[PINK]
    put(game, 1, NPC, W)
    put(game, 2, PINK, "worker")
    put(game, 3, NPC, X)
    put(game, 4, PINK, "expert_left")
    put(game, 5, PINK, "expert_right")
    put(game, 6, YELLOW, "worker")
    assert pink.break_room == ["worker"]
    place(game, PINK, "worker", 1)
    assert layout(game) == [(PINK, "worker"), (PINK, "worker"), (NPC, X),
                            (PINK, "expert_left"), (PINK, "expert_right"), (NPC, W)]
    assert game.state.players[YELLOW].break_room == ["worker", "worker"]
    assert not check(game)


def test_destination_of_every_piece_from_a_full_ring() -> None:
    occ: list[Occupant | None] = [
        Occupant(PINK, "worker"), Occupant(PINK, "worker"), Occupant(NPC, X),
        Occupant(PINK, "expert_left"), Occupant(PINK, "expert_right"), Occupant(NPC, W)]
    # From station 6: 1, 2, 4, 5 are Pink's own, 3 the NPC: no station takes the piece.
    assert npc.destination(occ, 6, W, PINK, own_ok=False) is None
    assert npc.destination(occ, 6, X, PINK, own_ok=False) is None
    assert npc.destination(occ, 6, W, PINK, own_ok=True) == 1
    assert npc.destination(occ, 6, W, YELLOW, own_ok=False) == 1
    assert npc.destination(occ, 3, X, PINK, own_ok=True) == 4
    assert npc.clockwise_after(6) == [1, 2, 3, 4, 5]
    assert npc.clockwise_after(3) == [4, 5, 6, 1, 2]


def test_a_chain_with_no_station_left_still_ends_on_the_bumpers_piece() -> None:
    # Six Pink pieces cannot happen in play; the chain must end even so.
    game = scenario()
    b = game.state.board
    b.occupants = [Occupant(PINK, "worker"), Occupant(PINK, "worker"), Occupant(NPC, X),
                   Occupant(PINK, "expert_left"), Occupant(PINK, "expert_right"),
                   Occupant(PINK, "worker")]
    game.state.stack = []
    npc.bumped(ctx_of(game), PINK, "worker", 6, Occupant(NPC, W))
    assert layout(game) == [(NPC, W), (PINK, "worker"), (NPC, X), (PINK, "expert_left"),
                            (PINK, "expert_right"), (PINK, "worker")]
    assert [(d.kind, d.seat) for d in game.state.stack] == [("funding", PINK)]


# --- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "stations", "spare"), [
    # The real backs [pub]: te08 (6,4), te03 (4,1), te02 (5,1), te04 (6,3).
    (2, 0, [1, 5], ["te07", "te06", "te02"]),
    (2, 1, [2, 5], ["te01", "te08", "te04"]),
    (2, 2, [2, 6], ["te06", "te08", "te07"]),
    (2, 3, [1, 4], ["te07", "te03", "te05"]),
    (1, 0, [1, 5], ["te07", "te06", "te02"]),
])
def test_setup_places_npc_workers_clockwise_of_the_neutral_developments(
        players: int, seed: int, stations: list[int], spare: list[str]) -> None:
    game = Game.new(GameOptions(players=players, seed=seed))
    b = game.state.board
    neutral = [k for k in range(1, 7) if NEUTRAL in b.connections[k - 1]]
    assert sorted(network.connection_stations(k)[1] for k in neutral) == stations
    assert layout(game) == [(NPC, W) if st in stations else None for st in range(1, 7)]
    assert b.npc is not None
    assert (b.npc.developments, b.npc.experts, b.npc.technologies) == (6, 2, spare)
    # The spare tiles are those neither on the board nor used for the neutral developments.
    back = [t for t in game.comps.technologies
            if t.id not in b.technologies and t.id not in spare]
    assert len(back) == 1
    assert sorted(back[0].neutral_setup.connections) == neutral
    assert NEUTRAL in b.tech_owners[back[0].neutral_setup.technology_slot - 1]
    assert b.goal_trackers == [1, 1, 1]
    assert [sp.covered for sp in b.cruise_spaces] == [False] * 4 + [True] * 2
    assert b.neutral_progress == [] and NEUTRAL not in b.progress
    assert not check(game)


def test_intro_setup_npc_and_the_neutral_cube_on_section_2() -> None:
    game = Game.new(GameOptions(players=2, seed=5, setup="intro"))
    b = game.state.board
    # The intro setup still draws a technology tile for its back (導入ゲームの準備 ⑥⑦).
    assert b.npc is not None and len(b.npc.technologies) == 7
    back = next(t for t in game.comps.technologies if t.id not in b.npc.technologies)
    conns = sorted(back.neutral_setup.connections)
    assert [k for k in range(1, 7) if NEUTRAL in b.connections[k - 1]] == conns
    assert [i + 1 for i, o in enumerate(b.occupants) if o] == sorted(k % 6 + 1 for k in conns)
    s1, s2, _ = b.progress_sections
    assert b.neutral_progress == [s1] and b.progress == []
    ctx = ctx_of(game)
    for _ in range(s1 - 1):
        progress.place_cube(ctx, PINK, "launch")
    assert b.progress == [PINK] * (s1 - 1) and progress.filled_sections(ctx) == 0
    progress.place_cube(ctx, YELLOW, "launch")
    # Section 1 is full, and the neutral cube holds section 2's first space.
    assert b.progress == [PINK] * (s1 - 1) + [YELLOW, NEUTRAL]
    assert progress.filled_sections(ctx) == 1
    for _ in range(s2 - 1):
        progress.place_cube(ctx, YELLOW, "launch")
    assert progress.filled_sections(ctx) == 2
    assert progress.cubes_in_section(ctx, 1, YELLOW) == s2 - 1


@pytest.mark.parametrize("players", [3, 4])
def test_no_npc_with_three_or_more_players(players: int) -> None:
    for setup in ("standard", "intro"):
        game = Game.new(GameOptions(players=players, seed=2, setup=setup))  # type: ignore[arg-type]
        b = game.state.board
        assert b.npc is None and b.occupants == [None] * 6
        if setup == "standard":
            assert b.neutral_progress == [] and b.progress == []
        else:  # a neutral cube on the first space of every section
            s1, s2, _ = b.progress_sections
            assert b.progress == [NEUTRAL] and b.neutral_progress == [s1, s1 + s2]


# --- AGMs --------------------------------------------------------------------------------
def fill_section(game: Game, seat: int, cubes: int) -> None:
    b = game.state.board
    b.progress = b.progress + [seat] * cubes
    p = game.state.players[seat]
    p.cubes_on_track += cubes
    p.launches += cubes


def test_agm_year_1_places_npc_developments_and_promotes_clockwise_from_station_1() -> None:
    game = scenario()
    b = game.state.board
    assert b.npc is not None
    b.npc.technologies = ["te02"]  # back: connections 5 and 1, technology slot 1
    b.connections = [[NPC], [], [], [], [PINK], []]
    b.tech_owners = [[], [], [], []]
    put(game, 4, NPC, W)
    put(game, 2, NPC, W)
    s1 = b.progress_sections[0]
    fill_section(game, PINK, s1)
    pink, yellow = game.state.players
    pink.reputation, yellow.reputation = 3, 2
    vp = (pink.vp, yellow.vp)
    assert endgame.turn_end(ctx_of(game)) is False
    assert game.state.agm_done == 1
    # Normal AGM scoring too: Pink's cubes + 1 for the top reputation, times 1 wing.
    assert (pink.vp - vp[0], yellow.vp - vp[1]) == (s1 + 1, 0)
    # Connection 1 already held an NPC development: this one leaves the game.
    assert b.connections == [[NPC], [], [], [], [PINK, NPC], []]
    assert b.tech_owners == [[NPC], [], [], []]
    assert (b.npc.developments, b.npc.technologies) == (3, [])
    assert layout(game) == [None, (NPC, X), None, (NPC, W), None, None]
    assert b.npc.experts == 1
    assert not check(game)


def test_agm_year_2_promotes_the_other_worker() -> None:
    game = scenario()
    b = game.state.board
    assert b.npc is not None
    b.npc.technologies = ["te07"]  # back: connections 3 and 1, technology slot 1
    b.npc.developments = 3
    b.connections = [[], [], [PINK, YELLOW], [], [], []]
    b.tech_owners = [[NEUTRAL], [], [], []]
    put(game, 1, YELLOW, "worker")
    put(game, 3, NPC, X)
    put(game, 6, NPC, W)
    game.state.agm_done = 1
    fill_section(game, YELLOW, sum(b.progress_sections[:2]))
    endgame.turn_end(ctx_of(game))
    assert game.state.agm_done == 2
    assert b.connections == [[NPC], [], [PINK, YELLOW, NPC], [], [], []]
    # An NPC development is another colour than the neutral one: it joins it.
    assert b.tech_owners == [[NEUTRAL, NPC], [], [], []]
    assert b.npc.developments == 0 and b.npc.experts == 0
    assert layout(game) == [(YELLOW, "worker"), None, (NPC, X), None, None, (NPC, X)]
    assert not check(game)


def test_station_1_counts_first_for_the_promotion() -> None:
    game = scenario()
    b = game.state.board
    put(game, 1, NPC, W)
    put(game, 6, NPC, W)
    npc.promote(ctx_of(game))
    assert layout(game) == [(NPC, X), None, None, None, None, (NPC, W)]
    npc.promote(ctx_of(game))
    assert layout(game) == [(NPC, X), None, None, None, None, (NPC, X)]
    npc.promote(ctx_of(game))  # no expert left aside: nothing changes
    assert b.npc is not None and b.npc.experts == 0
    assert layout(game) == [(NPC, X), None, None, None, None, (NPC, X)]


def test_the_spare_tile_is_drawn_with_the_game_prng() -> None:
    picks = []
    for seed in (1, 2):
        game = scenario(seed=seed)
        b = game.state.board
        assert b.npc is not None
        spare = list(b.npc.technologies)
        b.connections = [[] for _ in range(6)]
        b.tech_owners = [[] for _ in range(4)]
        rng = game.state.rng
        npc.place_developments(ctx_of(game))
        assert game.state.rng != rng
        (drawn,) = [t for t in spare if t not in b.npc.technologies]
        setup = game.comps.technology(drawn).neutral_setup
        assert [k + 1 for k in range(6) if b.connections[k] == [NPC]] == \
            sorted(setup.connections)
        assert [i + 1 for i in range(4) if b.tech_owners[i] == [NPC]] == [setup.technology_slot]
        assert b.npc.developments == 3
        picks.append(drawn)
        again = scenario(seed=seed)
        assert again.state.board.npc is not None
        again.state.board.connections = [[] for _ in range(6)]
        npc.place_developments(ctx_of(again))
        assert again.state.board.npc.technologies == b.npc.technologies
    assert picks == ["te04", "te06"]


def test_no_npc_step_at_the_final_agm_or_without_an_npc() -> None:
    game = finish_setup(new_game(3, seed=1))
    ctx = ctx_of(game)
    npc.after_agm(ctx, 0)
    assert game.state.board.occupants == [None] * 6
    two = scenario()
    b = two.state.board
    put(two, 1, NPC, W)
    put(two, 2, NPC, W)
    assert b.npc is not None
    before = (b.npc.developments, list(b.npc.technologies), layout(two))
    npc.after_agm(ctx_of(two), 2)
    assert (b.npc.developments, b.npc.technologies, layout(two)) == before


# --- fees ------------------------------------------------------------------------------
def test_using_an_npc_connection_pays_the_supply() -> None:
    game = scenario()
    b = game.state.board
    b.connections = [[NPC], [NEUTRAL, NPC], [], [], [], []]
    pink, yellow = game.state.players
    place(game, PINK, "worker", 2)
    money, other = pink.money, yellow.money
    # Station 1 by connection 1 (NPC only): 2 money at reputation 0-6, to the supply.
    cmd = next(c for c in game.legal() if isinstance(c, TakeAction) and c.station == 1)
    game.apply(cmd)
    assert pink.money == money - 2 and yellow.money == other
    assert game.state.turn.paid == ["c1"]
    # Connection 2 holds a neutral and an NPC development: one fee each; paying for
    # connection 1 bought connection 2 nothing.
    ctx = ctx_of(game)
    assert network.use_cost(ctx, pink, "c2", b.connections[1]) == 4


def test_an_npc_technology_is_used_for_a_fee_to_the_supply() -> None:
    game = scenario()
    b = game.state.board
    b.tech_owners = [[NPC], [], [], []]
    pink, yellow = game.state.players
    place(game, PINK, "worker", 2)
    assert UseTechnology(1) in game.legal()
    money, other = pink.money, yellow.money
    game.apply(UseTechnology(1))
    assert pink.money == money - 2 and yellow.money == other
    assert UseTechnology(1) not in game.legal()


def test_npc_developments_give_no_meeting_actions() -> None:
    game = scenario()
    game.state.board.connections = [[NPC], [NPC, PINK], [], [], [], []]
    assert network.meeting_stations(ctx_of(game), PINK) == [2, 3]


# --- random play -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seeds"), [(2, 50), (1, 10)])
def test_random_games_with_the_npc_finish_and_keep_every_invariant(players: int,
                                                                    seeds: int) -> None:
    chains = 0
    for seed in range(seeds):
        game = Game.new(GameOptions(players=players, seed=1000 + seed))
        bot = RandomBot(seed)
        while not game.is_over:
            cmd = bot.choose(game)
            chains += sum(1 for e in game.apply(cmd) if e.kind == "bump" and e.seat == NPC)
            problems = check(game)
            assert not problems, f"seed {seed}, {players}p, {cmd}: {problems}"
        b = game.state.board
        assert b.npc is not None
        # Both AGMs ran: two promotions, and the developments of two tiles came out.
        assert b.npc.experts == 0 and b.npc.developments == 0
        assert len(b.npc.technologies) == 1
        assert sorted(p for _, p in npc.pieces(ctx_of(game))) == [X, X]
    assert chains >= seeds

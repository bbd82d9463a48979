"""Shared helpers for building rule scenarios."""

from __future__ import annotations

from collections.abc import Iterator

from engine import Game, GameOptions
from engine.commands import Command
from engine.decision_union import BY_KIND
from engine.state import Turn


def new_game(players: int = 2, seed: int = 1, **kw) -> Game:  # noqa: ANN003
    return Game.new(GameOptions(players=players, seed=seed, **kw))


def finish_setup(game: Game) -> Game:
    """Make every setup pick with the first legal choice."""
    while game.state.turn.phase == "setup":
        game.apply(game.legal()[0])
    return game


def set_turn(game: Game, seat: int, kind: str = "phase2") -> None:
    """Put the game at the start of `seat`'s phase 2 with nothing else pending."""
    s = game.state
    s.turn = Turn(seat=seat, number=s.turn.number or 1, phase="phase2")
    s.stack = [BY_KIND[kind](seat)]
    game._legal_cache = None


def invent(game: Game, effect: str, seat: int) -> str:
    """Put the technology with this effect kind in the first slot, developed by `seat`."""
    tech = next(t.id for t in game.comps.technologies if t.effect.kind == effect)
    b = game.state.board
    b.technologies[0], b.tech_owners[0] = tech, [seat]
    return tech


def act(game: Game, *cmds: Command) -> list:
    events = []
    for c in cmds:
        events += game.apply(c)
    return events


def pending_kind(game: Game) -> str:
    dec = game.pending
    assert dec is not None
    return dec.kind


def start_turn(game: Game, seat: int) -> None:
    """Begin `seat`'s turn from phase 1 (travel), as the engine would."""
    from engine import flow
    from engine.ctx import Ctx

    s = game.state
    s.turn = Turn(seat=seat, number=s.turn.number or 1, phase="start")
    s.stack = []
    flow.advance(Ctx(s, game.comps))
    game._legal_cache = None


def build_under_first_technology(game: Game, seat: int, money: int = 20) -> int:
    """`seat` (with `money` and no food) builds a food development under technology 1 from
    station 5; returns the row's printed cost, so a test can check what more was paid."""
    from engine.commands import BuildDevelopment, PlaceWorker, TakeAction

    p = game.state.players[seat]
    p.money, p.food = money, 0
    set_turn(game, seat)
    game.state.board.stations[4] = ["build_development", "build_development"]
    game.apply(PlaceWorker("worker", 5))
    game.apply(TakeAction(5, "build_development"))
    cost = game.comps.board.development_costs[3 - p.developments_left[0]]
    game.apply(BuildDevelopment("food", "t1", 0))  # type: ignore[arg-type]
    return cost


def store_moves(store, table: str, until=None) -> Game:  # noqa: ANN001 - TableStore, a test
    """Play a table's game by random choices from its first move until `until(game)` holds
    (None: to the end), storing the moves in one transaction (a move at a time through the
    store takes seconds); the game reached."""
    from engine.bots.random_bot import RandomBot

    game = store.start(table)
    moves = []
    while not game.is_over and (until is None or not until(game)):
        assert game.pending is not None
        seat = game.pending.seat
        cmd = RandomBot(len(moves)).choose(game)
        game.apply(cmd)
        moves.append((seat, cmd))
    with store._db.write():
        for seq, (seat, cmd) in enumerate(moves):
            store._insert(table, seq, seat, cmd)
    return game


def random_positions(players: int, seeds: range | tuple[int, ...], rules: int | None = None
                     ) -> Iterator[Game]:
    """Every position of a random game (RandomBot) for each seed, in order: the game before
    each move. Read it (or try moves on a copy); the next position is the same game moved on."""
    from engine.bots.random_bot import RandomBot

    for seed in seeds:
        opts = GameOptions(players=players, seed=seed)
        game = Game.new(opts) if rules is None else Game.new(opts, rules=rules)
        bot = RandomBot(seed)
        while not game.is_over:
            yield game
            game.apply(bot.choose(game))

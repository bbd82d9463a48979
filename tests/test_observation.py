"""Hidden information: a seat's observation, determinized games that fit it, and try_apply."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game, GameOptions, IllegalCommand
from engine import commands as C
from engine.bots.random_bot import RandomBot
from engine.observation import DECKS


def midgame(players: int, seed: int, moves: int = 150, holding: int = 0) -> Game:
    """A random game after `moves` commands, or sooner once `holding` seats hold cards."""
    game = Game.new(GameOptions(players=players, seed=seed))
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.is_over:
            break
        if holding and sum(1 for p in game.state.players if p.hand) >= holding:
            break
        game.apply(bot.choose(game))
    return game


def encoded(obj: object) -> bytes:
    return msgspec.msgpack.encode(obj)


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    game = midgame(3, seed=31, moves=2000, holding=3)
    hands = [list(p.hand) for p in game.state.players]
    assert all(hands), "every seat holds agenda cards"
    obs = game.observation(1)
    assert obs.state.players[1].hand == hands[1]
    assert obs.state.players[0].hand == [] and obs.state.players[2].hand == []
    assert obs.hand_sizes == tuple(len(h) for h in hands)
    assert obs.deck_sizes == tuple(len(getattr(game.state.board, d)) for d in DECKS)
    assert all(getattr(obs.state.board, d) == [] for d in DECKS)
    assert obs.state.rng == 0
    # The public board is all there.
    assert obs.state.board.agenda_display == game.state.board.agenda_display
    assert obs.state.board.agenda_discard == game.state.board.agenda_discard
    # Observing changes nothing.
    assert game.state.players[0].hand == hands[0]
    spectator = game.observation(-1)
    assert all(p.hand == [] for p in spectator.state.players)


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (2, 6), (3, 7), (4, 8)])
def test_determinized_games_fit_the_observation_and_differ_where_it_is_blind(
        players: int, seed: int) -> None:
    game = midgame(players, seed)
    for seat in range(players):
        seen = encoded(game.observation(seat))
        a, b = game.determinize(seat, 1), game.determinize(seat, 2)
        assert encoded(a.observation(seat)) == seen == encoded(b.observation(seat))
        assert a.state_hash() != b.state_hash()  # the unknowns were dealt again
        assert hidden(a, seat) != hidden(b, seat)
        # The same cards, only dealt differently.
        for d in DECKS[1:]:
            assert sorted(getattr(a.state.board, d)) == sorted(getattr(b.state.board, d))
        assert agenda_pool(a, seat) == agenda_pool(b, seat) == agenda_pool(game, seat)


def hidden(g: Game, seat: int) -> tuple:
    return ([getattr(g.state.board, d) for d in DECKS],
            [p.hand for p in g.state.players if p.seat != seat],
            g.state.rachel.deck if g.state.rachel else None)


def agenda_pool(g: Game, seat: int) -> list[str]:
    """The agenda cards `seat` cannot see: the deck and the other hands together."""
    return sorted(g.state.board.agenda_deck
                  + [c for p in g.state.players if p.seat != seat for c in p.hand])


def test_a_determinized_game_plays_on_to_the_end() -> None:
    game = midgame(3, seed=12, moves=80)
    d = game.determinize(0, 99)
    bot = RandomBot(3)
    for _ in range(5000):
        if d.is_over:
            break
        d.apply(bot.choose(d))
    assert d.is_over


def test_rachels_next_card_keeps_its_back_when_dealt_again() -> None:
    game = midgame(1, seed=44, moves=60)
    obs = game.observation(0)
    assert obs.rachel_next is not None and obs.rachel_deck_size == len(game.state.rachel.deck)
    backs = {game.determinize(0, s).observation(0).rachel_next for s in range(8)}
    assert backs == {obs.rachel_next}


def test_try_apply_leaves_the_game_as_it_was() -> None:
    game = midgame(2, seed=9, moves=40)
    before = game.state_hash()
    cmd = game.legal()[0]
    after, events = game.try_apply(cmd)
    assert game.state_hash() == before
    live = game.copy()
    assert live.apply(cmd) == events and live.state_hash() == after.state_hash()
    with pytest.raises(IllegalCommand):
        game.try_apply(C.PlaceWorker(piece="worker", station=99))
    assert game.state_hash() == before


def test_a_reveal_event_ends_exactly_the_commands_that_drew_flipped_or_shuffled() -> None:
    from engine.game import REVEAL

    game = Game.new(GameOptions(players=2, seed=17))
    bot = RandomBot(17)
    revealed = quiet = 0
    while not game.is_over:
        b = game.state.board
        decks = [list(getattr(b, d)) for d in DECKS]
        rng = game.state.rng
        events = game.apply(bot.choose(game))
        changed = decks != [getattr(game.state.board, d) for d in DECKS] or \
            rng != game.state.rng
        kinds = [e.kind for e in events]
        assert kinds.count(REVEAL) == (1 if changed else 0)
        if changed:
            assert kinds[-1] == REVEAL
        revealed += changed
        quiet += not changed
    assert revealed > 20 and quiet > 200


def test_no_seat_is_told_the_seed_that_dealt_the_hidden_cards() -> None:
    game = Game.new(GameOptions(players=2, seed=4242))
    for seat in (0, 1, -1):
        obs = game.observation(seat)
        assert obs.state.options.seed == 0 and obs.state.rng == 0
    assert game.options.seed == 4242  # the game itself keeps it

"""What one seat may know (its observation) and games re-dealt to fit it (determinize).

The state holds everything, the hidden parts too: deck order, the others' hands, Rachel's next
card, the NPC's spare technology tiles and the RNG. A seat's observation is the state with
those taken out and replaced by what the table shows (how many cards are left, the back of
Rachel's next card). A search bot or another player's terminal sees only this.

`determinize` is the other half: a full game that the seat could not tell apart from the real
one, its unknowns re-dealt from a seed. Two determinizations differ only where the seat cannot
see, and each has the same observation as the real game.
"""

from __future__ import annotations

import msgspec

from engine.modules.starting_upgrades.variants import NOT_BID, seen_by
from engine.rng import Rng, seed_state
from engine.state import StartingUpgrades, State

# Face-down piles on the board, each in draw order.
DECKS: tuple[str, ...] = ("agenda_deck", "blueprint_deck", "cockpit_deck", "engine_deck",
                          "cruise_deck")


class RachelBack(msgspec.Struct, frozen=True):
    """The back of Rachel's next action card: two numbers and a station, face up by the rules."""

    first: int
    second: int
    station: int


class Observation(msgspec.Struct, frozen=True):
    seat: int
    # The position as the seat sees it: decks empty, the others' hands empty, no RNG state,
    # Rachel's deck and the NPC's spare tiles empty (their sizes are below).
    state: State
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]  # in the order of DECKS
    rachel_deck_size: int = 0
    rachel_next: RachelBack | None = None
    npc_spare_technologies: int = 0
    # Module starting_upgrades: each seat's starting upgrade cards in hand (dealt ones are face
    # down to the others; the state shows only the seat's own).
    starting_hand_sizes: tuple[int, ...] = ()


def observe(state: State, seat: int, rachel_back: RachelBack | None) -> Observation:
    """`state` as `seat` sees it. `seat` may be -1: a spectator, who sees no hand."""
    seen = msgspec.structs.replace(state)  # shallow: every changed part is replaced, not edited
    board = msgspec.structs.replace(state.board, **{d: [] for d in DECKS})
    if board.npc is not None:
        board.npc = msgspec.structs.replace(board.npc, technologies=[])
    seen.board = board
    seen.players = [p if p.seat == seat else msgspec.structs.replace(p, hand=[])
                    for p in state.players]
    seen.rng = 0
    # The seed dealt every hidden card, and with the public moves replays them all: no seat
    # knows it (a table's `show --json` printed it).
    seen.options = msgspec.structs.replace(state.options, seed=0)
    rachel_size = 0
    if state.rachel is not None:
        rachel_size = len(state.rachel.deck)
        seen.rachel = msgspec.structs.replace(state.rachel, deck=[])
    starting_sizes: tuple[int, ...] = ()
    if state.starting is not None:
        starting_sizes = tuple(len(h) for h in state.starting.hands)
        seen.starting = _starting_seen(state, seat)
    return Observation(
        seat=seat, state=seen, starting_hand_sizes=starting_sizes,
        hand_sizes=tuple(len(p.hand) for p in state.players),
        deck_sizes=tuple(len(getattr(state.board, d)) for d in DECKS),
        rachel_deck_size=rachel_size, rachel_next=rachel_back,
        npc_spare_technologies=len(state.board.npc.technologies) if state.board.npc else 0)


def _auction(state: State) -> bool:
    return "starting_auction" in state.options.variants


def _starting_seen(state: State, seat: int) -> StartingUpgrades:
    """Starting upgrade cards as `seat` sees them: the box face down; the others' dealt
    cards face down (an auction's are picked face up); before the reveal, only whether each
    other seat has bid (variants.seen_by)."""
    st = state.starting
    assert st is not None
    hands = st.hands if _auction(state) else [h if i == seat else []
                                              for i, h in enumerate(st.hands)]
    bids = st.bids
    if NOT_BID in bids:
        bids = seen_by(bids, seat)
    return msgspec.structs.replace(st, hands=hands, box=[], bids=bids)


def redeal(state: State, seat: int, seed: int, back_of: dict[str, RachelBack]) -> State:
    """A copy of `state` with everything `seat` cannot see dealt again from `seed`.

    Agenda cards in the deck and in the other seats' hands form one pool (the seat cannot
    tell them apart), dealt back in the same sizes; each other deck is shuffled; Rachel's next
    card is drawn from her cards with the same back as the real one; the RNG starts afresh.
    """
    out = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    rng = Rng(seed_state(seed ^ 0x5EED_0F_0B5E_7A7E))

    def shuffled(items: list[str]) -> list[str]:
        # Sorted first: the deal then depends on which cards are unseen, never on the order
        # they really lie in, so no bot can learn that order through a determinization.
        items = sorted(items)
        rng.shuffle(items)
        return items

    b = out.board
    others = [p for p in out.players if p.seat != seat]
    pool = shuffled(b.agenda_deck + [c for p in others for c in p.hand])
    for p in others:
        p.hand, pool = sorted(pool[: len(p.hand)]), pool[len(p.hand):]
    b.agenda_deck = pool
    for d in DECKS[1:]:
        setattr(b, d, shuffled(getattr(b, d)))
    if b.npc is not None:
        b.npc.technologies = shuffled(b.npc.technologies)
    if out.rachel is not None and out.rachel.deck:
        deck = out.rachel.deck
        top = back_of[deck[0]]
        alike = [c for c in deck if back_of[c] == top]
        alike.sort()
        first = alike[rng.below(len(alike))]
        rest = list(deck)
        rest.remove(first)
        out.rachel.deck = [first, *shuffled(rest)]
    st = out.starting
    if st is not None:
        hidden = [] if _auction(out) else [i for i, h in enumerate(st.hands) if i != seat and h]
        cards = shuffled(st.box + [c for i in hidden for c in st.hands[i]])
        for i in hidden:
            st.hands[i], cards = cards[: len(st.hands[i])], cards[len(st.hands[i]):]
        st.box = cards
        if NOT_BID in st.bids:  # sealed: any amount each other bidder could have entered
            st.bids = [b if i == seat or b == NOT_BID else
                       rng.below(out.players[i].money + 1) for i, b in enumerate(st.bids)]
    out.rng = rng.state
    return out


__all__ = ["DECKS", "Observation", "RachelBack", "observe", "redeal"]

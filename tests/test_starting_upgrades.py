"""初期アップグレード・カード (module starting_upgrades) in play: the book's example and the
module's rules, its auction and handicap variants and Rachel's card, carried out by commands
applied to a real `Game` (the pure-function forms are in test_accommodations_rules.py)."""

from __future__ import annotations

import msgspec
import pytest

from engine import Game, GameOptions, IllegalCommand, IllegalOptions
from engine.commands import ChooseResource, Done, PlaceWorker
from engine.describe import describe
from engine.modules.starting_upgrades.commands import PickCard, RevealCard, SealBid
from engine.modules.starting_upgrades.decisions import (
    PickStartingCard,
    RevealStartingCard,
    SealedBids,
)
from engine.modules.starting_upgrades.variants import NOT_BID, SEALED
from tests.helpers import finish_setup

PINK, BLUE, GREEN = 0, 1, 2
SU = ("starting_upgrades",)


def dealt(players: int = 2, hands: dict[int, list[str]] | None = None, seed: int = 4,
          **kw: object) -> Game:
    """A game with the module whose setup picks are made, at the first seat's reveal; the
    hands given replace the dealt ones (their cards taken out of the box)."""
    g = Game.new(GameOptions(players=players, seed=seed, modules=kw.pop("modules", SU),  # type: ignore[arg-type]
                             **kw))  # type: ignore[arg-type]
    st = g.state.starting
    assert st is not None
    for seat, hand in (hands or {}).items():
        pool = st.box + [c for h in st.hands for c in h]
        st.hands[seat] = []
        pool = [c for c in pool if c not in hand]
        st.hands[seat] = list(hand)
        st.box = [c for c in pool if not any(c in h for h in st.hands)]
    return finish_setup(g)


def test_book_example_pink_reveals_the_top_card_through_the_game() -> None:
    """The book: Pink uses the upper card: takes the 1-money funding token off the launch
    tower, gains 1 money, flips it onto the named family upgrade; both cards to the box; then
    her first turn as usual."""
    g = dealt(hands={PINK: ["su01", "su12"]})
    pink = g.state.players[PINK]
    assert g.pending == RevealStartingCard(PINK)
    assert g.legal_for(PINK)[:2] == [RevealCard("su01"), RevealCard("su12")]
    assert "reveal one of your 2 starting upgrade cards" in g.waiting_for()
    money, box = pink.money, len(g.state.starting.box)  # type: ignore[union-attr]
    events = g.apply(RevealCard("su01"))
    assert pink.money == money + 1
    assert pink.tower_top == ["removed", "up", "up", "up"]
    assert pink.tower_bottom == ["up"] * 4
    assert pink.upgrades == ["up-t2"]
    st = g.state.starting
    assert st is not None and st.hands[PINK] == [] and st.revealed[PINK] == "su01"
    assert len(st.box) == box + 2 and {"su01", "su12"} <= set(st.box)
    # The card by its number, as the player's own options name it (QA s53 Q7: "su01").
    assert any("reveals starting upgrade card 1: the 1 money token leaves the launch tower "
               "for family upgrade 2" in e.text for e in events)
    # Her first turn goes on as usual: phase 2 (nothing in flight on a first turn).
    assert g.pending is not None and g.pending.kind == "phase2" and g.pending.seat == PINK
    # A funding token off the tower gives 2 from then on (the rules' "removed" token).
    from engine.rules import funding

    assert ("money", 2) in funding.available_tokens(pink)


def test_every_seat_reveals_at_the_start_of_its_own_first_turn_only() -> None:
    g = dealt(hands={PINK: ["su01", "su12"], BLUE: ["su07", "su19"]})
    g.apply(RevealCard("su12"))  # 4 resources: chosen one at a time
    assert g.pending == g.pending.__class__(PINK, left=4, why="upgrade token")  # type: ignore[call-arg]
    for _ in range(4):
        g.apply(ChooseResource("fuel"))
    assert g.state.players[PINK].upgrades == ["up-o1"]
    assert g.state.players[PINK].tower_bottom == ["up", "up", "removed", "up"]
    # Pink's turn: a worker, then end her actions; Blue's first turn begins with his reveal.
    g.apply(next(c for c in g.legal() if isinstance(c, PlaceWorker)))
    while g.pending is not None and g.pending.seat == PINK:
        g.apply(Done() if Done() in g.legal() else g.legal()[0])
    assert g.pending == RevealStartingCard(BLUE)
    ads = g.state.players[BLUE].ads
    g.apply(RevealCard("su07"))  # 4 ads, to the adventurous upgrade 1
    assert g.state.players[BLUE].ads == ads + 4
    assert g.state.players[BLUE].upgrades == ["up-o1"]
    while g.state.turn.number < 5 and not g.is_over:
        assert not isinstance(g.pending, RevealStartingCard)
        g.apply(g.legal()[-1] if Done() not in g.legal() else Done())


def test_the_discounted_development_token_is_a_granted_build_at_4_off() -> None:
    g = dealt(hands={PINK: ["su17", "su18"]})
    money = g.state.players[PINK].money
    g.apply(RevealCard("su17"))
    dec = g.pending
    assert dec is not None and dec.kind == "act" and dec.action == "build_development"  # type: ignore[attr-defined]
    assert dec.boost == 4 and dec.granted  # type: ignore[attr-defined]
    pink = g.state.players[PINK]
    fresh = ("food", "oxygen", "fuel")[pink.developments_left.index(3)]  # set-up used one
    build = next(c for c in g.legal() if getattr(c, "row", "") == fresh and
                 getattr(c, "resources", 1) == 0 and getattr(c, "site", "").startswith("c"))
    events = g.apply(build)
    # A row's first development costs 4: free at 4 off.
    assert pink.money == money and any(e.text.endswith(" pays nothing.") for e in events)
    assert pink.developments_left.count(3) == 1
    assert g.state.players[PINK].tower_bottom == ["up", "up", "up", "removed"]


def test_with_advancements_a_grey_card_gives_the_token_in_that_place() -> None:
    """[ours] 技術革新's tokens replace the 4 ads and 4 resources by default: a card naming
    the 4-ads place takes Investor Relations (2 money, 2 reputation) off instead."""
    g = dealt(hands={PINK: ["su07", "su19"]}, modules=(*SU, "advancements"))
    pink = g.state.players[PINK]
    money, ads, rep = pink.money, pink.ads, pink.reputation
    events = g.apply(RevealCard("su07"))
    assert (pink.money, pink.ads, pink.reputation) == (money + 2, ads, rep + 2)
    assert pink.tower_bottom == ["up", "removed", "up", "up"]
    assert any("Investor Relations" in e.text for e in events)


def test_the_deal_comes_after_every_base_draw() -> None:
    """A seed deals a game with the module the same base layout as one without it."""
    for players in (1, 2, 3, 4):
        base = Game.new(GameOptions(players=players, seed=11))
        mod = Game.new(GameOptions(players=players, seed=11, modules=SU))
        for f in msgspec.structs.fields(base.state.board):
            assert getattr(base.state.board, f.name) == getattr(mod.state.board, f.name)
        assert [p.hand for p in base.state.players] == [p.hand for p in mod.state.players]
        st = mod.state.starting
        assert st is not None
        people = players
        assert [len(h) for h in st.hands[:people]] == [2] * people
        cards = st.box + [c for h in st.hands for c in h]
        assert sorted(cards) == sorted(c.id for c in mod.comps.starting_upgrade_cards)


def test_solo_rachel_takes_the_other_card_and_places_its_token_without_a_bonus() -> None:
    """The book: after you choose, Rachel gets the other card; at the start of her first
    turn she places the named token (no bonus) on the named upgrade space; a funding bonus
    token named: she takes off her 1 VP token."""
    g = dealt(players=1, hands={PINK: ["su01", "su19"]})
    g.apply(RevealCard("su19"))
    st = g.state.starting
    assert st is not None and st.rachel == "su01"
    rachel = g.state.players[1]
    vp, money = rachel.vp, rachel.money
    said = [e.text for e in g.apply(next(c for c in g.legal() if isinstance(c, PlaceWorker)))]
    while g.pending is not None and g.state.turn.seat == PINK:
        said += [e.text for e in g.apply(Done() if Done() in g.legal() else g.legal()[0])]
    # Her card and token by what the table sees, not "su01" and "her top2 token".
    assert any("Rachel plays starting upgrade card 1: she takes the 1 VP token off her "
               "launch tower (no bonus)" in t for t in said), said
    # Rachel's turn has begun (and perhaps ended): her card is placed.
    assert rachel.tower_top == ["up", "up", "removed", "up"]  # her 1 VP token, not 1 money
    assert g.state.rachel is not None and "up-t2" in g.state.rachel.upgrades
    assert rachel.upgrades == []  # no effect for her
    assert st.rachel is None and st.revealed == ["su19", "su01"]
    assert rachel.money >= money and rachel.vp >= vp  # nothing taken from her
    from engine.rules.rachel.bonus import funding_vp

    assert funding_vp(rachel) == 2


def test_solo_rachel_with_a_grey_card_takes_off_the_grey_token_her_numbers_pick() -> None:
    from engine.ctx import Ctx
    from engine.modules.starting_upgrades import rules as su
    from engine.rules.rachel import deck

    g = dealt(players=1, hands={PINK: ["su01", "su13"]})
    g.apply(RevealCard("su01"))
    back = deck.number_card(Ctx(g.state, g.comps))
    want, _top, bottom = su.rachel_reveal(g.comps.starting_upgrade("su13"), ["up"] * 4,
                                          ["up"] * 4, back.first, back.second)
    assert want is not None and want.startswith("bottom")
    rachel = g.state.players[1]
    ads = rachel.ads
    g.apply(next(c for c in g.legal() if isinstance(c, PlaceWorker)))
    while g.pending is not None and g.state.turn.seat == PINK:
        g.apply(Done() if Done() in g.legal() else g.legal()[0])
    assert rachel.tower_bottom == bottom and rachel.tower_top == ["up"] * 4
    assert rachel.ads >= ads
    assert g.state.rachel is not None and "up-p1" in g.state.rachel.upgrades


def auction(seats: tuple[str, ...] = ("human", "human"), seed: int = 4) -> Game:
    return Game.new(GameOptions(players=len(seats), seed=seed, modules=SU, seats=seats,  # type: ignore[arg-type]
                                variants=("starting_auction",)))


def test_auction_sealed_bids_ties_to_the_later_seat_all_paid_to_the_supply() -> None:
    g = auction()
    st = g.state.starting
    assert st is not None and len(st.offer) == 2 and st.hands == [[], []]
    assert [p.money for p in g.state.players] == [13, 13]  # 10 + 3 more each
    assert g.pending == SealedBids(PINK, waiting=[PINK, BLUE])
    assert g.deciders() == [PINK, BLUE]
    assert g.legal_for(BLUE) == [SealBid(BLUE, a) for a in range(14)]
    # Blue bids first, from his own terminal: any waiting seat may.
    events = g.apply(SealBid(BLUE, 2))
    assert [e.hidden for e in events if e.kind == "secret"] == ["Blue has bid."]
    assert g.pending == SealedBids(PINK, waiting=[PINK])
    with pytest.raises(IllegalCommand):
        g.apply(SealBid(BLUE, 3))  # a bid is final
    with pytest.raises(IllegalCommand):
        g.apply(SealBid(PINK, 14))  # more than she has
    # Hidden: Pink sees only that Blue has bid; Blue sees his own amount.
    assert g.observation(PINK).state.starting.bids == [NOT_BID, SEALED]  # type: ignore[union-attr]
    assert g.observation(BLUE).state.starting.bids == [NOT_BID, 2]  # type: ignore[union-attr]
    assert g.observation(-1).state.starting.bids == [NOT_BID, SEALED]  # type: ignore[union-attr]
    for k in range(5):
        d = g.determinize(PINK, k)
        assert 0 <= d.state.starting.bids[BLUE] <= 13  # type: ignore[union-attr]
        assert d.observation(PINK) == g.observation(PINK)
    offer = list(st.offer)
    events = g.apply(SealBid(PINK, 2))
    assert any(e.kind == "reveal" for e in events)  # an undo floor
    assert any("The bids are revealed: Pink 2, Blue 2 money" in e.text for e in events)
    assert [p.money for p in g.state.players] == [11, 11]
    # Equal bids: the later seat in turn order (Blue) picks first.
    assert g.pending == PickStartingCard(BLUE)
    assert g.legal() == [PickCard(c) for c in offer]
    said = [e.text for e in g.apply(PickCard(offer[1]))]
    # QA s55: it read "Blue takes starting upgrade card card 18: ...".
    assert any(t.startswith("Blue takes starting upgrade card ") for t in said), said
    assert not any("card card" in t for t in said), said
    assert g.pending == PickStartingCard(PINK)
    g.apply(PickCard(offer[0]))
    assert st.hands == [[offer[0]], [offer[1]]] and st.offer == []
    g = finish_setup(g)
    assert g.pending == RevealStartingCard(PINK)
    assert [c for c in g.legal() if isinstance(c, RevealCard)] == [RevealCard(offer[0])]


def test_auction_the_highest_bid_picks_first_and_bots_bid_before_people() -> None:
    g = auction(("human", "greedy", "human"))
    assert g.pending == SealedBids(BLUE, waiting=[PINK, BLUE, GREEN])
    g.apply(SealBid(BLUE, 1))
    assert g.pending == SealedBids(PINK, waiting=[PINK, GREEN])
    assert g.actor(SealBid(GREEN, 5)) == GREEN
    g.apply(SealBid(GREEN, 5))
    g.apply(SealBid(PINK, 0))
    assert [p.money for p in g.state.players] == [13, 12, 8]
    assert [d.seat for d in reversed(g.state.stack)] == [GREEN, BLUE, PINK]


def test_handicap_deals_only_to_the_seats_named() -> None:
    g = dealt(players=3, variants=("starting_handicap",), handicap_seats=(BLUE,))
    st = g.state.starting
    assert st is not None and [len(h) for h in st.hands] == [0, 2, 0]
    assert len(st.box) == 31
    # Pink has no card: her first turn starts at phase 2.
    assert g.pending is not None and g.pending.kind == "phase2"


@pytest.mark.parametrize(("kw", "words"), [
    ({"players": 1, "variants": ("starting_auction",)}, "not played solo"),
    ({"players": 2, "variants": ("starting_handicap",)}, "at least one seat"),
    ({"players": 2, "handicap_seats": (1,)}, "only with the handicap"),
    ({"players": 2, "variants": ("starting_handicap",), "handicap_seats": (2,)}, "0-1"),
    ({"players": 2, "modules": (), "variants": ("starting_auction",)}, "needs module"),
])
def test_bad_variant_options_are_refused(kw: dict, words: str) -> None:
    kw = {"modules": SU, **kw}
    with pytest.raises(IllegalOptions, match=words):
        GameOptions(**kw).validate()


def test_options_saved_before_the_handicap_load_with_none_named() -> None:
    opts = msgspec.json.decode(b'{"players": 2, "modules": ["starting_upgrades"]}',
                               type=GameOptions)
    assert opts.handicap_seats == ()
    opts.validate()


def test_the_other_seats_dealt_cards_are_hidden_and_redealt() -> None:
    g = Game.new(GameOptions(players=3, seed=8, modules=SU))
    st = g.state.starting
    assert st is not None
    obs = g.observation(BLUE)
    assert obs.state.starting.hands == [[], st.hands[BLUE], []]  # type: ignore[union-attr]
    assert obs.state.starting.box == [] and obs.starting_hand_sizes == (2, 2, 2)  # type: ignore[union-attr]
    d = g.determinize(BLUE, 3)
    dst = d.state.starting
    assert dst is not None and dst.hands[BLUE] == st.hands[BLUE]
    assert [len(h) for h in dst.hands] == [2, 2, 2] and len(dst.box) == len(st.box)
    assert d.observation(BLUE) == obs
    assert sorted(dst.box + [c for h in dst.hands for c in h]) == \
        sorted(st.box + [c for h in st.hands for c in h])


def test_bots_reveal_the_card_worth_most_and_bid_for_their_own_seat_only() -> None:
    from engine.bots.expert import ExpertBot
    from engine.bots.greedy import GreedyBot
    from engine.bots.random_bot import RandomBot
    from engine.modules.starting_upgrades import bot

    g = dealt(hands={PINK: ["su01", "su17"]})
    # su01: a funding token (3) + no fees (5.5); su17: the development at 4 off (7.5) + bump
    # your own workers (3).
    assert (bot.worth(g, "su01"), bot.worth(g, "su17")) == (8.5, 10.5)
    assert GreedyBot(1).choose(g) == RevealCard("su17")
    assert ExpertBot(1).choose(g) == RevealCard("su17")
    a = auction(("human", "human", "human"))
    st = a.state.starting
    assert st is not None
    values = sorted(bot.worth(a, c) for c in st.offer)
    want = max(0, min(3, int((values[-1] - values[0]) // 2)))
    assert GreedyBot(1).choose(a) == SealBid(PINK, want)
    a.apply(SealBid(PINK, 0))
    for seed in range(20):  # the random bot never bids for a seat other than the decision's
        cmd = RandomBot(seed).choose(a)
        assert isinstance(cmd, SealBid) and cmd.seat == a.pending.seat == BLUE  # type: ignore[union-attr]


def test_the_views_show_dealt_cards_to_their_seat_only() -> None:
    from engine.view import view

    g = Game.new(GameOptions(players=2, seed=8, modules=SU))
    st = g.state.starting
    assert st is not None
    pink_cards, blue_cards = st.hands
    blue = view(g, BLUE)
    assert blue.hand is not None and [w.split(":")[0] for w in blue.hand.starting] == [
        f"card {int(c[2:])}" for c in blue_cards]
    public = blue.player(PINK).starting
    assert public == "2 cards face down; reveals one on the first turn"
    assert not any(c in public for c in pink_cards)
    assert view(g, -1).hand is None
    hot = view(g, None, PINK)  # one terminal: the deciding seat's hand
    assert hot.hand is not None and [w.split(":")[0] for w in hot.hand.starting] == [
        f"card {int(c[2:])}" for c in pink_cards]
    words = blue.hand.starting[0]
    card = g.comps.starting_upgrade(blue_cards[0])
    up = g.comps.upgrade(card.upgrade)
    assert "token off the launch tower" in words and f"upgrade {up.index}" in words


def test_with_advancements_and_the_tokens_elsewhere_the_card_follows_the_place() -> None:
    """The table puts 技術革新's tokens in the 4-money and development places (0 and 3): the
    4-resources place keeps its own token; the 4-money place gives Investor Relations; the
    development place, the Prefab Segment's build at 3 off."""
    g = dealt(hands={PINK: ["su12", "su02"]}, modules=(*SU, "advancements"),
              tower_replace=(0, 3))
    g.apply(RevealCard("su12"))  # bottom2: 4 resources, as in the base game
    assert g.pending is not None and g.pending.kind == "choose_resource"
    assert g.pending.left == 4  # type: ignore[attr-defined]
    g = dealt(hands={PINK: ["su02", "su17"]}, modules=(*SU, "advancements"),
              tower_replace=(0, 3))
    pink = g.state.players[PINK]
    money, rep = pink.money, pink.reputation
    words = describe(g, RevealCard("su02"))
    events = g.apply(RevealCard("su02"))  # bottom0: Investor Relations instead of 4 money
    assert (pink.money, pink.reputation) == (money + 2, rep + 2)
    # The token's name, then its bonus (QA s53 Q7 read "take the Investor Relations: 2 money,
    # 2 reputation token off"), and the card by its number in the option and the log alike.
    assert words.startswith("Reveal card 2: take the Investor Relations token (2 money, "
                            "2 reputation) off the launch tower; unlock "), words
    assert any("reveals starting upgrade card 2: the Investor Relations token (2 money, "
               "2 reputation) leaves the launch tower for " in e.text for e in events)
    g = dealt(hands={PINK: ["su02", "su17"]}, modules=(*SU, "advancements"),
              tower_replace=(0, 3))
    g.apply(RevealCard("su17"))  # bottom3: the Prefab Segment
    assert g.pending is not None and g.pending.kind == "prefab_segment"
    assert g.state.players[PINK].tower_bottom == ["up", "up", "up", "removed"]

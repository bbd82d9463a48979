"""『快適空間』 (Accommodations): the pure rules of its modules with the book's examples and
numbers (拡張セット『快適空間』: Yellow's day in space, Pink's starting upgrade card; the
auction and handicap variants; the solo rules)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.components import Gain
from engine.modules.expansion_data import preview
from engine.modules.specialised_blueprints import rules as sb
from engine.modules.starting_upgrades import rules as su
from engine.modules.starting_upgrades import variants as var

C = preview(("specialised_blueprints", "starting_upgrades", "accommodations"))


def bp(name: str):  # noqa: ANN201
    return next(b for b in C.blueprints if b.name == name)


STUNT, SHOW, WINE = bp("Aerial Stunt Deck"), bp("Game Show"), bp("Wine Tasting Corner")
YELLOW = [STUNT, SHOW, WINE]


# --- 《専門設計図》 a day in space ------------------------------------------------------------
def test_book_example_yellow_day_in_space() -> None:
    guests = ["orange", "purple"]  # an adventurous and a relaxing guest aboard
    # Every segment aboard shows the orange adventurous icon: the adventurous guest may go
    # anywhere.
    assert sb.free_segments(YELLOW, [], "orange") == [0, 1, 2]
    # On the Aerial Stunt Deck: 1 money per adventurous icon aboard, 3 in all.
    visit, waiting, used = sb.place(YELLOW, guests, guests, [], "orange", 0, C.guest_tokens)
    assert visit.gain == Gain(money=3) and visit.follow is None
    assert sb.icons_aboard(YELLOW, "orange") == 3
    # The relaxing guest: the Game Show or the Wine Tasting Corner.
    assert sb.free_segments(YELLOW, used, "purple") == [1, 2]
    assert sb.choices(YELLOW, waiting, used) == [("purple", 1), ("purple", 2)]
    visit, waiting, used = sb.place(YELLOW, guests, waiting, used, "purple", 2, C.guest_tokens)
    # At the Wine Tasting Corner Yellow builds a segment in another ship, paying with the
    # money just gained, under the usual limits: a follow-up the engine carries out.
    assert visit.follow == "build_segment" and visit.gain == Gain()
    assert waiting == [] and used == [0, 2]


def test_book_note_a_segment_of_several_kinds_starts_once_a_day() -> None:
    # 註: a segment where several kinds of guest may go still starts only once.
    guests = ["orange", "purple", "orange"]
    _, waiting, used = sb.place(YELLOW, guests, guests, [], "purple", 1, C.guest_tokens)
    assert sb.free_segments(YELLOW, used, "orange") == [0, 2]
    with pytest.raises(ValueError, match="Game Show has already started this day in space"):
        sb.place(YELLOW, guests, waiting, used, "orange", 1, C.guest_tokens)
    _, waiting, used = sb.place(YELLOW, guests, waiting, used, "orange", 0, C.guest_tokens)
    _, waiting, used = sb.place(YELLOW, guests, waiting, used, "orange", 2, C.guest_tokens)
    assert waiting == [] and sorted(used) == [0, 1, 2]


def test_the_book_example_ship_is_a_legal_paired_ship() -> None:
    ship: list = []
    for seg in YELLOW:
        assert sb.build_spots(None, ship, seg), seg.name
        ship = sb.build(None, ship, seg, len(ship))
    assert sb.cabins(None, ship, paired=True) == 2


def test_a_guest_with_no_free_segment_gains_its_token_fallback() -> None:
    guests = ["teal"]
    assert sb.choices(YELLOW, guests, []) == [("teal", sb.NO_SEGMENT)]
    visit, waiting, _ = sb.place(YELLOW, guests, guests, [], "teal", sb.NO_SEGMENT,
                                 C.guest_tokens)
    assert visit.gain == next(t.fallback for t in C.guest_tokens if t.colour == "teal")
    with pytest.raises(ValueError, match="must go to a free segment"):
        sb.place(YELLOW, ["orange"], ["orange"], [], "orange", sb.NO_SEGMENT, C.guest_tokens)
    with pytest.raises(ValueError, match="shows no teal icon"):
        sb.place(YELLOW, ["teal", "orange"], ["teal", "orange"], [0], "teal", 0,
                 C.guest_tokens)


def test_encore_performance_lets_one_segment_start_twice() -> None:
    used = [0]
    assert sb.free_segments(YELLOW, used, "orange", extra=1) == [0, 1, 2]
    assert sb.free_segments(YELLOW, [0, 0], "orange", extra=1) == [1, 2]


def test_scaling_effects_count_the_ship() -> None:
    per_guest = next(b for b in C.blueprints if b.effect.kind == "per_guest"
                     and b.effect.colour is None)
    per_seg = next(b for b in C.blueprints if b.effect.kind == "per_segment")
    ship = [per_guest, per_seg, STUNT]
    v = sb.effect_of(ship, ["orange", "purple", "teal"], 0)
    assert v.gain == sb.scaled(per_guest.effect.gain, 3)
    assert sb.effect_of(ship, ["orange"], 1).gain == sb.scaled(per_seg.effect.gain, 3)
    assert sb.effect_of(ship, ["orange"], 1, times=2).gain == sb.scaled(per_seg.effect.gain, 6)


@given(st.lists(st.sampled_from(range(48)), min_size=1, max_size=4),
       st.lists(st.sampled_from(("orange", "purple", "teal")), min_size=1, max_size=6),
       st.randoms(use_true_random=False))
def test_every_guest_is_placed_and_no_segment_starts_twice(
        idx: list[int], guests: list[str], rnd) -> None:  # noqa: ANN001
    ship = [C.blueprints[i] for i in idx]
    waiting, used = list(guests), []
    while waiting:
        opts = sb.choices(ship, waiting, used)
        colour, at = rnd.choice(opts)
        _, waiting, used = sb.place(ship, guests, waiting, used, colour, at, C.guest_tokens)
    assert len(used) == len(set(used)) <= min(len(ship), len(guests))


def test_rachel_ignores_the_segments() -> None:
    assert sb.rachel_reputation(["orange", "purple", "teal"]) == 3


# --- 初期アップグレード・カード ------------------------------------------------------------------
def test_book_example_pink_reveals_a_starting_upgrade_card() -> None:
    card = C.starting_upgrade("su01")
    assert card.token == "top0"  # the 1-money funding bonus token
    assert C.upgrade(card.upgrade).colour == "teal"  # an upgrade at the family destination
    r = su.reveal(card, ["up"] * 4, ["up"] * 4, [])
    assert r.bonus == ("money", 1)  # Pink gains 1 money
    assert r.top == ["removed", "up", "up", "up"] and r.bottom == ["up"] * 4
    assert r.upgrades == [card.upgrade]
    assert not su.immediate(C.upgrade(card.upgrade).effect.kind)
    with pytest.raises(ValueError, match="no longer on the tower"):
        su.reveal(card, r.top, r.bottom, [])


def test_deal_two_each_and_the_rest_stay_in_the_box() -> None:
    deck = [c.id for c in C.starting_upgrade_cards]
    hands, rest = su.deal(deck, [2, 0, 1])
    assert hands == [["su01", "su04"], ["su02", "su05"], ["su03", "su06"]]
    assert len(rest) == 27


def test_solo_rachel_takes_the_card_you_did_not_keep_and_no_bonus() -> None:
    assert su.rachel_card(["su01", "su02"], "su02") == "su01"
    # A funding bonus token named: she takes off her 1 VP token instead.
    token, top, bottom = su.rachel_reveal(C.starting_upgrade("su01"), ["up"] * 4, ["up"] * 4,
                                          first=3, second=2)
    assert token == "top2" and top == ["up", "up", "removed", "up"]
    # A grey token named: any grey token, by her numbers (first 3: the third still up).
    grey = next(c for c in C.starting_upgrade_cards if c.token.startswith("bottom"))
    token, _, bottom = su.rachel_reveal(grey, ["up"] * 4, ["up", "up", "removed", "up"], 3, 2)
    assert token == "bottom3" and bottom == ["up", "up", "removed", "removed"]


# --- the variants ------------------------------------------------------------------------------
def test_auction_highest_bid_picks_first_ties_to_the_later_seat_all_paid() -> None:
    deck = [c.id for c in C.starting_upgrade_cards]
    revealed, rest = var.auction_cards(deck, 4)
    assert len(revealed) == 4 and len(rest) == 29
    money = [10 + var.AUCTION_MONEY] * 4
    bids = [var.NOT_BID] * 4
    for seat, bid in ((2, 3), (0, 1), (3, 3), (1, 0)):  # any order: separate terminals
        bids = var.enter_bid(bids, seat, bid, money[seat])
    assert var.pick_order(bids, [0, 1, 2, 3]) == [3, 2, 0, 1]  # 3 and 2 tie: 3 is later
    assert var.pick_order(bids, [2, 3, 0, 1]) == [3, 2, 0, 1]
    assert var.pick_order(bids, [3, 0, 1, 2]) == [2, 3, 0, 1]
    assert var.pay(money, bids) == [12, 13, 10, 10]  # every bid to the supply


def test_auction_bids_are_secret_until_all_are_in() -> None:
    bids = var.enter_bid([var.NOT_BID] * 3, 1, 2, 13)
    assert var.seen_by(bids, 1) == [var.NOT_BID, 2, var.NOT_BID]
    assert var.seen_by(bids, 0) == [var.NOT_BID, var.SEALED, var.NOT_BID]
    assert var.waiting(bids) == [0, 2]
    with pytest.raises(ValueError, match="once everyone has bid"):
        var.pick_order(bids, [0, 1, 2])
    with pytest.raises(ValueError, match="already bid"):
        var.enter_bid(bids, 1, 0, 13)
    with pytest.raises(ValueError, match="0 to 13 money"):
        var.enter_bid(bids, 0, 14, 13)
    taken = var.pick(["su01", "su02", "su03"], [], "su02")
    with pytest.raises(ValueError, match="not among the cards left"):
        var.pick(["su01", "su02", "su03"], taken, "su02")


def test_handicap_deals_only_to_the_seats_named() -> None:
    assert var.dealt_seats([1, 2, 0], [0, 2]) == [2, 0]
    assert var.dealt_seats([1, 2, 0], None) == [1, 2, 0]


@pytest.mark.parametrize(("modules", "variants", "players", "seats", "words"), [
    ((), ("starting_auction",), 2, (), "needs module 'starting_upgrades'"),
    (("starting_upgrades",), ("starting_auction",), 1, (), "not played solo"),
    (("starting_upgrades",), ("starting_auction", "starting_handicap"), 3, (0,),
     "cannot be played together"),
    (("starting_upgrades",), ("starting_handicap",), 3, (), "at least one seat"),
    (("starting_upgrades",), ("starting_handicap",), 3, (0, 3), "numbered 0-2"),
    (("starting_upgrades",), (), 3, (1,), "only with the handicap"),
])
def test_variant_problems(modules, variants, players, seats, words) -> None:  # noqa: ANN001
    assert any(words in p for p in var.variant_problems(modules, variants, players, seats))


def test_variants_that_are_fine() -> None:
    assert var.variant_problems(("starting_upgrades",), ("starting_handicap",), 4, (0, 2)) == []
    assert var.variant_problems(("starting_upgrades",), ("starting_auction",), 2) == []

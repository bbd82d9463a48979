"""The number system (ナンバーシステム): first number, else second, then shift in scan order."""

from __future__ import annotations

from engine.rules.rachel.numbers import following, pick, start


def test_first_number_when_it_names_an_option() -> None:
    assert pick(3, 5, 6, lambda i: True) == 2


def test_second_number_when_the_first_names_no_option() -> None:
    # The book: no 5th agenda card, so the 5 is ignored and the 4 followed.
    assert pick(5, 4, 4, lambda i: True) == 3


def test_unusable_result_shifts_on_and_wraps() -> None:
    usable = {0, 4}
    assert pick(2, 6, 6, lambda i: i in usable) == 4
    assert pick(6, 1, 6, lambda i: i in usable) == 0  # 6 is empty: wrap to the 1st


def test_neither_number_fits_counts_on_around_the_options() -> None:
    assert start(5, 6, 2) == 0  # 5 of 2 options: 1, 2, 1, 2, 1
    assert start(6, 5, 4) == 1  # 6 of 4 options: 1, 2, 3, 4, 1, 2
    assert pick(5, 6, 3, lambda i: i == 2) == 2


def test_nothing_usable_gives_none() -> None:
    assert pick(1, 2, 4, lambda i: False) is None
    assert pick(1, 2, 0, lambda i: True) is None


def test_following_is_the_one_below_wrapping_to_the_top() -> None:
    assert following(3, 4, lambda i: True) == 0  # the 4th card's "below" is the 1st
    assert following(1, 4, lambda i: i != 2) == 3  # skips an empty space
    assert following(1, 4, lambda i: i == 1) is None  # no other card
    assert following(1, 4, lambda i: i == 1, may_repeat=True) == 1  # cycling reuses it

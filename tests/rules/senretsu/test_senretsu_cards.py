"""The standard 54-card deck of rules.cards.playing, as Senretsu uses it."""

from __future__ import annotations

import pytest

from rules.cards.playing import (
    JOKER_BLACK,
    JOKER_RED,
    STANDARD_DECK,
    Card,
    Colour,
    Suit,
    colour_deck,
    format_card,
    parse_card,
    sort_key,
)


def test_the_deck_has_54_distinct_cards() -> None:
    assert len(STANDARD_DECK) == 54 == len(set(STANDARD_DECK))
    assert len({c.code for c in STANDARD_DECK}) == 54
    assert [c for c in STANDARD_DECK if c.is_joker] == [JOKER_RED, JOKER_BLACK]


@pytest.mark.parametrize("colour", list(Colour))
def test_each_colour_has_two_suits_and_one_joker(colour: Colour) -> None:
    cards = colour_deck(colour)
    assert len(cards) == 27
    assert {c.suit for c in cards} == {s for s in Suit if s.colour is colour} | {None}
    assert all(c.colour is colour for c in cards)


@pytest.mark.parametrize(
    ("code", "label", "ja", "en"),
    [
        ("SA", "♠A", "スペードのA", "ace of spades"),
        ("H10", "♥10", "ハートの10", "10 of hearts"),
        ("DK", "♦K", "ダイヤのK", "king of diamonds"),
        ("CJ", "♣J", "クラブのJ", "jack of clubs"),
        ("JR", "Jk", "赤のジョーカー", "red joker"),
        ("JB", "Jk", "黒のジョーカー", "black joker"),
    ],
)
def test_codes_labels_and_names(code: str, label: str, ja: str, en: str) -> None:
    card = parse_card(code)
    assert format_card(card) == code == str(card) and card.label == label
    assert (card.name("ja"), card.name("en")) == (ja, en)
    assert parse_card(code.lower()) is card


@pytest.mark.parametrize("code", ["", "S1", "S11", "X5", "J", "JK", "10H", " ", "SAA"])
def test_bad_codes_are_refused(code: str) -> None:
    with pytest.raises(ValueError):
        parse_card(code)


def test_cards_validate_themselves() -> None:
    with pytest.raises(ValueError):
        Card(Suit.HEARTS, 5, Colour.BLACK)
    with pytest.raises(ValueError):
        Card(None, 3, Colour.RED)
    with pytest.raises(ValueError):
        Card(Suit.SPADES, 14, Colour.BLACK)


def test_sort_key_follows_the_standard_order() -> None:
    assert sorted(reversed(STANDARD_DECK), key=sort_key) == list(STANDARD_DECK)
    assert Colour.RED.other is Colour.BLACK and Colour.BLACK.text.ja == "黒"

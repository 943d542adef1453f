"""Settings (spec §4), the tarot deck, and action codes and labels."""

from __future__ import annotations

from typing import Any

import pytest

from rules.cards.tarot import (
    MAJOR_CODES,
    MINOR_CODES,
    TAROT_DECK,
    Major,
    Minor,
    Suit,
    card_label,
    card_name,
    format_card,
    parse_card,
)
from rules.core.errors import InvalidActionError, InvalidSettingsError
from rules.yosukou import (
    Draw,
    Move,
    Start,
    Stay,
    WarCancel,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouRules,
)

RULES = YosukouRules()

ORIGINAL_DEFAULTS = {
    "variant": "original",
    "rule_terminals": 3,
    "rule_court_card": "K14",
    "rule_major_influence": 2,
    "rule_swap_8_11": "solid",
    "rule_replacement": 0,
    "rule_cross_border": "cups_and_coins",
    "rule_replacement_coins_lower": 2,
}
SIMPLIFIED_DEFAULTS = {
    "variant": "simplified",
    "rule_terminals": 3,
    "rule_court_card": "K14",
    "rule_major_influence": 2,
    "rule_swap_8_11": "memorial",
    "rule_determinant": "greater",
}


# --- settings ------------------------------------------------------------------------------


def test_defaults_per_variant() -> None:
    assert RULES.normalize_settings(None) == ORIGINAL_DEFAULTS
    assert RULES.normalize_settings({}) == ORIGINAL_DEFAULTS
    assert RULES.normalize_settings({"variant": "simplified"}) == SIMPLIFIED_DEFAULTS


def test_titles() -> None:
    assert (RULES.title.ja, RULES.title.en) == ("易双六", "Youscout")
    simple = RULES.title_for({"variant": "simplified"})
    assert (simple.ja, simple.en) == ("略式易双六", "Simplified Youscout")
    assert RULES.title_for(None) == RULES.title
    assert (RULES.name, RULES.seats, RULES.allows_draw_offers) == ("yosukou", 1, False)


@pytest.mark.parametrize(
    ("raw", "key", "expected"),
    [
        ({"rule_terminals": "5"}, "rule_terminals", 5),
        ({"rule_terminals": 1.5}, "rule_terminals", 2),
        ({"rule_terminals": 0}, "rule_terminals", 0),
        ({"rule_court_card": "k13a"}, "rule_court_card", "K13a"),
        ({"rule_major_influence": "2.5"}, "rule_major_influence", 2.5),
        ({"rule_major_influence": 3.0}, "rule_major_influence", 3),
        ({"rule_swap_8_11": "Expansive"}, "rule_swap_8_11", "expansive"),
        ({"rule_replacement": "3"}, "rule_replacement", 3),
        ({"rule_replacement": "∞"}, "rule_replacement", "infinity"),
        ({"rule_replacement_coins_lower": "inf"}, "rule_replacement_coins_lower", "infinity"),
        ({"rule_cross_border": "all"}, "rule_cross_border", "all"),
        ({"variant": "simplified", "rule_determinant": ">="}, "rule_determinant", "greater_equal"),
        ({"variant": "simplified", "rule_swap_8_11": "solid"}, "rule_swap_8_11", "solid"),
    ],
)
def test_values_are_normalized(raw: dict[str, Any], key: str, expected: object) -> None:
    normalized = RULES.normalize_settings(raw)
    assert normalized[key] == expected
    assert type(normalized[key]) is type(expected)
    assert RULES.normalize_settings(normalized) == normalized


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ({"variant": "advanced"}, "variant"),
        ({"rule_terminals": -1}, "rule_terminals"),
        ({"rule_terminals": "three"}, "rule_terminals"),
        ({"rule_terminals": True}, "rule_terminals"),
        ({"rule_terminals": 100}, "rule_terminals"),
        ({"rule_court_card": "K12"}, "rule_court_card"),
        ({"rule_major_influence": 4}, "rule_major_influence"),
        ({"rule_swap_8_11": "random"}, "rule_swap_8_11"),
        ({"rule_replacement": 6}, "rule_replacement"),
        ({"rule_replacement": 1.5}, "rule_replacement"),
        ({"rule_cross_border": "some"}, "rule_cross_border"),
        ({"rule_replacement_coins_lower": -1}, "rule_replacement_coins_lower"),
        ({"colour": "red"}, "colour"),
        ({"draw_action": "double"}, "draw_action"),
        ({"rule_determinant": "greater"}, "rule_determinant"),
        ({"variant": "simplified", "rule_replacement": 3}, "rule_replacement"),
        ({"variant": "simplified", "rule_determinant": "<"}, "rule_determinant"),
    ],
)
def test_bad_settings_are_refused_in_both_languages(raw: dict[str, Any], fragment: str) -> None:
    with pytest.raises(InvalidSettingsError) as info:
        RULES.normalize_settings(raw)
    assert fragment in info.value.text.en
    assert fragment in info.value.text.ja


def test_settings_must_be_a_mapping() -> None:
    with pytest.raises(InvalidSettingsError):
        RULES.normalize_settings(["variant"])  # type: ignore[arg-type]


# --- the deck ------------------------------------------------------------------------------


def test_the_deck_has_78_cards_with_unique_codes() -> None:
    assert len(TAROT_DECK) == 78
    assert len(MAJOR_CODES) == 22 and len(MINOR_CODES) == 56
    assert len({format_card(c) for c in TAROT_DECK}) == 78
    for card in TAROT_DECK:
        assert parse_card(card.code) is card
    assert parse_card(" h14 ") == Minor(Suit.CUPS, 14)
    assert MAJOR_CODES[0] == "A00" and MAJOR_CODES[-1] == "A21"
    assert MINOR_CODES[:2] == ("S01", "S02") and MINOR_CODES[-1] == "C14"


@pytest.mark.parametrize("code", ["A22", "S15", "S00", "X01", "", "S1"])
def test_bad_codes_are_refused(code: str) -> None:
    with pytest.raises(ValueError):
        parse_card(code)


def test_names_in_both_languages() -> None:
    assert card_name("S07", "ja") == "ソードの7"
    assert card_name("S07", "en") == "7 of Swords"
    assert card_name("D01", "en") == "Ace of Coins"
    assert card_name("H11", "ja") == "カップのペイジ"
    assert card_name("C12", "en") == "Knight of Wands"
    assert card_name("H13", "ja") == "カップのクイーン"
    assert card_name("D14", "en") == "King of Coins"
    assert card_name("A13", "ja") == "死神"
    assert card_name("A00", "en") == "The Fool"
    assert Major(18).short_name("en") == "Moon"
    assert card_label("D14") == "♦14" and card_label("A13") == "(13)"


# --- action codes and labels ---------------------------------------------------------------

ACTIONS: list[YosukouAction] = [
    Start(1),
    Start(6),
    Draw(),
    Move(),
    Stay(),
    WarTake("coins_lower", "D14"),
    WarTake("cups_3", "H01"),
    WarPlace("discarded"),
    WarPlace("swords_upper"),
    WarCancel(),
]


@pytest.mark.parametrize("action", ACTIONS, ids=RULES.format_action)
def test_codes_round_trip_short_and_ascii(action: YosukouAction) -> None:
    code = RULES.format_action(action)
    assert RULES.parse(code) == action
    assert code.isascii() and len(code) <= 60
    for locale in ("ja", "en"):
        label = RULES.action_label(action, locale)
        assert label and len(label) <= 80


def test_labels() -> None:
    assert RULES.action_label(Start(5), "ja") == "5から開始(上卦)"
    assert RULES.action_label(Start(2), "en") == "Start on 2 (lower)"
    assert RULES.action_label(Draw(), "ja") == "カードを引く"
    assert RULES.action_label(Move(), "ja") == "動く MOVE"
    assert RULES.action_label(Stay(), "en") == "STAY"
    assert RULES.action_label(WarTake("coins_4", "D14"), "ja") == "♦14(4のコイン)を動かす"
    assert RULES.action_label(WarTake("cups_2", "H03"), "en") == "Move ♥3 (cups 2)"
    assert RULES.action_label(WarPlace("coins_lower"), "en") == "Place on Co"


@pytest.mark.parametrize(
    "code",
    [
        "",
        "start",
        "start:0",
        "start:7",
        "take:coins_4",
        "take:coins_4:A13",
        "take:pile:D01",
        "place:talon",
        "draw:1",
        "jump",
        "START:x",
    ],
)
def test_garbage_codes_are_refused(code: str) -> None:
    with pytest.raises(InvalidActionError):
        RULES.parse(code)

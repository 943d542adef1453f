""" "Why?" for 易双六 in words: what was compared, which numbers, and why the token moved or
stayed — in both languages, each term named, no bare formula."""

from __future__ import annotations

import pytest

from rules.core.text import Locale
from rules.yosukou import Draw
from tests.rules.yosukou.test_yosukou_render import RULES, UPRIGHT, events


def why(talon: list[str], locale: Locale, **position: object) -> list[str]:
    state = RULES.new_game_from_position({}, UPRIGHT, talon=talon, **position)  # type: ignore[arg-type]
    (event, *_) = RULES.apply(state, 0, Draw()).events
    return RULES.explain_in_words(event, locale)


def test_a_card_that_wins_on_the_numbers_but_finds_no_cup_to_use() -> None:
    assert why(["C06"], "en", start=2, piles={"discarded": ["S05"]}) == [
        "♣6 drawn, token on 2: can it move to 1?",
        "For the move: the drawn ♣6 (6) + [2]'s wands-down value (6) = 12",
        "Against it: [1]'s cups-down value (6)",
        "12 is more than 6, but the move needs a cup to use, and there is none."
        " So the token stays on 2.",
        "Cards moved: ♣6→discard",
    ]
    assert why(["C06"], "ja", start=2, piles={"discarded": ["S05"]}) == [
        "♣6を引いた（駒は2）：1へ動けるか。",
        "動く側：引いた♣6（6） + [2]のワンド下（6） = 12",
        "動かさない側：[1]のカップ下（6）",
        "12は6より大きい。ただし動くには使えるカップが要り、それがない。だから駒は2に留まる。",
        "札の移動：♣6→捨て札",
    ]


def test_a_draw_that_lets_the_token_move_then_the_choice_in_both_languages() -> None:
    drawn = [e for e in events() if e.kind in ("draw", "choice")]
    draw = next(e for e in drawn if e.data.get("card") == "S14")
    choice = next(e for e in drawn if e.kind == "choice")
    en = RULES.explain_in_words(draw, "en")
    ja = RULES.explain_in_words(draw, "ja")
    assert en == [
        "♠14 drawn, token on 1: can it move to 4?",
        "For the move: the drawn ♠14 (14) + [1]'s sword attack (6) + the cards in Co together"
        " (0) = 20",
        "Against it: [4]'s sword defence (6) + the cards in Sw together (2) + the coins on [4]"
        " together (0) = 8",
        "20 is more than 8. So it may move to 4: choose MOVE or STAY.",
    ]
    assert ja[0] == "♠14を引いた（駒は1）：4へ動けるか。"
    assert ja[3] == "20は8より大きい。だから4へ動ける：動くか留まるかを選ぶ。"
    assert RULES.explain_in_words(choice, "en")[0] == "You chose MOVE: the token went from 1 to 4."
    assert RULES.explain_in_words(choice, "ja")[0] == "動くを選んだ：駒は1から4へ。"


@pytest.mark.parametrize("locale", ["ja", "en"])
def test_every_draw_says_its_numbers_in_words_never_a_formula(locale: Locale) -> None:
    for event in events():
        lines = RULES.explain_in_words(event, locale)
        if event.kind != "draw":
            continue
        assert lines, event
        text = "\n".join(lines)
        assert " <= " not in text and " > " not in text and "atk(" not in text and "攻(" not in text
        if "lhs_terms" in event.data["calc"]:
            assert len(lines) >= 4  # the question, both sides, the verdict

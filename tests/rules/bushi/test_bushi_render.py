"""Golden renders: the board as literal text in both languages (spec §6)."""

from __future__ import annotations

import dataclasses
import unicodedata

import pytest

from rules.bushi import (
    ORIENTATIONS,
    BushiRules,
    BushiSettings,
    BushiState,
    BushiView,
    CubeReading,
    Orientation,
    render_orientation,
)
from rules.bushi.render import face_picture
from rules.core import LOCALES, Locale, OfferDraw

RULES = BushiRules()
CYCLE = ("LEFT", "LEFT", "RIGHT", "RIGHT")


def o(code: str) -> Orientation:
    return Orientation.parse(code)


def placed(black: str, white: str, to_move: int = 0) -> BushiState:
    position = (o(black), o(white), to_move)
    return BushiState(BushiSettings(), (o(black), o(white)), to_move, 2, ((position, 1),))


def play(state: BushiState, *codes: str) -> BushiState:
    for code in codes:
        state = RULES.apply(state, state.to_move, RULES.parse(code)).state
    return state


def board(state: BushiState, locale: Locale) -> str:
    return RULES.render(RULES.view_for(state, None), locale)


def width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


WHITE_TO_DROP = {
    "ja": """\
後手（白）  ◀ 手番
（まだ置いていない）
- - - - - - - - - - -
　武　  三方払い three swords
刀・刀  ↓ 後ろ向き
　刀　  刀は向けていない
先手（黒）

後手が駒を置く番です。""",
    "en": """\
White (後手)  ◀ to move
(not placed yet)
- - - - - - - - - - -
　武　  三方払い three swords
刀・刀  ↓ facing back
　刀　  not pointing
Black (先手)

White to place a cube
武 = samurai, 刀 = sword""",
}

BOTH_POINTING = {
    "ja": """\
後手（白）
　　　  左構え left guard
　・武  ← 右向き
　刀　  刀を向けている
- - - - - - - - - - -
　刀　  右構え right guard
　・武  ← 左向き
　　　  刀を向けている
先手（黒）  ◀ 手番

先手の手番です。（左に転がすのみ）""",
    "en": """\
White (後手)
　　　  左構え left guard
　・武  ← facing right
　刀　  pointing at Black
- - - - - - - - - - -
　刀　  右構え right guard
　・武  ← facing left
　　　  pointing at White
Black (先手)  ◀ to move

Black to move (must roll left)
武 = samurai, 刀 = sword""",
}

MATE = {
    "ja": """\
後手（白）
　武　  正面打ち front strike
　・　  ↓ 前向き
　刀　  刀を向けている
- - - - - - - - - - -
　刀　  正面打ち front strike
　・　  ↑ 前向き
　武　  刀を向けている
先手（黒）

詰みで先手の勝ち""",
    "en": """\
White (後手)
　武　  正面打ち front strike
　・　  ↓ facing forward
　刀　  pointing at Black
- - - - - - - - - - -
　刀　  正面打ち front strike
　・　  ↑ facing forward
　武　  pointing at White
Black (先手)

Black wins by mate
武 = samurai, 刀 = sword""",
}

REPEATED = {
    "ja": """\
後手（白）
　刀　  正面打ち front strike
　・　  ↑ 後ろ向き
　武　  刀は向けていない
- - - - - - - - - - -
　武　  正面打ち front strike
　・　  ↓ 後ろ向き
　刀　  刀は向けていない
先手（黒）  ◀ 手番

先手の手番です。
同一局面3回目（4回目で引き分け）
先手が引き分けを提案しています。
駒：別解釈（左右の面の種類が逆）""",
    "en": """\
White (後手)
　刀　  正面打ち front strike
　・　  ↑ facing back
　武　  not pointing
- - - - - - - - - - -
　武　  正面打ち front strike
　・　  ↓ facing back
　刀　  not pointing
Black (先手)  ◀ to move

Black to move
Position seen 3 times (4 = draw)
Black offers a draw
Cube: alternate reading
武 = samurai, 刀 = sword""",
}


@pytest.mark.parametrize("locale", LOCALES)
def test_white_to_drop(locale: Locale) -> None:
    state = play(RULES.new_game(None, 0), "D-T0-B")
    assert board(state, locale) == WHITE_TO_DROP[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_both_pointing_forced_roll(locale: Locale) -> None:
    assert board(placed("R2-L", "L3-R"), locale) == BOTH_POINTING[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_mate(locale: Locale) -> None:
    assert board(play(placed("F4-L", "F1-F"), "ROT"), locale) == MATE[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_repetition_count_draw_offer_and_alternate_cube(locale: Locale) -> None:
    state = play(RULES.new_game({"cube": "alternate"}, 0), "D-F1-B", "D-F1-B", *CYCLE, *CYCLE)
    state = RULES.apply(state, 0, OfferDraw()).state
    assert board(state, locale) == REPEATED[locale]


def test_empty_board() -> None:
    assert board(RULES.new_game(None, 0), "en").splitlines()[:5] == [
        "White (後手)",
        "(not placed yet)",
        "- - - - - - - - - - -",
        "(not placed yet)",
        "Black (先手)  ◀ to move",
    ]


def test_a_finished_repetition_draw() -> None:
    state = play(RULES.new_game(None, 0), "D-F1-B", "D-F1-B", *CYCLE * 3)
    assert board(state, "ja").splitlines()[-1] == "引き分け（千日手）"
    assert board(state, "en").splitlines()[-2] == "Draw by repetition"


def test_one_orientation_for_drop_menus() -> None:
    assert render_orientation(o("L3-R"), CubeReading.SEED, "en") == (
        "　刀　  左構え left guard\n武・　  → facing right\n　　　  pointing at the opponent"
    )
    assert render_orientation(o("T0-B"), CubeReading.SEED, "ja") == (
        "　武　  三方払い three swords\n刀・刀  ↓ 後ろ向き\n　刀　  刀は向けていない"
    )


def test_white_is_drawn_upside_down() -> None:
    # The same orientation turned half round: White's forward is down the screen.
    for x in ORIENTATIONS:
        black = face_picture(x, CubeReading.SEED, 0)
        white = face_picture(x, CubeReading.SEED, 1)
        assert white == [row[::-1] for row in reversed(black)]


def test_pictures_are_all_full_width_and_lines_fit_a_phone() -> None:
    for x in ORIENTATIONS:
        for row in face_picture(x, CubeReading.ALTERNATE):
            assert all(unicodedata.east_asian_width(c) in "WF" for c in row)
    for black in ORIENTATIONS:
        for white in ORIENTATIONS:
            state = placed(black.code, white.code, to_move=1)
            state = RULES.apply(state, 0, OfferDraw()).state
            state = dataclasses.replace(state, settings=BushiSettings(CubeReading.ALTERNATE))
            for locale in LOCALES:
                for line in board(state, locale).splitlines():
                    assert width(line) <= 40, line
                    assert line == line.rstrip()
                    assert "`" not in line


def test_the_view_is_the_same_for_everyone() -> None:
    state = placed("R2-L", "L3-R")
    views = [RULES.view_for(state, viewer) for viewer in (None, 0, 1)]
    assert all(isinstance(v, BushiView) for v in views)
    assert {RULES.render(v, "en") for v in views} == {board(state, "en")}
    assert views[0].pointing == (True, True)
    assert views[0].forced is not None


def test_result_lines() -> None:
    from rules.bushi.render import result_line
    from rules.core import Outcome

    cases = [
        (Outcome.win(0, 2, "mate"), "詰みで先手の勝ち", "Black wins by mate"),
        (Outcome.loss(0, 2, "resign"), "投了で後手の勝ち", "White wins by resignation"),
        (Outcome.loss(1, 2, "timeout"), "時間切れで先手の勝ち", "Black wins by time out"),
        (Outcome.draw(2, "agreement"), "合意により引き分け", "Draw by agreement"),
        (Outcome.draw(2, "repetition"), "引き分け（千日手）", "Draw by repetition"),
    ]
    for outcome, ja, en in cases:
        assert (result_line(outcome, "ja"), result_line(outcome, "en")) == (ja, en)

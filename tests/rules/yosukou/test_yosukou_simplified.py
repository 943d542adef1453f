"""Scenario tests for 略式易双六, spec §10.

The all-upright board at ×2 gives M Major (Sw atk) and F Major (Co pain) per position:

    1: M 6 F 10    2: M 0 F 14    3: M 6 F 0
    4: M 6 F 0     5: M 10 F 14   6: M 6 F 10
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules.yosukou import Draw, Move, Stay, YosukouRules, YosukouState
from rules.yosukou.engine import PILES

RULES = YosukouRules()
BOARD = [("A01", True), ("A02", True), ("A03", True), ("A04", True), ("A05", True), ("A06", True)]


def position(
    token: int,
    talon: Sequence[str],
    piles: Mapping[str, Sequence[str]] | None = None,
    **settings: Any,
) -> YosukouState:
    return RULES.new_game_from_position(
        {"variant": "simplified", **settings}, BOARD, start=token, talon=talon, piles=piles
    )


def draw(state: YosukouState) -> tuple[YosukouState, dict[str, Any]]:
    new, events = RULES.apply(state, 0, Draw())
    return new, dict(events[0].data)


def piles(state: YosukouState) -> dict[str, list[str]]:
    return {name: list(p) for name, p in zip(PILES, state.piles, strict=True) if p}


def test_upper_sword_from_wins_on_f_major_and_discards_only_the_sword() -> None:
    # ♠1 + F Major(5) 14 = 15 > M(4) 6 + F Major(4) 0 = 6.
    state, step = draw(position(5, ["S01"]))
    calc = step["calc"]
    assert (calc["lhs"], calc["rhs"], calc["f_minor_from"], calc["f_minor_to"]) == (15, 6, 14, 0)
    assert (step["result"], state.token) == ("move", 4)
    assert piles(state) == {"discarded": ["S01"]}


def test_from_wins_discards_the_drawn_card_then_froms_f_minor() -> None:
    state, _ = draw(position(5, ["S01"], {"coins_5": ["D03", "D09", "D02"]}))
    assert state.token == 4
    assert piles(state) == {"coins_5": ["D03", "D02"], "discarded": ["S01", "D09"]}


def test_to_wins_discards_the_drawn_card_then_tos_f_minor() -> None:
    # ♠1 + 14 = 15 vs M(4) 6 + ♦13 = 19.
    state, step = draw(position(5, ["S01"], {"coins_4": ["D13", "D02"]}))
    assert (step["result"], state.token) == ("stay", 5)
    assert piles(state) == {"coins_4": ["D02"], "discarded": ["S01", "D13"]}


def test_f_minor_tie_takes_the_earliest() -> None:
    state, _ = draw(position(5, ["S01"], {"coins_4": ["D11", "D12"]}, rule_court_card="K10"))
    assert piles(state) == {"coins_4": ["D12"], "discarded": ["S01", "D11"]}


@pytest.mark.parametrize(("determinant", "moves"), [("greater", False), ("greater_equal", True)])
def test_a_tie_is_a_to_win_unless_greater_equal(determinant: str, moves: bool) -> None:
    # ♠2 + F Major(5) 14 = 16 vs M(4) 6 + ♦10 = 16.
    start = position(5, ["S02"], {"coins_4": ["D10"]}, rule_determinant=determinant)
    state, step = draw(start)
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (16, 16)
    assert step["calc"]["op"] == (">=" if moves else ">")
    assert state.token == (4 if moves else 5)
    assert piles(state) == (
        {"coins_4": ["D10"], "discarded": ["S02"]} if moves else {"discarded": ["S02", "D10"]}
    )


def test_upper_sword_from_4_crosses_into_the_lower_trigram() -> None:
    # To = 3, whose F-pile is cups_3: ♠5 + F(4) 0 = 5 vs M(3) 6 + ♥1 = 7 → To wins.
    state, step = draw(position(4, ["S05"], {"cups_3": ["H01"]}))
    assert (step["calc"]["to"], state.token) == (3, 4)
    assert piles(state) == {"discarded": ["S05", "H01"]}


def test_upper_wand_judges_towards_the_opposite() -> None:
    # ♣9 + F(6) 10 = 19 > M(3) 6 + F(3) 0 = 6; To is 3.
    state, step = draw(position(6, ["C09"]))
    assert (step["calc"]["to"], state.token) == (3, 3)


def test_lower_wand_wraps_from_1_to_6() -> None:
    # ♣1 + F(1) 10 = 11 <= M(6) 6 + ♦7 = 13.
    state, step = draw(position(1, ["C01"], {"coins_6": ["D07"]}))
    assert (step["calc"]["to"], step["result"], state.token) == (6, "stay", 1)
    assert piles(state) == {"discarded": ["C01", "D07"]}


def test_lower_sword_from_win_offers_the_choice() -> None:
    state, step = draw(position(1, ["S05"], {"cups_1": ["H02", "H09"]}))
    assert step["result"] == "choose" and state.phase == "choose"
    moved = RULES.apply(state, 0, Move()).state
    assert moved.token == 4
    assert piles(moved) == {"cups_1": ["H02"], "discarded": ["S05", "H09"]}
    stayed = RULES.apply(state, 0, Stay()).state
    assert stayed.token == 1
    assert piles(stayed) == {"cups_1": ["H02", "H09"], "discarded": ["S05"]}


def test_lower_sword_to_win_is_no_choice() -> None:
    # ♠1 + F(3) 0 = 1 vs M(6) 6 + F(6) 10 = 16.
    state, step = draw(position(3, ["S01"]))
    assert (step["result"], state.phase) == ("stay", "play")


def test_upper_coin_stays_and_joins_its_pile() -> None:
    state, step = draw(position(5, ["D04"]))
    assert (step["result"], state.token) == ("stay", 5)
    assert piles(state) == {"coins_5": ["D04"]}


def test_upper_cup_always_moves_forward_and_wraps() -> None:
    state, step = draw(position(6, ["H01"]))
    assert (step["result"], state.token) == ("move", 1)
    assert piles(state) == {"cups_3": ["H01"]}


def test_lower_coin_goes_to_the_upper_opposite_and_moves_forward() -> None:
    state, _ = draw(position(3, ["D01"]))
    assert state.token == 4
    assert piles(state) == {"coins_6": ["D01"]}


def test_lower_cup_stays() -> None:
    state, _ = draw(position(2, ["H14"]))
    assert state.token == 2
    assert piles(state) == {"cups_2": ["H14"]}


def test_sw_and_co_stay_empty_through_a_game() -> None:
    state = RULES.new_game({"variant": "simplified"}, 11)
    state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0]).state
    while state.outcome is None:
        state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0]).state
        assert state.piles[0] == () and state.piles[1] == ()

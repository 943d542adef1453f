"""Scenario tests for the original rules, spec §6–§8, one clause at a time.

Every test uses the same upright board unless it says otherwise. Its ×2 values, as
``[Sw atk, def, Co pain, joy, Cu up, down, Wa up, down]``:

    1 (1) Magician    [6, 6, 10, 14,  0,  6, 14, 10]
    2 (2) Priestess   [0, 10, 14, 6, 14, 10,  6,  6]
    3 (3) Empress     [6, 6,  0,  6, 14, 10, 10, 14]
    4 (4) Emperor     [6, 6,  0,  6, 10, 14, 14, 10]
    5 (5) Hierophant  [10, 0, 14, 6,  6,  6, 14, 10]
    6 (6) Lovers      [6, 6, 10,  6, 10, 14, 14,  0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules.core.errors import IllegalActionError
from rules.core.protocol import Event
from rules.yosukou import Draw, Move, Stay, YosukouRules, YosukouState
from rules.yosukou.engine import PILES, board_values, major_values

RULES = YosukouRules()
BOARD = [("A01", True), ("A02", True), ("A03", True), ("A04", True), ("A05", True), ("A06", True)]


def position(
    token: int,
    talon: Sequence[str],
    piles: Mapping[str, Sequence[str]] | None = None,
    *,
    start: int | None = None,
    **settings: Any,
) -> YosukouState:
    return RULES.new_game_from_position(
        settings,
        BOARD,
        start=start if start is not None else token,
        token=token,
        talon=talon,
        piles=piles,
    )


def draw(state: YosukouState) -> tuple[YosukouState, dict[str, Any]]:
    new, events = RULES.apply(state, 0, Draw())
    event = next(e for e in events if e.kind in ("draw", "terminal"))
    return new, dict(event.data)


def piles(state: YosukouState) -> dict[str, list[str]]:
    return {name: list(p) for name, p in zip(PILES, state.piles, strict=True) if p}


def test_the_board_values_used_below() -> None:
    values = board_values(RULES.new_game_from_position({}, BOARD, start=1).board, 2)
    assert values[1] == (6, 6, 10, 14, 0, 6, 14, 10)
    assert values[5] == (10, 0, 14, 6, 6, 6, 14, 10)
    assert values[6] == (6, 6, 10, 6, 10, 14, 14, 0)


# --- §3 major values -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("multiplier", "three", "five", "seven"),
    [(1, 3, 5, 7), (1.5, 5, 8, 11), (2, 6, 10, 14), (2.5, 8, 13, 18), (3, 9, 15, 21)],
)
def test_multiplier_rounds_up_each_entry(
    multiplier: float, three: int, five: int, seven: int
) -> None:
    scaled = {0: 0, 3: three, 5: five, 7: seven}
    # (15) The Devil is [5, 3, 3, 7, 5, 0, 3, 7] at ×1.
    expected = tuple(scaled[x] for x in (5, 3, 3, 7, 5, 0, 3, 7))
    assert major_values(15, True, multiplier) == expected


def test_reversed_swaps_each_pair() -> None:
    assert major_values(15, True, 1) == (5, 3, 3, 7, 5, 0, 3, 7)
    assert major_values(15, False, 1) == (3, 5, 7, 3, 0, 5, 7, 3)
    assert major_values(12, False, 2.5) == (13, 8, 18, 8, 13, 8, 18, 0)


# --- §7.1 upper trigram --------------------------------------------------------------------


def test_upper_sword_moves_without_coins() -> None:
    # 0 + def(4) 6 > ♠5 + pain(4) 0: an empty coin pile counts 0 and still allows a move.
    state, step = draw(position(5, ["S05"]))
    assert (step["result"], state.token) == ("move", 4)
    assert piles(state) == {"swords_upper": ["S05"]}
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (6, 5)


def test_upper_sword_uses_the_max_coin() -> None:
    state, step = draw(position(5, ["S14"], {"coins_5": ["D03", "D09"]}))
    assert (step["calc"]["lhs"], step["calc"]["rhs"], state.token) == (15, 14, 4)
    assert piles(state) == {"swords_upper": ["S14"], "coins_5": ["D03", "D09"]}


def test_upper_sword_tie_stays_and_moves_the_max_coin_forward() -> None:
    state, step = draw(position(5, ["S10"], {"coins_5": ["D04", "D02"]}))
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (10, 10)
    assert (step["result"], state.token) == ("stay", 5)
    assert piles(state) == {"coins_5": ["D02"], "coins_6": ["D04"], "discarded": ["S10"]}


def test_upper_sword_stay_on_6_moves_the_first_max_coin_to_co() -> None:
    # K10: ♦12 and ♦11 are both 10; the earliest placed one is the max.
    start = position(6, ["S01"], {"coins_6": ["D03", "D12", "D11"]}, rule_court_card="K10")
    state, step = draw(start)
    assert step["result"] == "stay"
    assert piles(state) == {
        "coins_lower": ["D12"],
        "coins_6": ["D03", "D11"],
        "discarded": ["S01"],
    }


def test_upper_coin_joins_its_pile() -> None:
    state, step = draw(position(4, ["D07"], {"coins_4": ["D01"]}))
    assert (step["result"], state.token) == ("stay", 4)
    assert piles(state) == {"coins_4": ["D01", "D07"]}


def test_upper_cup_goes_opposite_and_moves_forward() -> None:
    # ♥5 + Cu up(4) 10 = 15 > Wa up(5) 14.
    state, step = draw(position(4, ["H05"]))
    assert (step["result"], state.token) == ("move", 5)
    assert piles(state) == {"cups_1": ["H05"]}


def test_upper_cup_tie_stays_but_still_places_the_cup() -> None:
    state, step = draw(position(4, ["H04"]))
    assert (step["result"], state.token) == ("stay", 4)
    assert piles(state) == {"cups_1": ["H04"]}


def test_upper_cup_from_6_wraps_to_1_and_uses_the_old_opposite() -> None:
    state, _ = draw(position(6, ["H05"]))
    assert state.token == 1
    assert piles(state) == {"cups_3": ["H05"]}


def test_upper_wand_needs_a_cup_opposite() -> None:
    state, step = draw(position(4, ["C14"], {"coins_4": ["D02", "D09", "D05"]}))
    assert step["calc"]["has_cup"] is False
    assert (step["result"], state.token) == ("stay", 4)
    # The wand is discarded and the max coin moves to Co.
    assert piles(state) == {
        "coins_lower": ["D09"],
        "coins_4": ["D02", "D05"],
        "discarded": ["C14"],
    }


def test_upper_wand_moves_discarding_wand_then_max_cup() -> None:
    # ♣1 + Wa up(4) 14 + ♥8 + Cu down(1) 6 = 29 > coins 10 + joy(4) 6 = 16.
    state, step = draw(position(4, ["C01"], {"coins_4": ["D10"], "cups_1": ["H03", "H08"]}))
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (29, 16)
    assert (step["result"], state.token) == ("move", 1)
    assert piles(state) == {"coins_4": ["D10"], "cups_1": ["H03"], "discarded": ["C01", "H08"]}


def test_upper_wand_fails_against_the_coin_sum() -> None:
    start = position(4, ["C01"], {"coins_4": ["D14", "D13", "D12"], "cups_1": ["H08"]})
    state, step = draw(start)
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (29, 45)
    assert (step["result"], state.token) == ("stay", 4)
    assert piles(state) == {
        "coins_lower": ["D14"],
        "coins_4": ["D13", "D12"],
        "cups_1": ["H08"],
        "discarded": ["C01"],
    }


# --- §7.2 lower trigram --------------------------------------------------------------------


def test_lower_coin_moves_forward_into_the_old_opposite_pile() -> None:
    # ♦7 + pain(3) 0 = 7 > joy(4) 6: 3 → 4 crosses into the upper trigram.
    state, step = draw(position(3, ["D07"]))
    assert (step["result"], state.token) == ("move", 4)
    assert piles(state) == {"coins_6": ["D07"]}


def test_lower_coin_tie_goes_to_co() -> None:
    state, step = draw(position(3, ["D06"]))
    assert (step["result"], state.token) == ("stay", 3)
    assert piles(state) == {"coins_lower": ["D06"]}


def test_lower_wand_takes_the_lowest_qualifying_cup() -> None:
    # ♣6 + Wa down(2) 6 = 12 > cup + Cu down(1) 6 for cups below 6: ♥5, ♥3, ♥4; lowest ♥3.
    state, step = draw(position(2, ["C06"], {"cups_2": ["H09", "H05", "H03", "H04"]}))
    assert step["calc"]["chosen_cup"] == "H03"
    assert (step["result"], state.token) == ("move", 1)
    assert piles(state) == {"cups_2": ["H09", "H05", "H04"], "discarded": ["C06", "H03"]}


def test_lower_wand_lowest_cup_tie_takes_the_earliest() -> None:
    # K13b: Page and Knight are both 11.
    start = position(2, ["C14"], {"cups_2": ["H12", "H11"]}, rule_court_card="K13b")
    state, step = draw(start)
    assert step["calc"]["chosen_cup"] == "H12"
    assert piles(state) == {"cups_2": ["H11"], "discarded": ["C14", "H12"]}


def test_lower_wand_without_a_qualifying_cup_stays() -> None:
    state, step = draw(position(2, ["C05"], {"cups_2": ["H09", "H05"]}))
    assert (step["result"], state.token, step["calc"]["chosen_cup"]) == ("stay", 2, None)
    assert piles(state) == {"cups_2": ["H09", "H05"], "discarded": ["C05"]}


def test_lower_wand_without_cups_stays() -> None:
    state, step = draw(position(2, ["C14"]))
    assert (step["result"], step["calc"]["has_cup"]) == ("stay", False)
    assert piles(state) == {"discarded": ["C14"]}


def test_lower_wand_from_1_wraps_to_6() -> None:
    # ♣14 + Wa down(1) 10 = 24 > ♥9 + Cu down(6) 14 = 23.
    state, _ = draw(position(1, ["C14"], {"cups_1": ["H09"]}))
    assert state.token == 6


def test_lower_cup_joins_its_pile() -> None:
    state, step = draw(position(2, ["H13"], {"cups_2": ["H01"]}))
    assert (step["result"], state.token) == ("stay", 2)
    assert piles(state) == {"cups_2": ["H01", "H13"]}


def test_lower_sword_offers_the_choice() -> None:
    # ♠5 + atk(1) 6 + Co 3 = 14 > def(4) 6 + Sw 0 + coins(4) 2 = 8.
    start = position(1, ["S05"], {"coins_lower": ["D03"], "coins_4": ["D02"]})
    state, step = draw(start)
    assert step["result"] == "choose"
    assert (step["calc"]["lhs"], step["calc"]["rhs"], step["calc"]["to"]) == (14, 8, 4)
    assert state.phase == "choose" and state.pending == "S05"
    assert RULES.legal_actions(state, 0) == (Move(), Stay())
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, Draw())
    assert "MOVE or STAY" in info.value.text.en


def test_lower_sword_move_discards_sw_then_co() -> None:
    start = position(
        1,
        ["S14"],
        {"swords_upper": ["S10", "S02"], "coins_lower": ["D03", "D01"], "cups_1": ["H02"]},
    )
    state, _ = draw(start)
    state = RULES.apply(state, 0, Move()).state
    assert state.token == 4 and state.phase == "play"
    assert piles(state) == {
        "swords_upper": ["S14"],
        "cups_1": ["H02"],
        "discarded": ["S10", "S02", "D03", "D01"],
    }


def test_lower_sword_chosen_stay_discards_the_cups_then_the_sword() -> None:
    state, _ = draw(position(1, ["S14"], {"cups_1": ["H02", "H07"], "swords_upper": ["S01"]}))
    new, events = RULES.apply(state, 0, Stay())
    assert new.token == 1
    assert piles(new) == {"swords_upper": ["S01"], "discarded": ["H02", "H07", "S14"]}
    assert events[0].data["choice"] == "stay"


def test_lower_sword_forced_stay_discards_the_sword_then_the_max_cup() -> None:
    # ♠1 + atk(1) 6 = 7 <= def(4) 6 + Sw 27.
    start = position(1, ["S01"], {"swords_upper": ["S14", "S13"], "cups_1": ["H02", "H07"]})
    state, step = draw(start)
    assert (step["result"], state.token) == ("stay", 1)
    assert piles(state) == {
        "swords_upper": ["S14", "S13"],
        "cups_1": ["H02"],
        "discarded": ["S01", "H07"],
    }


def test_lower_sword_tie_is_a_forced_stay() -> None:
    # ♠2 + atk(2) 0 + Co 0 = 2 vs def(5) 0 + Sw 2: equal.
    _, step = draw(position(2, ["S02"], {"swords_upper": ["S01"], "coins_5": ["D01"]}))
    assert (step["calc"]["lhs"], step["calc"]["rhs"]) == (2, 2)
    assert step["result"] == "stay"


# --- §6 the end card and §8 winning ----------------------------------------------------------


def test_end_card_reshuffles_rest_end_card_and_discards_only() -> None:
    start = position(
        2,
        ["END", "S01", "C02"],
        {"discarded": ["S05", "H06"], "coins_4": ["D01"], "swords_upper": ["S09"]},
    )
    rest = start.talon[1:]
    state, step = draw(start)
    assert step["result"] == "reshuffle" and step["count"] == 1
    assert sorted(state.talon) == sorted([*rest, "A13", "S05", "H06"])
    assert state.talon != (*rest, "A13", "S05", "H06")  # it was shuffled
    assert piles(state) == {"coins_4": ["D01"], "swords_upper": ["S09"]}
    assert state.drawn_terminals == 1 and state.phase == "play"


def test_reshuffle_is_deterministic_from_the_seed() -> None:
    start = position(2, ["END"], {"discarded": ["S05", "H06"]})
    assert draw(start)[0].talon == draw(start)[0].talon


@pytest.mark.parametrize(
    ("start", "token", "won"),
    [
        (1, 2, True),
        (1, 5, True),
        (1, 1, False),
        (3, 6, False),
        (4, 5, True),
        (4, 6, True),
        (6, 2, False),
        (5, 4, False),
    ],
)
def test_the_last_end_card_decides_by_the_start_trigram(start: int, token: int, won: bool) -> None:
    state = RULES.new_game_from_position(
        {}, BOARD, start=start, token=token, talon=["END"], drawn_terminals=2
    )
    new, events = RULES.apply(state, 0, Draw())
    assert new.phase == "over"
    assert new.outcome is not None
    assert new.outcome.points == ((1.0,) if won else (0.0,))
    assert new.outcome.reason == ("goal" if won else "missed_goal")
    assert [e.kind for e in events] == ["terminal", "game_over"]
    assert RULES.legal_actions(new, 0) == ()


def test_one_end_card_appearance_ends_at_once() -> None:
    state = RULES.new_game_from_position(
        {"rule_terminals": 1}, BOARD, start=4, token=5, talon=["END"]
    )
    assert RULES.apply(state, 0, Draw()).state.outcome is not None


def test_events_carry_the_numbers() -> None:
    _, events = RULES.apply(position(5, ["S10"], {"coins_5": ["D04"]}), 0, Draw())
    event: Event = events[0]
    calc = event.data["calc"]
    assert calc["lhs_terms"] == [
        {"k": "max_coins", "v": 4, "p": 5, "c": "D04"},
        {"k": "def", "v": 6, "p": 4},
    ]
    assert calc["rhs_terms"] == [{"k": "card", "v": 10, "c": "S10"}, {"k": "pain", "v": 0, "p": 4}]
    assert event.data["moves"] == [["S10", "talon", "discarded"], ["D04", "coins_5", "coins_6"]]

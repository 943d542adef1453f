"""Scenario tests for 戦乱置換 (War Replacement), spec §9.

Each test reaches the phase the way the game does: the token on 1, a lower sword that allows a
move (♠14 + atk 6 beats def(4) 6 on the all-upright board), MOVE.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rules.core.errors import IllegalActionError
from rules.yosukou import (
    Draw,
    Move,
    WarCancel,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouRules,
    YosukouState,
)
from rules.yosukou.engine import PILES

RULES = YosukouRules()
BOARD = [("A01", True), ("A02", True), ("A03", True), ("A04", True), ("A05", True), ("A06", True)]
COINS = ["coins_lower", "coins_4", "coins_5", "coins_6"]
CUPS = ["cups_1", "cups_2", "cups_3"]


def war(
    piles: Mapping[str, Sequence[str]],
    talon: Sequence[str] = (),
    **settings: Any,
) -> tuple[YosukouState, list[str]]:
    """The state right after MOVE, and the kinds of the events of that MOVE."""
    settings.setdefault("rule_replacement", 3)
    state = RULES.new_game_from_position(
        settings, BOARD, start=1, talon=["S14", *talon], piles=piles
    )
    state = RULES.apply(state, 0, Draw()).state
    assert state.phase == "choose"
    state, events = RULES.apply(state, 0, Move())
    return state, [e.kind for e in events]


def act(state: YosukouState, *actions: YosukouAction) -> YosukouState:
    for action in actions:
        state = RULES.apply(state, 0, action).state
    return state


def sources(state: YosukouState) -> list[str]:
    found = {a.pile for a in RULES.legal_actions(state, 0) if isinstance(a, WarTake)}
    return sorted(found, key=PILES.index)


def destinations(state: YosukouState) -> list[str]:
    return [a.pile for a in RULES.legal_actions(state, 0) if isinstance(a, WarPlace)]


def pile(state: YosukouState, name: str) -> list[str]:
    return list(state.piles[PILES.index(name)])


def test_off_by_default() -> None:
    state, kinds = war({"cups_2": ["H01"]}, rule_replacement=0)
    assert state.phase == "play"
    assert kinds == ["choice"]


def test_move_starts_the_phase_with_draw_first_then_every_card() -> None:
    state, kinds = war({"cups_2": ["H01", "H05"], "coins_5": ["D02"]})
    assert kinds == ["choice", "war_start"]
    assert state.phase == "war"
    assert RULES.legal_actions(state, 0) == (
        Draw(),
        WarTake("coins_5", "D02"),
        WarTake("cups_2", "H01"),
        WarTake("cups_2", "H05"),
    )


def test_no_source_ends_the_phase_at_once() -> None:
    # After MOVE only Sw holds a card, and Sw is no source unless crossing is "all".
    state, kinds = war({})
    assert kinds == ["choice", "war_start", "war_end"]
    assert (state.phase, state.war_end) == ("play", "no_source")


def test_sources_skip_empty_piles_and_the_discard_pile() -> None:
    state, _ = war({"coins_lower": ["D01"], "cups_3": ["H01"], "discarded": ["C01"]})
    # MOVE emptied Co into the discard pile.
    assert sources(state) == ["cups_3"]


def test_sw_is_a_source_only_when_everything_crosses() -> None:
    state, _ = war({"cups_3": ["H01"]}, rule_cross_border="all")
    assert sources(state) == ["swords_upper", "cups_3"]
    state, _ = war({"cups_3": ["H01"]})
    assert sources(state) == ["cups_3"]
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, WarTake("swords_upper", "S14"))
    assert "Sw" in info.value.text.en


@pytest.mark.parametrize(
    ("cross", "source", "card", "expected"),
    [
        ("none", "coins_5", "D02", COINS),
        ("none", "cups_2", "H01", CUPS),
        ("cups_and_coins", "coins_5", "D02", COINS + CUPS),
        ("cups_and_coins", "cups_2", "H01", COINS + CUPS),
        ("all", "cups_2", "H01", ["swords_upper", *COINS, *CUPS, "discarded"]),
        ("all", "swords_upper", "S14", ["swords_upper", *COINS, *CUPS, "discarded"]),
    ],
)
def test_destinations_by_crossing_mode(
    cross: str, source: str, card: str, expected: list[str]
) -> None:
    state, _ = war({"cups_2": ["H01"], "coins_5": ["D02"]}, rule_cross_border=cross)
    state = act(state, WarTake(source, card))
    assert destinations(state) == expected
    assert RULES.legal_actions(state, 0)[-1] == WarCancel()


def test_none_mode_judges_by_pile_not_suit() -> None:
    # A cup lying in a coin pile moves like a coin.
    state, _ = war({"coins_5": ["H07"]}, rule_cross_border="none")
    state = act(state, WarTake("coins_5", "H07"))
    assert destinations(state) == COINS
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, WarPlace("cups_1"))
    assert "coin pile" in info.value.text.en


def test_placing_counts_only_into_another_pile() -> None:
    state, _ = war({"cups_2": ["H01", "H05"], "coins_5": ["D02"]})
    state = act(state, WarTake("cups_2", "H01"), WarPlace("cups_2"))
    assert pile(state, "cups_2") == ["H05", "H01"]
    assert (state.war_total, state.war_to_co) == (0, 0)
    state = act(state, WarTake("cups_2", "H05"), WarPlace("coins_lower"))
    assert pile(state, "coins_lower") == ["H05"]
    assert (state.war_total, state.war_to_co) == (1, 1)
    state = act(state, WarTake("coins_5", "D02"), WarPlace("cups_3"))
    assert (state.war_total, state.war_to_co, state.phase) == (2, 1, "war")


def test_cancel_at_the_destination_sends_the_card_to_the_end_uncounted() -> None:
    state, _ = war({"cups_2": ["H01", "H05", "H09"]})
    state, events = RULES.apply(act(state, WarTake("cups_2", "H01")), 0, WarCancel())
    assert pile(state, "cups_2") == ["H05", "H09", "H01"]
    assert (state.war_total, state.holding, state.phase) == (0, None, "war")
    assert events[0].kind == "war_cancel"


def test_holding_a_card_blocks_drawing_and_taking() -> None:
    state, _ = war({"cups_2": ["H01", "H05"]})
    state = act(state, WarTake("cups_2", "H01"))
    assert state.holding == ("cups_2", "H01")
    with pytest.raises(IllegalActionError):
        RULES.apply(state, 0, Draw())
    with pytest.raises(IllegalActionError):
        RULES.apply(state, 0, WarTake("cups_2", "H05"))


def test_the_limit_ends_the_phase() -> None:
    state, _ = war({"cups_2": ["H01", "H05"]}, rule_replacement=1)
    state, events = RULES.apply(act(state, WarTake("cups_2", "H01")), 0, WarPlace("cups_1"))
    assert [e.kind for e in events] == ["war_place", "war_end"]
    assert (state.phase, state.war_end, state.war_total) == ("play", "limit_reached", 1)


def test_co_limit_closes_co() -> None:
    state, _ = war({"cups_2": ["H01", "H05", "H06"]}, rule_replacement_coins_lower=1)
    state = act(state, WarTake("cups_2", "H01"), WarPlace("coins_lower"))
    state = act(state, WarTake("cups_2", "H05"))
    assert "coins_lower" not in destinations(state)
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, WarPlace("coins_lower"))
    assert "Co takes at most 1" in info.value.text.en
    # A card taken from Co cannot go back to Co either, but may be cancelled.
    state = act(state, WarCancel(), WarTake("coins_lower", "H01"))
    assert "coins_lower" not in destinations(state)


def test_co_limit_zero_and_infinity() -> None:
    state, _ = war({"cups_2": ["H01"]}, rule_replacement_coins_lower=0)
    assert "coins_lower" not in destinations(act(state, WarTake("cups_2", "H01")))
    state, _ = war(
        {"cups_2": ["H01", "H02", "H03", "H04"]},
        rule_replacement="infinity",
        rule_replacement_coins_lower="infinity",
    )
    for card in ("H01", "H02", "H03", "H04"):
        state = act(state, WarTake("cups_2", card), WarPlace("coins_lower"))
    assert (state.war_total, state.war_to_co, state.phase) == (4, 4, "war")
    # Unlimited: only a draw (or running out of sources) ends it.
    state = act(state, WarTake("coins_lower", "H01"), WarPlace("cups_1"))
    assert state.phase == "war"


def test_discarding_everything_leaves_no_source() -> None:
    state, _ = war({"cups_2": ["H01"]}, rule_cross_border="all", rule_replacement="infinity")
    state = act(state, WarTake("cups_2", "H01"), WarPlace("discarded"))
    assert state.phase == "war"  # Sw still holds the sword
    state = act(state, WarTake("swords_upper", "S14"), WarPlace("discarded"))
    assert (state.phase, state.war_end) == ("play", "no_source")


def test_drawing_ends_the_phase_and_plays_the_card() -> None:
    state, _ = war({"cups_2": ["H01"]}, talon=["D05"])
    new, events = RULES.apply(state, 0, Draw())
    assert [e.kind for e in events] == ["war_end", "draw"]
    assert events[0].data == {"reason": "player_drew"}
    assert (new.phase, new.war_end) == ("play", "player_drew")
    assert pile(new, "coins_4") == ["D05"]


def test_counters_stay_until_the_next_phase() -> None:
    state, _ = war({"cups_2": ["H01", "H02"]}, talon=["D05"])
    state = act(state, WarTake("cups_2", "H01"), WarPlace("cups_1"), Draw())
    assert (state.war_total, state.phase) == (1, "play")


def test_war_actions_outside_the_phase_are_refused() -> None:
    state = RULES.new_game_from_position(
        {"rule_replacement": 3}, BOARD, start=1, piles={"cups_1": ["H01"]}
    )
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, WarTake("cups_1", "H01"))
    assert "no war replacement" in info.value.text.en

"""Setup, spec §5: the deal, the (8)/(11) swap by each method, the solid method's start
restriction, the start, the end card and X; plus the explicit-deal constructors."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.cards.tarot import MINOR_CODES
from rules.core.errors import IllegalActionError, InvalidSettingsError
from rules.yosukou import Draw, Start, YosukouRules
from rules.yosukou.engine import DEALABLE, BoardMajor, swap_8_11

RULES = YosukouRules()


def deal(*cards: str) -> tuple[BoardMajor, ...]:
    """``"8"`` is an upright (8), ``"8r"`` a reversed one."""
    return tuple(BoardMajor(int(c.rstrip("r")), not c.endswith("r")) for c in cards)


def numbers(board: tuple[BoardMajor, ...]) -> list[str]:
    return [f"{c.number}{'' if c.upright else 'r'}" for c in board]


# --- the swap ------------------------------------------------------------------------------


def test_memorial_always_swaps_and_the_position_keeps_its_facing() -> None:
    board, restriction = swap_8_11(deal("8r", "4", "11", "1", "2", "3"), "memorial")
    assert numbers(board) == ["11r", "4", "8", "1", "2", "3"]
    assert restriction is None


@pytest.mark.parametrize(
    ("dealt", "expected"),
    [
        # (8) alone: swapped iff more than 3 odd cards, or exactly 3 and it is upright.
        (("8", "1", "3", "5", "7", "2"), "11"),
        (("8", "1", "3", "5", "2", "4"), "11"),
        (("8r", "1", "3", "5", "2", "4"), "8r"),
        (("8", "1", "3", "2", "4", "6"), "8"),
        # (11) alone (it counts as odd): swapped iff fewer than 3, or exactly 3 and upright.
        (("11", "1", "2", "4", "6", "10"), "8"),
        (("11", "1", "3", "2", "4", "6"), "8"),
        (("11r", "1", "3", "2", "4", "6"), "11r"),
        (("11", "1", "3", "5", "2", "4"), "11"),
    ],
)
def test_expansive_decides_each_card_alone(dealt: tuple[str, ...], expected: str) -> None:
    board, restriction = swap_8_11(deal(*dealt), "expansive")
    assert numbers(board)[0] == expected
    assert numbers(board)[1:] == list(dealt[1:])
    assert restriction is None


def test_expansive_swaps_both_when_both_are_dealt() -> None:
    board, _ = swap_8_11(deal("8r", "11", "1", "3", "5", "7"), "expansive")
    assert numbers(board)[:2] == ["11r", "8"]


@pytest.mark.parametrize(
    ("dealt", "swapped"),
    [
        (("8", "1", "2", "4", "6", "10"), False),  # one odd card
        (("8", "1", "3", "2", "4", "6"), True),  # two
        (("8", "1", "3", "5", "7", "2"), True),  # four
        (("8", "1", "3", "5", "7", "9"), False),  # five
    ],
)
def test_solid_swaps_iff_two_to_four_odd_cards(dealt: tuple[str, ...], swapped: bool) -> None:
    board, _ = swap_8_11(deal(*dealt), "solid")
    assert numbers(board)[0] == ("11" if swapped else "8")


@pytest.mark.parametrize(
    ("dealt", "name", "starts"),
    [
        (("1r", "3r", "5r", "2r", "4r", "6r"), ("field", "whirl"), (4, 5, 6)),
        (("1", "3", "5", "2", "4", "6"), ("force", "whirl"), (1, 2, 3)),
        (("1r", "3r", "5r", "2", "4", "6"), ("field", "eclipse"), (4, 5, 6)),
        (("1", "3", "5", "2r", "4r", "6r"), ("force", "eclipse"), (1, 2, 3)),
        (("1", "3r", "5", "2r", "4r", "6r"), None, (1, 2, 3, 4, 5, 6)),
    ],
)
def test_solid_spins_with_three_odd_cards(
    dealt: tuple[str, ...], name: tuple[str, str] | None, starts: tuple[int, ...]
) -> None:
    board, restriction = swap_8_11(deal(*dealt), "solid")
    assert numbers(board) == list(dealt)  # no (8)/(11): nothing to swap, spins still read
    got = (restriction.side, restriction.degree) if restriction else None
    assert got == name
    assert restriction is None or restriction.positions == starts
    state = RULES.new_game_from_deal({}, deal(*dealt))
    assert RULES.legal_starts(state) == starts


def test_solid_reads_the_spins_after_the_swap() -> None:
    # Two odd cards dealt: the swap turns the reversed (8) into a reversed (11), three odd.
    board, restriction = swap_8_11(deal("8r", "1r", "3r", "2r", "4r", "6r"), "solid")
    assert numbers(board)[0] == "11r"
    assert restriction is not None and restriction.dump() == {
        "purpose": "A13",
        "degree": "whirl",
        "start": "upper",
    }


def test_memorial_and_expansive_never_restrict() -> None:
    for method in ("memorial", "expansive"):
        state = RULES.new_game_from_deal(
            {"rule_swap_8_11": method}, deal("1r", "3r", "5r", "2r", "4r", "6r")
        )
        assert state.restriction is None
        assert RULES.legal_starts(state) == (1, 2, 3, 4, 5, 6)


# --- the start -----------------------------------------------------------------------------


def test_a_restricted_start_is_refused_with_the_reason() -> None:
    state = RULES.new_game_from_deal({}, deal("1r", "3r", "5r", "2r", "4r", "6r"))
    assert RULES.legal_actions(state, 0) == (Start(4), Start(5), Start(6))
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, Start(2))
    assert "Field Whirl" in info.value.text.en
    assert "旋坤" in info.value.text.ja


def test_nothing_but_a_start_before_the_start() -> None:
    state = RULES.new_game({}, 3)
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, Draw())
    assert "start" in info.value.text.en


@pytest.mark.parametrize(("start", "terminal", "aside"), [(2, "A13", "A00"), (6, "A00", "A13")])
def test_the_start_picks_the_end_card(start: int, terminal: str, aside: str) -> None:
    state, events = RULES.apply(RULES.new_game({}, 3), 0, Start(start))
    assert (state.terminal, state.aside, state.token, state.phase) == (
        terminal,
        aside,
        start,
        "play",
    )
    assert Counter(state.talon) == Counter([*MINOR_CODES, terminal])
    assert all(p == () for p in state.piles)
    assert events[0].data["goal"] == ([5, 6] if start >= 4 else [2, 5])


def test_new_game_deals_six_different_majors_deterministically() -> None:
    facings = set()
    for seed in range(40):
        state = RULES.new_game({}, seed)
        assert state == RULES.new_game({}, seed)
        numbers_dealt = [c.number for c in state.dealt]
        assert len(set(numbers_dealt)) == 6 and set(numbers_dealt) <= set(DEALABLE)
        facings |= {c.upright for c in state.dealt}
    assert facings == {True, False}
    assert RULES.new_game({}, 1).board != RULES.new_game({}, 2).board


def test_zero_end_cards_stops_right_after_the_start_with_no_result() -> None:
    state = RULES.new_game({"rule_terminals": 0}, 5)
    new, events = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    assert new.outcome is not None and new.outcome.reason == "no_result"
    assert [e.kind for e in events] == ["start", "game_over"]


# --- explicit deals ------------------------------------------------------------------------


def test_a_fixed_deal_uses_the_talon_and_fills_in_the_end_card() -> None:
    talon = ["S01", "END", *[c for c in MINOR_CODES if c != "S01"]]
    state = RULES.new_game_from_deal({}, deal("1", "2r", "3", "4", "5", "6r"), talon, start=5)
    assert state.talon[:3] == ("S01", "A00", "S02")
    assert state.board == deal("1", "2r", "3", "4", "5", "6r")


def test_a_talon_naming_its_end_card_fixes_the_trigram() -> None:
    talon = [*MINOR_CODES, "A13"]
    state = RULES.new_game_from_deal({}, deal("1", "2", "3", "4", "5r", "6"), talon)
    assert RULES.legal_starts(state) == (1, 2, 3)
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, 0, Start(4))
    assert "talon" in info.value.text.en


@pytest.mark.parametrize(
    ("board", "talon"),
    [
        (deal("1", "2", "3", "4", "5"), None),
        (deal("1", "1", "3", "4", "5", "6"), None),
        (deal("0", "2", "3", "4", "5", "6"), None),
        (deal("13", "2", "3", "4", "5", "6"), None),
        (deal("1", "2", "3", "4", "5", "6"), MINOR_CODES),
        (deal("1", "2", "3", "4", "5", "6"), [*MINOR_CODES[1:], "END", "END"]),
    ],
)
def test_inconsistent_deals_are_refused(
    board: tuple[BoardMajor, ...], talon: tuple[str, ...] | None
) -> None:
    with pytest.raises(InvalidSettingsError) as info:
        RULES.new_game_from_deal({}, board, talon)
    assert info.value.text.ja and info.value.text.en.startswith("Invalid deal")


def test_injected_reshuffles_are_used_in_order() -> None:
    state = RULES.new_game_from_position({}, deal("1", "2", "3", "4", "5", "6"), start=1)
    order = tuple(reversed(state.talon))
    state = RULES.new_game_from_deal(
        {}, deal("1", "2", "3", "4", "5", "6"), ["END", *MINOR_CODES], start=1, reshuffles=[order]
    )
    after = RULES.apply(state, 0, Draw()).state
    assert after.talon == order and after.planned == ()

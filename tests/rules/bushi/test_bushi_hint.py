"""The hint (issue 8): the position's value, then the actions grouped by value, best first."""

from __future__ import annotations

import itertools

import pytest

from rules.bushi import (
    BushiRules,
    BushiSettings,
    BushiState,
    CubeReading,
    Orientation,
)
from rules.bushi.hint import LISTED_DROPS, grouped_move_values, hint_text
from rules.bushi.solve import Value, solution
from rules.core import LOCALES, Locale

RULES = BushiRules()
BLACK, WHITE = 0, 1


def o(code: str) -> Orientation:
    return Orientation.parse(code)


def play(state: BushiState, *codes: str) -> BushiState:
    for code in codes:
        state = RULES.apply(state, state.to_move, RULES.parse(code)).state
    return state


def placed(black: str, white: str) -> BushiState:
    position = (o(black), o(white), BLACK)
    return BushiState(BushiSettings(), (o(black), o(white)), BLACK, 2, ((position, 1),))


def test_sixteen_equal_drops_make_one_line() -> None:
    state = RULES.new_game(None, 0)
    (group,) = grouped_move_values(state)
    assert group.value == Value.draw() and len(group.actions) == 16
    assert hint_text(state, "en") == "This position (Black to move): draw\nAll 16 drops: draw"
    assert (
        hint_text(state, "ja") == "この局面（先手の番）：引き分け\n16通りの置き方すべて：引き分け"
    )


def test_moves_are_grouped_best_first() -> None:
    state = placed("T0-B", "F1-B")
    assert hint_text(state, "en") == (
        "This position (Black to move): draw\n"
        "Draw: Turn ↻, Roll forward ↑, Roll left ←, Roll right →"
    )
    # A position with a losing choice: the draws first, then the losses.
    state = placed("T0-L", "F1-L")
    assert hint_text(state, "en") == (
        "This position (Black to move): draw\n"
        "Draw: Roll forward ↑, Roll left ←\n"
        "Loss in 2: Turn ↻, Roll right →"
    )
    assert hint_text(state, "ja") == (
        "この局面（先手の番）：引き分け\n"
        "引き分け：前に転がす ↑、左に転がす ←\n"
        "2手で負け：旋回 ↻、右に転がす →"
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_drops_counted_and_listed_only_when_few(locale: Locale) -> None:
    # Under the alternate reading White's drops against 正面打ち facing left vary in value.
    state = play(RULES.new_game({"cube": "alternate"}, 0), "D-F1-L")
    groups = grouped_move_values(state)
    assert [str(g.value) for g in groups] == [
        "win in 11", "draw", "loss in 16", "loss in 12", "loss in 8",
    ]  # fmt: skip
    assert [len(g.actions) for g in groups] == [1, 10, 1, 1, 3]
    ranks = [g.value.rank for g in groups]
    assert ranks == sorted(ranks, reverse=True)
    grouped = [a for g in groups for a in g.actions]
    assert sorted(map(RULES.format, grouped)) == sorted(
        map(RULES.format, RULES.legal_actions(state, WHITE))
    )
    text = hint_text(state, locale)
    listed = [line for line in text.splitlines() if line.startswith("  • ")]
    assert len(listed) == 1 + 1 + 1 + 3  # the ten draws are only counted
    for group in groups:
        labels = [RULES.action_label(a, locale) for a in group.actions]
        assert all(("  • " + label in text) == (len(labels) <= LISTED_DROPS) for label in labels)
    if locale == "en":
        assert text.splitlines()[:3] == [
            "This position (White to move): win in 11",
            "Win in 11: 1 drop",
            "  • 正面打ち up, facing ← (三方払い far)",
        ]
        assert "Draw: 10 drops" in text
    else:
        assert "引き分け：10通りの置き方" in text


@pytest.mark.parametrize(("cube", "locale"), list(itertools.product(CubeReading, LOCALES)))
def test_hint_is_plain_text_and_agrees_with_the_solution(cube: CubeReading, locale: Locale) -> None:
    state = play(RULES.new_game({"cube": cube.value}, 0), "D-F1-B", "D-F4-R")
    text = hint_text(state, locale)
    assert "**" not in text and "`" not in text
    assert solution(cube).value(state).describe(locale) in text.splitlines()[0]
    assert sum(len(g.actions) for g in grouped_move_values(state)) == len(
        RULES.legal_actions(state, state.to_move)
    )

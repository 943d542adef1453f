"""The C play-out of the puzzle simulations plays exactly the Python engine's games."""

from __future__ import annotations

import pytest

from rules.yosukou import fastsim
from rules.yosukou.game import YosukouRules
from rules.yosukou.puzzles import KIND_MOVE_OR_STAY, KIND_START, options
from rules.yosukou.puzzles import PUZZLES as YOSUKOU
from rules.yosukou.puzzles import option_wins as puzzle_option_wins
from rules.yosukou.state import YosukouState

RULES = YosukouRules()

needs_c = pytest.mark.skipif(fastsim.load() is None, reason="no C compiler here")


def both_ways(
    monkeypatch: pytest.MonkeyPatch, state: YosukouState, code: str, games: int, seed: int
) -> tuple[int, int]:
    """(the C play-out's wins, the Python engine's) for the same games."""
    fast = puzzle_option_wins(state, code, games, seed)
    monkeypatch.setenv("ASOBIBA_PURE_SIM", "1")
    fastsim.load.cache_clear()
    try:
        pure = puzzle_option_wins(state, code, games, seed)
    finally:
        monkeypatch.delenv("ASOBIBA_PURE_SIM")
        fastsim.load.cache_clear()
    return fast, pure


@needs_c
@pytest.mark.parametrize("variant", ["original", "simplified"])
def test_every_start_of_dealt_boards_wins_the_same_games(
    monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    for seed in (3, 10, 21):
        state = RULES.new_game({"variant": variant}, seed)
        for code in options(state, KIND_START):
            fast, pure = both_ways(monkeypatch, state, code, 150, seed)
            assert fast == pure, (variant, seed, code)


@needs_c
def test_move_and_stay_of_the_books_win_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = [p for p in YOSUKOU.puzzles if p.kind == KIND_MOVE_OR_STAY]
    assert asked
    for puzzle in asked[::3]:
        state = puzzle.position(RULES)
        for code in ("move", "stay"):
            fast, pure = both_ways(monkeypatch, state, code, 200, 99)
            assert fast == pure, (puzzle.id, code)


def test_without_the_c_code_the_python_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASOBIBA_PURE_SIM", "1")
    fastsim.load.cache_clear()
    try:
        assert fastsim.load() is None
        state = RULES.new_game({"variant": "original"}, 3)
        wins = puzzle_option_wins(state, "start:1", 50, 1)
        assert 0 <= wins <= 50
    finally:
        monkeypatch.delenv("ASOBIBA_PURE_SIM")
        fastsim.load.cache_clear()

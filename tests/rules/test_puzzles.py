"""Every game's puzzles: each position loads through the engine and its answers are legal
actions there; a sample of each set is proven again (the solver, the search of the turn or
the simulator plays the position again with another seed and its win rates agree with the
shown ones within luck). The whole sets are proven again by the slow tests — 易双六's by a
spread of it there, at a few thousand games a choice (``ASOBIBA_PROVE_EVERY_PUZZLE=1`` takes
every one; the full check at the books' own size is ``python -m bench.puzzle_figures``)."""

from __future__ import annotations

import math
import os
from dataclasses import replace

import pytest

from rules.bushi.puzzles import PUZZLES as BUSHI
from rules.core.puzzle import Puzzle, PuzzleBook, stable_ids
from rules.senretsu.puzzles import PUZZLES as SENRETSU
from rules.yosukou import fastsim
from rules.yosukou.puzzles import KIND_MOVE_OR_STAY, KIND_START, one_sided_p, simulate
from rules.yosukou.puzzles import PUZZLES as YOSUKOU

BOOKS: tuple[PuzzleBook, ...] = (BUSHI, SENRETSU, YOSUKOU)


def every(book: PuzzleBook) -> list[tuple[PuzzleBook, Puzzle]]:
    return [(book, p) for p in book.puzzles]


def sample(book: PuzzleBook, n: int) -> list[tuple[PuzzleBook, Puzzle]]:
    """``n`` puzzles spread over the set (the same ones every run)."""
    step = max(1, len(book.puzzles) // n)
    return [(book, p) for p in book.puzzles[::step][:n]]


def ids(case: tuple[PuzzleBook, Puzzle]) -> str:
    return f"{case[0].rules.name}:{case[1].id}"


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: b.rules.name)
def test_each_game_has_at_least_thirty_distinct_puzzles(book: PuzzleBook) -> None:
    assert len({p.id for p in book.puzzles}) == len(book.puzzles)
    assert all(len(p.answers) == 1 for p in book.puzzles)
    assert len(book.puzzles) >= 30
    assert all(1 <= p.difficulty <= 5 for p in book.puzzles)
    assert all(p.answers for p in book.puzzles)


@pytest.mark.parametrize("case", [c for b in BOOKS for c in every(b)], ids=ids)
def test_the_position_loads_through_the_engine_and_the_answers_are_legal(
    case: tuple[PuzzleBook, Puzzle],
) -> None:
    book, puzzle = case
    state = puzzle.position(book.rules)
    assert book.rules.outcome(state) is None
    assert puzzle.seat in book.rules.to_act(state)
    offered = book.choices(puzzle, state)
    assert len(offered) >= 2  # a real choice, and one menu's worth at most
    assert len(offered) <= 25
    legal = {book.rules.format(a) for a in book.rules.legal_actions(state, puzzle.seat)}
    assert set(puzzle.answers) <= set(offered) <= legal
    # Every answer plays through the engine from the position.
    for code in puzzle.answers:
        book.rules.apply(state, puzzle.seat, book.rules.parse(code))
    for locale in ("ja", "en"):
        assert book.question(puzzle, locale).strip()
        assert book.explain(puzzle, locale).strip()


@pytest.mark.parametrize("case", sample(BUSHI, 12) + sample(SENRETSU, 8), ids=ids)
def test_a_sample_is_proven_again(case: tuple[PuzzleBook, Puzzle]) -> None:
    book, puzzle = case
    assert book.prove(puzzle) == puzzle.answers


def resimulated_within_luck(puzzle: Puzzle, games: int, seed: int) -> list[str]:
    """Each choice's win rate in a fresh run of ``games`` games (another seed) against the
    figure shown: the differences beyond what luck explains (4.5 standard errors of the
    difference of the two runs — a false alarm about once in 300 000 comparisons)."""
    state = puzzle.position(YOSUKOU.rules)
    shown_games = int(puzzle.proof["games"])
    fresh = simulate(state, puzzle.kind, games, seed)
    off = []
    for code, won in puzzle.proof["wins"].items():
        shown, now = won / shown_games, fresh[code] / games
        p = (won + fresh[code]) / (shown_games + games)
        spread = math.sqrt(p * (1 - p) * (1 / shown_games + 1 / games))
        if abs(shown - now) > 4.5 * max(spread, 1e-9):
            off.append(f"{puzzle.id} {code}: shown {100 * shown:.2f} %, now {100 * now:.2f} %")
    return off


def test_a_move_or_stay_puzzle_is_simulated_again_with_another_seed() -> None:
    [puzzle] = [p for p in YOSUKOU.puzzles if p.kind == KIND_MOVE_OR_STAY][:1]
    assert resimulated_within_luck(puzzle, 2_000, seed=777) == []


#: A spread of the 易双六 books, simulated again with another seed by the slow tests (the full
#: check at the books' own size is ``python -m bench.puzzle_figures``).
YOSUKOU_RESIMULATED = (
    YOSUKOU.puzzles if os.environ.get("ASOBIBA_PROVE_EVERY_PUZZLE") else YOSUKOU.puzzles[::5]
)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", YOSUKOU_RESIMULATED, ids=lambda p: p.id)
def test_yosukou_figures_come_again_in_a_fresh_run(puzzle: Puzzle) -> None:
    assert resimulated_within_luck(puzzle, 5_000, seed=4242) == []


def yosukou_spread(n: int) -> list[Puzzle]:
    """``n`` 易双六 puzzles of each kind spread over the books (the same ones every run)."""
    out: list[Puzzle] = []
    for kind in (KIND_START, KIND_MOVE_OR_STAY):
        of_kind = [p for p in YOSUKOU.puzzles if p.kind == kind]
        out.extend(of_kind[:: max(1, len(of_kind) // n)][:n])
    return out


needs_c = pytest.mark.skipif(fastsim.load() is None, reason="no C compiler here")


@pytest.mark.slow
@needs_c
@pytest.mark.parametrize("puzzle", yosukou_spread(2), ids=lambda p: p.id)
def test_yosukou_figures_are_the_proofs_own_games(puzzle: Puzzle) -> None:
    # The proof's seed plays the very games counted (the C play-out is the engine's, game for
    # game; tests/rules/yosukou/test_yosukou_fastsim.py).
    state = puzzle.position(YOSUKOU.rules)
    games = int(puzzle.proof["games"])
    assert games >= 100_000
    assert (
        simulate(state, puzzle.kind, games, int(puzzle.proof["sim_seed"])) == puzzle.proof["wins"]
    )


@pytest.mark.slow
@needs_c
@pytest.mark.parametrize("puzzle", yosukou_spread(3), ids=lambda p: p.id)
def test_yosukou_figures_shown_are_within_half_a_point_of_a_fresh_run(puzzle: Puzzle) -> None:
    # A fresh 100 000 games a choice with another seed (the full check of every figure is
    # ``python -m bench.puzzle_figures``).
    state = puzzle.position(YOSUKOU.rules)
    shown_games = int(puzzle.proof["games"])
    fresh = simulate(state, puzzle.kind, 100_000, seed=31_337)
    for code, won in puzzle.proof["wins"].items():
        assert abs(100 * won / shown_games - 100 * fresh[code] / 100_000) <= 0.5, code


@pytest.mark.slow
@pytest.mark.parametrize("case", every(BUSHI) + every(SENRETSU), ids=ids)
def test_every_puzzle_is_proven_again(case: tuple[PuzzleBook, Puzzle]) -> None:
    book, puzzle = case
    assert book.prove(puzzle) == puzzle.answers


def test_bushi_answers_are_the_only_fastest_win() -> None:
    for puzzle in BUSHI.puzzles:
        values = puzzle.proof["values"]
        plies = puzzle.proof["plies"]
        fastest = [c for c, (r, n) in values.items() if r == "win" and n == plies]
        assert fastest == list(puzzle.answers)
        assert all(not (r == "win" and n < plies) for r, n in values.values())


def test_yosukou_both_kinds_are_asked() -> None:
    kinds = {(p.settings["variant"], p.kind) for p in YOSUKOU.puzzles}
    assert kinds == {
        (v, k) for v in ("original", "simplified") for k in (KIND_START, KIND_MOVE_OR_STAY)
    }


def test_yosukou_answers_are_significant() -> None:
    assert YOSUKOU.puzzles
    for puzzle in YOSUKOU.puzzles:
        wins: dict[str, int] = puzzle.proof["wins"]
        weakest_right = min(wins[c] for c in puzzle.answers)
        strongest_wrong = max(w for c, w in wins.items() if c not in puzzle.answers)
        p = one_sided_p(weakest_right, strongest_wrong, puzzle.proof["games"])
        assert p < 0.01
        assert p == pytest.approx(puzzle.proof["p"])


def test_the_z_test_is_the_textbook_one() -> None:
    # 550 vs 450 wins out of 1000 each: z = 0.1 / sqrt(0.25 * 2 / 1000) = 4.47, p ≈ 3.9e-6.
    assert one_sided_p(550, 450, 1000) == pytest.approx(3.87e-6, rel=0.01)
    assert one_sided_p(500, 500, 1000) == pytest.approx(0.5)


def test_a_new_puzzle_never_takes_a_number_an_earlier_book_used() -> None:
    def made(seed: int) -> Puzzle:
        return Puzzle("", "start", {"variant": "original"}, seed, (), 0, ("start:3",), 3)

    kept = replace(made(1), id="o-start-17")
    # A kept puzzle keeps its id; a new one goes past the book's numbers and the retired ones.
    out = stable_ids([made(1), made(2)], [kept], "o-start-", first_free=17)
    assert [p.id for p in out] == ["o-start-17", "o-start-18"]
    out = stable_ids([made(2), made(3)], [], "o-start-", first_free=17)
    assert [p.id for p in out] == ["o-start-17", "o-start-18"]
    assert stable_ids([made(2)], [], "o-start-")[0].id == "o-start-01"

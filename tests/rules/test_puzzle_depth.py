"""The puzzle-book depth check (:mod:`rules.core.puzzle_depth`): every book passes it, and it
fails the books as they were before they were made again (one-line rules solved them)."""

from __future__ import annotations

import pytest

from rules.bushi.puzzles import PUZZLES as BUSHI
from rules.core.puzzle import Puzzle, PuzzleBook, Rule
from rules.core.puzzle_depth import Asked, BookReport, check, check_book
from rules.senretsu.puzzles import PUZZLES as SENRETSU
from rules.yosukou.puzzles import PUZZLES as YOSUKOU

BOOKS: tuple[PuzzleBook, ...] = (BUSHI, SENRETSU, YOSUKOU)


def book_cases() -> list[object]:
    cases: list[object] = []
    for book in BOOKS:
        for report in check_book(book):
            cases.append(pytest.param(report, id=report.book))
    return cases


@pytest.mark.parametrize("report", book_cases())
def test_no_one_line_rule_solves_a_book(report: BookReport) -> None:
    assert report.kinds
    assert report.failures() == []


def puzzle(n: int, kind: str, answers: tuple[str, ...], variant: str = "a") -> Puzzle:
    return Puzzle(f"x-{n}", kind, {"variant": variant}, 0, (), 0, answers, 3)


def no_rules(_kind: str) -> list[Rule]:
    return []


def test_always_the_same_answer_fails_and_a_varied_book_passes() -> None:
    choices = ("start:1", "start:2", "start:3", "start:4", "start:5", "start:6")
    lowest = [Asked(puzzle(n, "start", ("start:1",)), choices) for n in range(16)]
    [report] = check("game", lowest, no_rules, lambda _k: False)
    failures = report.failures()
    assert any("'always start:1' is right in 16/16" in f for f in failures)
    assert any("'the first offered' is right in 16/16" in f for f in failures)
    varied = [Asked(puzzle(n, "start", (choices[n % 6],)), choices) for n in range(12)]
    [report] = check("game", varied, no_rules, lambda _k: False)
    assert report.failures() == []
    assert report.guess == pytest.approx(1 / 6)


def test_a_binary_question_may_lean_to_65_percent_and_no_further() -> None:
    def book(moves: int) -> list[Asked]:
        return [
            Asked(puzzle(n, "move_or_stay", ("move" if n < moves else "stay",)), ("move", "stay"))
            for n in range(20)
        ]

    [fine] = check("game", book(13), no_rules, lambda _k: True)
    assert fine.kinds[0].failures() == []
    [leaning] = check("game", book(14), no_rules, lambda _k: True)
    assert any("'always move' is right in 14/20" in f for f in leaning.failures())
    # A binary kind alone: a blind guess is right half the time, which the book cannot be.
    assert any("blind guess" in f for f in leaning.failures())


def test_several_accepted_answers_and_a_home_rule_are_caught() -> None:
    choices = ("a", "b", "c", "d", "e")
    crowd = [Asked(puzzle(n, "k", ("a", "b", "c")), choices) for n in range(4)]
    [report] = check("game", crowd, no_rules, lambda _k: False)
    assert any("accept more than one answer" in f for f in report.failures())
    assert any("blind guess is right 60 %" in f for f in report.failures())
    second = Rule("the second offered", lambda _p, c: c[1])
    one = [Asked(puzzle(n, "k", (choices[1 + n % 2],)), choices) for n in range(4)]
    [report] = check("game", one, lambda _k: [second], lambda _k: False)
    assert not any("'the second offered'" in f for f in report.failures())  # 2/4: at the limit
    # Varied answers, but the home's rule gets 3 of 4.
    skewed = [
        Asked(puzzle(n, "k", (choices[1] if n < 3 else choices[4],)), choices) for n in range(4)
    ]
    [report] = check("game", skewed, lambda _k: [second], lambda _k: False)
    assert any("'the second offered' is right in 3/4" in f for f in report.failures())


def test_books_are_the_settings_apart() -> None:
    asked = [
        Asked(puzzle(n, "k", ("a",), variant="one" if n < 2 else "two"), ("a", "b"))
        for n in range(4)
    ]
    reports = check("game", asked, no_rules, lambda _k: False)
    assert [r.book for r in reports] == ["game variant=one", "game variant=two"]

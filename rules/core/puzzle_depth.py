"""Does a puzzle book need thought? The check that no constant or one-line rule solves it.

A book (one game's puzzles of one setting, as ``/puzzle`` offers them) fails when, for one of
its question kinds, a rule that never looks at the position — "always the lowest", "always
MOVE", "the lowest card as a new front line" — is right in more than half of the puzzles
(more than 65 % for a binary question, where a coin is right half the time already), or when
a blind guess (one of the offered answers at random) is right in more than 40 % of the book.
A puzzle whose question allows one answer must have one, so that a guess is not rewarded by a
crowd of accepted answers; a binary question may accept both only when they tie, which the
books here never do.

Pure: it reads the puzzles and their offered choices, which each game's home supplies with
its own obvious rules (:meth:`rules.core.puzzle.PuzzleBook.obvious_rules`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.puzzle import Pick, Puzzle, PuzzleBook, Rule

#: The most puzzles of one kind a rule may get right.
RULE_LIMIT = 0.50
#: As much for a question with two answers (a coin gets half of them right).
BINARY_RULE_LIMIT = 0.65
#: The most a blind guess may get right, averaged over a book (and over a kind with more than
#: two answers).
GUESS_LIMIT = 0.40


@dataclass(frozen=True, slots=True)
class Asked:
    """One puzzle as offered: the puzzle and its choices, in the order shown."""

    puzzle: Puzzle
    choices: tuple[str, ...]

    @property
    def guess(self) -> float:
        """The chance a blind guess is right."""
        return len(set(self.puzzle.answers) & set(self.choices)) / len(self.choices)


@dataclass(frozen=True, slots=True)
class RuleScore:
    rule: str
    right: int
    asked: int

    @property
    def share(self) -> float:
        return self.right / self.asked if self.asked else 0.0


@dataclass(frozen=True, slots=True)
class KindReport:
    book: str
    kind: str
    asked: int
    binary: bool
    guess: float
    #: Puzzles with more than one accepted answer.
    several: int
    rules: tuple[RuleScore, ...]

    @property
    def limit(self) -> float:
        return BINARY_RULE_LIMIT if self.binary else RULE_LIMIT

    def failures(self) -> list[str]:
        out = [
            f"{self.book} {self.kind}: '{r.rule}' is right in {r.right}/{r.asked} "
            f"({100 * r.share:.0f} % > {100 * self.limit:.0f} %)"
            for r in self.rules
            if r.share > self.limit
        ]
        if not self.binary and self.guess > GUESS_LIMIT:
            out.append(
                f"{self.book} {self.kind}: a blind guess is right {100 * self.guess:.0f} % "
                f"> {100 * GUESS_LIMIT:.0f} %"
            )
        if self.several:
            out.append(
                f"{self.book} {self.kind}: {self.several}/{self.asked} puzzles accept more "
                "than one answer"
            )
        return out


@dataclass(frozen=True, slots=True)
class BookReport:
    book: str
    kinds: tuple[KindReport, ...]
    guess: float

    def failures(self) -> list[str]:
        out = [f for k in self.kinds for f in k.failures()]
        if self.guess > GUESS_LIMIT:
            out.append(
                f"{self.book}: a blind guess is right {100 * self.guess:.0f} % "
                f"> {100 * GUESS_LIMIT:.0f} % over the book"
            )
        return out

    def lines(self) -> list[str]:
        """A readable table (for the docs and the generators' output)."""
        out = [f"{self.book}: blind guess {100 * self.guess:.1f} %"]
        for k in self.kinds:
            best = max(k.rules, key=lambda r: r.share, default=None)
            out.append(
                f"  {k.kind} ({k.asked} puzzles): guess {100 * k.guess:.1f} %, best rule "
                + (f"'{best.rule}' {best.right}/{best.asked}" if best else "none")
            )
        return out


def constant_rules(asked: Iterable[Asked]) -> list[Rule]:
    """ "Always X" for every answer X offered anywhere in the kind (always MOVE, start on 4 …)."""
    seen = sorted({c for a in asked for c in a.choices})
    return [Rule(f"always {code}", _always(code)) for code in seen]


def _always(code: str) -> Pick:
    return lambda _puzzle, choices: code if code in choices else None


#: The first and the last answer offered (the lowest and the highest, as each home orders
#: its choices).
FIRST = Rule("the first offered", lambda _p, choices: choices[0] if choices else None)
LAST = Rule("the last offered", lambda _p, choices: choices[-1] if choices else None)


def book_key(puzzle: Puzzle) -> str:
    """Which book a puzzle belongs to: its settings (易双六 and 略式 are books apart)."""
    return json.dumps(dict(puzzle.settings), sort_keys=True)


def check(
    name: str,
    asked: Sequence[Asked],
    obvious: Callable[[str], Sequence[Rule]],
    binary: Callable[[str], bool],
) -> list[BookReport]:
    """Every book of a game's puzzles (grouped by settings), each kind scored against the
    constant rules, the first and last offered, and the home's own ``obvious(kind)``."""
    books: dict[str, list[Asked]] = defaultdict(list)
    for a in asked:
        books[book_key(a.puzzle)].append(a)
    reports = []
    for key, members in sorted(books.items()):
        label = name if len(books) == 1 else f"{name} {_settings_label(key)}"
        kinds: dict[str, list[Asked]] = defaultdict(list)
        for a in members:
            kinds[a.puzzle.kind].append(a)
        kind_reports = []
        for kind, of_kind in sorted(kinds.items()):
            rules = [*constant_rules(of_kind), FIRST, LAST, *obvious(kind)]
            scores = tuple(
                RuleScore(r.name, sum(_right(r, a) for a in of_kind), len(of_kind)) for r in rules
            )
            kind_reports.append(
                KindReport(
                    label,
                    kind,
                    len(of_kind),
                    binary(kind),
                    sum(a.guess for a in of_kind) / len(of_kind),
                    sum(1 for a in of_kind if len(a.puzzle.answers) > 1),
                    scores,
                )
            )
        reports.append(
            BookReport(label, tuple(kind_reports), sum(a.guess for a in members) / len(members))
        )
    return reports


def _right(rule: Rule, asked: Asked) -> bool:
    return rule.pick(asked.puzzle, asked.choices) in asked.puzzle.answers


def _settings_label(key: str) -> str:
    settings: Mapping[str, Any] = json.loads(key)
    return ",".join(f"{k}={v}" for k, v in settings.items()) or "default"


def check_book(book: PuzzleBook) -> list[BookReport]:
    """:func:`check` on a game's committed puzzles, each position replayed by the engine."""
    asked = [Asked(p, book.choices(p, p.position(book.rules))) for p in book.puzzles]
    return check(book.rules.name, asked, book.obvious_rules, book.binary)

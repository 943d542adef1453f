"""Puzzles as data: a position reached through the engine, a question, and its proven answers.

A puzzle never stores a state: it stores the settings, the seed and the moves that the engine
replays to reach the position (``GameRules.replay``), so a rules change that makes a puzzle
impossible fails a test instead of showing a position the rules could not reach. Each game's
home proves the answers when it makes the set (``python -m rules.<game>.make_puzzles``) and
keeps the figures of the proof, from which the puzzle's explanation is written.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from rules.core.outcome import Seat
from rules.core.protocol import GameRules
from rules.core.text import Locale

JSON = Any


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: where it stands, who answers, which actions are right and why."""

    #: Unique within its game: ``w3-017``.
    id: str
    #: What is asked (the game's home words the question from it): ``win_in_n`` …
    kind: str
    settings: Mapping[str, JSON]
    seed: int
    #: ``(seat, action code)`` pairs the engine replays from a new game to the position.
    moves: tuple[tuple[Seat | None, str], ...]
    #: The seat who answers (the one to act in the position).
    seat: Seat
    #: The action codes proven best (one or more equally good ones).
    answers: tuple[str, ...]
    #: 1 (easy) to 5 (hard).
    difficulty: int
    #: The proof's figures (values, counts, win rates), for the explanation and the re-proof.
    proof: Mapping[str, JSON] = field(default_factory=dict)

    def position(self, rules: GameRules[Any, Any, Any]) -> Any:
        """The puzzle's position, replayed by the engine from a new game."""
        return rules.replay(self.settings, self.seed, self.moves)

    def dump(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "kind": self.kind,
            "settings": dict(self.settings),
            "seed": self.seed,
            "moves": [[seat, code] for seat, code in self.moves],
            "seat": self.seat,
            "answers": list(self.answers),
            "difficulty": self.difficulty,
            "proof": dict(self.proof),
        }

    @classmethod
    def load(cls, raw: Mapping[str, JSON]) -> Puzzle:
        return cls(
            id=str(raw["id"]),
            kind=str(raw["kind"]),
            settings=dict(raw["settings"]),
            seed=int(raw["seed"]),
            moves=tuple((seat, str(code)) for seat, code in raw["moves"]),
            seat=int(raw["seat"]),
            answers=tuple(str(a) for a in raw["answers"]),
            difficulty=int(raw["difficulty"]),
            proof=dict(raw.get("proof", {})),
        )


#: A one-line rule's answer for a puzzle, from the puzzle and the offered choices (in the
#: order offered), or ``None`` when it has none there (then it is wrong).
Pick = Callable[[Puzzle, tuple[str, ...]], str | None]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule that never looks at the position ("always MOVE"), which a book must not reward
    (:mod:`rules.core.puzzle_depth`)."""

    name: str
    pick: Pick


def stable_ids(
    made: Sequence[Puzzle],
    old: Sequence[Puzzle],
    prefix: str,
    width: int = 2,
    *,
    first_free: int = 1,
) -> list[Puzzle]:
    """Ids for a book made again: a puzzle kept from ``old`` (the same kind, settings, position
    and answers) keeps its id; a new one takes the next number after every id ``old`` used
    under ``prefix``, and at least ``first_free`` (numbers books before ``old`` used), so
    players' earlier answers (kept by id) never land on another puzzle."""
    earlier = {
        (p.kind, json.dumps(dict(p.settings), sort_keys=True), p.seed, p.moves): p for p in old
    }
    number = max(
        (int(p.id.rsplit("-", 1)[1]) for p in old if p.id.startswith(prefix)),
        default=first_free - 1,
    )
    number = max(number, first_free - 1)
    out = []
    for p in made:
        kept = earlier.get((p.kind, json.dumps(dict(p.settings), sort_keys=True), p.seed, p.moves))
        if kept is not None and kept.answers == p.answers:
            out.append(replace(p, id=kept.id))
        else:
            number += 1
            out.append(replace(p, id=f"{prefix}{number:0{width}d}"))
    return out


def write_puzzles(path: Path, puzzles: Sequence[Puzzle], made_by: str) -> None:
    """Write a set as stable, diffable JSON (one generator run gives the same bytes)."""
    document = {"made_by": made_by, "puzzles": [p.dump() for p in puzzles]}
    path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def read_puzzles(path: Path) -> tuple[Puzzle, ...]:
    document = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Puzzle.load(raw) for raw in document["puzzles"])


class PuzzleBook(ABC):
    """A game's puzzles and how its home words, offers and proves them."""

    #: The game's rules (the puzzles' positions are replayed by them).
    rules: GameRules[Any, Any, Any]
    #: Where the generated set lives (committed beside the game's rules).
    path: Path

    @cached_property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return read_puzzles(self.path)

    def puzzle(self, puzzle_id: str) -> Puzzle | None:
        return next((p for p in self.puzzles if p.id == puzzle_id), None)

    def choices(self, puzzle: Puzzle, state: Any) -> tuple[str, ...]:
        """The action codes offered as answers: by default every legal action of the seat."""
        return tuple(self.rules.format(a) for a in self.rules.legal_actions(state, puzzle.seat))

    def obvious_rules(self, kind: str) -> Sequence[Rule]:
        """The home's own one-line rules for a kind (beyond "always X", the first and the
        last offered), which its puzzles must not reward (:mod:`rules.core.puzzle_depth`)."""
        return ()

    def binary(self, kind: str) -> bool:
        """Whether the kind's question has two answers (MOVE or STAY)."""
        return False

    @abstractmethod
    def question(self, puzzle: Puzzle, locale: Locale) -> str:
        """What the player is asked, with what "best" means."""

    @abstractmethod
    def explain(self, puzzle: Puzzle, locale: Locale) -> str:
        """The proof in words: why the answer is best, with its figures."""

    @abstractmethod
    def prove(self, puzzle: Puzzle) -> tuple[str, ...]:
        """Re-derive the best answers from the position (the proof run again)."""

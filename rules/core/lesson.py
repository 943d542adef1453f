"""Lessons as data: a short series of steps on real positions, each reached by playing real
moves from a seeded new game through the rules engine — never by writing a state by hand — so
a change to the rules changes (or breaks) the lesson with them.

A step either teaches a move (the learner must make one of ``taught``; ``tempting`` are moves
the rules forbid there, offered so the learner sees the rules refuse them) or only shows a
position (no ``taught``: the learner reads it and goes on).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.outcome import Seat
from rules.core.protocol import Event, GameRules
from rules.core.text import Text


@dataclass(frozen=True, slots=True)
class Position:
    """A position made by the engine: a new game with ``settings`` and ``seed``, then ``moves``
    — (seat, action code) — played one after the other by the rules."""

    settings: tuple[tuple[str, Any], ...] = ()
    seed: int = 1
    moves: tuple[tuple[Seat, str], ...] = ()

    def then(self, *moves: tuple[Seat, str]) -> Position:
        """This position with more moves played."""
        return Position(self.settings, self.seed, self.moves + moves)

    def extends(self, other: Position) -> bool:
        """Whether this is ``other`` with more moves played (the same game, later on)."""
        return (
            (self.settings, self.seed) == (other.settings, other.seed)
            and len(self.moves) > len(other.moves)
            and self.moves[: len(other.moves)] == other.moves
        )

    def build(self, rules: GameRules[Any, Any, Any]) -> Any:
        """The state, played through ``rules``; a move the rules refuse raises its
        ``RulesError`` (a lesson that no longer fits its rules fails loudly)."""
        state, _ = self.build_with_events(rules)
        return state

    def build_with_events(self, rules: GameRules[Any, Any, Any]) -> tuple[Any, tuple[Event, ...]]:
        """The state and the events of its last move (what the picture marks as just played)."""
        state = rules.new_game(dict(self.settings), self.seed)
        events: tuple[Event, ...] = ()
        for seat, code in self.moves:
            state, events = rules.apply(state, seat, rules.parse(code))
        return state, events


@dataclass(frozen=True, slots=True)
class LessonStep:
    """One idea: a title, two or three sentences, and the position they are about, seen by
    ``seat`` (the learner's seat)."""

    title: Text
    body: Text
    position: Position
    seat: Seat = 0
    #: The moves (action codes) that complete the step; empty for a step that only shows.
    taught: tuple[str, ...] = ()
    #: Moves the rules forbid here, offered beside the legal ones so that the rules' own
    #: refusal teaches why.
    tempting: tuple[str, ...] = ()
    #: Said when a legal move other than the taught one is made (and after a refusal).
    hint: Text | None = None
    #: Said after the taught move, above the next step.
    done: Text | None = None

    @property
    def teaches_move(self) -> bool:
        return bool(self.taught)

    def leads_to(self) -> tuple[Position, ...]:
        """The positions the learner can reach from this step: after each taught move, or
        this step's own position when it only shows."""
        if not self.teaches_move:
            return (self.position,)
        return tuple(self.position.then((self.seat, code)) for code in self.taught)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's lesson: ``key`` is the game's registry key, or ``<game>:<variant>`` where a
    variant has a lesson of its own."""

    key: str
    title: Text
    steps: tuple[LessonStep, ...] = ()

    def jump(self, index: int) -> str | None:
        """How step ``index``'s position follows the one before: ``None`` where it goes on
        from it, ``later`` where the same game went on meanwhile, ``elsewhere`` for another
        position (so the learner is told the board changed under them)."""
        if index == 0:
            return None
        position = self.steps[index].position
        before = self.steps[index - 1].leads_to()
        if position in before:
            return None
        return "later" if any(position.extends(p) for p in before) else "elsewhere"

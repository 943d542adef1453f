"""Personal puzzles from a player's own games: each position where they lost value, found by
their game's home once the game is over and posed back to them later.

A game's home declares a :class:`MistakeFinder`: from the steps of a finished game it finds
the player's value-losing decisions (by the game's own proof: a solver, an exhaustive scoring,
simulation) and keeps, for each, a snapshot of the position holding only what the player could
see then — a state whose hidden cards, where there are any, are a fixed shuffle of the cards the
player could not see, never the real ones — the answers proven right, what was played and the
figures of the proof. The same snapshot poses the position again, through the rules' own view
for the player's seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.outcome import Seat
from rules.core.protocol import GameRules
from rules.core.text import Locale

JSON = Any
#: One step of a finished game: the state before it, who acted (``None``: the platform) and
#: the action (a move or a meta action).
Step = tuple[Any, Seat | None, Any]
#: Discord's limit on a menu's options: a position offers at most this many answers.
MAX_CHOICES = 25
#: Asked now and then during a long finding: whether to give up (the bot is stopping).
Stop = Callable[[], bool]


def never() -> bool:
    return False


class Stopped(Exception):
    """A finding gave up when asked to (:data:`Stop`): nothing of it is kept."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """One value-losing decision of ``seat``: the ``ply``-th step of the game (from 1), the
    position as ``seat`` saw it, what was played and what was right."""

    ply: int
    seat: Seat
    #: What is asked (the home words the question from it).
    kind: str
    #: The home's snapshot of the position (see the module's comment).
    position: Mapping[str, JSON]
    played: str
    answers: tuple[str, ...]
    #: The proof's figures, for the explanation.
    proof: Mapping[str, JSON] = field(default_factory=dict)


class MistakeFinder(ABC):
    """How a game finds a player's mistakes and poses them again."""

    rules: GameRules[Any, Any, Any]

    @abstractmethod
    def find(self, steps: Sequence[Step], seat: Seat, stop: Stop = never) -> list[Mistake]:
        """``seat``'s value-losing decisions in a finished game, in the order played; a long
        finding asks ``stop`` now and then and raises :class:`Stopped` when it says so."""

    def position(self, snapshot: Mapping[str, JSON]) -> Any:
        """The state a snapshot poses (viewed only through ``view_for`` the player's seat)."""
        return self.rules.load(snapshot)

    def choices(self, kind: str, state: Any, seat: Seat) -> tuple[str, ...]:
        """Every answer the position allows: by default every legal action of the seat."""
        return tuple(self.rules.format(a) for a in self.rules.legal_actions(state, seat))

    def offered(
        self, kind: str, state: Any, seat: Seat, answers: Sequence[str], played: str
    ) -> tuple[str, ...]:
        """The answers a menu offers, in the rules' order: every choice where they fit, else
        the right ones, the one played and the first others (so the menu never gives the
        answer away by what it leaves out of the first places)."""
        every = self.choices(kind, state, seat)
        if len(every) <= MAX_CHOICES:
            return every
        kept = {*answers, played}
        kept.update(c for c in every if c not in kept and len(kept) < MAX_CHOICES)
        return tuple(c for c in every if c in kept)

    def is_right(self, answer: str, answers: Sequence[str]) -> bool:
        return answer in answers

    @abstractmethod
    def question(self, kind: str, state: Any, seat: Seat, played: str, locale: Locale) -> str:
        """What the player is asked, reminding them what they played."""

    @abstractmethod
    def explain(self, mistake: Mistake, locale: Locale) -> str:
        """Why the answers are right, with the proof's figures."""

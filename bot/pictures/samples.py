"""Sample pictures from fixed positions, for the README, the golden tests and the benchmark.

    python -m bot.pictures.samples OUTDIR            # the README's samples (docs/pictures)
    python -m bot.pictures.samples --golden OUTDIR   # every golden position (tests/pictures)

Each position is reached by playing fixed moves through the rules, from a fixed seed or deal,
so the pictures change only when the rules or the drawing do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.bushi import BushiRules, BushiState
from rules.core import Event, GameRules, Seat

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Played(Generic[S]):
    """A position and the public events of the action that led to it."""

    state: S
    recent: tuple[Event, ...]


def play(
    rules: GameRules[S, object, object], state: S, moves: Sequence[tuple[Seat, str]]
) -> Played[S]:
    events: tuple[Event, ...] = ()
    for seat, code in moves:
        state, events = rules.apply(state, seat, rules.parse(code))
    return Played(state, tuple(e for e in events if e.visible_to is None))


# --- 武士将棋 -------------------------------------------------------------------------------

BUSHI = BushiRules()


def bushi_opening() -> Played[BushiState]:
    """Both cubes placed, White to place... Black pointing after a roll."""
    return play(BUSHI, BUSHI.new_game(None, 0), [(0, "D-F1-L"), (1, "D-R2-R"), (0, "RIGHT")])

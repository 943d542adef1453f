"""A finished game as everyone saw it, step by step: what an animated replay is drawn from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.services.snapshots import GameSnapshot, LogEntry, public_steps
from rules.core import Event


@dataclass(frozen=True, slots=True)
class FilmStep:
    """One public step: its log entry (numbered without gaps), the spectator's view after it
    and the public events it caused (private steps before it folded in, as in replays)."""

    entry: LogEntry
    view: Any
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Film:
    """The game (without its state), the spectator's view before the first move, every
    public step, and the spectator's view of the end."""

    game: GameSnapshot
    start: Any
    steps: tuple[FilmStep, ...]
    end: Any


def film_of(game: GameSnapshot, rows: Sequence[LogEntry]) -> Film:
    """Replay ``rows`` once from the game's seed, keeping only what a spectator saw: the view
    for no seat (``view_for(state, None)``) and the events visible to all."""
    rules = game.rules
    numbered = {index: entry for entry, index in public_steps(rows)}
    state = rules.new_game(game.settings, game.seed)
    start = rules.view_for(state, None)
    steps: list[FilmStep] = []
    seen: list[Event] = []
    for index, row in enumerate(rows, start=1):
        transition = rules.apply(state, row.seat, rules.parse(row.action))
        state = transition.state
        seen += [e for e in transition.events if e.visible_to is None]
        entry = numbered.get(index)
        if entry is not None:
            steps.append(FilmStep(entry, rules.view_for(state, None), tuple(seen)))
            seen = []
    return Film(game, start, tuple(steps), rules.view_for(state, None))

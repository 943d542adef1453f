"""The frozen game state, the actions and the player's view."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.outcome import Outcome, Seat
from rules.core.rng import Rng
from rules.yosukou.engine import BoardMajor, Restriction
from rules.yosukou.settings import YosukouSettings

#: Phases: choose the start, draw, answer MOVE/STAY, 戦乱置換 (draw ends it), game over.
START, PLAY, CHOOSE, WAR, OVER = "start", "play", "choose", "war", "over"


@dataclass(frozen=True, slots=True)
class YosukouState:
    settings: YosukouSettings
    #: The six majors as dealt (before the (8)/(11) swap), positions 1..6.
    dealt: tuple[BoardMajor, ...]
    #: The board after the swap, positions 1..6.
    board: tuple[BoardMajor, ...]
    restriction: Restriction | None
    phase: str
    start: int | None
    token: int | None
    #: The end card shuffled into the talon and the card put aside (X); None before the start.
    terminal: str | None
    aside: str | None
    #: Top first. Before the start: a fixed deal (may hold ``END`` for the end card) or empty.
    talon: tuple[str, ...]
    #: The nine piles in :data:`rules.yosukou.engine.PILES` order, each first placed first.
    piles: tuple[tuple[str, ...], ...]
    drawn_terminals: int
    draws: int
    #: The lower sword waiting for MOVE/STAY.
    pending: str | None
    #: 戦乱置換 counters (kept after the phase, reset when the next one starts).
    war_total: int
    war_to_co: int
    #: (pile, card) picked in 戦乱置換 and waiting for its destination.
    holding: tuple[str, str] | None
    war_end: str | None
    rng: Rng
    #: Injected reshuffles (fixed deals and trace replays), used before the generator.
    planned: tuple[tuple[str, ...], ...] = ()
    outcome: Outcome | None = None
    draw_offer: Seat | None = None


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Start:
    """Put the token on ``position`` (1–6) at the start."""

    position: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the next card (this also ends a 戦乱置換 phase)."""


@dataclass(frozen=True, slots=True)
class Move:
    """MOVE after a lower-trigram sword that allows it."""


@dataclass(frozen=True, slots=True)
class Stay:
    """STAY after a lower-trigram sword that allows a move."""


@dataclass(frozen=True, slots=True)
class WarTake:
    """戦乱置換: pick ``card`` from source ``pile``."""

    pile: str
    card: str


@dataclass(frozen=True, slots=True)
class WarPlace:
    """戦乱置換: put the picked card at the end of ``pile``."""

    pile: str


@dataclass(frozen=True, slots=True)
class WarCancel:
    """戦乱置換: cancel at the destination; the card goes to the end of its own pile."""


YosukouAction = Start | Draw | Move | Stay | WarTake | WarPlace | WarCancel


# --- the view ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YosukouView:
    """Everything a player may know: the talon's size, never its order."""

    settings: YosukouSettings
    dealt: tuple[BoardMajor, ...]
    board: tuple[BoardMajor, ...]
    #: Effective values per position (index 0 empty): atk, def, pain, joy, Cu up/down, Wa up/down.
    values: tuple[tuple[int, ...], ...]
    restriction: Restriction | None
    legal_starts: tuple[int, ...]
    phase: str
    start: int | None
    token: int | None
    goal: tuple[int, ...] | None
    terminal: str | None
    aside: str | None
    talon_len: int
    piles: tuple[tuple[str, ...], ...]
    drawn_terminals: int
    draws: int
    pending: str | None
    war_total: int
    war_to_co: int
    holding: tuple[str, str] | None
    outcome: Outcome | None

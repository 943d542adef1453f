"""Adjudication: how a game still running at a tournament round's deadline is decided, by a
rule stated before the event. A game declares its rule (its home names it); a game that
declares none is drawn. The verdict carries its proof in both languages, for the final table.

Pure: a judge reads a state and nothing else, so the same position always gets the same
verdict (the scheduler decides a game once; the table reads the proof back from the log).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rules.core.outcome import Seat
from rules.core.text import Text

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Verdict:
    """``winner`` wins (``None``: a draw) by the rule named ``rule`` (an identifier, logged in
    the adjudication's code); ``proof`` says why in plain words."""

    winner: Seat | None
    rule: str
    proof: Text


@dataclass(frozen=True, slots=True)
class Adjudication(Generic[S]):
    """A game's rule for the round deadline: ``statement`` is shown when the event is made
    and joined; ``ours`` marks a rule that is our addition to the game's rules."""

    statement: Text
    judge: Callable[[S], Verdict]
    ours: bool = False


DRAW_RULE = "draw"

DRAW_STATEMENT = Text(
    "ラウンドの期限に終わっていない対局は引き分けとします。",
    "A game still running at the round's deadline is drawn.",
)
DRAW_PROOF = Text(
    "このゲームに判定の規則はないため、期限で引き分けです。",
    "This game has no rule to judge a position: a draw at the deadline.",
)


def _draw(state: Any) -> Verdict:
    return Verdict(None, DRAW_RULE, DRAW_PROOF)


#: What a game without a rule of its own gets.
DRAW_ADJUDICATION: Adjudication[Any] = Adjudication(DRAW_STATEMENT, _draw)

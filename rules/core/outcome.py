"""How a game ended: points per seat and the reason, in one shape for every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.text import Text

Seat = int

#: Reasons shared by every game; games add their own (``mate``, ``deck_out`` …).
REASON_TEXT: dict[str, Text] = {
    "resign": Text("投了", "resignation"),
    "agreement": Text("合意の引き分け", "draw by agreement"),
    "timeout": Text("時間切れ", "time out"),
    "adjudicated": Text("ラウンド期限の裁定", "adjudicated at the round's deadline"),
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """``points[seat]`` is 1 for a win, 0 for a loss and ½ for a draw.

    A solitaire has one seat: 1 means the player won, 0 that they lost.
    """

    points: tuple[float, ...]
    reason: str

    @classmethod
    def win(cls, winner: Seat, seats: int, reason: str) -> Outcome:
        return cls(tuple(1.0 if s == winner else 0.0 for s in range(seats)), reason)

    @classmethod
    def loss(cls, loser: Seat, seats: int, reason: str) -> Outcome:
        if seats == 1:
            return cls((0.0,), reason)
        return cls(tuple(0.0 if s == loser else 1.0 for s in range(seats)), reason)

    @classmethod
    def draw(cls, seats: int, reason: str) -> Outcome:
        return cls(tuple(0.5 for _ in range(seats)), reason)

    @property
    def winner(self) -> Seat | None:
        winners = [s for s, p in enumerate(self.points) if p == 1.0]
        return winners[0] if len(winners) == 1 else None

    @property
    def is_draw(self) -> bool:
        return len(self.points) > 1 and all(p == 0.5 for p in self.points)

    def dump(self) -> dict[str, Any]:
        return {"points": list(self.points), "reason": self.reason}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Outcome:
        return cls(tuple(float(p) for p in data["points"]), str(data["reason"]))

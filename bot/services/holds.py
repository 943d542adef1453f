"""Why a game's clock is stopped, as its ``pause`` column holds it, and the deadline it gets
back when it runs again.

A game's clock stops (``held_since`` set) while a player of it is away or while it is
adjourned; the scheduler neither reminds nor times out a held game. When the last reason goes,
the deadline moves on by the time the clock stood: from when it stopped, or from when the turn
began if that was later (a move made meanwhile started a fresh clock, which stood from then).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from rules.core import Seat


@dataclass(frozen=True, slots=True)
class Hold:
    """The reasons a game's clock stands: seats away (until when), an adjournment, an
    adjournment asked for by a seat and not yet answered, a move sealed during it."""

    away: dict[Seat, datetime] = field(default_factory=dict)
    adjourned: bool = False
    asked: Seat | None = None
    #: ``{"seat": n, "ply": n, "box": hex, "commitment": hex}`` (see :mod:`bot.services.sealed`).
    sealed: dict[str, Any] | None = None

    @classmethod
    def load(cls, raw: dict[str, Any] | None) -> Hold:
        if not raw:
            return cls()
        away = {int(s): datetime.fromisoformat(t) for s, t in (raw.get("away") or {}).items()}
        asked = raw.get("asked")
        return cls(
            away,
            bool(raw.get("adjourned")),
            None if asked is None else int(asked),
            raw.get("sealed"),
        )

    def dump(self) -> dict[str, Any] | None:
        if not self.away and not self.adjourned and self.asked is None and self.sealed is None:
            return None
        return {
            "away": {str(s): t.isoformat() for s, t in sorted(self.away.items())},
            "adjourned": self.adjourned,
            "asked": self.asked,
            "sealed": self.sealed,
        }

    @property
    def stops_clock(self) -> bool:
        return bool(self.away) or self.adjourned

    def with_away(self, seat: Seat, until: datetime | None) -> Hold:
        away = dict(self.away)
        if until is None:
            away.pop(seat, None)
        else:
            away[seat] = until
        return replace(self, away=away)


def resumed_deadline(
    deadline: datetime | None, move_seconds: int | None, held_since: datetime, now: datetime
) -> datetime | None:
    """The deadline once a clock stopped at ``held_since`` runs again at ``now``."""
    if deadline is None or not move_seconds:
        return deadline
    turn_began = deadline - timedelta(seconds=move_seconds)
    stood = now - max(held_since, turn_began)
    return deadline + max(stood, timedelta(0))

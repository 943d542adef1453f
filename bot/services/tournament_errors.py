"""Refusals by the tournament service, each with a friendly message in both languages; the
Discord layer shows them privately and nothing has changed."""

from __future__ import annotations

from bot.services.errors import ServiceError
from bot.statuses import TournamentStatus
from bot.text.tournament_errors import (
    CALLED_OFF,
    NOT_IN_THIS_TOURNAMENT,
    OVER,
)
from rules.core import Text


class TournamentError(ServiceError):
    default = NOT_IN_THIS_TOURNAMENT


class TournamentOver(TournamentError):
    """The tournament is over (finished, or cancelled): ``finished`` says it has a final
    table to show instead."""

    def __init__(self, text: Text, *, finished: bool) -> None:
        super().__init__(text)
        self.finished = finished


def over_error(status: TournamentStatus) -> TournamentOver:
    """The refusal for a tournament that no longer takes part in anything."""
    if status == TournamentStatus.CANCELLED:
        return TournamentOver(CALLED_OFF, finished=False)
    return TournamentOver(OVER, finished=True)

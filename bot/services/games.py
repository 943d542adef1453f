"""The game use cases, with no Discord in them: every public method is one transaction, and
front ends send their messages only after it returns.

``GameService`` gathers the use cases by job: starting games (:mod:`challenges`), the action
pipeline (:mod:`actions`), reading (:mod:`queries`) and message bookkeeping (:mod:`messages`).
"""

from __future__ import annotations

from bot.services.challenges import Challenges
from bot.services.messages import BoardMessages
from bot.services.queries import GameQueries


class GameService(Challenges, GameQueries, BoardMessages):
    """Every game use case over one database."""

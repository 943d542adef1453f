"""Refusals by the service layer. Like ``RulesError`` they carry a bilingual, friendly message;
the Discord layer shows either kind ephemerally and nothing has changed."""

from __future__ import annotations

from bot.errors import FriendlyError
from bot.text.away import ADJOURNED
from bot.text.errors import (
    CHALLENGE_EXPIRED,
    GAME_DAMAGED,
    GAME_NOT_FOUND,
    INVALID_CHALLENGE,
    NOT_A_PARTICIPANT,
    STALE_VERSION,
    WRONG_STATUS,
)


class ServiceError(FriendlyError):
    """A use case refused: the game is untouched."""


class GameNotFound(ServiceError):
    default = GAME_NOT_FOUND


class NotAParticipant(ServiceError):
    default = NOT_A_PARTICIPANT


class StaleVersion(ServiceError):
    """The player acted on an old board, or lost a race with another action."""

    default = STALE_VERSION


class Misplaced(ServiceError):
    """A refusal judged on where the game's board is (its channel, its message): a copy of
    the game held in this process may have that behind — a board posted again does not move
    the version on — so the writer judges it again on a fresh read before refusing."""


class WrongStatus(ServiceError):
    default = WRONG_STATUS


class ChallengeExpired(ServiceError):
    default = CHALLENGE_EXPIRED


class InvalidChallenge(ServiceError):
    default = INVALID_CHALLENGE


class GameAdjourned(ServiceError):
    """A move on an adjourned game (the flow offers to seal it instead)."""

    default = ADJOURNED


class GameDamaged(ServiceError):
    """A game's saved position could not be read nor rebuilt from its log."""

    default = GAME_DAMAGED

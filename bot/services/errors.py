"""Refusals by the service layer. Like ``RulesError`` they carry a bilingual, friendly message;
the Discord layer shows either kind ephemerally and nothing has changed."""

from __future__ import annotations

from bot.errors import FriendlyError
from rules.core import Text


class ServiceError(FriendlyError):
    """A use case refused: the game is untouched."""


class GameNotFound(ServiceError):
    default = Text("その対局は見つかりません。", "That game could not be found.")


class NotAParticipant(ServiceError):
    default = Text(
        "これはあなたの対局ではありません。見るのは自由です！",
        "This is not your game — but you are welcome to watch!",
    )


class StaleVersion(ServiceError):
    """The player acted on an old board, or lost a race with another action."""

    default = Text(
        "盤面が更新されています。最新の盤面を見てからもう一度どうぞ。",
        "The board has changed since you looked. Check the latest board and try again.",
    )


class WrongStatus(ServiceError):
    default = Text(
        "この対局ではもうその操作はできません。", "That is no longer possible in this game."
    )


class ChallengeExpired(ServiceError):
    default = Text("この挑戦は期限切れです。", "This challenge has expired.")


class InvalidChallenge(ServiceError):
    default = Text("その挑戦はできません。", "That challenge is not possible.")


class GameDamaged(ServiceError):
    """A game's saved position could not be read nor rebuilt from its log."""

    default = Text(
        "この対局の保存データが壊れていて、記録からも復元できませんでした。ほかの対局には影響"
        "ありません。管理者は /server abort で中止できます。",
        "This game's saved position is damaged and could not be rebuilt from its record. No "
        "other game is affected; an admin can call it off with /server abort.",
    )

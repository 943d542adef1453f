"""One error taxonomy for every game: each error carries a message a player can read."""

from __future__ import annotations

from rules.core.text import Locale, Text


class RulesError(Exception):
    """Base of every refusal by the rules. ``text`` is the player-facing message."""

    default = Text("その操作はできません。", "That is not allowed.")

    def __init__(self, text: Text | None = None) -> None:
        self.text = text or self.default
        super().__init__(self.text.en)

    def message(self, locale: Locale) -> str:
        return self.text(locale)


class InvalidActionError(RulesError):
    """The action could not be parsed: garbage, not a move of this game."""

    default = Text("その手は読み取れません。", "That move could not be read.")


class IllegalActionError(RulesError):
    """A well-formed action that the rules forbid in this position."""

    default = Text("その手は指せません。", "That move is not legal here.")


class NotYourTurnError(RulesError):
    """The seat may not act now."""

    default = Text("あなたの手番ではありません。", "It is not your turn.")


class GameOverError(RulesError):
    """The game has ended; nothing more can be played."""

    default = Text("この対局は終了しています。", "This game is over.")


class InvalidSettingsError(RulesError):
    """Settings for a new game are unknown or out of range."""

    default = Text("設定が正しくありません。", "Those settings are not valid.")


class CodecError(RulesError):
    """A stored state could not be loaded (wrong schema or corrupt data)."""

    default = Text("保存された局面を読み込めません。", "The saved game could not be loaded.")

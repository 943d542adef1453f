"""The one kind of refusal every layer of the bot may raise: it carries a bilingual, friendly
message, and the front end shows it privately — nothing was changed."""

from __future__ import annotations

from bot.command_mentions import resolve
from bot.text.errors import CANNOT
from rules.core import Locale, Text


class FriendlyError(Exception):
    default = CANNOT

    def __init__(self, text: Text | None = None) -> None:
        self.text = text or self.default
        super().__init__(self.text.en)

    def message(self, locale: Locale) -> str:
        # Commands named as </path> become mentions in the reader's language.
        return resolve(self.text(locale), locale)

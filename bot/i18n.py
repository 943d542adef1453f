"""Looking a message up: ``tr(key, locale, **fields)``. The messages themselves, every one in
Japanese and English, live in :mod:`bot.text` (one module per area).

Command names and descriptions are translated by ``bot.ui.translator`` from ``COMMAND_JA``.
"""

from __future__ import annotations

from bot.command_mentions import resolve
from bot.text import MESSAGES
from rules.core import Locale, normalize_locale

__all__ = ["MESSAGES", "tr"]


def tr(key: str, locale: Locale | str, **fields: object) -> str:
    text = MESSAGES[key]
    loc = normalize_locale(locale)
    # Commands named as </path> become mentions in the reader's language (bot.command_mentions).
    return resolve(text.format(**fields)(loc) if fields else text(loc), loc)

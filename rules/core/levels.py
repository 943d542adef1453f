"""The ``level`` setting: which of a game's bot levels plays a game against the bot.

It changes no rule — a game replays the same with any level — but it is kept with the game's
settings so a game against the bot keeps its opponent's strength across restarts. Each game
that has levels accepts the setting through :func:`split_level`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import InvalidSettingsError
from rules.core.text import Text

LEVEL_SETTING = "level"

BAD_LEVEL = Text("level は {keys} のどれかです。", "level must be one of: {keys}.")


def split_level(
    settings: Mapping[str, Any] | None, keys: Sequence[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The settings without ``level``, and ``{"level": key}`` if one of ``keys`` was given
    (empty if none was: the game's default level plays)."""
    raw = dict(settings or {})
    if LEVEL_SETTING not in raw:
        return raw, {}
    chosen = raw.pop(LEVEL_SETTING)
    if chosen not in keys:
        raise InvalidSettingsError(BAD_LEVEL.format(keys=", ".join(keys)))
    return raw, {LEVEL_SETTING: chosen}

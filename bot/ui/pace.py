"""/profile's pace section: each game's median and 90th-percentile time to move, in words."""

from __future__ import annotations

from datetime import timedelta

from bot.games.registry import spec_for
from bot.i18n import tr
from bot.services.move_times import RECENT_GAMES, MoveTimes
from rules.core import Locale


def duration_words(span: timedelta, locale: Locale) -> str:
    """The two largest units that matter: ``1d 4h``, ``2h 5m``, ``40s`` (``1日4時間`` …)."""
    seconds = int(span.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [
        (days, "pace.days"),
        (hours, "pace.hours"),
        (minutes, "pace.minutes"),
        (secs, "pace.seconds"),
    ]
    shown = [tr(key, locale, n=n) for n, key in parts if n][:2] or [tr("pace.seconds", locale, n=0)]
    return ("" if locale == "ja" else " ").join(shown)


def pace_lines(times: list[MoveTimes], locale: Locale) -> list[str]:
    lines = [tr("pace.title", locale, games=RECENT_GAMES)]
    if not times:
        return [*lines, tr("pace.none", locale)]
    for pace in times:
        lines.append(
            tr(
                "pace.row",
                locale,
                game=spec_for(pace.game_type).title(locale),
                median=duration_words(pace.median, locale),
                p90=duration_words(pace.p90, locale),
                moves=pace.moves,
            )
        )
    return lines

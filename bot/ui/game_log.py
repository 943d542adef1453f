"""A finished game's public log as plain text, one numbered line per public step."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.i18n import tr
from bot.services.snapshots import GameSnapshot, LogEntry, public_steps
from bot.text.play import LOG_RESULT
from bot.ui.common import shown_name
from rules.core import Locale, labelled


def log_text(game: GameSnapshot, entries: Sequence[LogEntry], locale: Locale, today: date) -> str:
    """``today``: the services' date (UTC), which says whether a daily deal's seed is out."""
    rules = game.rules
    lines = [f"{rules.title_for(game.settings)(locale)} #{game.id}"]
    lines += [
        labelled(
            rules.seat_name(s.seat, locale), shown_name(s.user_id, s.display_name, locale), locale
        )
        for s in game.seats
    ]
    if game.commitment is not None:
        lines.append(labelled(tr("log.seal", locale), game.commitment, locale))
    lines.append("")
    # Private steps leave no line and no gap in the numbering (idempotent on a public log).
    for entry, _ in public_steps(entries):
        for n, line in enumerate(entry.public_text(locale).splitlines()):
            lines.append(f"{entry.ply:>4}. {line}" if n == 0 else f"      {line}")
    if game.outcome is not None:
        reason = rules.reason_text(game.outcome.reason)(locale)
        winner = game.outcome.winner
        if winner is None:
            points = " / ".join(f"{p:g}" for p in game.outcome.points)
            lines += ["", labelled(LOG_RESULT(locale), f"{points} ({reason})", locale)]
        else:
            won = game.player(winner)
            name = shown_name(won.user_id, won.display_name, locale)
            lines += ["", labelled(LOG_RESULT(locale), f"{name} ({reason})", locale)]
    if game.salt is not None and game.seed_revealed(today):
        lines += [
            labelled(tr("log.seed", locale), game.seed, locale),
            labelled(tr("log.salt", locale), game.salt, locale),
        ]
    return "\n".join(lines) + "\n"

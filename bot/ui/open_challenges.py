"""An open challenge on its board: who is looking for a game, the rating range, and the buttons
(anyone takes it; its challenger may withdraw it). Taking is the challenge's own Accept
(``ch:<game>:<seen>:accept``), answered by :class:`OpenChallenges.take`."""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.services.freshness import Seen
from bot.services.open_challenges import OPEN_SEAT_USER
from bot.services.snapshots import GameSnapshot, SeatInfo
from bot.ui.components import ChallengeButton
from bot.ui.layout import Row
from rules.core import Locale


def is_open_seat(info: SeatInfo) -> bool:
    return info.user_id == OPEN_SEAT_USER and not info.is_bot


def open_header(game: GameSnapshot, locale: Locale, challenger: str, title: str) -> str:
    line = tr("open.header", locale, challenger=challenger, game=f"**{title}**")
    rng = game.open_to or {}
    low, high = rng.get("min"), rng.get("max")
    if low is not None or high is not None:
        line += "\n" + tr(
            "open.range",
            locale,
            low="—" if low is None else low,
            high="—" if high is None else high,
        )
    return line


def open_rows(game: GameSnapshot, locale: Locale) -> list[Row]:
    return [
        [
            ChallengeButton(
                game.id,
                Seen.at(game),
                "accept",
                tr("open.take", locale),
                discord.ButtonStyle.success,
            ),
            ChallengeButton(
                game.id,
                Seen.at(game),
                "cancel",
                tr("challenge.cancel", locale),
                discord.ButtonStyle.secondary,
            ),
        ]
    ]

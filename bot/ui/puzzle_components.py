"""The puzzle card's controls as drawn, answered by their clicks (``bot/cogs/puzzles.py``).

custom_id layouts (≤ 100 characters; a game key, a puzzle id and a day only):

- ``pza:<game key>:<puzzle id>:<day>``  the answer menu; its values are action codes
- ``pzv:<game key>:<puzzle id>:<day>:<t|p>``  show the position as text or as a picture
- ``pzn:<game key>``  the next puzzle near the player's rating

``<day>`` is ``YYYYMMDD`` on a daily puzzle's card (the day it is the server's daily puzzle),
``-`` on any other.
"""

from __future__ import annotations

import discord

from bot.ui.components import DrawnButton, DrawnSelect

GAME_KEY = r"[a-z_]+(?::[a-z_]+)?"
PUZZLE_ID = r"[A-Za-z0-9_\-]{1,32}"
DAY = r"[0-9]{8}|-"
#: How the position is shown.
TEXT, PICTURE = "t", "p"


def day_token(day: str | None) -> str:
    return "-" if day is None else day.replace("-", "")


def day_of(token: str) -> str | None:
    return None if token == "-" else f"{token[:4]}-{token[4:6]}-{token[6:]}"


class PuzzleAnswerSelect(DrawnSelect):
    template = rf"pza:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY})"

    def __init__(
        self,
        game_key: str,
        puzzle_id: str,
        day: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"pza:{game_key}:{puzzle_id}:{day}", options, placeholder)


class PuzzleShowButton(DrawnButton):
    template = rf"pzv:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY}):(?P<mode>[tp])"

    def __init__(
        self, game_key: str, puzzle_id: str, day: str, mode: str, label: str = "…"
    ) -> None:
        super().__init__(
            label=label[:80],
            style=discord.ButtonStyle.secondary,
            custom_id=f"pzv:{game_key}:{puzzle_id}:{day}:{mode}",
        )


class PuzzleNextButton(DrawnButton):
    template = rf"pzn:(?P<game>{GAME_KEY})"

    def __init__(self, game_key: str, label: str = "…") -> None:
        super().__init__(
            label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"pzn:{game_key}"
        )

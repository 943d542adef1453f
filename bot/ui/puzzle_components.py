"""The puzzle card's restart-proof controls (discord.py ``DynamicItem``s).

custom_id layouts (≤ 100 characters; a game key, a puzzle id and a day only):

- ``pza:<game key>:<puzzle id>:<day>``  the answer menu; its values are action codes
- ``pzv:<game key>:<puzzle id>:<day>:<t|p>``  show the position as text or as a picture
- ``pzn:<game key>``  the next puzzle near the player's rating

``<day>`` is ``YYYYMMDD`` on a daily puzzle's card (the day it is the server's daily puzzle),
``-`` on any other.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.answering import FirstAnswer
from bot.ui.components import Guarded, one_choice_menu, the_one_choice
from bot.ui.context import context_of

GAME_KEY = r"[a-z_]+(?::[a-z_]+)?"
PUZZLE_ID = r"[A-Za-z0-9_\-]{1,32}"
DAY = r"[0-9]{8}|-"
#: How the position is shown.
TEXT, PICTURE = "t", "p"


def day_token(day: str | None) -> str:
    return "-" if day is None else day.replace("-", "")


def day_of(token: str) -> str | None:
    return None if token == "-" else f"{token[:4]}-{token[4:6]}-{token[6:]}"


class PuzzleAnswerSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pza:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY})",
):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(
        self,
        game_key: str,
        puzzle_id: str,
        day: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.game_key, self.puzzle_id, self.day = game_key, puzzle_id, day
        super().__init__(one_choice_menu(f"pza:{game_key}:{puzzle_id}:{day}", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleAnswerSelect:
        return cls(match["game"], match["id"], match["day"])

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction)
        if value is not None:
            await context_of(interaction).flows.puzzles.answer(
                interaction, self.game_key, self.puzzle_id, day_of(self.day), value
            )


class PuzzleShowButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pzv:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY}):(?P<mode>[tp])",
):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(
        self, game_key: str, puzzle_id: str, day: str, mode: str, label: str = "…"
    ) -> None:
        self.game_key, self.puzzle_id, self.day, self.mode = game_key, puzzle_id, day, mode
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"pzv:{game_key}:{puzzle_id}:{day}:{mode}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleShowButton:
        return cls(match["game"], match["id"], match["day"], match["mode"])

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.puzzles.show_as(
            interaction, self.game_key, self.puzzle_id, day_of(self.day), self.mode
        )


class PuzzleNextButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"pzn:(?P<game>{GAME_KEY})",
):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(self, game_key: str, label: str = "…") -> None:
        self.game_key = game_key
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"pzn:{game_key}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleNextButton:
        return cls(match["game"])

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.puzzles.show_next(interaction, self.game_key)


PUZZLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PuzzleAnswerSelect,
    PuzzleShowButton,
    PuzzleNextButton,
)

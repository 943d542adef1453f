"""Restart-proof components (discord.py ``DynamicItem``s).

custom_id layouts (all ≤ 100 characters, ids and public codes only):

- ``g:<game>:<version>:<code>``   play a move or meta action (button)
- ``gs:<game>:<version>:<n>``     play the chosen option of select menu ``n``
- ``ch:<game>:<version>:<answer>`` accept / decline / cancel a challenge
- ``rs:<game>:<version>``         ask to confirm resignation (ephemeral)
- ``hint:<game>``                 show the solver's evaluation (ephemeral)
- ``rm:<game>``                   a rematch with sides swapped
- ``rps:<game>``                  a private replay of a finished game
- ``log:<game>``                  the whole log of a finished game as a file (ephemeral)
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import tr
from bot.ui.common import bot_of, flows_of, handle_error, send_ephemeral, user_locale

CODE = r"[A-Za-z0-9_:+\-.]{1,80}"


class Guarded:
    """Every component callback goes through ``run``; errors take the one error path."""

    async def callback(self, interaction: discord.Interaction) -> None:
        async with bot_of(interaction).handling():
            try:
                await self.run(interaction)
            except Exception as error:  # the one error path decides what to say
                await handle_error(interaction, error)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def selected_values(interaction: discord.Interaction) -> list[str]:
    """The values a select menu interaction carries (strings only)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or []]


class GameActionButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"g:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<code>{CODE})",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        code: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        self.game_id, self.version, self.code = game_id, version, code
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=style, row=row, custom_id=f"g:{game_id}:{version}:{code}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActionButton:
        return cls(int(match["game"]), int(match["ver"]), match["code"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).play(interaction, self.game_id, self.version, self.code)


class GameActionSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gs:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<n>[0-9])",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Select(
                custom_id=f"gs:{game_id}:{version}:{number}",
                options=options or [],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
                row=row,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActionSelect:
        return cls(int(match["game"]), int(match["ver"]), int(match["n"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if len(values) != 1 or not isinstance(values[0], str) or not re.fullmatch(CODE, values[0]):
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        await flows_of(interaction).play(interaction, self.game_id, self.version, values[0])


class ChallengeButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ch:(?P<game>[0-9]+):(?P<ver>[0-9]+):(?P<answer>accept|decline|cancel)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        answer: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.game_id, self.version, self.answer = game_id, version, answer
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"ch:{game_id}:{version}:{answer}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(int(match["game"]), int(match["ver"]), match["answer"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).answer_challenge(
            interaction, self.game_id, self.version, self.answer
        )


class ResignButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rs:(?P<game>[0-9]+):(?P<ver>[0-9]+)",
):
    """Resigning by accident is too easy: the board's button only asks, privately."""

    def __init__(
        self, game_id: int, version: int, label: str = "…", row: int | None = None
    ) -> None:
        self.game_id, self.version = game_id, version
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                row=row,
                custom_id=f"rs:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignButton:
        return cls(int(match["game"]), int(match["ver"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).confirm_resign(interaction, self.game_id, self.version)


class GameButton(Guarded):
    """A button that needs only the game id (``<prefix>:<game>``): its subclasses say which
    prefix, emoji and flow; the layout and parsing are here once."""

    prefix: str
    emoji: str
    style = discord.ButtonStyle.secondary

    def __init__(self, game_id: int, label: str = "…", row: int | None = None) -> None:
        self.game_id = game_id
        super().__init__(  # type: ignore[call-arg]
            discord.ui.Button(
                label=label,
                emoji=self.emoji,
                style=self.style,
                row=row,
                custom_id=f"{self.prefix}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(int(match["game"]))


class HintButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hint:(?P<game>[0-9]+)",
):
    prefix, emoji = "hint", "🔎"

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_hint(interaction, self.game_id)


class LogButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"log:(?P<game>[0-9]+)",
):
    prefix, emoji = "log", "📜"

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).send_log(interaction, self.game_id)


class RematchButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rm:(?P<game>[0-9]+)",
):
    prefix, emoji = "rm", "🔁"
    style = discord.ButtonStyle.primary

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).rematch(interaction, self.game_id)


class ReplayStartButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rps:(?P<game>[0-9]+)",
):
    """On a finished board: a private replay from the start."""

    prefix, emoji = "rps", "⏯"

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).start_replay(interaction, self.game_id)


ALL_DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    GameActionButton,
    GameActionSelect,
    ChallengeButton,
    ResignButton,
    HintButton,
    LogButton,
    RematchButton,
    ReplayStartButton,
)

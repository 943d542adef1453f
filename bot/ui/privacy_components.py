"""/privacy's buttons (restart-proof ``DynamicItem``s). ``pv:<step>`` or ``pv:<step>:<asked at>``:

- ``export``: the JSON file; ``delete``: the first confirmation;
- ``continue:<t>``: the second confirmation; ``now:<t>``: delete (both good for a few minutes
  after ``t``, the unix time the first was shown); ``keep``: nothing is deleted.

No user id is carried: every step acts on whoever clicks, and only on their own data (the
messages are private to them anyway).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.answering import FirstAnswer
from bot.ui.components import Guarded
from bot.ui.context import context_of

#: The steps' emoji (the others have none).
EMOJI = {"export": "\U0001f4e6", "delete": "\U0001f5d1\ufe0f"}


class PrivacyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pv:(?P<step>export|delete|continue|now|keep)(?::(?P<at>[0-9]{1,12}))?",
):
    def __init__(
        self,
        step: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        at: int | None = None,
    ) -> None:
        self.step, self.at = step, at
        self.emoji = EMOJI.get(step)
        custom_id = f"pv:{step}" if at is None else f"pv:{step}:{at}"
        super().__init__(
            discord.ui.Button(label=label, style=style, emoji=self.emoji, custom_id=custom_id)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PrivacyButton:
        at = match["at"]
        return cls(match["step"], at=None if at is None else int(at))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        # The export comes as a file of its own; every other step changes this card.
        return FirstAnswer.PRIVATE if self.step == "export" else FirstAnswer.UPDATE

    async def run(self, interaction: discord.Interaction) -> None:
        flow = context_of(interaction).flows.privacy
        if self.step == "export":
            await flow.export(interaction)
        elif self.step == "delete":
            await flow.confirm_first(interaction)
        elif self.step == "keep":
            await flow.keep(interaction)
        elif self.step == "continue":
            await flow.confirm_second(interaction, self.at or 0)
        else:
            await flow.delete_now(interaction, self.at or 0)

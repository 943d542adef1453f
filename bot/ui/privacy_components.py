"""/privacy's buttons as drawn, answered by their click (``bot/cogs/privacy.py``).
``pv:<step>`` or ``pv:<step>:<asked at>``:

- ``export``: the JSON file; ``delete``: the first confirmation;
- ``continue:<t>``: the second confirmation; ``now:<t>``: delete (both good for a few minutes
  after ``t``, the unix time the first was shown); ``keep``: nothing is deleted.

No user id is carried: every step acts on whoever clicks, and only on their own data (the
messages are private to them anyway).
"""

from __future__ import annotations

import discord

from bot.ui.components import DrawnButton

#: The steps' emoji (the others have none).
EMOJI = {"export": "\U0001f4e6", "delete": "\U0001f5d1\ufe0f"}


class PrivacyButton(DrawnButton):
    template = r"pv:(?P<step>export|delete|continue|now|keep)(?::(?P<at>[0-9]{1,12}))?"

    def __init__(
        self,
        step: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        *,
        at: int | None = None,
    ) -> None:
        custom_id = f"pv:{step}" if at is None else f"pv:{step}:{at}"
        super().__init__(label=label, style=style, emoji=EMOJI.get(step), custom_id=custom_id)

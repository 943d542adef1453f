"""The first look at every interaction, before discord.py parses it: its arrival is noted (for
the acknowledgement's latency, :mod:`bot.http_timing`) and a user over the per-user limit
(:mod:`bot.rate_limit`) is told, privately and in their language, to slow down. That answer is
the interaction's one response: nothing else runs for it, so a flood costs one small reply a
click."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

import discord

from bot.gateway_guard import answerable_interaction, interaction_context, interaction_user_id
from bot.http_timing import Arrivals
from bot.i18n import tr
from bot.metrics import METRICS
from bot.rate_limit import UserRateLimit
from bot.ui.common import send_ephemeral, user_locale
from bot.ui.context import OUTCOME, Activity

log = logging.getLogger(__name__)

#: What the per-user limit counts: commands (2), clicks (3) and forms (5) — not autocomplete
#: (4), which cannot be answered with words and costs the bot little.
RATE_LIMITED_TYPES = (2, 3, 5)


class InteractionGate:
    def __init__(
        self, arrivals: Arrivals | None, limit: UserRateLimit | None, activity: Activity
    ) -> None:
        self.arrivals = arrivals
        self.limit = limit
        self.activity = activity
        #: discord.py's connection state, to answer with (set once it is built).
        self.state: discord.state.ConnectionState[Any] | None = None
        self._replies: set[asyncio.Task[None]] = set()

    def admit(self, data: Any) -> bool:
        """True: let discord.py handle it; False: answered here (cooled down)."""
        ident, kind, _custom_id = interaction_context(data)
        if self.arrivals is not None:
            self.arrivals.arrived(ident)
        if self.limit is None or kind not in RATE_LIMITED_TYPES:
            return True
        user_id = interaction_user_id(data)
        wait = 0.0 if user_id is None else self.limit.take(user_id)
        if not wait:
            return True
        METRICS.refusals.labels("rate_limited").inc()
        interaction = None if self.state is None else answerable_interaction(self.state, data)
        if interaction is not None:
            task = asyncio.create_task(self._cool_down(interaction, wait))
            self._replies.add(task)  # keep a reference until it is done
            task.add_done_callback(self._replies.discard)
        return False

    async def _cool_down(self, interaction: discord.Interaction, wait: float) -> None:
        interaction.extras[OUTCOME] = "limited"
        async with self.activity.handling(interaction):
            seconds = max(1, math.ceil(wait))
            try:
                await send_ephemeral(
                    interaction, tr("error.cooldown", user_locale(interaction), seconds=seconds)
                )
            except discord.HTTPException:
                log.warning("could not tell interaction %s to slow down", interaction.id)

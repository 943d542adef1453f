"""Timing what Discord's HTTP API takes, from the HTTP client's own trace (aiohttp's
``TraceConfig``, which discord.py takes as ``http_trace``): every request — the bot's REST
calls and the interaction responses and follow-ups alike — passes through it, so nothing in the
flows needs to know it is timed.

- the acknowledgement: from an interaction reaching the bot (:meth:`Arrivals.arrived`, at the
  gateway) to Discord accepting its first response (``POST /interactions/…/callback``);
- a message edit (``PATCH …/messages/…``): boards, nearly always.
"""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import aiohttp

from bot.metrics import METRICS

#: An interaction never answered (a known component whose handler vanished) is forgotten
#: after this many newer arrivals, so the table stays small.
MAX_WAITING = 10_000


class Arrivals:
    """When each interaction still waiting for its first response reached the bot."""

    def __init__(self) -> None:
        self._at: dict[str, float] = {}

    def arrived(self, interaction_id: object) -> None:
        if len(self._at) >= MAX_WAITING:
            # Oldest first (dicts keep insertion order): drop the older half.
            for key in list(self._at)[: MAX_WAITING // 2]:
                del self._at[key]
        self._at[str(interaction_id)] = time.perf_counter()

    def answered(self, interaction_id: str) -> float | None:
        return self._at.pop(interaction_id, None)


def discord_trace(arrivals: Arrivals) -> aiohttp.TraceConfig:
    trace = aiohttp.TraceConfig()

    async def started(
        _session: aiohttp.ClientSession, context: SimpleNamespace, _params: Any
    ) -> None:
        context.started = time.perf_counter()

    async def ended(
        _session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        path = params.url.path
        if params.method == "POST" and path.endswith("/callback") and "/interactions/" in path:
            # …/interactions/{id}/{token}/callback
            arrived = arrivals.answered(path.rsplit("/", 3)[-3])
            if arrived is not None:
                METRICS.ack_seconds.observe(time.perf_counter() - arrived)
        elif params.method == "PATCH" and "/messages/" in path:
            METRICS.board_edit_seconds.observe(time.perf_counter() - context.started)

    trace.on_request_start.append(started)
    trace.on_request_end.append(ended)
    return trace

"""Telling a passing failure to reach Discord from a refusal: what the outbox tries again."""

from __future__ import annotations

import asyncio

import aiohttp
import discord


class TryLater(Exception):
    """Discord could not take a delivery now (its servers failed, a rate limit outlasted our
    patience, the network broke): the outbox tries again later."""


def passing(error: BaseException) -> bool:
    """Whether ``error`` may well not happen again: a server error or a rate limit, or the
    network; any other answer from Discord (no access, a message deleted) is for good."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | asyncio.TimeoutError | OSError)


#: What a call to Discord may raise: its refusals, and the network's failures.
DISCORD_FAILURES = (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError)

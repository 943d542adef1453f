"""A process's memory of small per-user records (preferences, what Discord showed of DMing
them): read for many users in one query, trusted for a while, replaced at once by a change
made here."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


class UserCache(Generic[T]):
    def __init__(self, seconds: float, default: T) -> None:
        #: How long a record read is trusted (another process's change shows within it).
        self.seconds = seconds
        #: What a user with no record has.
        self.default = default
        self._held: dict[int, tuple[T, float]] = {}

    async def read(
        self,
        user_ids: Iterable[int],
        load: Callable[[list[int]], Awaitable[dict[int, T]]],
        *,
        fresh: bool = False,
    ) -> dict[int, T]:
        """Each user's record: from memory where fresh (never, ``fresh``), else ``load``ed in
        one call for all those missing."""
        now = time.monotonic()
        out: dict[int, T] = {}
        missing: list[int] = []
        for user_id in user_ids:
            held = self._held.get(user_id)
            if held is not None and not fresh and now - held[1] < self.seconds:
                out[user_id] = held[0]
            else:
                missing.append(user_id)
        if missing:
            found = await load(missing)
            for user_id in missing:
                out[user_id] = found.get(user_id, self.default)
                self._held[user_id] = (out[user_id], now)
        return out

    def remember(self, user_id: int, record: T) -> None:
        """``record`` is the user's now (a change made here)."""
        self._held[user_id] = (record, time.monotonic())

    def forget(self, user_id: int) -> None:
        self._held.pop(user_id, None)

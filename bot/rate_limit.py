"""The per-user cooldown: a token bucket per user id, kept in this process's memory.

Each user holds up to ``burst`` tokens and gets ``per_minute`` of them back every minute; every
command, click or form costs one. A user with none left is told to slow down (privately) and
nothing else happens — and the refused click costs a token too (down to ``-burst``): who keeps
hammering stays cooled down, instead of getting a move through every second; a person who
stops for the few seconds the message names is back at once. The buckets live in memory: a restart forgets them, and processes that
split the shards (``SHARD_IDS``) count separately — a user's interactions mostly land on one
shard anyway (a server's, or shard 0 for DMs).
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Beyond this many users the buckets that have filled up again are forgotten.
PRUNE_AT = 50_000


class UserRateLimit:
    def __init__(
        self, per_minute: int, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        #: user id → (tokens, when they were counted)
        self._buckets: dict[int, tuple[float, float]] = {}

    def take(self, user_id: int) -> float:
        """Spend one of the user's tokens: 0 when they had one, else the seconds until they
        will have one again if they stop now."""
        now = self.clock()
        tokens, then = self._buckets.get(user_id, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            if len(self._buckets) >= PRUNE_AT and user_id not in self._buckets:
                self._prune(now)
            self._buckets[user_id] = (tokens - 1.0, now)
            return 0.0
        tokens = max(tokens - 1.0, -self.burst)
        self._buckets[user_id] = (tokens, now)
        return (1.0 - tokens) / self.rate if self.rate else float("inf")

    def _prune(self, now: float) -> None:
        full = [
            user
            for user, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate >= self.burst
        ]
        for user in full:
            del self._buckets[user]

"""What the web process keeps of its answers: a bounded shelf of pages and pictures, each under
a key naming what it shows, and one making of each at a time.

A game's page and pictures change only with its version, so they are kept under it (and the
reader's language, the step, whatever else the page depends on) for as long as there is room;
pages made of many rows (a player, the standings, a tournament) are kept a short while
(``ttl``). Fifty readers opening the same new address at once make it once: the others wait
for that one making (single flight), so a link pasted in a busy channel costs one drawing."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Shelf(Generic[T]):
    """The ``kept`` newest things made, by key (a bounded LRU); each one ``ttl`` seconds at
    most (``None``: until pushed out, for things named by a version that never comes back)."""

    def __init__(
        self,
        kept: int,
        ttl: float | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.kept = kept
        self.ttl = ttl
        self.now = now
        self._shelf: OrderedDict[Hashable, tuple[float, T]] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[T]] = {}
        #: Things made, and answers taken from the shelf or from another reader's making.
        self.made = 0
        self.hits = 0

    def __len__(self) -> int:
        return len(self._shelf)

    def peek(self, key: Hashable) -> T | None:
        """What is kept under ``key`` and still fresh, if anything (nothing is made)."""
        held = self._shelf.get(key)
        if held is None:
            return None
        made_at, value = held
        if self.ttl is not None and self.now() - made_at > self.ttl:
            del self._shelf[key]
            return None
        self._shelf.move_to_end(key)
        return value

    def made_at(self, key: Hashable) -> float | None:
        """When what is kept under ``key`` was made (what was made of it is as old)."""
        held = self._shelf.get(key)
        return None if held is None else held[0]

    def put(self, key: Hashable, value: T) -> None:
        """Keeps ``value`` under ``key`` as if made now (read ahead for many keys at once)."""
        self._shelf[key] = (self.now(), value)
        self._shelf.move_to_end(key)
        while len(self._shelf) > self.kept:
            self._shelf.popitem(last=False)

    async def renew(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        """Made anew, whatever is kept (what it shows has just changed)."""
        self._shelf.pop(key, None)
        return await self.get(key, make)

    async def get(self, key: Hashable, make: Callable[[], Awaitable[T]]) -> T:
        held = self._shelf.get(key)
        if held is not None and (self.ttl is None or self.now() - held[0] <= self.ttl):
            self._shelf.move_to_end(key)
            self.hits += 1
            return held[1]
        waiting = self._making.get(key)
        if waiting is not None:
            self.hits += 1
            return await asyncio.shield(waiting)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._making[key] = future
        try:
            made = await make()
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._making.pop(key, None)
        future.set_result(made)
        self.made += 1
        self.put(key, made)
        return made

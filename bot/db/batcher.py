"""Calls that arrive while a batch is in flight wait, and go together in the next one: with many
players acting at once, a round trip carries many of their statements (group commit), while a
lone call goes at once."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

P = TypeVar("P")
R = TypeVar("R")

#: Calls in one batch at most (one statement's arrays stay small).
LIMIT = 64


class Batcher(Generic[P, R]):
    def __init__(
        self, run: Callable[[list[P]], Awaitable[list[R | BaseException]]], limit: int = LIMIT
    ) -> None:
        """``run`` answers a batch: one outcome (a result, or the exception for that call) per
        call, in order. If it raises, every call of the batch gets that exception."""
        self._run = run
        self._limit = limit
        self._queue: list[tuple[P, asyncio.Future[Any]]] = []
        self._runner: asyncio.Task[None] | None = None

    async def submit(self, payload: P) -> R:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.append((payload, future))
        if self._runner is None or self._runner.done():
            self._runner = loop.create_task(self._drain())
        result: R = await future
        return result

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[: self._limit], self._queue[self._limit :]
            try:
                outcomes = await self._run([payload for payload, _ in batch])
            except BaseException as exc:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                if not isinstance(exc, Exception):
                    raise
                continue
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue  # the caller gave up (cancelled); the outcome stands
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    async def close(self) -> None:
        if self._runner is not None:
            await asyncio.gather(self._runner, return_exceptions=True)

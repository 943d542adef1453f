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
        self,
        run: Callable[[list[P]], Awaitable[list[R | BaseException]]],
        limit: int = LIMIT,
        *,
        inline: bool = False,
    ) -> None:
        """``run`` answers a batch: one outcome (a result, or the exception for that call) per
        call, in order. If it raises, every call of the batch gets that exception.

        With ``inline``, a call that finds nothing in flight runs its batch of one in the
        caller's own task rather than a task of the batcher's: two turns of the event loop
        fewer (the batcher's task scheduled, then the caller woken by it), for calls whose
        work may be cut short with the caller (reads: a cancelled caller leaves nothing
        half-done). Without it, a caller that gives up leaves its call to finish."""
        self._run = run
        self._limit = limit
        self._inline = inline
        self._queue: list[tuple[P, asyncio.Future[Any]]] = []
        self._runner: asyncio.Task[None] | None = None
        #: No batch in flight (neither the batcher's task nor a caller's own).
        self._idle = True

    async def submit(self, payload: P) -> R:
        if self._idle and self._inline:
            return await self._alone(payload)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.append((payload, future))
        if self._idle:
            self._start()
        result: R = await future
        return result

    async def _alone(self, payload: P) -> R:
        self._idle = False
        try:
            [outcome] = await self._run([payload])
        finally:
            self._idle = True
            if self._queue:  # those that arrived meanwhile go together
                self._start()
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def _start(self) -> None:
        self._idle = False
        self._runner = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        try:
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
        finally:
            self._idle = True

    async def close(self) -> None:
        if self._runner is not None:
            await asyncio.gather(self._runner, return_exceptions=True)

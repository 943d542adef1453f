"""The hot path's PostgreSQL connections: taken and given back with no round trip and next to
no bookkeeping (asyncpg's own pool costs some 120 µs per use, a quarter of a round trip).

A connection is used by one statement (or one short transaction) at a time. One that ends up
closed (the server restarted, a statement was cancelled midway) is dropped, and a new one is
opened when needed.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

import asyncpg


class ConnectionPool:
    def __init__(self, connect_kwargs: dict[str, Any], size: int) -> None:
        self._connect_kwargs = connect_kwargs
        self._size = size
        self._idle: list[asyncpg.Connection] = []
        #: Connections open, in use or being opened.
        self._count = 0
        #: Callers waiting for a connection: each gets one, or None (open your own).
        self._waiting: deque[asyncio.Future[asyncpg.Connection | None]] = deque()
        self._closed = False

    async def acquire(self) -> asyncpg.Connection:
        while self._idle:
            connection = self._idle.pop()
            if not connection.is_closed():
                return connection
            self._count -= 1
        if self._count >= self._size:
            waiter: asyncio.Future[asyncpg.Connection | None]
            waiter = asyncio.get_running_loop().create_future()
            self._waiting.append(waiter)
            try:
                handed = await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled() and waiter.result() is not None:
                    self.release(waiter.result())
                raise
            if handed is not None:
                return handed
        self._count += 1
        try:
            connection = await asyncpg.connect(**self._connect_kwargs)
        except BaseException:
            self._count -= 1
            self._wake(None)
            raise
        return connection

    def release(self, connection: asyncpg.Connection) -> None:
        if self._closed or connection.is_closed():
            if not connection.is_closed():
                connection.terminate()
            self._count -= 1
            self._wake(None)
            return
        if not self._wake(connection):
            self._idle.append(connection)

    def _wake(self, connection: asyncpg.Connection | None) -> bool:
        """Hand ``connection`` (or the right to open one) to the first caller still waiting."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return True
        return False

    async def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for connection in idle:
            self._count -= 1
            await connection.close()

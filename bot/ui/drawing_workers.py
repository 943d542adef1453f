"""Worker processes that draw pictures, each fed through a pipe the event loop reads itself.

A ``ProcessPoolExecutor`` hands every job over through two threads of the bot's process (one
feeding the workers, one collecting their answers), each taking the interpreter lock for every
picture: 270 µs of the bot's CPU a picture, where a pipe written and read by the event loop
costs 60 µs (a 25 KB answer, ten jobs in flight). A worker draws its jobs one at a time, in the
order they came, so its answers come back in that order. Jobs and answers are framed as
:mod:`multiprocessing` frames them (a 4-byte length, then the bytes): the worker reads and
writes with a plain :class:`multiprocessing.connection.Connection`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import socket
import struct
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Final

log = logging.getLogger(__name__)

#: An answer's first byte: the picture follows, or the pickled exception the painter raised.
DRAWN: Final = b"\0"
FAILED: Final = b"\1"
_LENGTH: Final = struct.Struct("!i")


class WorkerDied(Exception):
    """The worker ended (killed, or out of memory) before answering."""


def serve(connection: Connection, draw: Callable[[bytes], bytes], warm: Callable[[], None]) -> None:
    """A worker's life: draw each job as it comes, until the bot closes the pipe.

    The stop is the bot's: a worker ignores the Ctrl-C a terminal sends its whole process group
    (which printed a KeyboardInterrupt traceback per worker) and a SIGTERM sent to every
    process of a service (systemd's default ``KillMode``), and ends when its pipe closes —
    when the bot closes it, or dies (even by SIGKILL)."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_IGN)
    warm()
    while True:
        try:
            job = connection.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            answer = DRAWN + draw(job)
        except Exception as exc:  # the painter's own failure: the bot raises it where it asked
            try:
                answer = FAILED + pickle.dumps(exc)
            except Exception:
                answer = FAILED + pickle.dumps(RuntimeError(repr(exc)))
        try:
            connection.send_bytes(answer)
        except OSError:  # the bot went while this was drawn (a kill): nobody to answer
            return


class DrawingWorker:
    """One worker process and the pipe to it, on the running event loop."""

    def __init__(
        self,
        context: BaseContext,
        draw: Callable[[bytes], bytes],
        warm: Callable[[], None],
    ) -> None:
        ours, theirs = context.Pipe()
        self.process = context.Process(  # type: ignore[attr-defined]
            target=serve, args=(theirs, draw, warm), daemon=True, name="asobiba-drawing"
        )
        self.process.start()
        theirs.close()
        self._socket = socket.socket(fileno=os.dup(ours.fileno()))
        ours.close()
        self.loop = asyncio.get_running_loop()
        self._waiting: deque[asyncio.Future[bytes]] = deque()
        self._writer: asyncio.StreamWriter | None = None
        self._reading: asyncio.Task[None] | None = None
        # Opened once, however many pictures are asked for before it is (one transport only
        # may own the socket).
        self._opened = self.loop.create_task(self._open())
        self.alive = True
        #: Pictures this worker has answered, and those asked of it still unanswered.
        self.answered = 0
        self._asked = 0

    @property
    def load(self) -> int:
        """Pictures asked of this worker and not yet answered."""
        return self._asked

    async def _open(self) -> None:
        reader, self._writer = await asyncio.open_connection(sock=self._socket)
        self._reading = asyncio.create_task(self._read(reader))

    async def draw(self, job: bytes) -> bytes:
        # Counted from the ask, before the first wait: pictures asked at once see each
        # other's load, and spread over the workers.
        self._asked += 1
        try:
            await self._opened
            if not self.alive or self._writer is None:
                raise WorkerDied()
            answer: asyncio.Future[bytes] = self.loop.create_future()
            self._waiting.append(answer)
            self._writer.write(_LENGTH.pack(len(job)) + job)
            return await answer
        finally:
            self._asked -= 1

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                (size,) = _LENGTH.unpack(await reader.readexactly(_LENGTH.size))
                answer = await reader.readexactly(size)
                waiting = self._waiting.popleft()
                self.answered += 1
                if waiting.done():  # its asker was cancelled
                    continue
                if answer[:1] == DRAWN:
                    waiting.set_result(answer[1:])
                else:
                    waiting.set_exception(pickle.loads(answer[1:]))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self._died()

    def _died(self) -> None:
        self.alive = False
        while self._waiting:
            waiting = self._waiting.popleft()
            if not waiting.done():
                waiting.set_exception(WorkerDied())

    def close(self) -> None:
        """Stop the worker (it ends as its pipe closes); answers still owed fail."""
        self.alive = False
        if not self.loop.is_closed():
            self._opened.cancel()
        if self._reading is not None and self.loop.is_running():
            self._reading.cancel()
        if self._writer is not None and not self.loop.is_closed():
            self._writer.close()
        else:
            self._socket.close()
        if self.process.is_alive():
            self.process.kill()
        self._died()

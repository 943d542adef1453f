"""The running bot's standard output and error, which nothing can stop it through.

``python -m bot 2>&1 | tee bot.log`` then Ctrl-C ends ``tee`` too: every later write to the
pipe fails (``BrokenPipeError``). A log collector that stops reading fills the pipe: every later
write waits. Either way a bot that wrote as it went stopped with its output — a stop it was
reporting never happened. Here the bot's writes (its prints, its logging handler, logging's own
error reports, tracebacks printed as warnings) are queued and written by one thread, so a write
never raises and never waits:

- a pipe whose reader is gone (``EPIPE``, a terminal hung up): the descriptor is pointed at
  ``/dev/null`` (``os.dup2``, as the note on SIGPIPE in Python's ``signal`` documentation
  suggests) and what is written after is dropped; nothing fails at exit either;
- a pipe nobody reads: the thread waits, the bot does not; past :data:`QUEUE_BYTES` queued, the
  newest writes are dropped and counted, and a line saying how many lines were lost goes out
  when the reader comes back;
- any other failure (a full disk behind a redirection): that write is dropped and counted.

At exit the queue is given :data:`DRAIN_SECONDS` to be written; what a pipe still will not take
then is dropped (the descriptor pointed at ``/dev/null``) and the bot exits anyway.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import select
import sys
import threading
from collections import deque
from collections.abc import Iterator
from typing import Final, TextIO

#: Written output queued at most (bytes): beyond it, writes are dropped until it is taken.
QUEUE_BYTES: Final = 1024 * 1024
#: At exit, seconds the queued output may take to be written before it is dropped.
DRAIN_SECONDS: Final = 5.0
#: Errors after which a descriptor's reader is gone for good.
_GONE: Final = frozenset({errno.EPIPE, errno.EBADF, errno.EIO, errno.ECONNRESET, errno.ENXIO})


class Output:
    """One thread writing, in order, what :class:`OutputStream` objects queue for their file
    descriptors. Writes never raise or wait; see the module's docstring for what is dropped."""

    def __init__(self, limit: int = QUEUE_BYTES) -> None:
        self.limit = limit
        #: Lines dropped: queued past the limit, refused by their descriptor, or given up on.
        self.dropped_lines = 0
        #: Descriptors whose reader is gone, now pointed at /dev/null.
        self.gone: set[int] = set()
        #: (descriptor, bytes), or (descriptor, None): here say how many lines were dropped.
        self._queue: deque[tuple[int, bytes | None]] = deque()
        self._queued = 0
        #: Lines dropped since the last note saying so.
        self._unsaid = 0
        #: What the thread took off the queue and is writing, and where.
        self._writing: tuple[int, bytes] | None = None
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="asobiba-output", daemon=True)
        self._thread.start()

    def stream(self, fd: int, like: TextIO | None = None) -> OutputStream:
        """A text stream writing to ``fd`` through this output (encoded as ``like`` is)."""
        return OutputStream(self, fd, like)

    def write(self, fd: int, data: bytes) -> None:
        if not data:
            return
        with self._changed:
            if self._closed:
                self._write_now(fd, data)
            elif self._queued + len(data) > self.limit:
                self._drop(fd, data)
            else:
                self._queue.append((fd, data))
                self._queued += len(data)
                self._changed.notify_all()

    def drain(self, timeout: float) -> bool:
        """Wait until everything queued is written (True), or ``timeout`` seconds (False)."""
        with self._changed:
            return self._changed.wait_for(
                lambda: not self._queue and self._writing is None, timeout
            )

    def close(self, timeout: float = DRAIN_SECONDS) -> bool:
        """Write what is queued, for at most ``timeout`` seconds; then every descriptor still
        waiting is pointed at /dev/null (what it would not take is dropped), the thread ends,
        and later writes are tried once, at once. True if everything queued was written."""
        drained = self.drain(timeout)
        with self._changed:
            self._closed = True
            stuck = [*self._queue, *([self._writing] if self._writing else [])]
            self._queue.clear()
            self._queued = 0
            for fd, data in stuck:
                self._gone(fd)
                if data:
                    self._drop(fd, data)
            self._changed.notify_all()
        if drained:
            self._thread.join(timeout)
        return drained

    def _run(self) -> None:
        while True:
            with self._changed:
                self._writing = None
                self._changed.notify_all()
                self._changed.wait_for(lambda: self._queue or self._closed)
                if not self._queue:
                    return
                fd, first = self._queue.popleft()
                if first is not None:
                    self._queued -= len(first)
                    data = first
                else:
                    data = self._note()
                # Consecutive writes to one descriptor go out together (a print's text and end).
                while self._queue and self._queue[0][0] == fd and (more := self._queue[0][1]):
                    self._queue.popleft()
                    self._queued -= len(more)
                    data += more
                self._writing = fd, data
            self._write_out(fd, data)

    def _note(self) -> bytes:
        unsaid, self._unsaid = self._unsaid, 0
        if not unsaid:
            return b""
        return f"({unsaid} lines of output were dropped: nothing read them in time)\n".encode()

    def _write_out(self, fd: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:  # someone made the descriptor non-blocking: wait for room
                with contextlib.suppress(OSError, ValueError):
                    select.select([], [fd], [], 1.0)
            except InterruptedError:
                continue
            except OSError as error:
                with self._changed:
                    if error.errno in _GONE:
                        self._gone(fd)
                    self._drop(fd, bytes(view))
                return

    def _write_now(self, fd: int, data: bytes) -> None:
        """After close: one try, dropped if it fails (or would wait)."""
        try:
            _readable, ready, _failed = select.select([], [fd], [], 0)
            if ready:
                os.write(fd, data)
                return
        except (OSError, ValueError):
            pass
        self._drop(fd, data)

    def _drop(self, fd: int, data: bytes) -> None:
        lines = max(data.count(b"\n"), 1)
        self.dropped_lines += lines
        self._unsaid += lines
        # Said where the lines went missing: after what was queued before them.
        if not self._closed and fd not in self.gone and not self._said_next(fd):
            self._queue.append((fd, None))
            self._changed.notify_all()

    def _said_next(self, fd: int) -> bool:
        """Whether the last thing queued is a note about dropped lines, to ``fd``."""
        return bool(self._queue) and self._queue[-1] == (fd, None)

    def _gone(self, fd: int) -> None:
        """Point ``fd`` at /dev/null: its reader is gone (or will not read), and nothing written
        to it later — by this process or by Python at exit — may fail or wait."""
        if fd in self.gone:
            return
        self.gone.add(fd)
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, fd)
            finally:
                os.close(null)


class OutputStream(io.TextIOBase):
    """A text stream (``sys.stdout``, ``sys.stderr``) whose writes go through an :class:`Output`."""

    def __init__(self, output: Output, fd: int, like: TextIO | None = None) -> None:
        super().__init__()
        self._output = output
        self._fd = fd
        self._encoding = getattr(like, "encoding", None) or "utf-8"
        self._tty = False
        with contextlib.suppress(OSError):
            self._tty = os.isatty(fd)

    @property  # io.TextIOBase's is read-only too
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "backslashreplace"

    def write(self, text: str) -> int:
        self._output.write(self._fd, text.encode(self._encoding, "backslashreplace"))
        return len(text)

    def flush(self) -> None:
        """Nothing is kept here: what was written is queued for the writing thread already."""

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return self._tty

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def unfailing_output(drain_seconds: float = DRAIN_SECONDS) -> Iterator[Output]:
    """``sys.stdout`` and ``sys.stderr`` written through an :class:`Output` while the block
    runs (logging handlers made inside it write there too); at its end, what is queued is given
    ``drain_seconds`` to be written."""
    output = Output()
    saved = sys.stdout, sys.stderr
    streams = [_wrapped(output, stream) for stream in saved]
    sys.stdout, sys.stderr = streams[0], streams[1]
    try:
        yield output
    finally:
        output.close(drain_seconds)
        sys.stdout, sys.stderr = saved


def _wrapped(output: Output, stream: TextIO | None) -> TextIO | OutputStream | None:
    """``stream`` written through ``output``, or as it is when it has no descriptor."""
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return stream
    try:
        stream.flush()  # what was written before goes first
    except OSError as error:
        if error.errno in _GONE:
            output._gone(fd)  # its reader is gone already: Python's own flush at exit too
    except ValueError:
        pass  # closed
    return output.stream(fd, stream)

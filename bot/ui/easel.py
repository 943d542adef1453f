"""Where pictures are drawn, off the event loop, remembering the latest.

A picture is a pure function of what it is drawn from (a painter and a view), so the same
arguments give the same bytes: a picture drawn lately is sent again without drawing (every new
game's first board; a board shown again), and two requests for one picture while it is being
drawn share the drawing.

``DRAWING_PROCESSES`` (see :class:`bot.config.Settings`) sets how many worker processes draw
(two by default where there is a second core); 0 draws in threads of the bot's process. A
worker takes the drawing off the bot's interpreter lock, where a drawing thread held up every
click (``bench.bench_clicks --compare``: picture boards at 60 % of text boards' clicks per
second with a worker, 42 % in threads); an animation then holds the loop up a few milliseconds
instead of tens. Each picture goes to the worker with the fewest waiting. Drawing in threads,
the easel shortens the interpreter's switch interval (:data:`SWITCH_INTERVAL`) so the event
loop is not kept waiting on a drawing. Should a worker
die, the picture is drawn in a thread and a new worker is started for the next one. Workers
are fed through pipes the event loop reads itself (:mod:`bot.ui.drawing_workers`).

Wherever pictures are drawn, freed memory is kept for the next picture (:func:`keep_memory`).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import multiprocessing
import pickle
import sys
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Final

from bot.ui.drawing_workers import DrawingWorker, WorkerDied

log = logging.getLogger(__name__)

#: Pictures remembered (each a few tens of KB: a few MB in all).
REMEMBERED: Final = 256
#: Seconds a thread may hold the interpreter lock while another waits for it, when pictures
#: are drawn in threads (Python's default is 0.005). With 50 players clicking at once, a tenth
#: of Python's raised picture boards' share of text boards' clicks per second a little
#: (``bench.bench_clicks --compare``: a median of 38 % against 35.5 % over ten rounds each,
#: noisy on two shared cores); 0.2 and 1 ms did no better.
SWITCH_INTERVAL: Final = 0.0005
#: Imported by the workers' parent before forking, so each worker starts with the painters
#: and the font loaded.
PRELOAD: Final = ("bot.pictures.bushi", "bot.pictures.senretsu", "bot.pictures.yosukou")

Painter = Callable[..., bytes]
#: glibc's mallopt parameters, and the allocation size below which freed memory is kept.
_M_TRIM_THRESHOLD: Final = -1
_M_MMAP_THRESHOLD: Final = -3
_KEPT_BYTES: Final = 32 * 1024 * 1024


def _draw(job: bytes) -> bytes:
    """In a worker: the painter and its arguments, pickled once by the parent (the same bytes
    are the cache's key)."""
    paint, args = pickle.loads(job)
    drawn: bytes = paint(*args)
    return drawn


def keep_memory() -> None:
    """Keep memory freed in this process for its next use instead of handing it back to the
    system at once (glibc's thresholds raised): every picture allocates and frees a few MB,
    and the page faults of fetching them fresh from the system cost a third of a board's
    drawing (``bench.bench_pictures``). Where the C library has no ``mallopt``, nothing."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # not glibc (musl, macOS, Windows)
        return
    mallopt(_M_MMAP_THRESHOLD, _KEPT_BYTES)
    mallopt(_M_TRIM_THRESHOLD, 4 * _KEPT_BYTES)


def _warm() -> None:
    # The first picture pays for loading fonts; do it before any player waits on it.
    import importlib

    keep_memory()
    for module in PRELOAD:
        importlib.import_module(module)


class Easel:
    """Draws pictures off the event loop: ``await easel.draw(paint, *args)``."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._workers: list[DrawingWorker] = []
        self._drawn: OrderedDict[bytes, bytes] = OrderedDict()
        self._drawing: dict[bytes, asyncio.Future[bytes]] = {}
        #: Pictures asked for, and how many were drawn (the rest were remembered or shared).
        self.asked = self.drawn = 0

    def configure(self, processes: int) -> None:
        """Use ``processes`` workers from the next picture on (0: a thread)."""
        if processes != self.processes:
            self.shutdown()
            self.processes = processes
        if processes <= 0:
            keep_memory()
            # A drawing thread holds the interpreter lock for up to the switch interval each
            # time the event loop lets go of it, which it does at every socket call, database
            # query and poll: at Python's 5 ms the loop waited on the drawing at each step.
            sys.setswitchinterval(SWITCH_INTERVAL)

    def _worker(self) -> DrawingWorker | None:
        """The least busy worker on this event loop, started if need be (None: a thread)."""
        if self.processes <= 0:
            return None
        loop = asyncio.get_running_loop()
        if any(w.loop is not loop or not w.alive for w in self._workers):
            # A new event loop (a restarted bot, a test) or a worker that died: start afresh.
            self.shutdown()
        if not self._workers:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(PRELOAD))
            self._workers = [DrawingWorker(context, _draw, _warm) for _ in range(self.processes)]
        return min(self._workers, key=lambda w: w.load)

    def start(self) -> None:
        """Start the workers on the running event loop (at start-up: the first picture would
        otherwise wait for them)."""
        self._worker()

    def worker_pids(self) -> list[int]:
        """The worker processes' ids (a benchmark reads their CPU time)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def shutdown(self) -> None:
        for worker in self._workers:
            worker.close()
        self._workers = []

    async def draw(self, paint: Painter, *args: Any, remember: bool = True) -> bytes:
        """``paint(*args)``, drawn in a worker, or as remembered; ``remember=False`` keeps
        what is drawn for once (an animation's frames) from pushing boards out."""
        self.asked += 1
        try:
            job = pickle.dumps((paint, args), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            self.drawn += 1
            return await asyncio.to_thread(paint, *args)  # a painter made on the fly
        remembered = self._drawn.get(job)
        if remembered is not None:
            self._drawn.move_to_end(job)
            return remembered
        pending = self._drawing.get(job)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[job] = future
        try:
            drawn = await self._run(job, paint, args)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody shared
            raise
        finally:
            del self._drawing[job]
        future.set_result(drawn)
        if remember:
            self._drawn[job] = drawn
            if len(self._drawn) > REMEMBERED:
                self._drawn.popitem(last=False)
        return drawn

    async def draw_many(
        self, paint: Painter, jobs: Sequence[tuple[Any, ...]], remember: bool = True
    ) -> list[bytes]:
        """Several pictures at once, spread over the workers (the frames of an animation)."""
        drawing = (self.draw(paint, *args, remember=remember) for args in jobs)
        return list(await asyncio.gather(*drawing))

    async def _run(self, job: bytes, paint: Painter, args: tuple[Any, ...]) -> bytes:
        self.drawn += 1
        worker = self._worker()
        if worker is not None:
            try:
                return await worker.draw(job)
            except WorkerDied:
                log.warning("a drawing worker died; drawing in a thread, a new worker next time")
        return await asyncio.to_thread(paint, *args)


#: The bot's easel (one per process: the workers are shared by every shard's client).
EASEL: Final = Easel()

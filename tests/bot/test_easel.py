"""The easel: a picture asked for again is not drawn again, two asks at once share one drawing,
and what is drawn once for all (an animation) is not kept."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.games.spec import LazyPainter
from bot.ui.easel import SWITCH_INTERVAL, Easel
from rules.bushi import BushiRules

PAINT = LazyPainter("bot.pictures.bushi", "draw_board")


async def test_a_picture_is_drawn_once_and_shared_while_drawn() -> None:
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(0)
    first, second = await asyncio.gather(
        easel.draw(PAINT, view, "en", ()), easel.draw(PAINT, view, "en", ())
    )
    again = await easel.draw(PAINT, view, "en", ())
    assert first == second == again and first.startswith(b"\x89PNG")
    assert (easel.asked, easel.drawn) == (3, 1)
    # Another language is another picture; one drawn for once is not kept.
    await easel.draw(PAINT, view, "ja", (), remember=False)
    await easel.draw(PAINT, view, "ja", (), remember=False)
    assert easel.drawn == 3
    await easel.draw(PAINT, view, "ja", ())
    await easel.draw(PAINT, view, "ja", (), remember=False)  # found among the remembered
    assert easel.drawn == 4


async def test_a_painter_made_on_the_fly_is_drawn_in_a_thread() -> None:
    easel = Easel(0)
    assert await easel.draw(lambda n: bytes([n]), 7) == b"\x07"
    assert easel.drawn == 1


async def test_a_worker_process_draws_the_same_picture() -> None:
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(1)
    try:
        drawn = await easel.draw(PAINT, view, "en", ())
    finally:
        easel.shutdown()
    assert drawn == PAINT(view, "en", ())


def test_drawing_in_threads_lets_the_event_loop_back_in_sooner() -> None:
    saved = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        easel = Easel(1)
        easel.configure(1)  # worker processes: the interpreter is left as it is
        assert sys.getswitchinterval() == pytest.approx(0.005)
        easel.configure(0)
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
        assert SWITCH_INTERVAL < 0.005
    finally:
        sys.setswitchinterval(saved)


async def test_a_worker_that_dies_is_replaced_and_no_picture_is_lost() -> None:
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(1)
    try:
        first = await easel.draw(PAINT, view, "en", ())
        (worker,) = easel._workers
        worker.process.kill()
        worker.process.join(5)
        # Asked while the worker lies dead: drawn in a thread instead, the same picture.
        again = await easel.draw(PAINT, view, "ja", ())
        assert again == PAINT(view, "ja", ())
        # The next one goes to a new worker.
        await easel.draw(PAINT, view, "en", (), ("Kira", "Yamada"))
        (replacement,) = easel._workers
        assert replacement is not worker and replacement.process.is_alive()
        assert first == PAINT(view, "en", ())
    finally:
        easel.shutdown()


async def test_a_painters_failure_in_a_worker_is_raised_where_it_was_asked() -> None:
    easel = Easel(1)
    try:
        with pytest.raises(AttributeError, match="ply"):
            await easel.draw(PAINT, "not a view", "en", ())
        # The worker lives on.
        rules = BushiRules()
        view = rules.view_for(rules.new_game(None, 0), None)
        assert (await easel.draw(PAINT, view, "en", ())).startswith(b"\x89PNG")
        assert easel._workers[0].alive
    finally:
        easel.shutdown()


async def test_pictures_asked_at_once_of_a_new_worker_are_all_drawn_by_it(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(1)
    try:
        names = [(f"p{k}", "b") for k in range(12)]
        drawn = await asyncio.gather(*(easel.draw(PAINT, view, "en", (), n) for n in names))
        (worker,) = easel._workers
        assert worker.alive and worker.process.is_alive()
        assert drawn == [PAINT(view, "en", (), n) for n in names]
        assert "died" not in caplog.text
    finally:
        easel.shutdown()


async def test_pictures_asked_at_once_are_spread_over_the_workers() -> None:
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(2)
    try:
        names = [(f"p{k}", "b") for k in range(10)]
        await asyncio.gather(*(easel.draw(PAINT, view, "ja", (), n) for n in names))
        answered = sorted(w.answered for w in easel._workers)
        assert sum(answered) == 10 and answered[0] >= 4  # five each: the fewest waiting
    finally:
        easel.shutdown()


async def test_a_worker_leaves_ctrl_c_and_sigterm_to_the_bot() -> None:
    """A terminal's Ctrl-C reaches the workers too (and systemd's SIGTERM every process of the
    service): they draw on, quietly, until the bot closes their pipes."""
    rules = BushiRules()
    view = rules.view_for(rules.new_game(None, 0), None)
    easel = Easel(1)
    try:
        await easel.draw(PAINT, view, "en", ())
        (worker,) = easel._workers
        for stop in (signal.SIGINT, signal.SIGTERM):
            os.kill(worker.process.pid, stop)
        assert await easel.draw(PAINT, view, "ja", ()) == PAINT(view, "ja", ())
        assert easel._workers == [worker] and worker.process.is_alive()
    finally:
        easel.shutdown()


_KILLED_BOT = """
import asyncio, os, signal, sys
from bot.games.spec import LazyPainter
from bot.ui.easel import Easel
from rules.bushi import BushiRules

async def main():
    rules = BushiRules()
    easel = Easel(2)
    view = rules.view_for(rules.new_game(None, 0), None)
    paint = LazyPainter("bot.pictures.bushi", "draw_board")
    await asyncio.gather(*(easel.draw(paint, view, "en", (), (str(k), "b")) for k in range(4)))
    print(*easel.worker_pids(), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_the_workers_end_with_a_killed_bot() -> None:
    """No worker outlives its bot: killed outright, it leaves no process behind."""
    done = subprocess.run(
        [sys.executable, "-c", _KILLED_BOT],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2
    deadline = time.monotonic() + 120  # a hang guard: they go at once on a quiet machine
    while any(_running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(p) for p in pids)

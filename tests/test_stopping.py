"""Stop means stop: ``python -m bot``, connected to the loopback Discord with its two drawing
workers running, ends on SIGTERM or Ctrl-C however its output is wired — a pipe whose reader
is gone (``python -m bot 2>&1 | tee bot.log``, where Ctrl-C ends ``tee`` too), a pipe nobody
reads, a terminal's Ctrl-C sent to every process of its group — exits 0, and prints no
traceback, within the time docs/operating.md tells a supervisor to give it."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import sys
import termios
import time
from asyncio.subprocess import Process
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.pace import quiet_seconds
from tests.fakediscord.server import API_PREFIX
from tests.test_operating import SUPERVISOR_SECONDS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="POSIX signals; reads /proc"),
]

ROOT = Path(__file__).resolve().parent.parent
#: What docs/operating.md tells a supervisor to give a stop before a SIGKILL (a safety net:
#: with nothing running, a stop takes about a second).
STOP_SECONDS = SUPERVISOR_SECONDS
#: Generous: importing everything and connecting on two shared, busy cores.
START_SECONDS = 90

#: ``python -m bot`` itself, with discord.py's two addresses pointed at the loopback Discord;
#: SIGUSR1 writes every thread's stack to the file named third (its output may be a dead pipe),
#: so a stop that never comes says where it hangs.
LAUNCH = """
import faulthandler, runpy, signal, sys
import discord, yarl
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
faulthandler.register(signal.SIGUSR1, file=open(sys.argv[3], "w"), all_threads=True)
del sys.argv[1:]
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""
#: Where the launched bot writes its stacks on SIGUSR1 (one bot per test's directory).
STACKS = "stacks.txt"


def bot_command(fake: FakeDiscord, tmp_path: Path) -> list[str]:
    return [
        sys.executable,
        "-c",
        LAUNCH,
        fake.base_url + API_PREFIX,
        fake.gateway_url,
        str(tmp_path / STACKS),
    ]


def bot_env(tmp_path: Path, **changes: str) -> dict[str, str]:
    return {
        **os.environ,
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        "HEARTBEAT_FILE": str(tmp_path / "heartbeat"),
        "DRAWING_PROCESSES": "2",
        "LOG_LEVEL": "INFO",
        **changes,
    }


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(assert_clean_on_exit=False) as fake:
        fake.add_guild("Dojo")
        yield fake


def _stat(pid: int) -> list[str] | None:
    """``/proc/PID/stat``'s fields after the name (state, ppid, pgrp …); None once it is gone
    or a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields


def _processes() -> Iterator[tuple[int, list[str]]]:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            yield int(entry.name), fields


def drawing_workers(bot: int) -> list[int]:
    """The bot's drawing workers: its fork server's children."""
    parents = {pid: int(fields[1]) for pid, fields in _processes()}
    children = {pid for pid, parent in parents.items() if parent == bot}
    return [pid for pid, parent in parents.items() if parent in children]


def ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    (ignored,) = (line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(ignored, 16) & (1 << (signal.SIGINT - 1)))


def in_pipe(fd: int) -> int:
    """Bytes written into the pipe and not read."""
    waiting = bytearray(4)
    fcntl.ioctl(fd, termios.FIONREAD, waiting)
    return int.from_bytes(waiting, sys.byteorder)


async def until(what: str, done: Callable[[], bool], child: Process, seconds: float) -> None:
    """Wait (serving the loopback Discord meanwhile) until ``done()``, for ``seconds`` of a
    quiet machine; the bot must live on."""
    deadline = time.monotonic() + quiet_seconds(seconds)
    while not done():
        assert child.returncode is None, (
            f"the bot ended (exit code {child.returncode}) before {what}"
        )
        assert time.monotonic() < deadline, f"not {what} after {seconds} s"
        await asyncio.sleep(0.05)


async def serving(fake: FakeDiscord, child: Process, drain: int = -1) -> list[int]:
    """Wait until the bot is connected and both its drawing workers run, ignoring Ctrl-C;
    ``drain``: a pipe to read meanwhile (so that it never fills). Returns the workers."""

    def ready() -> bool:
        if drain >= 0:
            try:
                while os.read(drain, 65536):
                    pass
            except BlockingIOError:
                pass
        workers = drawing_workers(child.pid)
        return (
            bool(fake.gateway.identifies and fake.syncs)
            and len(workers) == 2
            and all(ignores_sigint(pid) for pid in workers)
        )

    await until("connected with two drawing workers", ready, child, START_SECONDS)
    return drawing_workers(child.pid)


async def stopped(child: Process, rest: Callable[[], list[int]], tmp_path: Path) -> None:
    """The bot exits within :data:`STOP_SECONDS` of a quiet machine (a loaded one's are
    longer: :mod:`tests.fakediscord.pace`), and the processes ``rest()`` lists (its drawing
    workers, its whole process group) end with it. One still running is asked for its threads'
    stacks, shown in the failure."""
    limit = quiet_seconds(STOP_SECONDS)
    deadline = time.monotonic() + limit
    try:
        await asyncio.wait_for(child.wait(), limit)
    except TimeoutError:
        child.send_signal(signal.SIGUSR1)
        await asyncio.sleep(2)
        stacks = (tmp_path / STACKS).read_text(errors="replace")
        pytest.fail(
            f"still running {limit:.0f} s after the signal ({STOP_SECONDS} s quiet); "
            f"its threads:\n{stacks}"
        )
    while left := rest():  # a worker ends at its pipe's end
        assert time.monotonic() < deadline, f"outlived the bot: {left}"
        await asyncio.sleep(0.05)


def alive(pids: list[int]) -> Callable[[], list[int]]:
    return lambda: [pid for pid in pids if _stat(pid)]


def group(pgrp: int) -> Callable[[], list[int]]:
    return lambda: [pid for pid, fields in _processes() if int(fields[2]) == pgrp]


async def kill(child: Process) -> None:
    if child.returncode is None:
        child.kill()
        await child.wait()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_bot_whose_output_reader_is_gone_stops(
    fake: FakeDiscord, tmp_path: Path, stop: signal.Signals
) -> None:
    """``python -m bot 2>&1 | tee bot.log``, then ``tee`` ends (the Ctrl-C reached it too):
    the stop's report meets a broken pipe, and the bot stops all the same."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    child = await asyncio.create_subprocess_exec(
        *bot_command(fake, tmp_path), cwd=ROOT, env=bot_env(tmp_path), stdout=write, stderr=write
    )
    os.close(write)
    try:
        workers = await serving(fake, child, drain=read)
        os.close(read)
        read = -1
        child.send_signal(stop)
        await stopped(child, alive(workers), tmp_path)
    finally:
        await kill(child)
        if read >= 0:
            os.close(read)
    assert child.returncode == 0


async def test_a_bot_whose_output_nobody_reads_stops(fake: FakeDiscord, tmp_path: Path) -> None:
    """A log collector that stopped reading: the pipe is full, every write would wait. The bot
    connects, serves and stops all the same; what its output could not take is dropped."""
    read, write = os.pipe()
    fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, 4096)
    # Full before the bot starts: its very first write would wait (filling it from the bot's
    # own output instead would make the test's pace the machine's).
    os.set_blocking(write, False)
    with contextlib.suppress(BlockingIOError):
        while True:
            os.write(write, b"." * 512)
    os.set_blocking(write, True)
    full = in_pipe(read)
    env = bot_env(tmp_path, LOG_LEVEL="DEBUG")  # discord.py logs every gateway message
    child = await asyncio.create_subprocess_exec(
        *bot_command(fake, tmp_path), cwd=ROOT, env=env, stdout=write, stderr=write
    )
    os.close(write)
    try:
        workers = await serving(fake, child)
        assert in_pipe(read) == full  # not a byte of its output got in
        child.send_signal(signal.SIGTERM)
        await stopped(child, alive(workers), tmp_path)
    finally:
        await kill(child)
        os.close(read)
    assert child.returncode == 0


async def test_ctrl_c_in_a_terminal_stops_the_bot_and_its_workers_quietly(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """A terminal's Ctrl-C is a SIGINT to every process of its foreground group: the bot, its
    fork server and its drawing workers. The bot stops gracefully; the workers leave the stop
    to it (no KeyboardInterrupt traceback from each of them)."""
    log = tmp_path / "bot.log"
    with log.open("wb") as output:
        child = await asyncio.create_subprocess_exec(
            *bot_command(fake, tmp_path),
            cwd=ROOT,
            env=bot_env(tmp_path),
            stdout=output,
            stderr=output,
            start_new_session=True,  # its own process group, as a terminal's job
        )
    try:
        await serving(fake, child)
        os.killpg(child.pid, signal.SIGINT)
        await stopped(child, group(child.pid), tmp_path)
    finally:
        for pid in group(child.pid)():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        await kill(child)
    said = log.read_text(encoding="utf-8", errors="replace")
    assert child.returncode == 0, said
    assert "SIGINT: letting running interactions finish, then stopping" in said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert "Exception ignored" not in said, said

"""The bot's output never fails it or holds it up: a pipe whose reader is gone is pointed at
/dev/null, a pipe nobody reads drops what does not fit (and says so when read again)."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.output import Output

ROOT = Path(__file__).resolve().parents[2]
#: A safety net only: nothing here waits unless something is wrong.
PATIENCE = 30.0


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read, write = os.pipe()
    yield read, write
    for fd in (read, write):
        with contextlib.suppress(OSError):  # closed by the test
            os.close(fd)


def is_devnull(fd: int) -> bool:
    return os.path.samestat(os.fstat(fd), os.stat(os.devnull))


def fill(fd: int) -> None:
    """Write into the pipe until it takes no more."""
    os.set_blocking(fd, False)
    try:
        while True:
            os.write(fd, b"x" * 4096)
    except BlockingIOError:
        pass
    finally:
        os.set_blocking(fd, True)


def read_all(fd: int) -> bytes:
    os.set_blocking(fd, False)
    chunks = []
    try:
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    except BlockingIOError:
        pass
    return b"".join(chunks)


def test_a_pipe_whose_reader_is_gone_is_pointed_at_devnull(pipe: tuple[int, int]) -> None:
    read, write = pipe
    output = Output()
    os.close(read)
    stream = output.stream(write)
    assert stream.write("stopping\n") == len("stopping\n")  # no BrokenPipeError
    assert output.drain(PATIENCE)
    assert output.gone == {write} and is_devnull(write)
    stream.write("and more\n")
    assert output.close(PATIENCE)
    assert output.dropped_lines == 1  # the line the pipe refused; later ones went to /dev/null


def test_a_pipe_nobody_reads_never_holds_the_writer_up(pipe: tuple[int, int]) -> None:
    read, write = pipe
    fill(write)
    output = Output(limit=1000)
    stream = output.stream(write)
    done = threading.Event()

    def write_lines() -> None:
        for n in range(100):  # 100 lines of 20 bytes: twice what may wait
            stream.write(f"line {n:03}............\n")
        done.set()

    writer = threading.Thread(target=write_lines)
    writer.start()
    assert done.wait(PATIENCE)  # it did not wait for the pipe
    writer.join()
    assert not output.drain(0.05)  # the pipe is full: the writing thread waits, not the writer
    dropped = output.dropped_lines
    # Some were dropped (how many the writing thread had taken before the pipe stopped it
    # depends on the machine's pace; the count below says every line is accounted for).
    assert dropped >= 1
    # The reader comes back: what was queued goes out, then a line about what was lost.
    taken = b""
    while not output.drain(0.01):
        taken += read_all(read)
    stream.write("after\n")
    assert output.close(PATIENCE)
    taken += read_all(read)
    text = taken.decode().lstrip("x")
    assert text.startswith("line 000")
    assert text.count("line ") + dropped == 100  # each line went out, or was counted
    # Each note stands where lines went missing: right after the last line queued before them
    # (at the end, or mid-way when the writing thread made room and later lines were queued),
    # saying how many; together they count every line dropped.
    assert text.endswith("after\n")
    said = 0
    last_line = -1
    for line in text.splitlines()[:-1]:
        if line.startswith("line "):
            number = int(line[5:8])
            assert number > last_line  # in order, never twice
            last_line = number
        else:
            count = re.fullmatch(
                r"\((\d+) lines of output were dropped: nothing read them in time\)", line
            )
            assert count is not None, line
            said += int(count[1])
    assert said == dropped


def test_at_exit_a_stuck_pipe_is_given_up_on(pipe: tuple[int, int]) -> None:
    _read, write = pipe
    fill(write)
    output = Output()
    output.stream(write).write("never read\n")
    assert not output.close(0.1)  # waited that long only
    assert is_devnull(write) and output.dropped_lines == 1
    output.stream(write).write("after the end\n")  # tried once, at once


EXIT = """
import sys
from bot.output import unfailing_output
with unfailing_output(drain_seconds=5):
    for n in range(20000):
        print("a line of the bot's output", n)
    print("an error", file=sys.stderr)
"""


def test_python_exits_quietly_and_with_0_when_its_output_reader_is_gone() -> None:
    """Without it: ``Exception ignored … BrokenPipeError`` on stderr, and exit code 120 (the
    flush of stdout at exit failed)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-c", EXIT],
            cwd=ROOT,
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write)
    assert done.returncode == 0
    assert done.stderr == b"an error\n"

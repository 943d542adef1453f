"""The batcher behind PostgreSQL's hot path (bot/db/batcher.py): a lone call goes at once (in
the caller's own task where asked), calls arriving meanwhile go together next, each call gets
its own outcome, and a write whose caller gives up is still finished."""

from __future__ import annotations

import asyncio

import pytest

from bot.db.batcher import Batcher


class Recorder:
    """A batch runner that records each batch and the task it ran in, and waits to be let go."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.tasks: list[asyncio.Task[object] | None] = []
        self.gate = asyncio.Event()
        self.gate.set()

    async def run(self, payloads: list[int]) -> list[int | BaseException]:
        self.batches.append(list(payloads))
        self.tasks.append(asyncio.current_task())
        await self.gate.wait()
        return [ValueError(p) if p < 0 else p * 10 for p in payloads]


async def test_a_lone_inline_call_runs_in_the_callers_task() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher(recorder.run, inline=True)
    assert await batcher.submit(3) == 30
    assert recorder.batches == [[3]]
    assert recorder.tasks == [asyncio.current_task()]


async def test_a_lone_call_runs_in_the_batchers_task_unless_inline() -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher(recorder.run)
    assert await batcher.submit(3) == 30
    assert recorder.tasks[0] is not asyncio.current_task()
    await batcher.close()


@pytest.mark.parametrize("inline", [True, False])
async def test_calls_arriving_meanwhile_go_together_after_the_first(inline: bool) -> None:
    recorder = Recorder()
    recorder.gate.clear()
    batcher: Batcher[int, int] = Batcher(recorder.run, inline=inline)
    first = asyncio.create_task(batcher.submit(1))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert recorder.batches == [[1]]  # in flight, held at the gate
    rest = [asyncio.create_task(batcher.submit(n)) for n in (2, 3, 4)]
    await asyncio.sleep(0)
    recorder.gate.set()
    assert await first == 10
    assert await asyncio.gather(*rest) == [20, 30, 40]
    assert recorder.batches == [[1], [2, 3, 4]]
    # Idle again: the next lone call goes at once, alone.
    assert await batcher.submit(5) == 50
    assert recorder.batches[-1] == [5]
    await batcher.close()


@pytest.mark.parametrize("inline", [True, False])
async def test_each_call_gets_its_own_outcome(inline: bool) -> None:
    recorder = Recorder()
    batcher: Batcher[int, int] = Batcher(recorder.run, inline=inline)
    with pytest.raises(ValueError):
        await batcher.submit(-1)
    outcomes = await asyncio.gather(batcher.submit(-2), batcher.submit(2), return_exceptions=True)
    assert isinstance(outcomes[0], ValueError) and outcomes[1] == 20
    await batcher.close()


async def test_a_batch_that_raises_fails_its_calls_and_the_next_call_still_goes() -> None:
    calls: list[list[int]] = []

    async def broken(payloads: list[int]) -> list[int | BaseException]:
        calls.append(payloads)
        if len(calls) == 1:
            raise ConnectionError("gone")
        return list(payloads)

    batcher: Batcher[int, int] = Batcher(broken, inline=True)
    with pytest.raises(ConnectionError):
        await batcher.submit(1)
    assert await batcher.submit(2) == 2


async def test_a_call_whose_caller_gives_up_is_still_finished() -> None:
    recorder = Recorder()
    recorder.gate.clear()
    batcher: Batcher[int, int] = Batcher(recorder.run)
    caller = asyncio.create_task(batcher.submit(7))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    recorder.gate.set()
    await batcher.close()
    assert recorder.batches == [[7]]
    assert recorder.tasks[0] is not None and not recorder.tasks[0].cancelled()

"""The click benchmark's fair comparison: the fake Discord and its players in a process of their
own, the bot alone in this one (``bench/fake_apart.py``), each board edited as a player sees
it and the CPU of either process counted apart."""

from __future__ import annotations

import pytest

from bench.bench_clicks import measure_apart


@pytest.mark.slow
@pytest.mark.parametrize("pictures", [False, True], ids=["text", "pictures"])
async def test_the_bot_is_measured_apart_from_the_fake(pictures: bool) -> None:
    latencies, per_second, bot_cpu, fake_cpu = await measure_apart(4, 20, pictures)
    assert len(latencies) == 20 and all(0 < s < 30 for s in latencies)
    assert per_second > 0
    # Both processes worked for every click, each counted in its own process.
    assert bot_cpu > 0 and fake_cpu > 0

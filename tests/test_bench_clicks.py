"""The click benchmark's fair comparison: the fake Discord and its players in a process of their
own, the bot alone in this one (``bench/fake_apart.py``), each board edited as a player sees
it and the CPU of either process counted apart."""

from __future__ import annotations

import pytest

from bench.bench_clicks import measure_apart


@pytest.mark.slow
@pytest.mark.parametrize("pictures", [False, True], ids=["text", "pictures"])
async def test_the_bot_is_measured_apart_from_the_fake(pictures: bool) -> None:
    measured = await measure_apart(4, 40, pictures, processes=1)
    latencies, per_second, bot_cpu, fake_cpu, drawing_cpu = measured
    assert len(latencies) == 40 and all(0 < s < 30 for s in latencies)
    assert per_second > 0
    # Both processes worked for every click, each counted in its own process; so did the
    # drawing worker, for pictures only.
    assert bot_cpu > 0 and fake_cpu > 0
    assert (drawing_cpu > 0) == pictures

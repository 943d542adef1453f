"""``bench.scale`` at a toy size, so it can't rot: both deployments filled from games the real
service played, every measurement taken on both, and a ratio for each in the table."""

from __future__ import annotations

import pytest

from bench.scale import main
from bench.scale_measures import rows


@pytest.mark.slow
def test_the_scale_bench_measures_everything_at_two_sizes() -> None:
    [table] = main(
        ["--small", "500", "--games", "1500", "--live", "60", "--reps", "1", "--no-postgres"]
    )
    assert "SQLite: 500 vs 1 500 finished games" in table
    lines = [line for line in table.splitlines() if line.startswith("| ") and "ratio" not in line]
    assert len(lines) == len(rows())
    for line, name in zip(lines, rows(), strict=True):
        assert line.startswith(f"| {name} |")
        assert float(line.split("**")[1]) > 0

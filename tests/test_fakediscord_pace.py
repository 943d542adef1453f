"""The fake Discord's pace: a quiet machine's seconds, stretched by the load on each core and,
on a busy machine, by what the test process's niceness takes off its share."""

from __future__ import annotations

import os

import pytest

from tests.fakediscord import pace


def machine(
    monkeypatch: pytest.MonkeyPatch, load: float, cores: int = 2, nice: int = 0, runnable: int = 0
) -> None:
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr(pace, "_niceness", lambda: nice)
    monkeypatch.setattr(pace, "_runnable_now", lambda: float(runnable))


def test_a_quiet_machine_keeps_its_seconds_whatever_the_niceness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    machine(monkeypatch, load=0.5)
    assert pace.quiet_seconds(3.0) == 3.0
    machine(monkeypatch, load=1.9, nice=19)
    assert pace.quiet_seconds(3.0) == 3.0


def test_a_busy_machine_stretches_them_by_the_load_per_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    machine(monkeypatch, load=11.0)
    assert pace.quiet_seconds(2.0) == pytest.approx(11.0)
    # A burst the one-minute average has not caught up with yet counts at once.
    machine(monkeypatch, load=2.0, runnable=8)
    assert pace.load_factor() == pytest.approx(4.0)


def test_a_niced_test_run_on_a_busy_machine_waits_as_long_as_its_share_is_small(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At nice 10 beside work at nice 0 a process gets about a ninth of its share: a test run
    so (the mutation benchmark's coverage run at a load of 11) failed 13 waits sized by the
    load alone."""
    machine(monkeypatch, load=11.0, nice=10)
    assert pace.load_factor() == pytest.approx(5.5 * 1.25**10)
    assert pace.load_factor() > 50


def test_the_niceness_is_read_from_the_process() -> None:
    assert pace._niceness() == max(0, os.nice(0))

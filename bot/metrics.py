"""What the bot counts for Prometheus: one registry per process, fed by a few hooks at the
edges (the interaction gate and the one error path, the HTTP client's trace, the guarded write,
the picture drawing, the clock's bookkeeping, the database's refusals) and served only when
``METRICS_PORT`` is set (:mod:`bot.metrics_server`).

Counting is always on: an increment is a lock and an addition (well under a microsecond), so
the hot path needs no "is it enabled" branches; what costs something (the open games' count)
is computed only when scraped.

Beside the bot's own, the registry has what the library's default one would: the process
(``process_cpu_seconds_total``, ``process_resident_memory_bytes`` …, on Linux), the
interpreter (``python_info``) and its garbage collector (``python_gc_*``); and
``asobiba_build_info``, which release runs where.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Iterator
from importlib import metadata

from prometheus_client import (
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

# Each counter's and histogram's ``_created`` timestamp doubles the scrape for nothing a
# dashboard uses (Prometheus finds resets by itself).
disable_created_metrics()  # type: ignore[no-untyped-call]

#: Seconds: from a few milliseconds (a commit) to Discord's 3-second deadline and past it.
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


BUILD_LABELS = ("version", "python", "discord_py", "revision")


def build_labels(revision: Callable[[], str]) -> tuple[str, str, str, str]:
    """This release's version, Python's, discord.py's, and ``revision()``: the newest schema
    revision it knows (the one it migrates databases to)."""
    import discord

    try:
        version = metadata.version("asobiba")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "unknown"
    return version, platform.python_version(), discord.__version__, revision()


class BuildInfo(Collector):
    """``asobiba_build_info{version, python, discord_py, revision} 1``: the labels are read at
    the first scrape (the revision means reading the migrations), then kept. Who serves the
    scrape names how the revision is read (:meth:`read_revision_by`): the metrics sit below the
    database layer, which they count."""

    def __init__(self) -> None:
        self._labels: tuple[str, str, str, str] | None = None
        self._revision: Callable[[], str] = lambda: "unknown"

    def read_revision_by(self, revision: Callable[[], str]) -> None:
        """Name how the schema revision is read; the labels are read again at the next scrape."""
        self._revision, self._labels = revision, None

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield self._family()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        if self._labels is None:
            self._labels = build_labels(self._revision)
        family = self._family()
        family.add_metric(list(self._labels), 1)
        yield family

    @staticmethod
    def _family() -> GaugeMetricFamily:
        return GaugeMetricFamily(
            "asobiba_build_info",
            "This process's release: its version, Python's and discord.py's, and the newest "
            "database schema revision it knows. Always 1.",
            labels=BUILD_LABELS,
        )


class Metrics:
    """The process's metrics, in a registry of their own (not the library's global one, so
    nothing else a host process imports shows up in the scrape)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        # What the library's default registry has (this one is ours alone: see above).
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)
        self.build = BuildInfo()
        registry.register(self.build)
        self.interactions = Counter(
            "asobiba_interactions",
            "Interactions handled, by kind (command, component, modal, autocomplete) and "
            "outcome (ok, refused, error, limited, stale, unknown).",
            ["kind", "outcome"],
            registry=registry,
        )
        self.refusals = Counter(
            "asobiba_refusals",
            "Friendly refusals (nothing changed), by reason: the refusal's class, or "
            "rate_limited for the per-user cooldown.",
            ["reason"],
            registry=registry,
        )
        self.ack_seconds = Histogram(
            "asobiba_ack_seconds",
            "From an interaction reaching the bot to Discord accepting its first response "
            "(Discord's deadline is 3 s).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.answered_ahead = Counter(
            "asobiba_answered_ahead",
            "Interactions acknowledged before their answer was ready (a slow database), by how "
            'the answer came: public, private (a "thinking…") or update (a click\'s message).',
            ["how"],
            registry=registry,
        )
        self.commit_seconds = Histogram(
            "asobiba_commit_seconds",
            "An action's guarded write: from sending it to the database's commit.",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.picture_seconds = Histogram(
            "asobiba_picture_seconds",
            "Drawing one board picture, off the event loop (the wait for a drawing worker or thread included).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.board_edit_seconds = Histogram(
            "asobiba_board_edit_seconds",
            "One message edit sent to Discord (boards are nearly all the bot edits).",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.database_errors = Counter(
            "asobiba_database_errors",
            "Times the database could not be used (locked, full, restarting, connection lost): "
            "each became a friendly refusal with nothing half-written.",
            registry=registry,
        )
        self.clock_work = Counter(
            "asobiba_clock_work",
            "Move-clock notices told and done, by kind (reminder, timedout, expired).",
            ["kind"],
            registry=registry,
        )
        self.delivery_retries = Counter(
            "asobiba_delivery_retries",
            "Deliveries (board redraws, pings, notices) Discord could not take at once: each "
            "waits out a back-off in the outbox and is tried again.",
            registry=registry,
        )
        self.dms_skipped = Counter(
            "asobiba_dms_skipped",
            "DMs not sent because Discord would refuse them (no request made), by what the bot "
            "knows: dms_closed (Discord refused with 50007 lately), no_shared_server (refused "
            "with 50278, no server in common since) or unknown (never seen where Discord vouches "
            "for a server in common).",
            ["reach"],
            registry=registry,
        )
        self.dms_refused = Counter(
            "asobiba_dms_refused",
            "DMs Discord refused (each a 403 spent from the allowance of invalid requests), by "
            "its code: 50007 (the user takes no DMs from the bot), 50278 (no server in common), "
            "or another; each is remembered, so the bot does not ask again.",
            ["code"],
            registry=registry,
        )


#: This process's metrics.
METRICS = Metrics()

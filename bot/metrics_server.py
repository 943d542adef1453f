"""The opt-in Prometheus endpoint (``METRICS_PORT``): ``GET /metrics`` on the bot's own event
loop (aiohttp, which discord.py already brings), serving :data:`bot.metrics.METRICS` plus
gauges read at scrape time — the shards connected, the games open and the outbox's backlog.
The database's figures are read at most every ``OPEN_GAMES_TTL`` seconds, however often it is
scraped."""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Awaitable, Callable, Iterator

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.db.migrations import head_revision
from bot.metrics import METRICS
from bot.services.deliveries import Backlog

log = logging.getLogger(__name__)

OPEN_GAMES_TTL = 15.0


class BotGauges(Collector):
    """The gauges computed when scraped; ``shards`` is read as it is, the open games come from
    the count :meth:`refresh` last made."""

    def __init__(
        self,
        shards: Callable[[], tuple[int, int]],
        open_games: Callable[[], Awaitable[int]],
        outbox: Callable[[], Awaitable[Backlog]] | None = None,
    ) -> None:
        self.shards = shards
        self.count_open_games = open_games
        self.read_outbox = outbox
        self.open_games: int | None = None
        self.outbox: Backlog | None = None
        self.counted_at = float("-inf")

    async def refresh(self) -> None:
        if time.monotonic() - self.counted_at < OPEN_GAMES_TTL:
            return
        self.counted_at = time.monotonic()  # a failed count is not retried at once either
        try:
            self.open_games = await self.count_open_games()
            if self.read_outbox is not None:
                self.outbox = await self.read_outbox()
        except Exception:  # the scrape still serves everything else
            log.warning("could not count the open games for the metrics", exc_info=True)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        connected, total = self.shards()
        yield GaugeMetricFamily(
            "asobiba_shards_connected", "Shards of this process connected to Discord.", connected
        )
        yield GaugeMetricFamily("asobiba_shards", "Shards this process serves.", total)
        if self.open_games is not None:
            yield GaugeMetricFamily(
                "asobiba_games_open",
                f"Games open (challenges and games in play), counted at most every "
                f"{OPEN_GAMES_TTL:.0f} s.",
                self.open_games,
            )
        if self.outbox is not None:
            yield GaugeMetricFamily(
                "asobiba_deliveries_pending",
                "Deliveries in the outbox (board redraws, pings, notices owed by committed "
                "changes, not yet taken by Discord).",
                self.outbox.pending,
            )
            yield GaugeMetricFamily(
                "asobiba_deliveries_failing",
                "Deliveries in the outbox that failed at least once (waiting out a back-off).",
                self.outbox.failing,
            )
            yield GaugeMetricFamily(
                "asobiba_deliveries_oldest_seconds",
                "Age of the oldest delivery in the outbox (0: none).",
                self.outbox.oldest_seconds,
            )


class MetricsUnavailable(Exception):
    """The metrics endpoint cannot listen where it was told (a setting to mend, not a network
    to wait for: deliberately no ``OSError``, which the start-up retries as Discord's)."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        if error.errno == errno.EADDRINUSE:
            line = (
                f"metrics port {port} is in use (METRICS_PORT): another program listens on "
                f"it; stop it or choose another port"
            )
        elif error.errno == errno.EACCES:
            line = (
                f"metrics port {port} needs privileges this user lacks (METRICS_PORT): "
                "choose a port above 1023"
            )
        else:
            line = (
                f"cannot serve metrics on {host}:{port} (METRICS_HOST, METRICS_PORT): "
                f"{error.strerror or error}"
            )
        super().__init__(line)


class MetricsServer:
    def __init__(self, gauges: BotGauges, host: str, port: int) -> None:
        self.gauges = gauges
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self.scrape)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as error:  # socket.gaierror too: a METRICS_HOST that does not resolve
            await runner.cleanup()
            raise MetricsUnavailable(self.host, self.port, error) from error
        self._runner = runner
        METRICS.registry.register(self.gauges)
        METRICS.build.read_revision_by(head_revision)
        log.info("serving metrics on http://%s:%d/metrics", self.host, self.port)

    async def scrape(self, _request: web.Request) -> web.Response:
        await self.gauges.refresh()
        body = generate_latest(METRICS.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def stop(self) -> None:
        if self._runner is None:
            return
        runner, self._runner = self._runner, None
        METRICS.registry.unregister(self.gauges)
        await runner.cleanup()

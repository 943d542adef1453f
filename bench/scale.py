"""Cost as the history grows: each command at 10 000 games and at 1 000 000, side by side.

    python -m bench.scale [--games 1000000] [--small 10000] [--live 10000] [--reps 5]
                          [--pg-url URL] [--pg-prefix NAME] [--no-postgres] [--no-sqlite]
                          [--keep DIR] [--only NAME ...]

Two deployments of each database (PostgreSQL at ``--pg-url``, default ``$TEST_DATABASE_URL``;
SQLite files) are filled (:mod:`bench.scale_shape`, :mod:`bench.scale_fill`): ``--small`` and ``--games`` finished games,
both with the same 100 000 players and 10 000 games in play. Then every measurement of
:mod:`bench.scale_measures` runs on both in the same process, in interleaved pairs — the small
one first in every other pair — after a rep that warms both up and is not counted; the cheap
ones (:data:`PAIRS`) several pairs a rep. Absolute times on a shared machine wander several-fold
from minute to minute; two deployments measured a moment apart wander together, so the figure
is the median of the pairs' ratios: the big one's statistic over the small one's (an action's
p99 and median, else the median of the pair's samples).

On PostgreSQL each deployment is a database of its own (``<--pg-prefix>_<games>``, by default
``asobiba_scale_<games>``), dropped at the end; SQLite files go in a temporary folder. ``--keep DIR`` keeps both (SQLite files in
``DIR``) and reuses any already filled with the same sizes, migrated to the newest schema
first (a kept deployment keeps the moves and tournaments earlier runs made: for figures to
report, start afresh).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import asyncpg

from bench.scale_fill import fill_postgres, fill_sqlite
from bench.scale_measures import Deployment, chosen, rows
from bench.scale_shape import LIVE, Shaper
from bench.scale_templates import make_templates
from bench.stats import percentile
from bot.config import normalize_database_url
from bot.db import Database

#: The PostgreSQL deployments' database names: ``<prefix>_<games>``.
PREFIX = "asobiba_scale"


#: Interleaved pairs a rep takes of each measurement (others: one). The cheap commands are
#: timed several times a rep, small and big in turn, so each pair's two figures are a moment
#: apart and the median of many pairs' ratios is not one unlucky minute's.
PAIRS = {
    "/games": 5,
    "/history (a page)": 5,
    "/standings (a page)": 5,
    "/profile": 3,
    "tournament round start (32 players)": 3,
}


@dataclass
class Figures:
    """Per measurement, each pair's statistic per deployment (in the order taken)."""

    small: dict[str, list[float]] = field(default_factory=dict)
    big: dict[str, list[float]] = field(default_factory=dict)

    def ratios(self, name: str) -> list[float]:
        """Each pair's ratio: the big one's statistic over the small one's, a moment apart."""
        return [b / s for b, s in zip(self.big[name], self.small[name], strict=True)]

    def ratio(self, name: str) -> float:
        """The median of the pairs' ratios: a load that comes and goes moves both figures of
        a pair together, and only some pairs at all."""
        return statistics.median(self.ratios(name))

    def spread(self, name: str) -> tuple[float, float]:
        """The middle half of the pairs' ratios (all of them when there are fewer than 4)."""
        ratios = sorted(self.ratios(name))
        if len(ratios) < 4:
            return ratios[0], ratios[-1]
        return percentile(ratios, 0.25), percentile(ratios, 0.75)


def statistic(kind: str, samples: list[float]) -> float:
    return percentile(samples, 0.99) if kind == "p99" else statistics.median(samples)


async def measure(
    small: Deployment, big: Deployment, reps: int, only: list[str] | None = None
) -> Figures:
    figures = Figures()
    pair = 0
    for rep in range(-1, reps):  # rep -1 warms up
        for name, kinds, method in chosen(only):
            for _ in range(PAIRS.get(name, 1) if rep >= 0 else 1):
                # The small one first in every other pair: neither is always the warmer.
                order = (small, big) if pair % 2 == 0 else (big, small)
                pair += 1
                for deployment in order:
                    samples = await method(deployment, rep)
                    if rep < 0:
                        continue
                    into = figures.small if deployment is small else figures.big
                    for kind in kinds:
                        into.setdefault(f"{name} ({kind})", []).append(statistic(kind, samples))
        print(f"  rep {rep + 1}/{reps} done" if rep >= 0 else "  warmed up", file=sys.stderr)
    return figures


def table(
    title: str,
    sizes: tuple[int, int],
    figures: Figures,
    reps: int,
    only: list[str] | None = None,
) -> str:
    small, big = sizes
    lines = [
        f"{title}: {small:,} vs {big:,} finished games ({reps} reps; ratio: the median of the "
        "interleaved pairs' ratios; beside it their middle half)",
        "",
        f"| measurement | at {small:,} | at {big:,} | ratio | pairs' ratios |",
        "|---|---|---|---|---|",
    ]
    for name in rows(only):
        low, high = figures.spread(name)
        lines.append(
            f"| {name} | {statistics.median(figures.small[name]) * 1000:.2f} ms "
            f"| {statistics.median(figures.big[name]) * 1000:.2f} ms "
            f"| **{figures.ratio(name):.2f}** | {low:.2f}–{high:.2f} |"
        )
    return "\n".join(lines).replace(",", " ")


# --- the deployments -----------------------------------------------------------------------


async def _count_games(url: str, upto: int) -> int | None:
    """Games with ids up to ``upto`` (those the fill makes: the measurements' own come after)."""
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            found = await conn.exec_driver_sql(f"SELECT count(*) FROM game WHERE id <= {upto}")
            return int(found.scalar() or 0)
    except Exception:  # no such database or table yet
        return None
    finally:
        await db.dispose()


Fill = Callable[[Shaper], Awaitable[None]]


async def prepare(url: str, shaper: Shaper, fill: Fill) -> None:
    """Migrate (a kept deployment to the newest schema too) and fill unless already filled."""
    games = shaper.games
    expected = games + shaper.in_play
    filled = await _count_games(url, expected)
    db = Database(url)
    started = time.perf_counter()
    try:
        upgrade = await db.migrate()
    finally:
        await db.dispose()
    if filled and upgrade.changed:  # a kept deployment brought to the newest schema
        took = time.perf_counter() - started
        print(f"  migrated {upgrade.before} → {upgrade.after} in {took:.0f} s", file=sys.stderr)
    if filled == expected:
        print(f"  reusing {url} ({games:,} games)", file=sys.stderr)
        return
    if filled:
        raise SystemExit(f"{url} holds {filled} games, not {expected}: drop it first")
    started = time.perf_counter()
    await fill(shaper)
    print(f"  filled {games:,} games in {time.perf_counter() - started:.0f} s", file=sys.stderr)


async def postgres_pair(
    server: str, sizes: tuple[int, int], keep: bool, prefix: str = PREFIX
) -> list[str]:
    """A database per size on ``server``; returns their URLs (filled)."""
    admin = await asyncpg.connect(server)
    urls = []
    try:
        for games in sizes:
            name = f"{prefix}_{games}"
            exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
            if exists and not keep:
                await admin.execute(f'DROP DATABASE "{name}"')
            if not exists or not keep:
                await admin.execute(f'CREATE DATABASE "{name}"')
            urls.append(server.rsplit("/", 1)[0] + "/" + name)
    finally:
        await admin.close()
    return urls


async def drop_postgres(server: str, sizes: tuple[int, int], prefix: str = PREFIX) -> None:
    admin = await asyncpg.connect(server)
    try:
        for games in sizes:
            await admin.execute(f'DROP DATABASE IF EXISTS "{prefix}_{games}" WITH (FORCE)')
    finally:
        await admin.close()


async def fill_file(path: Path, shaper: Shaper) -> None:
    await asyncio.to_thread(fill_sqlite, path, shaper)


@contextmanager
def folder(keep: str | None) -> Iterator[Path]:
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        yield Path(keep)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            yield Path(tmp)


async def run_pair(
    title: str,
    urls: list[str],
    shapers: list[Shaper],
    reps: int,
    fills: list[Fill],
    only: list[str] | None = None,
) -> str:
    sizes = (shapers[0].games, shapers[1].games)
    for url, shaper, fill in zip(urls, shapers, fills, strict=True):
        await prepare(url, shaper, fill)
    small, big = (
        Deployment(f"{title} {s.games}", url, s.games, sizes[0], s.in_play)
        for url, s in zip(urls, shapers, strict=True)
    )
    try:
        return table(title, sizes, await measure(small, big, reps, only), reps, only)
    finally:
        await small.close()
        await big.close()


async def run(args: argparse.Namespace) -> list[str]:
    sizes = (args.small, args.games)
    finished, live = await make_templates()
    shapers = [Shaper(finished, live, games, args.small, args.live) for games in sizes]
    tables = []
    if args.pg_url and not args.no_postgres:
        server = args.pg_url.replace("postgresql+asyncpg://", "postgresql://")
        urls = await postgres_pair(server, sizes, bool(args.keep), args.pg_prefix)
        try:
            fills: list[Fill] = [partial(fill_postgres, u) for u in urls]
            pg_urls = [normalize_database_url(u) for u in urls]
            tables.append(
                await run_pair("PostgreSQL", pg_urls, shapers, args.reps, fills, args.only)
            )
        finally:
            if not args.keep:
                await drop_postgres(server, sizes, args.pg_prefix)
    if not args.no_sqlite:
        with folder(args.keep) as where:
            paths = [where / f"scale-{games}.sqlite3" for games in sizes]
            fills = [partial(fill_file, p) for p in paths]
            urls = [f"sqlite+aiosqlite:///{p}" for p in paths]
            tables.append(await run_pair("SQLite", urls, shapers, args.reps, fills, args.only))
    return tables


def main(argv: list[str] | None = None) -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="the big deployment's")
    parser.add_argument("--small", type=int, default=10_000, help="the small deployment's")
    parser.add_argument("--live", type=int, default=LIVE, help="games in play, at both sizes")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--pg-url", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument(
        "--pg-prefix", default=PREFIX, help="the deployments' database names: PREFIX_<games>"
    )
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument("--keep", default=None, help="keep (and reuse) the deployments")
    parser.add_argument(
        "--only",
        nargs="+",
        default=None,
        metavar="NAME",
        help="only the measurements whose names begin so (e.g. /history /profile action)",
    )
    args = parser.parse_args(argv)
    try:
        chosen(args.only)  # an unknown name fails now, not after the fill
    except ValueError as error:
        parser.error(str(error))
    tables = asyncio.run(run(args))
    for text in tables:
        print(text + "\n")
    return tables


if __name__ == "__main__":
    main()

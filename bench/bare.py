"""What the database alone costs per action, measured beside the service in the same run:
the floor the service's actions per second are compared with."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import aiosqlite
import asyncpg

from bench.stats import percentile


async def bare_sqlite(path: Path, rows: int, updates: int) -> dict[str, float]:
    """Per action: read the game, write it back only if nobody changed it (the version guard),
    commit — through aiosqlite, WAL, synchronous=NORMAL."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")
        await conn.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, version INT, state TEXT)")
        await conn.executemany("INSERT INTO g VALUES (?, 1, ?)", [(i, "{}") for i in range(rows)])
        latencies = []
        started, cpu = time.perf_counter(), time.process_time()
        for n in range(updates):
            t0 = time.perf_counter()
            cursor = await conn.execute("SELECT version, state FROM g WHERE id = ?", (n % rows,))
            version, _state = await cursor.fetchone()  # type: ignore[misc]
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute(
                "UPDATE g SET version = version + 1, state = ? WHERE id = ? AND version = ?",
                (f'{{"n": {n}}}', n % rows, version),
            )
            await conn.execute("COMMIT")
            latencies.append(time.perf_counter() - t0)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {
        "updates": updates,
        "p50_ms": percentile(latencies, 0.5) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "updates_per_s": updates / elapsed,
        "cpu_ms": cpu / updates * 1000,
    }


async def bare_asyncpg(
    url: str, rows: int, updates: int, *, select_first: bool = False
) -> dict[str, float]:
    """Per action: one conditional UPDATE (``WHERE id = $2 AND version = $3``), autocommit, on
    one asyncpg connection — one round trip; with ``select_first`` a SELECT of the row before
    it (what the SQLite baseline does), in a scratch schema dropped afterwards."""
    schema = f"bare_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        table = f'"{schema}".g'
        await conn.execute(f"CREATE TABLE {table} (id int PRIMARY KEY, version int, state jsonb)")
        await conn.executemany(
            f"INSERT INTO {table} VALUES ($1, 1, '{{}}')", [(i,) for i in range(rows)]
        )
        versions = [1] * rows
        update = (
            f"UPDATE {table} SET version = version + 1, state = $1::jsonb "
            "WHERE id = $2 AND version = $3 RETURNING version"
        )
        select = f"SELECT version FROM {table} WHERE id = $1"
        latencies = []
        started, cpu = time.perf_counter(), time.process_time()
        for n in range(updates):
            t0 = time.perf_counter()
            row = n % rows
            if select_first:
                versions[row] = await conn.fetchval(select, row)
            versions[row] = await conn.fetchval(update, f'{{"n": {n}}}', row, versions[row])
            latencies.append(time.perf_counter() - t0)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        await conn.close()
    return {
        "updates": updates,
        "p50_ms": percentile(latencies, 0.5) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "updates_per_s": updates / elapsed,
        "cpu_ms": cpu / updates * 1000,
    }

"""The web pages under readers, and what they cost the bot's clicks.

    python -m bench.bench_web [--readers 50] [--requests 2000] [--clicks 600] [--rounds 2]

1. **Pages**: ``python -m bot web`` as its own process over a SQLite database of finished and
   running games, read by ``--readers`` concurrent readers (a process of their own, as readers
   are elsewhere) asking for game pages, board pictures, link previews, players and standings;
   beside it, in the same run, a bare aiohttp process answering a page of the same size from
   memory (no database, no template, no picture). Cold (every address asked once: each page
   made, each picture drawn) and warm (``--requests`` more over the same addresses): p50 / p95
   / p99 and requests per second, and the ratio of the warm and bare p95s (issue 34 asks p95
   ≤ 300 ms at 50 readers on two cores). ``--nice`` sets the web process's ``WEB_NICE``.
2. **Restarted**: the web process restarted over a database already holding
   ``--restart-games`` games (made ahead by the process before it), ``--readers`` readers
   arriving at once as it answers, each address asked once; with its pictures kept in memory
   only, then kept on disk between runs (``WEB_CACHE_DIR``), the bare server beside them.
   ``--restart-only``: only this pass.
3. **Clicks**: the bot's click p99 (``bench.bench_clicks``: pairs of players at 武士将棋 boards
   through the loopback fake of Discord, text boards) measured in turn without and with the
   web process serving the bot's own database to ``--readers`` readers, ``--rounds`` times
   each; the medians and their ratio (issue 34 asks within 5 %).

Figures, not a timed test: the machine's load moves from minute to minute, so only figures
taken side by side in one run compare.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator
from multiprocessing.connection import Connection
from pathlib import Path

import aiohttp

from bench.bench_clicks import measure_bot
from bench.stats import percentile
from bot.db import Database
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.web.addresses import Addresses, Kind
from rules.core import Resign, Rng

ROOT = Path(__file__).resolve().parent.parent
SECRET = "a benchmark's secret, thirty-two characters or more"
GAMES = 40


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def migrate(url: str) -> None:
    db = Database(url)
    await db.migrate()
    await db.dispose()


async def fill(url: str, count: int = GAMES) -> list[int]:
    """Finished 武士将棋 games and running 戦列札 ones between a few players, played as the
    bot plays them (the web process watching, where it runs): their ids."""
    db = Database(url)
    await db.migrate()
    games = GameService(db, seed_source=Rng.from_seed(5))
    people = [Player(1000 + n, f"reader{n}") for n in range(8)]
    ids = []
    for n in range(count):
        one, other = people[n % 8], people[(n + 3) % 8]
        kind = "bushi" if n % 2 else "senretsu"
        settings = {} if kind == "bushi" else {"first_player": "coin"}
        challenge = await games.starts.challenge(
            kind, one, other, settings=settings, rated=n % 2 == 1
        )
        result = await games.starts.accept(challenge.game.id, other.user_id)
        rng = Rng.from_seed(n)
        for _ in range(8):
            game = result.game
            if not game.seats_to_act:
                break
            seat = game.seats_to_act[0].seat
            action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
            user = game.player(seat).user_id
            result = await games.actions.act(game.id, user, game.version, game.rules.format(action))
        if kind == "bushi" and result.game.status.value == "active":
            await games.actions.act(result.game.id, other.user_id, None, Resign.code)
        ids.append(result.game.id)
    await db.dispose()
    return ids


def paths(game_ids: list[int]) -> list[str]:
    """What readers ask for, in turn: a game, its board and preview, a player, the standings."""
    addresses = Addresses(SECRET.encode())
    asked = []
    for n, game_id in enumerate(game_ids):
        game = f"/g/{addresses.token(Kind.GAME, game_id)}"
        lang = "ja" if n % 2 else "en"
        asked += [
            f"{game}?lang={lang}",
            f"{game}/board.png?lang={lang}",
            f"{game}/preview.png?lang={lang}",
            f"/p/{addresses.token(Kind.PLAYER, 1000 + n % 8)}?lang={lang}",
            f"/standings/bushi?lang={lang}",
        ]
    return asked


def start_web(
    database_url: str, nice: int | None = None, cache: str = "none"
) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m bot web`` over ``database_url``; ``nice``: its ``WEB_NICE`` (``None``: the
    setting's default); ``cache``: its ``WEB_CACHE_DIR`` (``none``: pictures in memory only,
    so a pass does not find another run's)."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "WEB_PORT": str(port),
        "WEB_SECRET": SECRET,
        "WEB_CACHE_DIR": cache,
        # One site for every process here (each on a port of its own): a restarted one finds
        # the pages the last one kept on disk, which link to the site's address.
        "WEB_BASE_URL": "https://asobiba.example.org",
        # INFO: the line saying the games made ahead are up to date (see ``caught_up``).
        "LOG_LEVEL": "INFO",
    }
    if nice is not None:
        env["WEB_NICE"] = str(nice)
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"], cwd=ROOT, env=env, stderr=subprocess.PIPE
    )
    said: list[str] = []
    SAID[process.pid] = said

    def listen() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            said.append(line.decode(errors="replace"))

    threading.Thread(target=listen, daemon=True).start()
    return process, f"http://127.0.0.1:{port}"


BARE = """
import sys
from aiohttp import web
page = ("<!DOCTYPE html><html><body>" + "x" * int(sys.argv[2]) + "</body></html>").encode()
async def answer(request):
    return web.Response(body=page, content_type="text/html")
app = web.Application()
app.router.add_get("/{tail:.*}", answer)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None, access_log=None)
"""


def start_bare(size: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", BARE, str(port), str(size)])
    return process, f"http://127.0.0.1:{port}"


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


async def ready(base: str) -> None:
    deadline = time.monotonic() + 60
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                async with session.get(base + "/robots.txt") as response:
                    await response.read()
                    return
            except aiohttp.ClientError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)


async def read(
    base: str,
    asked: list[str],
    readers: int,
    requests: int | None,
    until: float | None = None,
    think: float = 0.0,
    sizes: dict[str, int] | None = None,
    kinds: dict[str, list[float]] | None = None,
) -> tuple[list[float], float, int]:
    """``readers`` at once, each asking for the next path as soon as its last answer came (as
    a browser without a cache would), or ``think`` seconds after it (a person reading the
    page: about that long, randomly, so they do not ask in step); latencies, requests per
    second and failures. ``sizes``: each path's answer's size, filled in; ``kinds``: the
    latencies by kind of page (:func:`kind`)."""
    latencies: list[float] = []
    failures = 0
    counter = iter(range(requests if requests is not None else 10**12))
    pause = random.Random(7)

    async def reader(session: aiohttp.ClientSession) -> None:
        nonlocal failures
        for n in counter:
            if until is not None and time.monotonic() > until:
                return
            path = asked[n % len(asked)]
            started = time.perf_counter()
            async with session.get(base + path) as response:
                body = await response.read()
                if response.status != 200:
                    failures += 1
            latencies.append(time.perf_counter() - started)
            if sizes is not None:
                sizes[path] = len(body)
            if kinds is not None:
                kinds.setdefault(kind(path), []).append(latencies[-1])
            if think:
                await asyncio.sleep(think * (0.5 + pause.random()))

    connector = aiohttp.TCPConnector(limit=readers)
    async with aiohttp.ClientSession(connector=connector) as session:
        started = time.perf_counter()
        await asyncio.gather(*(reader(session) for _ in range(readers)))
        elapsed = time.perf_counter() - started
    return latencies, len(latencies) / elapsed, failures


def readers_apart(
    base: str, asked: list[str], readers: int, think: float, pipe: Connection
) -> None:
    """In a process of its own: read until told to stop, then say how many answers came. At
    the lowest priority: the readers stand for browsers on other machines, and their own CPU
    (an HTTP client fifty times over) is not what the pages cost the bot."""
    os.nice(19 - os.nice(0))
    answered: list[float] = []

    async def main() -> None:
        pipe.send("ready")  # started (its imports done): the clicks may begin
        task = asyncio.create_task(
            read(base, asked, readers, None, time.monotonic() + 3600, think=think)
        )
        started = time.monotonic()
        await asyncio.to_thread(pipe.recv)  # told to stop
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        answered.append(time.monotonic() - started)

    asyncio.run(main())
    pipe.send(answered[0])


def load() -> str:
    """The machine's load average (1, 5, 15 minutes): what the figures were taken under."""
    return "load average " + " / ".join(f"{n:.1f}" for n in os.getloadavg())


def describe(name: str, latencies: list[float], rate: float) -> str:
    return (
        f"{name:<22} p50 {percentile(latencies, 0.5) * 1000:7.1f} ms   "
        f"p95 {percentile(latencies, 0.95) * 1000:7.1f} ms   "
        f"p99 {percentile(latencies, 0.99) * 1000:7.1f} ms   "
        f"{rate:6.0f} req/s   ({len(latencies)} requests)"
    )


#: What each web process started here said on stderr, line by line.
SAID: dict[int, list[str]] = {}


async def caught_up(pid: int, since: int, limit: float = 120) -> float:
    """Waits until web process ``pid`` says the games made ahead are up to date, in a line
    after its first ``since`` (the games played meanwhile made too); how long that took."""
    started = time.monotonic()
    said = SAID[pid]
    while time.monotonic() - started < limit:
        if any("games made ahead are up to date" in line for line in said[since:]):
            break
        await asyncio.sleep(0.5)
    return time.monotonic() - started


def cpu_ticks(pid: int) -> int:
    """CPU time (clock ticks) of process ``pid`` and its children (its drawing processes)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(stat.parent.name) == pid or int(fields[1]) == pid:
                total += int(fields[11]) + int(fields[12])
    return total


async def quiet(pid: int, limit: float = 300) -> float:
    """Waits until process ``pid`` (and its children) use no more CPU (nothing left to paint
    ahead); how long that took."""
    started = time.monotonic()
    last, still = cpu_ticks(pid), 0
    while still < 2 and time.monotonic() - started < limit:
        await asyncio.sleep(1)
        now = cpu_ticks(pid)
        still = still + 1 if now - last <= 2 else 0
        last = now
    return time.monotonic() - started


def kind(path: str) -> str:
    """What ``path`` asks for: a game's page, board or preview, a player's page, a table."""
    if "/board.png" in path:
        return "board"
    if "/preview.png" in path:
        return "preview"
    return {"g": "game page", "p": "player page"}.get(path.split("/")[1], "standings page")


def weights(asked: list[str], sizes: dict[str, int]) -> str:
    """The heaviest page of each kind, a game's with its board (what a browser loads)."""
    game = max(
        sizes.get(p, 0) + sizes.get(p.replace("?", "/board.png?"), 0)
        for p in asked
        if p.startswith("/g/") and ".png" not in p
    )
    heaviest = {
        "game page + board": game,
        "link preview": max(sizes[p] for p in asked if "preview.png" in p),
        "player page": max(sizes[p] for p in asked if p.startswith("/p/")),
        "standings page": max(sizes[p] for p in asked if p.startswith("/standings/")),
    }
    return ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in heaviest.items())


async def pages(readers: int, requests: int, nice: int | None) -> None:
    """The web process starts over a new database and watches while the games are played
    (as the bot plays them), then paints ahead what they became. Cold: every address asked
    for once, 50 at once (no page or picture asked for before; what was painted ahead is
    there); warm: ``requests`` more in turn (what the web process keeps, by version or a
    short while, answers them). The bare server is read the same way, beside it."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'web.sqlite3'}"
        await migrate(url)
        web, base = start_web(url, nice)
        try:
            await ready(base)
            asked = paths(await fill(url))
            # The look after the last move: a line said after this one.
            waited = await caught_up(web.pid, len(SAID[web.pid]))
            async with aiohttp.ClientSession() as session, session.get(base + asked[0]) as answer:
                size = len(await answer.read())
            bare, bare_base = start_bare(size)
            # Started before the readers come: its start (a Python process importing aiohttp,
            # a core's worth for a while) is not what the cold pass measures.
            await ready(bare_base)
            loads = [load()]
            sizes: dict[str, int] = {}
            kinds: dict[str, list[float]] = {}
            warm_kinds: dict[str, list[float]] = {}
            try:
                # Cold first, while what was read ahead is fresh (kept ``PAGE_TTL``, 30 s).
                cold, cold_rate, cold_failures = await read(
                    base, asked, readers, len(asked), sizes=sizes, kinds=kinds
                )
                warm, warm_rate, warm_failures = await read(
                    base, asked, readers, requests, kinds=warm_kinds
                )
                bare_latencies, bare_rate, _ = await read(bare_base, asked, readers, requests)
                loads.append(load())
            finally:
                stop(bare)
        finally:
            stop(web)
    print(
        f"web pages: {readers} readers at once, {len(asked)} addresses "
        f"(WEB_NICE {'default' if nice is None else nice}; painted ahead in {waited:.0f} s; "
        f"{loads[0]} before, {loads[1]} after)"
    )
    print(describe("bare aiohttp (memory)", bare_latencies, bare_rate))
    print(describe("web, cold (first ask)", cold, cold_rate) + f"   {cold_failures} not 200")
    print(describe("web, warm (kept)", warm, warm_rate) + f"   {warm_failures} not 200")
    print(
        describe(
            "web, all",
            cold + warm,
            len(cold + warm) / (len(cold) / cold_rate + len(warm) / warm_rate),
        )
    )
    for when, by_kind in (("cold", kinds), ("warm", warm_kinds)):
        for name, taken in sorted(by_kind.items()):
            print(
                f"  {when}, {name:<15} p50 {percentile(taken, 0.5) * 1000:7.1f} ms   "
                f"p95 {percentile(taken, 0.95) * 1000:7.1f} ms   ({len(taken)} requests)"
            )
    ratio = percentile(warm, 0.95) / percentile(bare_latencies, 0.95)
    print(f"p95 web warm/bare: {ratio:.1f}")
    print(f"heaviest: {weights(asked, sizes)}")


async def restarted(readers: int, games: int, nice: int | None) -> None:
    """The web process restarted over a database that already holds ``games`` games: one
    process watches while they are played and paints them ahead, then stops; a new one starts
    over the same database and, as soon as it answers, ``readers`` readers arrive at once and
    ask for every address once (cold: nothing asked of this process before). Twice in turn:
    with the pictures kept only in memory (``WEB_CACHE_DIR=none``: gone with the process)
    and kept on disk between runs; the bare server read the same way beside them."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'web.sqlite3'}"
        cache = str(Path(tmp) / "web-cache")
        await migrate(url)
        first, base = start_web(url, nice, cache)
        try:
            await ready(base)
            asked = paths(await fill(url, games))
            painted = await caught_up(first.pid, len(SAID[first.pid]), limit=600)
            async with aiohttp.ClientSession() as session, session.get(base + asked[0]) as answer:
                size = len(await answer.read())
        finally:
            stop(first)
        bare, bare_base = start_bare(size)
        results: dict[str, tuple[list[float], float, int, dict[str, list[float]]]] = {}
        loads = [load()]
        try:
            await ready(bare_base)
            bare_latencies, bare_rate, _ = await read(bare_base, asked, readers, len(asked))
            for name, kept in (("memory only", "none"), ("kept on disk", cache)):
                web, base = start_web(url, nice, kept)
                try:
                    await ready(base)  # answering: the readers arrive at once
                    kinds: dict[str, list[float]] = {}
                    latencies, rate, failures = await read(
                        base, asked, readers, len(asked), kinds=kinds
                    )
                    results[name] = (latencies, rate, failures, kinds)
                    loads.append(load())
                finally:
                    stop(web)
        finally:
            stop(bare)
    print(
        f"restarted over {games} games: {readers} readers at once as it answers, "
        f"{len(asked)} addresses, each once (WEB_NICE "
        f"{'default' if nice is None else nice}; the first process painted them in "
        f"{painted:.0f} s; {loads[0]} before, then after each pass: {', '.join(loads[1:])})"
    )
    print(describe("bare aiohttp (memory)", bare_latencies, bare_rate))
    for name, (latencies, rate, failures, kinds) in results.items():
        print(describe(f"restarted, {name}", latencies, rate) + f"   {failures} not 200")
        for kind_name, taken in sorted(kinds.items()):
            print(
                f"  {kind_name:<15} p50 {percentile(taken, 0.5) * 1000:7.1f} ms   "
                f"p95 {percentile(taken, 0.95) * 1000:7.1f} ms   ({len(taken)} requests)"
            )


@contextlib.asynccontextmanager
async def web_readers(
    url: str, readers: int, nice: int | None = None, think: float = 0.0
) -> AsyncIterator[None]:
    """The web process over the bot's database (``url``), read by ``readers`` readers in a
    process of their own, for as long as the block runs."""
    ids = list(range(1, 26))  # the benchmark's first games: their pages exist while played
    asked = paths(ids)
    web, base = start_web(url, nice)
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    child = context.Process(target=readers_apart, args=(base, asked, readers, think, theirs))
    try:
        await ready(base)
        # Started and settled (its drawers spawned, the running games made ahead) before the
        # clicks: a process's start is not what the clicks should measure.
        await quiet(web.pid, limit=60)
        child.start()
        await asyncio.to_thread(ours.recv)  # the readers' process started too
        await asyncio.sleep(1)  # the readers under way before the clicks start
        yield
    finally:
        ours.send("stop")
        if child.is_alive():
            await asyncio.to_thread(ours.recv)
        child.join(timeout=30)
        stop(web)


async def clicks(
    readers: int, count: int, rounds: int, nice: int | None = None, think: float = 0.0
) -> None:
    p99s: dict[bool, list[float]] = {False: [], True: []}
    rates: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(rounds):
        for reading in (False, True):
            beside = (lambda url: web_readers(url, readers, nice, think)) if reading else None
            latencies, rate, *_ = await measure_bot(50, count, False, beside=beside)
            p99s[reading].append(percentile(latencies, 0.99) * 1000)
            rates[reading].append(rate)
    print(
        f"the bot's clicks (50 players, text boards), {rounds} rounds in turn; readers "
        + (f"read each page about {think:g} s" if think else "ask as fast as answered")
    )
    for reading, name in ((False, "alone"), (True, f"beside {readers} web readers")):
        runs = ", ".join(f"{p:.0f}" for p in p99s[reading])
        print(
            f"{name:<24} click p99 median {statistics.median(p99s[reading]):6.0f} ms ({runs})   "
            f"{statistics.median(rates[reading]):5.0f} clicks/s"
        )
    ratio = statistics.median(p99s[True]) / statistics.median(p99s[False])
    print(f"click p99 with/without the web readers: {ratio:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=50)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clicks", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--pages-only", action="store_true")
    parser.add_argument(
        "--restart-only", action="store_true", help="only the pages right after a restart"
    )
    parser.add_argument(
        "--restart-games",
        type=int,
        default=GAMES,
        help="games in the database the restarted web process finds",
    )
    parser.add_argument("--clicks-only", action="store_true")
    parser.add_argument(
        "--nice", type=int, default=None, help="the web process's WEB_NICE (default: its own)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="beside the clicks, how long each reader reads a page before the next (0: none)",
    )
    args = parser.parse_args()
    if args.restart_only:
        asyncio.run(restarted(args.readers, args.restart_games, args.nice))
        return
    if not args.clicks_only:
        asyncio.run(pages(args.readers, args.requests, args.nice))
        asyncio.run(restarted(args.readers, args.restart_games, args.nice))
    if not args.pages_only:
        asyncio.run(clicks(args.readers, args.clicks, args.rounds, args.nice, args.think))


if __name__ == "__main__":
    main()

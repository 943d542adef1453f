"""PostgreSQL servers for the soak to break: a private one of its own (``initdb`` and
``pg_ctl`` from the installed binaries, in a temporary folder, on a free port) that it can
really restart; or, without those binaries, a fresh database on an existing server
(``TEST_DATABASE_URL``) where a restart is *simulated* by ending every session on that database
(``pg_terminate_backend``) — what the bot sees of a restart, without the server going away.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Protocol

import asyncpg


class Server(Protocol):
    url: str
    #: How :meth:`restart` restarts: "restarted" or "sessions terminated (simulated)".
    restart_kind: str

    async def restart(self) -> None: ...


def binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def private_available() -> bool:
    return all(binary(name) for name in ("initdb", "pg_ctl", "postgres"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivatePostgres:
    """A server in ``folder``; as root it runs as the ``postgres`` user (``initdb`` refuses
    root)."""

    restart_kind = "restarted (pg_ctl restart -m immediate: a crash, then recovery)"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._as_owner: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
            self._as_owner = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        subprocess.run(
            [*self._as_owner, *command],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=120,
        )

    def _pg_ctl(self, action: str, *extra: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        pg_ctl = binary("pg_ctl") or "pg_ctl"
        log = str(self.folder / "server.log")
        self._run(pg_ctl, action, "-D", str(self.data), "-w", "-l", log, "-o", options, *extra)

    def start(self) -> None:
        initdb = binary("initdb") or "initdb"
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self._pg_ctl("start")

    async def restart(self) -> None:
        import asyncio

        # Off the event loop: the fake Discord keeps serving the bots meanwhile.
        await asyncio.to_thread(self._pg_ctl, "restart", "-m", "immediate")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            self._pg_ctl("stop", "-m", "immediate")


class SharedPostgres:
    """A fresh database on the server ``admin_url`` names, dropped afterwards."""

    restart_kind = "simulated: every session on the soak's database terminated"

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url.replace("postgresql+asyncpg://", "postgresql://")
        self.name = f"asobiba_soak_{uuid.uuid4().hex[:12]}"
        base, _, _database = self.admin_url.rpartition("/")
        self.url = f"{base}/{self.name}"

    async def create(self) -> None:
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(f'CREATE DATABASE "{self.name}"')
        finally:
            await connection.close()

    async def restart(self) -> None:
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = $1 AND pid <> pg_backend_pid()",
                self.name,
            )
        finally:
            await connection.close()

    async def drop(self) -> None:
        connection = await asyncpg.connect(self.admin_url)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            await connection.close()


@contextlib.asynccontextmanager
async def postgres_to_break(shared_url: str | None) -> AsyncIterator[Server]:
    """A private server when the binaries are here, else a fresh database on ``shared_url``."""
    if private_available():
        with tempfile.TemporaryDirectory(prefix="asobiba-soak-pg-") as tmp:
            private = PrivatePostgres(Path(tmp))
            private.start()
            try:
                yield private
            finally:
                private.stop()
        return
    if not shared_url:
        raise RuntimeError(
            "no PostgreSQL to soak: install the server binaries (initdb, pg_ctl) or set "
            "TEST_DATABASE_URL"
        )
    shared = SharedPostgres(shared_url)
    await shared.create()
    try:
        yield shared
    finally:
        await shared.drop()

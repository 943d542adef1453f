"""The web process's settings, read once from the environment like :mod:`bot.config`'s (each
wrong value refused in one line naming it)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.config import ConfigError, parse_base_url, parse_secret

DEFAULT_PORT = 8080
#: Loopback unless told otherwise: an operator publishes the pages on purpose (docker-compose
#: sets 0.0.0.0 inside its network, behind the port it maps).
DEFAULT_HOST = "127.0.0.1"
#: The web process's niceness by default: pages give way to the bot's clicks on a shared
#: machine (a page may wait a few milliseconds, a click should not), and cost nothing where
#: cores are idle.
DEFAULT_NICE = 10
#: Where games' pictures are kept between runs (bot/web/disk.py), beside the SQLite file by
#: default (the data directory); ``WEB_CACHE_DIR=none``: in memory only.
DEFAULT_CACHE_DIR = Path("data") / "web-cache"
#: Its size at most, in MB.
DEFAULT_CACHE_MB = 256
HOST = re.compile(r"[A-Za-z0-9.:\-\[\]]+")


@dataclass(frozen=True)
class WebSettings:
    #: Where readers reach the pages, without a trailing slash: every link, ``og:url`` and
    #: ``og:image`` is absolute under it (a link preview needs absolute addresses).
    base_url: str
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    #: Signs the ids in addresses; ``None``: the deployment's own secret in the database (made
    #: at first need, shared by every process reading it), so nothing needs setting.
    secret: bytes | None = None
    #: Added to the process's niceness at start (``os.nice``): 0 to 19, 0 keeps the bot's.
    nice: int = DEFAULT_NICE
    #: Games' pictures kept on disk here between runs; ``None``: in memory only.
    cache_dir: Path | None = None
    cache_mb: int = DEFAULT_CACHE_MB

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> WebSettings:
        env = os.environ if env is None else env
        host = env.get("WEB_HOST", "").strip() or DEFAULT_HOST
        if not HOST.fullmatch(host):
            raise ConfigError(f"WEB_HOST must be a host name or address, not {host!r}")
        port = _port(env.get("WEB_PORT", "").strip())
        shown = "localhost" if host in ("0.0.0.0", "::", "127.0.0.1") else host
        base = env.get("WEB_BASE_URL", "").strip() or f"http://{shown}:{port}"
        return cls(
            parse_base_url(base),
            host,
            port,
            parse_secret(env.get("WEB_SECRET", "").strip()),
            _nice(env.get("WEB_NICE", "").strip()),
            _cache_dir(env.get("WEB_CACHE_DIR", "").strip()),
            _cache_mb(env.get("WEB_CACHE_MB", "").strip()),
        )


def _port(raw: str) -> int:
    if not raw:
        return DEFAULT_PORT
    if not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise ConfigError(f"WEB_PORT must be a TCP port, 1 to 65535, not {raw!r}")
    return int(raw)


def _nice(raw: str) -> int:
    if not raw:
        return DEFAULT_NICE
    if not raw.isdigit() or not 0 <= int(raw) <= 19:
        raise ConfigError(f"WEB_NICE must be a niceness from 0 to 19, not {raw!r}")
    return int(raw)


def _cache_dir(raw: str) -> Path | None:
    if not raw:
        return DEFAULT_CACHE_DIR
    return None if raw.lower() == "none" else Path(raw)


def _cache_mb(raw: str) -> int:
    if not raw:
        return DEFAULT_CACHE_MB
    if not raw.isdigit() or int(raw) < 1:
        raise ConfigError(f"WEB_CACHE_MB must be a size in MB, 1 or more, not {raw!r}")
    return int(raw)

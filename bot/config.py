"""Settings, read once from the environment (12-factor style).

Every setting has a default that works on a fresh machine; only ``DISCORD_TOKEN`` is needed to
connect to Discord.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SQLITE_PATH = Path("data") / "asobiba.sqlite3"
DEFAULT_HEARTBEAT_FILE = Path("data") / "heartbeat"


class ConfigError(ValueError):
    """A setting has a value we cannot use; the message names it."""


def _int(env: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}")
    return value


def _flag(env: Mapping[str, str], name: str, default: bool = True) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ConfigError(f"{name} must be 1 or 0, not {raw!r}")


def _int_list(env: Mapping[str, str], name: str) -> tuple[int, ...] | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        return tuple(int(part) for part in raw.replace(" ", "").split(",") if part)
    except ValueError:
        raise ConfigError(f"{name} must be a comma-separated list of numbers") from None


@dataclass(frozen=True)
class Settings:
    discord_token: str | None = None
    database_url: str = ""
    #: Register commands on this guild only (instant updates while developing).
    dev_guild_id: int | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    challenge_ttl_seconds: int = 24 * 3600
    log_level: str = "INFO"
    run_migrations: bool = True
    sync_commands: bool = True
    #: The move clock of a new two-player game unless the challenger picks one (0: none).
    default_clock_hours: int = 72
    #: How often the move clocks are checked for reminders and timeouts (the environment gives
    #: whole seconds; the soak runs the real process with a fraction of one).
    clock_tick_seconds: float = 30
    #: How many times to try reaching Discord before giving up (exit code 4); 0: for ever.
    connect_attempts: int = 10
    #: Written every few seconds while every shard is connected; ``python -m bot health``
    #: reads it (``""``: no heartbeat).
    heartbeat_file: str = str(DEFAULT_HEARTBEAT_FILE)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        url = env.get("DATABASE_URL", "").strip()
        if not url:
            path = Path(env.get("SQLITE_PATH", "").strip() or DEFAULT_SQLITE_PATH)
            url = f"sqlite+aiosqlite:///{path}"
        url = normalize_database_url(url)
        dev_guild = env.get("DEV_GUILD_ID", "").strip()
        shard_ids = _int_list(env, "SHARD_IDS")
        shard_count = _int(env, "SHARD_COUNT", 0, 0) or None
        if shard_ids is not None and shard_count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT")
        if shard_ids and shard_count and any(not 0 <= s < shard_count for s in shard_ids):
            raise ConfigError("every SHARD_IDS entry must be below SHARD_COUNT")
        return cls(
            discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_url=url,
            dev_guild_id=int(dev_guild) if dev_guild.isdigit() else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            challenge_ttl_seconds=_int(env, "CHALLENGE_TTL_SECONDS", 24 * 3600, 60),
            log_level=env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            run_migrations=_flag(env, "RUN_MIGRATIONS"),
            default_clock_hours=_int(env, "DEFAULT_CLOCK_HOURS", 72, 0),
            clock_tick_seconds=_int(env, "CLOCK_TICK_SECONDS", 30, 1),
            sync_commands=_flag(env, "SYNC_COMMANDS"),
            connect_attempts=_int(env, "CONNECT_ATTEMPTS", 10, 0),
            heartbeat_file=env.get("HEARTBEAT_FILE", str(DEFAULT_HEARTBEAT_FILE)).strip(),
        )


def normalize_database_url(url: str) -> str:
    """Accept the usual spellings and pick the async drivers we ship."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+asyncpg://" + url[len("postgresql://") :]
    if url.startswith("sqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url

"""Settings, read once from the environment (12-factor style).

Every setting has a default that works on a fresh machine; only ``DISCORD_TOKEN`` is needed to
connect to Discord.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_SQLITE_PATH = Path("data") / "asobiba.sqlite3"
DEFAULT_HEARTBEAT_FILE = Path("data") / "heartbeat"


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: Pictures drawn by two worker processes beside the bot's wherever there is a second core: with
#: the drawing off its interpreter lock the bot's process answers clicks faster, and a second
#: worker shortens the queue a burst of moves leaves (``bench.bench_clicks --compare``: picture
#: boards' p99 0.8–1.1 times text boards' with two, 1.3–1.6 with one); on a single core, in the
#: bot's threads (and where workers cannot be started from a fork server: Windows).
DEFAULT_DRAWING_PROCESSES = (
    2 if _usable_cores() >= 2 and "forkserver" in multiprocessing.get_all_start_methods() else 0
)


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
    #: Upload the games' faces as the app's own emojis and show them in menus (``APP_EMOJIS``).
    app_emojis: bool = True
    #: Seconds between two changes to the app's emojis (Discord limits those routes on their
    #: own: a first start's ~90 uploads take a minute and a half, in the background); not an
    #: environment setting.
    emoji_pace_seconds: float = 1.0
    #: The move clock of a new two-player game unless the challenger picks one (0: none).
    default_clock_hours: int = 72
    #: Days a year each player may be away (/away; AWAY_DAYS_PER_YEAR, 0: away mode off).
    away_days_per_year: int = 20
    #: How often the move clocks are checked for reminders and timeouts (the environment gives
    #: whole seconds; the soak runs the real process with a fraction of one).
    clock_tick_seconds: float = 30
    #: How often the outbox is looked at for deliveries that are due (a failed one's back-off
    #: over, a dead process's lease run out); not an environment setting.
    delivery_poll_seconds: float = 1
    #: How many times to try reaching Discord before giving up (exit code 4); 0: for ever.
    connect_attempts: int = 10
    #: Written every few seconds while every shard is connected; ``python -m bot health``
    #: reads it (``""``: no heartbeat).
    heartbeat_file: str = str(DEFAULT_HEARTBEAT_FILE)
    #: Worker processes drawing the pictures beside the event loop (0: a thread of the bot's).
    drawing_processes: int = DEFAULT_DRAWING_PROCESSES
    #: Serve Prometheus metrics on this port (``None``: no endpoint).
    metrics_port: int | None = None
    metrics_host: str = "0.0.0.0"
    #: ``text`` (the default) or ``json``: one JSON object per log line.
    log_format: str = "text"
    #: The per-user cooldown: commands, clicks and forms a user may send per minute on
    #: average (0: no limit), and how many in a row before it applies.
    rate_limit_per_minute: int = 60
    rate_limit_burst: int = 10
    #: How many challenges one user may have waiting for an answer at once (0: no cap).
    max_open_challenges: int = 10
    #: An invite to a server with the bot that players may join to get reminders by DM
    #: (Discord lets the bot DM only people who share a server with it); None: none offered.
    home_server_invite: str | None = None
    #: Where readers reach the web pages (``python -m bot web``): with it set, boards and
    #: tables carry a "🌐 Web" link to theirs; ``None``: no link anywhere.
    web_base_url: str | None = None
    #: Signs the pages' ids as the web process does (``None``: the database's own secret).
    web_secret: bytes | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        url = env.get("DATABASE_URL", "").strip()
        if not url:
            path = Path(env.get("SQLITE_PATH", "").strip() or DEFAULT_SQLITE_PATH)
            url = f"sqlite+aiosqlite:///{path}"
        url = _database_url(url)
        shard_ids = _int_list(env, "SHARD_IDS")
        shard_count = _int(env, "SHARD_COUNT", 0, 0) or None
        if shard_ids is not None and shard_count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT")
        if shard_ids and shard_count and any(not 0 <= s < shard_count for s in shard_ids):
            raise ConfigError("every SHARD_IDS entry must be below SHARD_COUNT")
        return cls(
            discord_token=env.get("DISCORD_TOKEN", "").strip() or None,
            database_url=url,
            dev_guild_id=_snowflake(env, "DEV_GUILD_ID"),
            shard_count=shard_count,
            shard_ids=shard_ids,
            challenge_ttl_seconds=_int(env, "CHALLENGE_TTL_SECONDS", 24 * 3600, 60),
            log_level=_log_level(env),
            run_migrations=_flag(env, "RUN_MIGRATIONS"),
            default_clock_hours=_int(env, "DEFAULT_CLOCK_HOURS", 72, 0),
            away_days_per_year=_int(env, "AWAY_DAYS_PER_YEAR", 20, 0),
            clock_tick_seconds=_int(env, "CLOCK_TICK_SECONDS", 30, 1),
            sync_commands=_flag(env, "SYNC_COMMANDS"),
            app_emojis=_flag(env, "APP_EMOJIS"),
            connect_attempts=_int(env, "CONNECT_ATTEMPTS", 10, 0),
            heartbeat_file=env.get("HEARTBEAT_FILE", str(DEFAULT_HEARTBEAT_FILE)).strip(),
            drawing_processes=_int(env, "DRAWING_PROCESSES", DEFAULT_DRAWING_PROCESSES, 0),
            metrics_port=_port(env, "METRICS_PORT"),
            metrics_host=env.get("METRICS_HOST", "").strip() or "0.0.0.0",
            log_format=_choice(env, "LOG_FORMAT", LOG_FORMATS),
            rate_limit_per_minute=_int(env, "RATE_LIMIT_PER_MINUTE", 60, 0),
            rate_limit_burst=_int(env, "RATE_LIMIT_BURST", 10, 1),
            max_open_challenges=_int(env, "MAX_OPEN_CHALLENGES", 10, 0),
            home_server_invite=_invite(env, "HOME_SERVER_INVITE"),
            web_base_url=_web_base_url(env),
            web_secret=_web_secret(env),
        )


def _web_base_url(env: Mapping[str, str]) -> str | None:
    """WEB_BASE_URL, checked as the web process checks it (the same values must give the same
    addresses); unset, the bot links to no page."""
    raw = env.get("WEB_BASE_URL", "").strip()
    return parse_base_url(raw) if raw else None


def _web_secret(env: Mapping[str, str]) -> bytes | None:
    return parse_secret(env.get("WEB_SECRET", "").strip())


#: The least a given WEB_SECRET may hold: 32 characters, as many bits as the database's own.
SECRET_MIN_CHARS = 32


def parse_base_url(raw: str) -> str:
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(
            f"WEB_BASE_URL must be an http:// or https:// address such as "
            f"https://asobiba.example.org, not {raw!r}"
        )
    return raw.rstrip("/")


def parse_secret(raw: str) -> bytes | None:
    if not raw:
        return None
    if len(raw) < SECRET_MIN_CHARS:
        raise ConfigError(
            f"WEB_SECRET must be at least {SECRET_MIN_CHARS} characters (or unset: the "
            f"database keeps one), not {len(raw)}"
        )
    return raw.encode()


#: The databases we ship drivers for, by the URL's scheme (before any ``+driver``).
DATABASE_SCHEMES = ("sqlite", "postgresql")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")


def _port(env: Mapping[str, str], name: str) -> int | None:
    if not env.get(name, "").strip():
        return None
    port = _int(env, name, 0, 1)
    if port > 65535:
        raise ConfigError(f"{name} must be a TCP port, 1 to 65535, not {port}")
    return port


#: Discord's ids ("snowflakes") are unsigned 64-bit numbers, written in decimal.
SNOWFLAKE_MAX = 2**64 - 1


def _snowflake(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    # Refused rather than ignored: an id that is not one would register the commands globally
    # instead of on the one server meant (an hour to show up, and everywhere).
    if re.fullmatch(r"[0-9]+", raw) is None or not 0 < int(raw) <= SNOWFLAKE_MAX:
        raise ConfigError(
            f"{name} must be a server's id, a number like 123456789012345678 (Discord: "
            f"Developer Mode on, then right-click the server → Copy Server ID), not {raw!r}"
        )
    return int(raw)


#: An invite link as Discord writes it: discord.gg/<code> or discord.com/invite/<code>.
INVITE_LINK = re.compile(r"https://(?:discord\.gg|discord\.com/invite)/([A-Za-z0-9-]+)/?")


def _invite(env: Mapping[str, str], name: str) -> str | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if INVITE_LINK.fullmatch(raw) is None:
        raise ConfigError(
            f"{name} must be a Discord invite link, https://discord.gg/<code> or "
            f"https://discord.com/invite/<code>, not {raw!r}"
        )
    return raw.rstrip("/")


def invite_code(link: str) -> str:
    """The code of an invite link :data:`INVITE_LINK` accepts."""
    found = INVITE_LINK.fullmatch(link)
    assert found is not None
    return found.group(1)


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...]) -> str:
    value = env.get(name, "").strip().lower() or choices[0]
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {value!r}")
    return value


def _database_url(raw: str) -> str:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    url = normalize_database_url(raw)
    try:
        backend = make_url(url).get_backend_name()
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        raise ConfigError(
            f"DATABASE_URL is not a database URL: {_hide_password(raw)!r} "
            "(e.g. sqlite:///data/asobiba.sqlite3 or postgresql://user:password@host/db)"
        ) from None
    if backend not in DATABASE_SCHEMES:
        raise ConfigError(
            f"DATABASE_URL names {backend!r}, which Asobiba does not support: use SQLite "
            "(sqlite:///path/to/file.sqlite3) or PostgreSQL (postgresql://user:password@host/db)"
        )
    driver = make_url(url).get_driver_name()
    if driver not in ("aiosqlite", "asyncpg"):
        raise ConfigError(
            f"DATABASE_URL asks for the driver {driver!r}: write sqlite:// or postgresql:// "
            "and Asobiba picks the asynchronous driver it ships (aiosqlite, asyncpg)"
        )
    return url


def _hide_password(raw: str) -> str:
    scheme, at, rest = raw.partition("://")
    if not at or "@" not in rest:
        return raw
    credentials, _, host = rest.rpartition("@")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in credentials else raw


def _log_level(env: Mapping[str, str]) -> str:
    level = env.get("LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    return level


def normalize_database_url(url: str) -> str:
    """Accept the usual spellings and pick the async drivers we ship."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+asyncpg://" + url[len("postgresql://") :]
    if url.startswith("sqlite://"):
        url = "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url

"""docker-compose.yml and the Dockerfile, checked as data (Docker cannot run here): the restart
policy, the health checks, the bot waiting for a healthy database, named volumes only, no
variable or file that `docker compose config/ps/logs/down` would refuse to run without, every
setting reaching the bot from .env, and PostgreSQL's client tools in the image."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
COMPOSE: dict[str, Any] = yaml.safe_load(TEXT)
SERVICES: dict[str, Any] = COMPOSE["services"]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")


def test_no_variable_is_required_to_read_the_file() -> None:
    # ${VAR:?message} and ${VAR?message} make every compose command fail when VAR is unset.
    assert not re.search(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?\?", TEXT)
    for name in re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)", TEXT):
        assert re.search(r"\$\{" + name + r":-", TEXT), f"${{{name}}} has no default"
    # .env is optional: without it (a fresh clone) the bot says how to get a token.
    assert SERVICES["bot"]["env_file"] == [{"path": ".env", "required": False}]


def test_every_setting_reaches_the_bot_from_env() -> None:
    """The bot takes .env whole (it once passed three settings and dropped the rest), and
    .env.example names every setting bot/config.py reads."""
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    config = (ROOT / "bot" / "config.py").read_text(encoding="utf-8")
    # What it reads: env.get("NAME" …) or a reader's (env, "NAME" …).
    settings = set(re.findall(r'env(?:\.get\(|, )"([A-Z][A-Z_]+)"', config))
    assert {"DISCORD_TOKEN", "METRICS_PORT", "LOG_FORMAT", "RATE_LIMIT_PER_MINUTE"} <= settings
    missing = {n for n in settings if not re.search(rf"^#?{n}=", example, re.MULTILINE)}
    assert not missing, f"settings missing from .env.example: {missing}"
    # Only the database is fixed by the file (its own service); nothing shadows .env.
    assert set(SERVICES["bot"]["environment"]) == {"DATABASE_URL"}
    assert re.search(r"^DISCORD_TOKEN=$", example, re.MULTILINE)  # to fill in, uncommented
    assert ".env" in (ROOT / ".dockerignore").read_text().split()  # secrets stay out of images


def test_the_image_can_back_up_the_compose_database() -> None:
    """pg_dump for `python -m bot backup`, of the db service's major version (pg_dump refuses
    a newer server): PGDG's package for the Debian release the base image names."""
    assert re.search(r"^FROM python:3\.11-slim-(bookworm|trixie)$", DOCKERFILE, re.MULTILINE)
    (default,) = re.findall(r"^ARG POSTGRES_MAJOR=(\d+)$", DOCKERFILE, re.MULTILINE)
    server = re.fullmatch(r"postgres:(\d+)(?:[.-].*)?", SERVICES["db"]["image"])
    assert server is not None
    assert default == server.group(1) == SERVICES["bot"]["build"]["args"]["POSTGRES_MAJOR"]
    install = DOCKERFILE.index('"postgresql-client-${POSTGRES_MAJOR}"')
    assert "/usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y" in DOCKERFILE
    assert install < DOCKERFILE.index("\nUSER asobiba")  # installed as root
    assert "rm -rf /var/lib/apt/lists/*" in DOCKERFILE[install:]
    assert DOCKERFILE.count("apt-get install -y --no-install-recommends") == 2


def test_both_services_restart_and_report_their_health() -> None:
    for name in ("db", "bot"):
        service = SERVICES[name]
        assert service["restart"] == "unless-stopped"
        check = service["healthcheck"]
        assert check["test"] and {"interval", "timeout", "retries"} <= set(check)
    assert SERVICES["bot"]["healthcheck"]["test"] == ["CMD", "python", "-m", "bot", "health"]
    assert "pg_isready" in " ".join(SERVICES["db"]["healthcheck"]["test"])


def test_the_bot_waits_for_a_healthy_database() -> None:
    assert SERVICES["bot"]["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert SERVICES["bot"]["environment"]["DATABASE_URL"].startswith("postgresql://")
    assert "@db:5432/" in SERVICES["bot"]["environment"]["DATABASE_URL"]


def test_only_named_volumes_all_declared() -> None:
    declared = set(COMPOSE["volumes"])
    used = set()
    for service in SERVICES.values():
        for mount in service.get("volumes", []):
            source = mount.split(":", 1)[0]
            assert not source.startswith((".", "/", "~")), f"bind mount {mount}"
            used.add(source)
    assert used == declared == {"pgdata", "botdata"}
    # An image VOLUME would add an anonymous volume to every container.
    assert "VOLUME" not in DOCKERFILE


def test_the_web_pages_start_beside_the_bot_and_postgresql() -> None:
    """`docker compose up` starts the three: the pages are the bot's image run as `python -m
    bot web`, over the same database, once it is healthy and the bot (which migrates it) has
    started, listening on every address inside the container behind its published port."""
    assert set(SERVICES) == {"db", "bot", "web"}
    web = SERVICES["web"]
    assert web["command"] == ["python", "-m", "bot", "web"]
    assert web["build"] == SERVICES["bot"]["build"]
    assert web["env_file"] == [{"path": ".env", "required": False}]
    assert web["environment"]["DATABASE_URL"] == SERVICES["bot"]["environment"]["DATABASE_URL"]
    assert web["depends_on"] == {
        "db": {"condition": "service_healthy"},
        "bot": {"condition": "service_started"},
    }
    assert web["environment"]["WEB_HOST"] == "0.0.0.0"
    port = web["environment"]["WEB_PORT"]
    assert web["ports"] == [f"${{WEB_PORT:-{port}}}:{port}"]
    assert web["restart"] == "unless-stopped" and web["init"] is True
    check = " ".join(web["healthcheck"]["test"])
    assert f"127.0.0.1:{port}/robots.txt" in check


def test_every_setting_of_the_web_pages_is_documented_and_reaches_them() -> None:
    """docs/web.md's table names every WEB_ setting the pages read (bot/web/settings.py), and
    each reaches the web service: fixed by the compose file or named in .env.example (which
    .env is made from, taken whole)."""
    docs = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    table = docs[docs.index("| setting | default | what it is |") :].split("\n\n", 1)[0]
    documented = set(re.findall(r"`([A-Z][A-Z_]+)`", table))
    read = set(re.findall(r'env\.get\("(WEB_[A-Z_]+)"', (ROOT / "bot/web/settings.py").read_text()))
    assert {"WEB_BASE_URL", "WEB_HOST", "WEB_PORT", "WEB_SECRET", "WEB_NICE"} <= read
    assert read <= documented, f"read but not documented: {read - documented}"
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    fixed = set(SERVICES["web"]["environment"])
    for name in documented:
        assert name in fixed or re.search(rf"^#?{name}=", example, re.MULTILINE), name

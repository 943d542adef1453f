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

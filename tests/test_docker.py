"""docker-compose.yml, checked as data (Docker cannot run here): the restart policy, the health
checks, the bot waiting for a healthy database, named volumes only, and no variable that
`docker compose config/ps/logs/down` would refuse to run without."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
COMPOSE: dict[str, Any] = yaml.safe_load(TEXT)
SERVICES: dict[str, Any] = COMPOSE["services"]


def test_no_variable_is_required_to_read_the_file() -> None:
    # ${VAR:?message} and ${VAR?message} make every compose command fail when VAR is unset.
    assert not re.search(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?\?", TEXT)
    for name in re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)", TEXT):
        assert re.search(r"\$\{" + name + r":-", TEXT), f"${{{name}}} has no default"
    assert SERVICES["bot"]["environment"]["DISCORD_TOKEN"] == "${DISCORD_TOKEN:-}"


def test_the_env_example_names_every_variable_the_file_reads() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in set(re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)", TEXT)):
        assert re.search(rf"^{name}=", example, re.MULTILINE), name
    assert ".env" in (ROOT / ".dockerignore").read_text().split()  # secrets stay out of images


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
    assert "VOLUME" not in (ROOT / "Dockerfile").read_text(encoding="utf-8")

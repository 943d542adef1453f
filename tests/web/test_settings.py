"""The web process's settings: defaults that work on a fresh machine, each wrong value refused in
one line naming it, and ``python -m bot web`` refusing to start on one (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import ConfigError
from bot.web.settings import DEFAULT_PORT, WebSettings


def test_defaults_work_without_any_setting() -> None:
    settings = WebSettings.from_env({})
    assert settings.host == "127.0.0.1" and settings.port == DEFAULT_PORT
    assert settings.base_url == f"http://localhost:{DEFAULT_PORT}"
    assert settings.secret is None  # the database keeps one
    assert settings.nice == 10  # the pages give way to the bot's clicks
    assert settings.cache_dir == Path("data") / "web-cache"  # beside the SQLite file
    assert settings.cache_mb == 256


def test_given_settings_are_taken() -> None:
    settings = WebSettings.from_env(
        {
            "WEB_BASE_URL": "https://asobiba.example.org/",
            "WEB_HOST": "0.0.0.0",
            "WEB_PORT": "9000",
            "WEB_SECRET": "s" * 40,
            "WEB_NICE": "0",
            "WEB_CACHE_DIR": "/var/cache/asobiba",
            "WEB_CACHE_MB": "64",
        }
    )
    assert settings.base_url == "https://asobiba.example.org"
    assert (settings.host, settings.port, settings.secret) == ("0.0.0.0", 9000, b"s" * 40)
    assert settings.nice == 0
    assert (settings.cache_dir, settings.cache_mb) == (Path("/var/cache/asobiba"), 64)
    assert WebSettings.from_env({"WEB_CACHE_DIR": "none"}).cache_dir is None  # memory only


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("WEB_PORT", "eighty", "WEB_PORT must be a TCP port"),
        ("WEB_PORT", "70000", "WEB_PORT must be a TCP port"),
        ("WEB_BASE_URL", "asobiba.example.org", "WEB_BASE_URL must be an http:// or https://"),
        ("WEB_BASE_URL", "ftp://x", "WEB_BASE_URL must be an http:// or https://"),
        ("WEB_SECRET", "short", "WEB_SECRET must be at least 32 characters"),
        ("WEB_HOST", "a b", "WEB_HOST must be a host name"),
        ("WEB_NICE", "20", "WEB_NICE must be a niceness from 0 to 19"),
        ("WEB_NICE", "-5", "WEB_NICE must be a niceness from 0 to 19"),
        ("WEB_CACHE_MB", "0", "WEB_CACHE_MB must be a size in MB"),
        ("WEB_CACHE_MB", "lots", "WEB_CACHE_MB must be a size in MB"),
    ],
)
def test_a_wrong_value_is_refused_in_one_line(name: str, value: str, said: str) -> None:
    with pytest.raises(ConfigError, match=said) as refused:
        WebSettings.from_env({name: value})
    assert "\n" not in str(refused.value)


def test_the_web_command_exits_2_on_a_bad_setting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_PORT", "0")
    assert main(["web"]) == 2
    assert "WEB_PORT must be a TCP port" in capsys.readouterr().err

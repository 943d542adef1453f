"""Every user-facing string exists in Japanese and English, with the same fields."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.i18n import COMMAND_JA, MESSAGES, tr

COGS = Path(__file__).resolve().parent.parent.parent / "bot" / "cogs"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_each_message_has_both_languages_with_the_same_fields(key: str) -> None:
    text = MESSAGES[key]
    assert text.ja.strip() and text.en.strip()
    assert fields(text.ja) == fields(text.en)


def test_every_command_string_is_translated() -> None:
    used = {m for p in COGS.glob("*.py") for m in re.findall(r'_\("([^"]+)"\)', p.read_text())}
    assert used, "no localisable strings found"
    assert not used - set(COMMAND_JA)


def test_lookup_follows_the_locale() -> None:
    assert tr("challenge.accept", "ja") == "受ける"
    assert tr("challenge.accept", "en-US") == "Accept"
    assert tr("challenge.accept", "fr") == "Accept"

"""Every user-facing string exists in Japanese and English, with the same fields; every
command, option and choice carries a Japanese name chosen for its own place."""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from bot.i18n import MESSAGES, tr
from bot.ui.translator import CatalogueTranslator


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_each_message_has_both_languages_with_the_same_fields(key: str) -> None:
    text = MESSAGES[key]
    assert text.ja.strip() and text.en.strip()
    assert fields(text.ja) == fields(text.en)


def test_lookup_follows_the_locale() -> None:
    assert tr("challenge.accept", "ja") == "受ける"
    assert tr("challenge.accept", "en-US") == "Accept"
    assert tr("challenge.accept", "fr") == "Accept"


def strings(tree: app_commands.CommandTree) -> Iterator[tuple[str, app_commands.locale_str]]:
    """(where, string) for every name, description and choice in the command tree."""
    for command in tree.walk_commands():
        where = command.qualified_name
        yield f"{where} name", command._locale_name or app_commands.locale_str(command.name)
        yield (
            f"{where} description",
            command._locale_description or app_commands.locale_str(command.description),
        )
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                yield f"{where} {param.name}", param._Parameter__parent._rename  # type: ignore[attr-defined]
                yield f"{where} {param.name} description", param._Parameter__parent.description  # type: ignore[attr-defined]
                for choice in param.choices:
                    yield f"{where} {param.name} choice", choice._locale_name  # type: ignore[attr-defined]


@pytest.fixture
async def tree(tmp_path: Path) -> app_commands.CommandTree:
    url = f"sqlite+aiosqlite:///{tmp_path / 'i18n.sqlite3'}"
    bot = AsobibaBot(Settings(database_url=url), Database(url))
    await bot.register_commands()
    return bot.tree


async def test_every_command_option_and_choice_has_japanese(
    tree: app_commands.CommandTree,
) -> None:
    translator = CatalogueTranslator()
    seen = 0
    for where, text in strings(tree):
        if not isinstance(text, app_commands.locale_str):
            continue  # a plain string: e.g. a number choice such as ×2, the same in both
        ja = await translator.translate(text, discord.Locale.japanese, None)  # type: ignore[arg-type]
        assert ja, f"{where}: {text.message!r} has no Japanese"
        seen += 1
    assert seen > 100


async def test_the_same_english_word_reads_as_its_place_needs(
    tree: app_commands.CommandTree,
) -> None:
    """武士将棋's colour is a side (先後); 戦列札's colour is a colour of cards (色)."""
    translator = CatalogueTranslator()
    names: dict[str, str] = {}
    for where, text in strings(tree):
        if isinstance(text, app_commands.locale_str) and text.message == "colour":
            ja = await translator.translate(text, discord.Locale.japanese, None)  # type: ignore[arg-type]
            names[where.split()[0]] = str(ja)
    assert names == {"bushi": "先後", "senretsu": "色"}

"""Walks the registry: every registered game is reachable from every command that lists
games, has its own command group with every string in both languages, and a help page."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord import app_commands

from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from bot.games.registry import all_specs, all_variants
from bot.games.spec import GameSpec

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
async def tree(tmp_path: Path) -> app_commands.CommandTree:
    url = f"sqlite+aiosqlite:///{tmp_path / 'registry.sqlite3'}"
    bot = AsobibaBot(Settings(database_url=url), Database(url))
    await bot.register_commands()
    return bot.tree


def choices_of(tree: app_commands.CommandTree, command: str) -> set[str | int | float]:
    found = tree.get_command(command)
    assert isinstance(found, app_commands.Command)
    [game] = [p for p in found.parameters if p.name == "game"]
    return {c.value for c in game.choices}


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.game_type)
async def test_every_game_is_reachable_and_bilingual(
    tree: app_commands.CommandTree, spec: GameSpec
) -> None:
    assert spec.game_type in choices_of(tree, "rules")
    assert {v.key for v in spec.variants} <= choices_of(tree, "standings")
    group = tree.get_command(spec.command.name.en)
    assert isinstance(group, app_commands.Group)
    start = "start" if spec.solitaire else "challenge"
    assert start in {c.name for c in group.commands}
    for text in (spec.command.name, spec.command.description, spec.title, *spec.help_pages):
        assert (text.ja.strip() and text.en.strip() and text.ja != text.en) or text.ja.isascii()
    for option in spec.options:
        assert option.name.ja and option.description.ja and option.description.en
        assert all(choice.name.ja and choice.name.en for choice in option.choices)
    for variant in spec.variants:
        assert variant.title.ja and variant.title.en


def test_every_ranked_variant_has_a_unique_key() -> None:
    keys = [variant.key for _, variant in all_variants()]
    assert len(keys) == len(set(keys))


def test_no_generic_file_names_a_game() -> None:
    """Outside the games' own modules, no file of the bot names a game."""
    names = {spec.game_type for spec in all_specs()}
    homes = {f"{name}.py" for name in names}
    for path in (ROOT / "bot").rglob("*.py"):
        inside = path.relative_to(ROOT / "bot").parts
        if inside[0] == "pictures" or (inside[0] == "games" and path.name in homes):
            continue  # a game's own home, and the pictures layer that draws each game
        text = path.read_text(encoding="utf-8")
        for name in names:
            for spelling in (f'"{name}"', f"'{name}'", f'"{name}:'):
                assert spelling not in text, f"{path.relative_to(ROOT)} names {name}"

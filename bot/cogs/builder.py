"""Slash commands built from declarations: names, descriptions and choices in both languages,
for commands whose options come from the game registry."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.games.spec import CommandOption
from bot.ui.answering import FirstAnswer, answers
from bot.ui.common import localized
from rules.core import Text

Callback = Callable[..., Coroutine[Any, Any, None]]


class CommandBuilder:
    """Collects a command's parameters with their names, descriptions and choices in both
    languages, then makes the ``app_commands.Command``."""

    def __init__(self) -> None:
        self.parameters = [
            inspect.Parameter(
                "interaction",
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=discord.Interaction,
            )
        ]
        self.renames: dict[str, app_commands.locale_str] = {}
        self.descriptions: dict[str, app_commands.locale_str] = {}
        self.choices: dict[str, list[app_commands.Choice[str]]] = {}

    def add(
        self,
        key: str,
        name: Text,
        description: Text,
        annotation: Any,
        default: Any = inspect.Parameter.empty,
        choices: list[app_commands.Choice[str]] | None = None,
    ) -> None:
        self.parameters.append(
            inspect.Parameter(
                key, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
            )
        )
        self.renames[key] = localized(name)
        self.descriptions[key] = localized(description)
        if choices:
            self.choices[key] = choices

    def add_option(self, option: CommandOption) -> None:
        if option.kind == "integer":
            low, high = option.min_value, option.max_value
            annotation: Any = app_commands.Range[int, low, high] | None
        elif option.kind == "boolean":
            annotation = bool | None
        else:
            annotation = app_commands.Choice[str] | None
        choices = [
            app_commands.Choice(name=localized(c.name), value=c.value) for c in option.choices
        ]
        self.add(option.key, option.name, option.description, annotation, None, choices)

    def build(
        self, name: Text, description: Text, callback: Callback, *, answer: FirstAnswer
    ) -> app_commands.Command[Any, ..., None]:
        """The command; ``answer``: how its first answer comes (:mod:`bot.ui.answering`)."""
        callback.__signature__ = inspect.Signature(self.parameters)  # type: ignore[attr-defined]
        if self.descriptions:
            callback = app_commands.describe(**self.descriptions)(callback)
            callback = app_commands.rename(**self.renames)(callback)
        if self.choices:
            callback = app_commands.choices(**self.choices)(callback)
        return app_commands.Command(
            name=localized(name),
            description=localized(description),
            callback=callback,
            extras=answers(answer),
        )


def plain(value: Any) -> Any:
    return value.value if isinstance(value, app_commands.Choice) else value

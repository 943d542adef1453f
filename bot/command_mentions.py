"""Commands named in messages as Discord mentions, which each reader's client shows in its own
language (``/大会 参加`` in Japanese) and which run the command when clicked.

Messages write a command as ``</tournament join>`` — its path of English (base) names — and
:func:`resolve` turns each into ``</tournament join:ID>`` once the bot knows the command's id
(learned when it registers or fetches its commands), or, until then, into the command's name in
the reader's language in code style (`` `/大会 参加` ``), never a mention Discord cannot show.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from discord import app_commands

#: ``</path words>`` with no id yet: what the catalogues write.
COMMAND_TOKEN = re.compile(r"</([a-z0-9_-]+(?: [a-z0-9_-]+){0,2})>")


@dataclass
class CommandNames:
    """Every command path's id (its top-level command's) and its Japanese spelling."""

    ids: dict[str, int] = field(default_factory=dict)
    japanese: dict[str, str] = field(default_factory=dict)

    def learn_names(self, commands: Iterable[Any]) -> None:
        """The command tree's names (``app_commands.Command`` and ``Group`` objects)."""
        for command in commands:
            self._walk(command, (), ())

    def _walk(self, command: Any, english: tuple[str, ...], japanese: tuple[str, ...]) -> None:
        name: str = command.name
        # The Japanese rides on the name's locale_str (see bot.ui.translator).
        locale_name = getattr(command, "_locale_name", None)
        ja = locale_name.extras.get("ja") if locale_name is not None else None
        path_en, path_ja = (*english, name), (*japanese, ja if isinstance(ja, str) else name)
        self.japanese[" ".join(path_en)] = " ".join(path_ja)
        if isinstance(command, app_commands.Group):
            for child in command.commands:
                self._walk(child, path_en, path_ja)

    def learn_ids(self, registered: Iterable[app_commands.AppCommand]) -> None:
        """The ids Discord gave the top-level commands (every subcommand shares its top's)."""
        for command in registered:
            self.ids[command.name] = command.id

    def mention(self, path: str, locale: str) -> str:
        top = path.split(" ", 1)[0]
        if top in self.ids:
            return f"</{path}:{self.ids[top]}>"
        shown = self.japanese.get(path, path) if locale == "ja" else path
        return f"`/{shown}`"


#: The process's one table: commands are the same for every guild and shard of a bot.
NAMES = CommandNames()


def resolve(text: str, locale: str) -> str:
    """Every ``</path>`` in ``text`` as a mention (or the name in the reader's language)."""
    if "</" not in text:
        return text
    return COMMAND_TOKEN.sub(lambda m: NAMES.mention(m.group(1), locale), text)

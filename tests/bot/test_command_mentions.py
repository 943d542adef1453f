"""Commands named in messages are mentions: each client shows them in its reader's language
(``/大会 参加``) and runs them when clicked; before the ids are known, the names in words."""

from __future__ import annotations

import re

from discord import app_commands

from bot.command_mentions import CommandNames, resolve
from bot.i18n import MESSAGES, tr
from bot.ui.common import localized
from rules.core import Text


def tournament_group() -> app_commands.Group:
    group = app_commands.Group(
        name=localized(Text("大会", "tournament")), description=localized(Text("大会", "Leagues"))
    )

    @group.command(name=localized(Text("参加", "join")), description="Join")
    async def join(interaction: object) -> None: ...

    return group


class Registered:
    def __init__(self, name: str, id: int) -> None:
        self.name, self.id = name, id


def test_a_command_is_named_in_the_readers_language_until_its_id_is_known() -> None:
    names = CommandNames()
    names.learn_names([tournament_group()])
    assert names.mention("tournament join", "ja") == "`/大会 参加`"
    assert names.mention("tournament join", "en") == "`/tournament join`"
    names.learn_ids([Registered("tournament", 1234)])  # type: ignore[list-item]
    assert names.mention("tournament join", "ja") == "</tournament join:1234>"
    assert names.mention("tournament", "en") == "</tournament:1234>"


def every_text() -> dict[str, Text]:
    """The catalogue and every named text of the text home (refusals included)."""
    import importlib
    import pkgutil

    import bot.text

    found: dict[str, Text] = dict(MESSAGES)
    for module in pkgutil.walk_packages(bot.text.__path__, "bot.text."):
        for name, value in vars(importlib.import_module(module.name)).items():
            if isinstance(value, Text):
                found[f"{module.name}.{name}"] = value
    return found


def test_no_message_names_a_command_in_english_words() -> None:
    """Every command a message names is written as a mention token, so Japanese readers never
    meet ``/tournament join`` (their client calls it ``/大会 参加``)."""
    texts = every_text()
    assert len(texts) > len(MESSAGES)
    pattern = r"`/[a-z]|(?<![<\w])/(games|tournament|settings|server|profile|history|standings)\b"
    for key, text in texts.items():
        for words in (text.ja, text.en):
            assert not re.search(pattern, words), key


def test_tr_turns_tokens_into_mentions() -> None:
    line = tr("tournament.list_empty", "ja")
    assert "</tournament create>" not in line  # a mention with its id, or the name in words
    assert re.search(r"</tournament create:\d+>|`/大会 作成`|`/tournament create`", line)
    assert resolve("plain text", "ja") == "plain text"

"""Every emoji the bot can put on a component (a button, a select option) is one Discord
accepts: an emoji of Unicode's list in its fully-qualified form. Discord refuses any other
with BUTTON_COMPONENT_INVALID_EMOJI, and then the whole message — a board — is not sent.

The fake Discord refuses them in every test that sends a message; this test covers the
components no test happens to show, by reading every place in ``bot/`` an emoji is given.
The app's own emojis (custom emojis by id, see ``bot/ui/app_emojis.py``) are the one other
kind: a custom emoji the app owns is accepted by id."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.ui.components import GameButton
from tests.fakediscord.validation import is_rgi_emoji

BOT = Path(__file__).resolve().parents[2] / "bot"
#: The computed emojis allowed besides a class's own (``icon``): the book of the app's emojis
#: (a custom emoji with an id, or none), GameActionButton's parameter that carries it, and
#: /privacy's steps' own (``EMOJI``, read below).
APP_EMOJI_SOURCES = {"self.icon", "BOOK.emoji(choice.face)", "emoji", "EMOJI.get(step)"}


def _emoji_sources() -> list[tuple[str, ast.expr]]:
    """(where, expression) for each class attribute called ``emoji`` or ``icon``, each value of
    a dict called ``EMOJI``, and each ``emoji=``."""
    found: list[tuple[str, ast.expr]] = []
    for path in sorted(BOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(BOT.parent)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    names = target.elts if isinstance(target, ast.Tuple) else [target]
                    values = (
                        node.value.elts
                        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                        else [node.value]
                    )
                    for name, value in zip(names, values, strict=False):
                        if isinstance(name, ast.Name) and name.id in {"emoji", "icon"}:
                            found.append((where, value))
                        if isinstance(name, ast.Name) and name.id == "EMOJI":
                            assert isinstance(value, ast.Dict), where
                            found += [(where, v) for v in value.values]
            elif isinstance(node, ast.Call):
                found += [(where, k.value) for k in node.keywords if k.arg == "emoji"]
    return found


def test_every_emoji_given_to_a_component_is_a_fully_qualified_unicode_emoji() -> None:
    sources = _emoji_sources()
    assert len(sources) >= 8  # seven game buttons and their one constructor: the scan reads
    for where, value in sources:
        if isinstance(value, ast.Constant):
            assert isinstance(value.value, str) and is_rgi_emoji(value.value), (where, value.value)
        else:
            # Anything computed must be a class's own ``emoji``, which the scan reads above,
            # or the app's own emoji of a face (a custom emoji by id, uploaded by the bot and
            # checked by the fake in test_discord_app_emojis.py), passed on by a parameter.
            assert ast.unparse(value) in APP_EMOJI_SOURCES, (where, ast.unparse(value))


def _all_subclasses(cls: type) -> list[type]:
    return [s for c in cls.__subclasses__() for s in (c, *_all_subclasses(c))]


def test_every_game_button_carries_an_emoji_discord_accepts() -> None:
    buttons = _all_subclasses(GameButton)
    prefixes = {b.prefix for b in buttons}  # type: ignore[attr-defined]
    assert {"hand", "rps", "hint", "log", "rm", "vf", "why"} <= prefixes
    for cls in buttons:
        payload = cls(1, "label").to_component_dict()
        assert is_rgi_emoji(payload["emoji"]["name"]), (cls.__name__, payload["emoji"])


def test_the_app_s_own_emojis_are_custom_emojis_by_id() -> None:
    from bot.ui.app_emojis import EmojiBook, emoji_name

    book = EmojiBook()
    assert book.emoji("bu_three_B") is None and book.emoji(None) is None  # words alone: no emoji

    class Uploaded:
        id, name = 42, emoji_name("bu_three_B", b"png")

    book.learn([Uploaded()], {"bu_three_B": Uploaded.name})  # type: ignore[list-item]
    found = book.emoji("bu_three_B")
    assert found is not None and found.id == 42 and found.is_custom_emoji()
    assert book.inline("bu_three_B") == f"<:{Uploaded.name}:42> "

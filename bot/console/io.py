"""The terminal: injectable ``read`` and ``write`` (the tests drive it like a person), plain
text only, and the few questions every screen asks."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bot.text.console import PASS_KEYBOARD, YES_NO
from rules.core import Locale, Text

Reader = Callable[[str], str]
Writer = Callable[[str], None]
T = TypeVar("T")

#: Discord markup the shared texts may carry; a terminal would print it literally.
MARKDOWN = re.compile(r"\*\*|__|~~|\|\||`")
#: Enough empty lines to scroll the previous player's hand off an ordinary terminal.
SCROLL_LINES = 60
YES = frozenset({"y", "yes", "はい", "は"})


def plain(text: str) -> str:
    """``**bold**`` → ``bold``: the console prints what a person reads, not the markup."""
    return MARKDOWN.sub("", text)


def normal(text: str) -> str:
    """Case, spaces and symbols don't matter when matching a typed name: ``Turn ↻`` → ``turn``."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def pick(answer: str, options: Sequence[T], names: Callable[[T], Sequence[str]]) -> T | None:
    """The option ``answer`` means: its number (from 1), one of its names exactly but for case,
    or — when only one option fits — a name with its symbols and spacing ignored."""
    answer = answer.strip()
    if answer.isdigit():
        return options[int(answer) - 1] if 0 < int(answer) <= len(options) else None
    folded = answer.casefold()
    exact = [o for o in options if any(n.casefold() == folded for n in names(o) if n)]
    if exact:
        return exact[0] if len(exact) == 1 else None
    loose = normal(answer)
    fits = [o for o in options if loose and any(normal(n) == loose for n in names(o))]
    return fits[0] if len(fits) == 1 else None


@dataclass(frozen=True, slots=True)
class Terminal:
    read: Reader
    write: Writer
    locale: Locale

    def say(self, text: str | Text) -> None:
        self.write(plain(text(self.locale) if isinstance(text, Text) else text))

    def ask(self, prompt: str | Text) -> str:
        return self.read(plain(prompt(self.locale) if isinstance(prompt, Text) else prompt)).strip()

    def confirm(self, question: Text) -> bool:
        """A yes/no question where anything but yes means no."""
        return self.ask(f"{question(self.locale)} {YES_NO(self.locale)} > ").casefold() in YES

    def pass_keyboard(self, name: str) -> None:
        """Hot-seat with secret hands: scroll the last hand away and wait for the next player."""
        self.write("\n" * SCROLL_LINES)
        self.ask(PASS_KEYBOARD.format(name=name))

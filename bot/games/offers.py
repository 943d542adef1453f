"""How a game offers its moves to a person, as plain data: buttons, menus, a number to type, a
step in a longer choice. The rules say *what* is legal; a game's module says how a person picks
it; the Discord layer (and the console) only draw what is described here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules.core import GameRules, Locale, Text

Style = Literal["primary", "secondary", "success", "danger"]

#: Up to this many choices appear as buttons (two rows of five); more become a menu.
MAX_BUTTONS = 10
CHOOSE = Text("選んでください…", "Choose…")


@dataclass(frozen=True, slots=True)
class NumberPrompt:
    """Ask for a whole number from ``low`` to ``high``; the move is ``prefix`` + the number."""

    prefix: str
    low: int
    high: int
    title: str
    label: str

    def move(self, typed: str) -> str | None:
        """The move a typed answer makes, or ``None`` when it is not a whole number in range."""
        text = typed.strip()
        if not (text.isascii() and text.isdigit()) or not self.low <= int(text) <= self.high:
            return None
        return f"{self.prefix}{int(text)}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a person can pick: a move (``code``), a step of a longer choice (``step``:
    the panel is drawn again at that step), or a number to type first (``number``)."""

    label: str
    code: str = ""
    step: str | None = None
    number: NumberPrompt | None = None
    description: str | None = None
    #: Shown as chosen in a menu (the step the panel is at).
    selected: bool = False
    #: The card or face it names, by its key in the game's ``FaceSet``: its emoji is shown
    #: beside the label where the app's emojis are uploaded.
    face: str | None = None


@dataclass(frozen=True, slots=True)
class Offer:
    """Choices offered together: as buttons, or as one select menu with a placeholder."""

    choices: tuple[Choice, ...]
    as_select: bool = False
    placeholder: str = ""
    style: Style = "primary"


@dataclass(frozen=True, slots=True)
class Panel:
    """A player's private panel: their own view as text, what to do now, and the offers."""

    text: str
    prompt: str
    offers: tuple[Offer, ...] = ()


def move_choices(
    rules: GameRules[Any, Any, Any], actions: Sequence[Any], locale: Locale
) -> tuple[Choice, ...]:
    return tuple(Choice(rules.action_label(a, locale), rules.format(a)) for a in actions)


def default_offers(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, actions: Sequence[Any], locale: Locale
) -> list[Offer]:
    """Few moves as buttons, many as a menu."""
    if not actions:
        return []
    choices = move_choices(rules, actions, locale)
    many = len(choices) > MAX_BUTTONS
    return [Offer(choices, as_select=many, placeholder=CHOOSE(locale) if many else "")]

"""Bilingual text: every string a player reads exists in Japanese and English."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Locale = Literal["ja", "en"]
LOCALES: tuple[Locale, ...] = ("ja", "en")


def normalize_locale(value: str | None) -> Locale:
    """Map any Discord locale tag (``ja``, ``en-US``, ``fr`` …) to one we render."""
    if value and value.lower().startswith("ja"):
        return "ja"
    return "en"


@dataclass(frozen=True, slots=True)
class Text:
    """A message in both languages. ``format`` fills the same fields in both."""

    ja: str
    en: str

    def __call__(self, locale: Locale) -> str:
        return self.ja if locale == "ja" else self.en

    def format(self, **fields: object) -> Text:
        return Text(self.ja.format(**fields), self.en.format(**fields))


#: What follows a label before its value: Japanese takes the full-width colon (no space).
COLON = Text("：", ": ")


def labelled(label: str, value: object, locale: Locale) -> str:
    """``label`` and ``value`` as one line: 「シード：42」, "Seed: 42"."""
    return f"{label}{COLON(locale)}{value}"

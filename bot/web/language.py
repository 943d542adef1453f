"""The reader's language: ``?lang=ja``/``?lang=en`` (the switch link) wins, else the browser's
``Accept-Language`` (its first of Japanese or English by weight), else English."""

from __future__ import annotations

from collections.abc import Mapping

from bot.text.web import WEB_TEXTS
from rules.core import Locale

LANGUAGES: tuple[Locale, ...] = ("ja", "en")


def negotiate(asked: str | None, accept_language: str | None) -> Locale:
    if asked in LANGUAGES:
        return "ja" if asked == "ja" else "en"
    best: tuple[float, Locale] | None = None
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        if primary not in LANGUAGES:
            continue
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        # Equal weights keep the browser's order.
        rank = weight - position * 1e-6
        if weight > 0 and (best is None or rank > best[0]):
            best = (rank, "ja" if primary == "ja" else "en")
    return best[1] if best else "en"


class Words:
    """The page's words in one language: ``t("key", field=value)`` in the templates."""

    def __init__(self, locale: Locale) -> None:
        self.locale = locale

    def __call__(self, key: str, **fields: object) -> str:
        text = WEB_TEXTS[key]
        return (text.format(**fields) if fields else text)(self.locale)

    def of(self, both: Mapping[str, str]) -> str:
        """One of a pair of words the data holds in both languages (``{"ja": …, "en": …}``)."""
        return both[self.locale]

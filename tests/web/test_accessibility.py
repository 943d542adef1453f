"""Every kind of page, read as an HTML validator and a screen reader would: a strict HTML5 parse
(html5lib, WHATWG's parsing rules: any parse error fails), ``<html lang>`` in the page's
language, one ``<h1>`` and no skipped heading level, alternative text on every picture, words
(or a label) on every link, a label on every navigation landmark, headers on every table's
columns; and the stylesheet's text colours against their backgrounds at WCAG AA (4.5:1)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import html5lib
import pytest

from bot.web.app import TEMPLATES
from tests.conftest import FakeClock
from tests.web.conftest import Site
from tests.web.every_page import pages_of_every_kind

#: Pages read the same from either database: one is enough here.
ONE_DATABASE = pytest.mark.parametrize("db", ["sqlite"], indirect=True)
#: WCAG 2.x AA for body text.
AA = 4.5


class Outline(HTMLParser):
    """What the checks read: headings, pictures, links and their words, landmarks, tables."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.headings: list[int] = []
        self.images: list[dict[str, str | None]] = []
        self.links: list[tuple[dict[str, str | None], str]] = []
        self.navs: list[dict[str, str | None]] = []
        self.header_cells = 0
        self.tables = 0
        self._link: tuple[dict[str, str | None], list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        elif re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        elif tag == "img":
            self.images.append(found)
        elif tag == "a":
            self._link = (found, [])
        elif tag == "nav":
            self.navs.append(found)
        elif tag == "table":
            self.tables += 1
        elif tag == "th":
            self.header_cells += 1

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None:
            self.links.append((self._link[0], "".join(self._link[1]).strip()))
            self._link = None


def check_page(html: str, locale: str, where: str) -> None:
    # A strict parse: html5lib raises on the first parse error (a stray tag, a bad nesting).
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(html)
    outline = Outline()
    outline.feed(html)
    assert outline.lang == locale, where
    assert outline.headings and outline.headings[0] == 1, (where, outline.headings)
    assert outline.headings.count(1) == 1, (where, outline.headings)
    for before, after in zip(outline.headings, outline.headings[1:], strict=False):
        assert after <= before + 1, (where, outline.headings)  # no level skipped going down
    for image in outline.images:
        assert (image.get("alt") or "").strip(), (where, image)
    for attrs, words in outline.links:
        assert words or (attrs.get("aria-label") or "").strip(), (where, attrs)
    for nav in outline.navs:
        assert (nav.get("aria-label") or "").strip(), (where, nav)
    assert outline.header_cells >= outline.tables, where


@ONE_DATABASE
async def test_every_page_is_valid_html_with_headings_alt_text_and_labels(
    site: Site, clock: FakeClock
) -> None:
    shown, _ = await pages_of_every_kind(site, clock)
    paths = [kind.path for kind in shown] + ["/", "/g/" + "a" * 23]  # and a refusal (404)
    for path in paths:
        for locale in ("en", "ja"):
            response = await site.client.get(f"{path}?lang={locale}")
            assert response.status in (200, 404), path
            check_page(await response.text(), locale, f"{path} {locale}")


# --- contrast --------------------------------------------------------------------------------


def luminance(colour: str) -> float:
    """WCAG's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_stylesheets_text_colours_meet_wcag_aa_on_every_background() -> None:
    """Each colour the stylesheet writes text in (ink, muted words, links and results) against
    each background it may sit on (the page, cards and tables, the highlighted move)."""
    css = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    colours = dict(re.findall(r"--([a-z]+):(#[0-9a-fA-F]{6})", css))
    here = re.search(r"li\.here\{background:(#[0-9a-fA-F]{6})", css)
    assert here is not None and {"ink", "muted", "paper", "card", "accent"} <= set(colours)
    backgrounds = {"paper": colours["paper"], "card": colours["card"], "here": here.group(1)}
    for text in ("ink", "muted", "accent"):
        for name, background in backgrounds.items():
            ratio = contrast(colours[text], background)
            assert ratio >= AA, f"{text} on {name}: {ratio:.2f}:1"
    # The check itself: black on white is 21:1, and a pale grey on white fails.
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert contrast("#aaaaaa", "#ffffff") < AA

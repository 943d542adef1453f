"""Every kind of page in a real browser: headless Chromium (Debian's, driven by Playwright from
PyPI) opens a running and a finished game, a player, the "everywhere" and a server's standings,
a tournament and a closed daily deal, at 360 and 1280 px wide, in Japanese and English. Each
must show its heading and words, load its pictures, fit a phone's width without scrolling
sideways, stay within the page budget as the browser fetched it, and show no hidden card
anywhere: not in the page, its meta, nor the picture. Screenshots are kept under
``test-artifacts/browser/`` (ignored by git) for a person to look at."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.games.registry import spec_for
from bot.web.pictures import PREVIEW_SIZE
from tests.conftest import FakeClock
from tests.web.browser import FLAGS, chromium
from tests.web.conftest import BASE, Site, senretsu_running
from tests.web.every_page import pages_of_every_kind

playwright = pytest.importorskip("playwright.async_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
WIDTHS = (360, 1280)
LANGUAGES = ("en", "ja")
#: What one page with its picture may weigh at most (issue 34), as the browser fetched it.
PAGE_BUDGET = 200 * 1024
#: The browser reads pages, not the database: PostgreSQL's pages are the tests/web ones'.
pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    path, why = chromium()
    if path is None:
        pytest.skip(why)
    async with playwright.async_playwright() as driver:
        launched = await driver.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield launched
        finally:
            await launched.close()


async def test_every_kind_of_page_in_a_real_browser(
    site: Site, clock: FakeClock, browser: Any
) -> None:
    shown, hidden = await pages_of_every_kind(site, clock)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    previews: dict[tuple[str, str], bytes] = {}
    for kind in shown:
        for locale in LANGUAGES:
            for width in WIDTHS:
                context = await browser.new_context(
                    viewport={"width": width, "height": 900}, locale=locale
                )
                page = await context.new_page()
                where = f"{kind.name} {locale} {width}px"
                address = str(site.client.make_url(f"{kind.path}?lang={locale}"))
                answer = await page.goto(address, wait_until="load")
                assert answer is not None and answer.status == 200, where
                await page.screenshot(
                    path=str(ARTIFACTS / f"{kind.name}-{locale}-{width}.png"), full_page=True
                )
                # What a reader sees: the heading, the page's words, in the page's language.
                assert await page.locator("h1").first.is_visible(), where
                assert await page.evaluate("document.documentElement.lang") == locale, where
                visible = await page.inner_text("body")
                for word in kind.words[locale]:
                    assert word in visible, (where, word)
                # Every picture loaded; the board among them on a game's page.
                images = await page.evaluate(
                    "[...document.images].map(i => [i.currentSrc, i.complete, i.naturalWidth])"
                )
                assert all(done and w > 0 for _, done, w in images), (where, images)
                assert any("/board.png" in src for src, _, _ in images) == kind.board, where
                # A phone's width: nothing sticks out sideways (wide tables scroll in a box).
                overflow = await page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                assert overflow <= 0, (where, overflow)
                # No hidden card in the page, its meta (link previews read those) or a picture.
                html = await page.content()
                meta = " ".join(
                    await page.eval_on_selector_all("meta", "m => m.map(e => e.content || '')")
                )
                for card in hidden:
                    assert card not in html and card not in meta, (where, card)
                # The page budget, as fetched: the page and everything it loaded.
                weight = await page.evaluate(
                    "[...performance.getEntriesByType('navigation'),"
                    " ...performance.getEntriesByType('resource')]"
                    ".reduce((sum, e) => sum + e.encodedBodySize, 0)"
                )
                assert 0 < weight <= PAGE_BUDGET, (where, weight)
                # Its own link preview: a game's board, any other page's own words, 1200×630.
                image = await page.get_attribute('meta[property="og:image"]', "content")
                assert image and image.startswith(BASE + kind.path.rstrip("/")), (where, image)
                fetched = await page.request.get(str(site.client.make_url(image[len(BASE) :])))
                assert fetched.ok and fetched.headers["content-type"] == "image/png", where
                png = await fetched.body()
                assert Image.open(io.BytesIO(png)).size == PREVIEW_SIZE, where
                previews[kind.name, locale] = png
                await context.close()
    # No two pages unfurl alike: each preview says something of its own page.
    assert len(set(previews.values())) == len(previews)


async def test_the_running_games_picture_in_the_browser_is_the_spectators(
    site: Site, browser: Any
) -> None:
    """The board the browser shows is exactly the spectator's view, painted: no hand in it."""
    game = (await senretsu_running(site.games)).game
    context = await browser.new_context(viewport={"width": 360, "height": 900})
    page = await context.new_page()
    address = str(site.client.make_url(f"{site.game(game.id)}?lang=en"))
    async with page.expect_response(lambda response: "/board.png" in response.url) as board:
        await page.goto(address, wait_until="load")
    picture = await (await board.value).body()
    paint = spec_for("senretsu").board_picture
    assert paint is not None
    events = await site.games.queries.last_public_events(game.id)
    expected = paint(
        game.rules.view_for(game.state, None),
        "en",
        [e for e in events if e.visible_to is None],
        [s.display_name for s in game.seats],
    )
    assert picture == expected
    await context.close()

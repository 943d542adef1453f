"""Every kind of page in a real browser: headless Chromium (Debian's, driven by Playwright from
PyPI) opens a running and a finished game, a player, the "everywhere" and a server's standings,
a tournament and a closed daily deal, at 360 and 1280 px wide, in Japanese and English. Each
must show its heading and words, load its pictures, fit a phone's width without scrolling
sideways, stay within the page budget as the browser fetched it, and show no hidden card
anywhere: not in the page, its meta, nor the picture. Screenshots are kept under
``test-artifacts/browser/`` (ignored by git) for a person to look at."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.games.registry import spec_for
from tests.conftest import FakeClock
from tests.services.tournament_helpers import PLAYERS, create, enter
from tests.services.tournament_helpers import services as tournament_services
from tests.web.browser import FLAGS, chromium
from tests.web.conftest import ALICE, GUILD, Site, bushi_finished, senretsu_running

playwright = pytest.importorskip("playwright.async_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
WIDTHS = (360, 1280)
LANGUAGES = ("en", "ja")
#: What one page with its picture may weigh at most (issue 34), as the browser fetched it.
PAGE_BUDGET = 200 * 1024
#: The browser reads pages, not the database: PostgreSQL's pages are the tests/web ones'.
pytestmark = pytest.mark.parametrize("db", ["sqlite"], indirect=True)


@dataclass(frozen=True)
class Shown:
    """One kind of page: its address, and words a reader must see there in each language."""

    name: str
    path: str
    words: dict[str, tuple[str, ...]]
    board: bool = False


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


async def pages_of_every_kind(site: Site, clock: FakeClock) -> tuple[list[Shown], set[str]]:
    """A game of each state, a player, both standings, a tournament and a closed day's deal;
    and the names (both languages) of every card hidden in the running game."""
    finished = (await bushi_finished(site.games)).game
    await bushi_finished(site.games, guild_id=GUILD)
    await site.servers.update(GUILD, web_name="Tea house")
    running = (await senretsu_running(site.games)).game
    hidden: set[str] = set()
    for seat in (0, 1):
        own = running.rules.view_for(running.state, seat)
        for card in set(own.hand) - set(own.revealed[seat]):
            hidden |= {card.name("en"), card.name("ja")}
    assert hidden
    s = tournament_services(site.db, clock)
    league = await create(s, format="swiss", rounds=2)
    await enter(s, league.id, 4)
    await s.tournaments.actions.start(
        league.id, league.guild_id, PLAYERS[0].user_id, manages_server=False
    )
    daily, _ = await site.games.starts.start_daily(
        "yosukou", ALICE, {"variant": "original"}, guild_id=None, channel_id=1
    )
    day = clock().date().isoformat()
    key = spec_for("yosukou").variant_of(daily.game.settings).key
    clock.advance(days=1)  # the day is over: its deals may be shown
    bushi, senretsu = spec_for("bushi").title, spec_for("senretsu").title
    shown = [
        Shown(
            "game-finished",
            site.game(finished.id),
            {
                "en": (bushi("en"), "Alice", "won", "Moves"),
                "ja": (bushi("ja"), "Alice", "勝ち"),
            },
            board=True,
        ),
        Shown(
            "game-running",
            site.game(running.id),
            {"en": (senretsu("en"), "Alice", "bob"), "ja": (senretsu("ja"), "Alice", "bob")},
            board=True,
        ),
        Shown("player", site.player(ALICE.user_id), {"en": ("Alice", "Results"), "ja": ("Alice",)}),
        Shown("standings", "/standings/bushi", {"en": ("Alice",), "ja": ("Alice",)}),
        Shown(
            "server-standings",
            f"{site.server(GUILD)}/standings/bushi",
            {"en": ("Tea house", "Alice"), "ja": ("Tea house", "Alice")},
        ),
        Shown(
            "tournament",
            site.tournament(league.id),
            {"en": ("Autumn league", "Round 1", "player1"), "ja": ("Autumn league", "1 回戦")},
        ),
        Shown("daily", f"/daily/{key}/{day}", {"en": ("Alice",), "ja": ("Alice",)}),
    ]
    return shown, hidden


async def test_every_kind_of_page_in_a_real_browser(
    site: Site, clock: FakeClock, browser: Any
) -> None:
    shown, hidden = await pages_of_every_kind(site, clock)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
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
                await context.close()


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

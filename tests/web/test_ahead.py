"""Every page's own link preview, and what the web process makes before anyone asks: a game's
page and pictures at each new version (painted ahead), drawn in processes of their own."""

from __future__ import annotations

import io
import logging
from typing import Any

import pytest
from PIL import Image

from bot.services.standings import StandingsService
from bot.web.ahead import READERS_FIRST, READERS_GLANCE, Ahead
from bot.web.app import PAGES_KEY
from bot.web.pages import CURRENT_TTL, PAGE_TTL, Pages
from bot.web.pictures import PREVIEW_SIZE, Caption, Easel, _bold, paint_preview
from bot.web.shelf import Shelf
from tests.conftest import FakeClock
from tests.services.tournament_helpers import create, enter
from tests.services.tournament_helpers import services as tournament_services
from tests.web.conftest import ALICE, BASE, BOB, Site, bushi_finished, senretsu_running
from tests.web.test_pages import PAGE_BUDGET, parsed

HIDDEN = "bob keeps their results to themselves."


async def own_preview(site: Site, path: str) -> bytes:
    """The page at ``path``: its og:image is its own preview, a 1200×630 PNG; that picture."""
    html = await site.text(path)
    image = parsed(html).meta["og:image"]
    assert image.startswith(f"{BASE}{path.split('?')[0].rstrip('/')}/preview.png?"), image
    response = await site.client.get(image.removeprefix(BASE))
    assert response.status == 200 and response.content_type == "image/png"
    png = await response.read()
    assert Image.open(io.BytesIO(png)).size == PREVIEW_SIZE
    assert len(html.encode()) + len(png) <= PAGE_BUDGET
    return png


async def test_every_page_unfurls_with_a_preview_of_its_own(site: Site, clock: FakeClock) -> None:
    await bushi_finished(site.games)
    s = tournament_services(site.db, clock)
    t = await create(s, format="swiss", rounds=2)
    await enter(s, t.id, 4)
    day = clock().date().isoformat()
    pictures = {
        path: await own_preview(site, path)
        for path in (
            "/?lang=en",
            f"{site.player(ALICE.user_id)}?lang=en",
            f"{site.player(BOB.user_id)}?lang=ja",
            "/standings/bushi?lang=en",
            f"{site.tournament(t.id)}?lang=en",
            f"/daily/yosukou:original/{day}?lang=en",
        )
    }
    # Each says something of its own page: no two are the same picture.
    assert len(set(pictures.values())) == len(pictures)


async def test_a_preview_shows_only_what_its_page_shows(site: Site) -> None:
    """A player who hides their results: their name and that they do, as their page says;
    a table: its top rows, as it lists them (the picture is exactly those words painted)."""
    await bushi_finished(site.games)
    await StandingsService(site.db).set_prefs(BOB.user_id, hide_stats=True)
    hidden = Caption("bob's record", (), HIDDEN)
    assert await own_preview(site, f"{site.player(BOB.user_id)}?lang=en") == paint_preview(
        None, hidden
    )
    pages = site.client.app[PAGES_KEY]
    painted = await own_preview(site, "/standings/bushi?lang=en")
    caption = _caption_of(pages, "/standings/bushi", "en")
    assert painted == paint_preview(None, caption)
    assert caption.title == "Bushi Shogi standings — everywhere"
    assert caption.lines and caption.lines[0].startswith("1. Alice <b>&")
    assert not any("bob" in line for line in caption.lines)  # hiding: left out of tables


def _caption_of(pages: Pages, path: str, locale: str) -> Caption:
    """The caption kept with the page at ``path`` (as its preview was drawn from it)."""
    for key, (_, made) in pages.other_pages._shelf.items():
        if isinstance(key, tuple) and str(key[0]).split("?")[0] == path and key[1] == locale:
            assert made.caption is not None
            return made.caption
    raise AssertionError(f"no page kept at {path}")


async def test_a_games_page_and_pictures_are_made_ahead_as_it_moves(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    """Looking for games that moved makes their page, board and preview in both languages;
    a reader then finds them made, and a move makes the next version's."""
    result = await senretsu_running(site.games, 4)
    game = result.game
    pages = site.client.app[PAGES_KEY]
    ahead = Ahead(pages)
    await ahead.look()
    assert ahead.prepared == 1
    made_pages, made_pictures = pages.game_pages.made, pages.shelf.made
    assert (made_pages, made_pictures) == (2, 4)  # a page, a board, a preview per language
    path = site.game(game.id)
    for lang in ("ja", "en"):
        html = await site.text(f"{path}?lang={lang}&utm_source=chat")  # any query: the same page
        await site.client.get(f"{path}/board.png?lang={lang}&v={game.version}")
        await site.client.get(f"{path}/preview.png?lang={lang}&v={game.version}")
        assert parsed(html).meta["og:url"] == f"{BASE}{path}?lang={lang}"
    assert (pages.game_pages.made, pages.shelf.made) == (made_pages, made_pictures)
    caplog.set_level(logging.INFO, logger="bot.web.ahead")
    await ahead.look()  # nothing moved: nothing made, and it says it is up to date
    assert ahead.prepared == 1
    assert "games made ahead are up to date (1 made so far)" in caplog.messages
    seat = game.seats_to_act[0].seat
    action = game.rules.legal_actions(game.state, seat)[0]
    moved = await site.games.actions.act(
        game.id, game.player(seat).user_id, game.version, game.rules.format(action)
    )
    await ahead.look()
    assert ahead.prepared == 2 and pages.shelf.made == made_pictures + 4
    # Ended (resigned): it leaves the running games, and its last version is made too.
    await site.games.actions.act(game.id, ALICE.user_id, None, "resign")
    await ahead.look()
    assert ahead.prepared == 3
    assert moved.game.version < (await pages.reader.current(game.id)).version  # type: ignore[union-attr]
    # A game begun and over between two looks (never seen running) is made too, and its
    # players' records and its table are read again for their pages.
    before = pages.players.made, pages.tables.made
    await bushi_finished(site.games)
    await ahead.look()
    assert ahead.prepared == 4
    assert (pages.players.made, pages.tables.made) == (before[0] + 2, before[1] + 1)
    made = pages.players.made, pages.tables.made
    await site.text(f"{site.player(ALICE.user_id)}?lang=en")
    await site.text(f"{site.player(ALICE.user_id)}?lang=ja")
    await site.text("/standings/bushi?lang=en")
    assert (pages.players.made, pages.tables.made) == made  # read ahead, for both languages
    await ahead.look()
    assert ahead.prepared == 4


async def test_at_start_the_newest_games_are_made(site: Site) -> None:
    finished = (await bushi_finished(site.games)).game
    running = (await senretsu_running(site.games, 2)).game
    pages = site.client.app[PAGES_KEY]
    ahead = Ahead(pages, interval=3600, recent=1)
    assert await pages.reader.latest_games(5) == [running.id, finished.id]
    for game_id in await pages.reader.latest_games(ahead.recent):
        await ahead.prepare(game_id)
    assert ahead.prepared == 1 and pages.shelf.made == 4


async def test_pictures_are_drawn_alike_in_processes() -> None:
    """``python -m bot web`` draws in processes of its own (the spare painter niced): the
    same picture as drawn in a thread."""
    caption = Caption("遊び場 Asobiba", ("武士将棋", "Bushi"), "Small games")
    easel = Easel(processes=True)
    try:
        await easel.start()
        asked = await easel.draw(paint_preview, None, caption)
        ahead = await easel.draw(paint_preview, None, caption, ahead=True)
    finally:
        easel.close()
    assert asked == ahead == paint_preview(None, caption)


async def test_a_kept_page_is_never_older_than_what_it_was_read_from(site: Site) -> None:
    """A player's mark (what names their page) is read once for every reader and kept
    ``PAGE_TTL``, their record once per mark for both languages; a page made late of it goes
    when the mark is read again and has moved on, so hiding shows within ``PAGE_TTL``."""
    await bushi_finished(site.games)
    pages = site.client.app[PAGES_KEY]
    moment = [0.0]
    pages.marks.now = lambda: moment[0]
    path = site.player(ALICE.user_id)
    assert "Results" in await site.text(f"{path}?lang=en")
    moment[0] = 20
    assert "成績" in await site.text(f"{path}?lang=ja")  # made now, of the record read at 0
    await StandingsService(site.db).set_prefs(ALICE.user_id, hide_stats=True)
    assert "成績" in await site.text(f"{path}?lang=ja")  # kept a while, as browsers may
    moment[0] = PAGE_TTL + 1
    assert "成績を公開していません" in await site.text(f"{path}?lang=ja")
    assert pages.players.made == 2


async def test_a_game_is_read_once_a_second_for_all_its_readers(site: Site) -> None:
    game = (await senretsu_running(site.games, 4)).game
    pages = site.client.app[PAGES_KEY]
    pages.games = Shelf(16, ttl=CURRENT_TTL, now=lambda: moment[0])
    moment = [0.0]
    path = site.game(game.id)
    first = await site.text(f"{path}?lang=en")
    assert await site.text(f"{path}?lang=en") == first and pages.games.made == 1
    seat = game.seats_to_act[0].seat
    action = game.rules.legal_actions(game.state, seat)[0]
    await site.games.actions.act(
        game.id, game.player(seat).user_id, game.version, game.rules.format(action)
    )
    assert await site.text(f"{path}?lang=en") == first  # within the second: as read
    moment[0] = CURRENT_TTL + 0.1
    assert await site.text(f"{path}?lang=en") != first  # read again: the move shows
    assert pages.games.made == 2


def test_a_preview_draws_a_names_characters_never_a_question_mark() -> None:
    """A title or a result may hold a tournament's or a player's name, or typographic quotes
    the bundled face lacks: drawn in the names' cut, not as ``?``."""
    quoted = Caption("Tournament “Autumn league”", (), "Ünal wins")
    plain = Caption("Tournament ?Autumn league?", (), "?nal wins")
    assert paint_preview(None, quoted) != paint_preview(None, plain)
    assert _bold("Tournament “Autumn league”", 44)[0] == "Tournament “Autumn league”"
    assert _bold("遊び場 Asobiba", 44)[1].path.endswith("Bold-subset.ttf")  # type: ignore[union-attr]


async def test_painting_ahead_rests_three_times_as_long_as_it_works(site: Site) -> None:
    await senretsu_running(site.games, 2)
    ahead = Ahead(site.client.app[PAGES_KEY])
    ticks = iter([10.0, 10.2])
    rests: list[float] = []

    async def rest(seconds: float) -> None:
        rests.append(seconds)

    ahead.clock, ahead.rest = lambda: next(ticks), rest
    await ahead.look()
    assert ahead.prepared == 1 and rests == [pytest.approx(0.6)]


async def test_readers_being_answered_come_before_painting_ahead(site: Site) -> None:
    """While a reader is being answered the painter waits (a glance at a time), and goes on
    once they have been; under readers that never stop, it waits two seconds at most."""
    await senretsu_running(site.games, 2)
    pages = site.client.app[PAGES_KEY]
    ahead = Ahead(pages)
    rests: list[float] = []
    answered_after = [3]

    async def rest(seconds: float) -> None:
        rests.append(seconds)
        if len(rests) == answered_after[0]:
            pages.answering -= 1  # the reader answered

    ahead.rest = rest
    pages.answering = 1
    await ahead.look()
    assert ahead.prepared == 1
    assert rests[:3] == [READERS_GLANCE] * 3 and pages.answering == 0
    pages.answering = 1  # never answered
    rests.clear()
    answered_after[0] = 0
    await ahead._readers_first()
    assert sum(rests) == pytest.approx(READERS_FIRST)


async def test_a_request_counts_as_answering_while_it_is_answered(site: Site) -> None:
    pages = site.client.app[PAGES_KEY]
    seen: list[int] = []
    real = pages.reader.tables_of

    async def tables_of(*args: Any) -> Any:
        seen.append(pages.answering)
        return await real(*args)

    pages.reader.tables_of = tables_of  # type: ignore[method-assign]
    await site.text("/?lang=en")
    assert seen and seen[0] == 1 and pages.answering == 0


async def test_the_start_reads_each_record_once_not_once_per_game(site: Site) -> None:
    """At start nothing has changed since: a player of many finished games is read once
    (a game ending while it runs reads their marks again, and their records only if the
    marks moved on: a game ending moves them on)."""
    for _ in range(3):
        await bushi_finished(site.games)
    pages = site.client.app[PAGES_KEY]
    ahead = Ahead(pages, interval=3600, recent=3)
    for game_id in await pages.reader.latest_games(3):
        await ahead._prepare_one(game_id, renew=False)
    assert ahead.prepared == 3
    assert (pages.players.made, pages.tables.made) == (2, 1)  # Alice, Bob; the one table
    marks = pages.marks.made
    await ahead.prepare((await pages.reader.latest_games(1))[0])
    # Read again: the marks (nothing moved them on here, so not the records) and the table.
    assert (pages.marks.made, pages.players.made, pages.tables.made) == (marks + 2, 2, 2)
    await bushi_finished(site.games)
    await ahead.prepare((await pages.reader.latest_games(1))[0])
    assert (pages.players.made, pages.tables.made) == (4, 3)


async def test_before_the_site_answers_a_pages_reads_are_read_once(site: Site) -> None:
    """The newest game, its first player's record and its table: read (and kept) before the
    first reader, so fifty arriving at once do not each wait for the first reads."""
    pages = site.client.app[PAGES_KEY]
    await Ahead(pages).warm()  # no game yet: nothing to read, and no trouble
    assert (pages.players.made, pages.tables.made) == (0, 0)
    await bushi_finished(site.games)
    await Ahead(pages).warm()
    assert (pages.players.made, pages.tables.made) == (1, 1)
    await site.text(f"{site.player(ALICE.user_id)}?lang=en")
    await site.text(f"{site.player(BOB.user_id)}?lang=en")
    assert pages.players.made == 2  # one of the two read before, found by its reader

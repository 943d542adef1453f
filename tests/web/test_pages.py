"""The pages a reader opens: a game (its board, players, result, moves and Verify file), a
player, the standings, a tournament and a day's deal — in both languages, with link previews,
behind addresses nobody can guess."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from bot.games.registry import spec_for
from bot.web.addresses import Addresses, Kind
from bot.web.app import PAGES_KEY
from bot.web.language import negotiate
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    PLAYERS,
    active_games,
    create,
    decide,
    end_game,
    enter,
)
from tests.services.tournament_helpers import services as tournament_services
from tests.web.conftest import ALICE, BASE, BOB, GUILD, Site, bushi_finished, senretsu_running

#: What one page with its picture may weigh at most (issue 34).
PAGE_BUDGET = 200 * 1024


class Meta(HTMLParser):
    """The page's ``<meta>`` properties, its ``<img>`` alts and headings, and ``<html lang>``."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.images: list[dict[str, str | None]] = []
        self.headings: list[str] = []
        self.lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        if tag == "meta":
            key = found.get("property") or found.get("name")
            if key:
                self.meta[key] = found.get("content") or ""
        if tag == "img":
            self.images.append(found)
        if tag in ("h1", "h2", "h3"):
            self.headings.append(tag)


def parsed(html: str) -> Meta:
    meta = Meta()
    meta.feed(html)
    return meta


def test_addresses_round_trip_and_refuse_what_they_did_not_sign() -> None:
    addresses = Addresses(b"x" * 32)
    tokens = [addresses.token(Kind.GAME, n) for n in range(1, 50)]
    assert [addresses.number(Kind.GAME, t) for t in tokens] == list(range(1, 50))
    # Sequential games share no prefix a reader could count on, and nothing reads back as
    # another kind, or under another deployment's secret.
    assert len({t[:6] for t in tokens}) == len(tokens)
    assert addresses.number(Kind.PLAYER, tokens[0]) is None
    assert Addresses(b"y" * 32).number(Kind.GAME, tokens[0]) is None
    flipped = tokens[0][:-1] + ("a" if tokens[0][-1] != "a" else "b")
    assert addresses.number(Kind.GAME, flipped) is None
    assert addresses.number(Kind.GAME, "1") is None
    assert addresses.number(Kind.GAME, "!" * 23) is None


def test_the_language_is_the_switch_then_the_browser() -> None:
    assert negotiate("ja", "en-GB,en") == "ja"
    assert negotiate(None, "ja-JP,ja;q=0.9,en;q=0.8") == "ja"
    assert negotiate(None, "en-US,en;q=0.9,ja;q=0.8") == "en"
    assert negotiate(None, "fr-FR, ja;q=0.5") == "ja"
    assert negotiate(None, None) == "en"
    assert negotiate("xx", "de") == "en"


async def test_a_finished_game_shows_its_board_result_moves_and_preview(site: Site) -> None:
    result = await bushi_finished(site.games)
    game = result.game
    path = site.game(game.id)
    html = await site.text(f"{path}?lang=en")
    meta = parsed(html)
    assert meta.lang == "en"
    assert "Bushi Shogi" in html or spec_for("bushi").title("en") in html
    assert "Alice &lt;b&gt;&amp;" in html and "<b>&" not in html  # a name is text, never markup
    assert "won" in html and "resign" in html.lower()
    assert html.count('<li><a href="/g/') + html.count('<li class="here"') >= 6  # the moves
    assert meta.meta["og:image"] == f"{BASE}{path}/preview.png?lang=en&v={game.version}"
    assert meta.meta["twitter:card"] == "summary_large_image"
    assert meta.meta["og:url"].startswith(f"{BASE}{path}")
    assert meta.meta["robots"] == "noindex"
    assert all(img.get("alt") for img in meta.images)
    assert meta.headings[0] == "h1"
    # In Japanese, by the browser's language.
    ja = await site.text(path, **{"Accept-Language": "ja,en;q=0.5"})
    assert parsed(ja).lang == "ja" and "勝ち" in ja and spec_for("bushi").title("ja") in ja

    # The preview is 1200×630, cached by the game's version.
    response = await site.client.get(f"{path}/preview.png?lang=en")
    assert response.status == 200 and response.content_type == "image/png"
    png = await response.read()
    assert png[16:24] == (1200).to_bytes(4, "big") + (630).to_bytes(4, "big")
    tag = response.headers["ETag"]
    again = await site.client.get(f"{path}/preview.png?lang=en", headers={"If-None-Match": tag})
    assert again.status == 304

    # Stepping through: the board after move 2, and its picture.
    stepped = await site.text(f"{path}?lang=en&step=2")
    assert 'aria-current="step"' in stepped and "after move 2" in stepped
    board = await site.client.get(f"{path}/board.png?lang=en&step=2")
    assert board.status == 200 and board.headers["ETag"] != tag

    # One page with its picture stays within the budget.
    picture = await (await site.client.get(f"{path}/board.png?lang=en")).read()
    assert len(html.encode()) + len(picture) <= PAGE_BUDGET


async def test_a_running_game_with_secret_hands_shows_only_the_spectators_view(
    site: Site,
) -> None:
    game = (await senretsu_running(site.games)).game
    rules = game.rules
    hidden = set()
    for seat in (0, 1):
        own = rules.view_for(game.state, seat)
        hidden |= set(own.hand) - set(own.revealed[seat])
    assert hidden
    path = site.game(game.id)
    for locale in ("en", "ja"):
        html = await site.text(f"{path}?lang={locale}")
        for card in hidden:
            assert card.name(locale) not in html, card
        assert "moves are shown once the game is over" in html or "終局後に公開" in html
        assert "verify.json" not in html
    # The picture is painted from the spectator's view, nothing else.
    board = await site.client.get(f"{path}/board.png?lang=en")
    served = await board.read()
    events = await site.games.queries.last_public_events(game.id)
    paint = spec_for("senretsu").board_picture
    assert paint is not None
    expected = paint(
        rules.view_for(game.state, None),
        "en",
        [e for e in events if e.visible_to is None],
        [s.display_name for s in game.seats],
    )
    assert served == expected
    # Its log and seed stay out while it runs.
    assert (await site.client.get(f"{path}/verify.json")).status == 404
    assert (await site.client.get(f"{path}?lang=en&step=1")).status == 200


async def test_the_verify_file_once_the_seed_may_be_shown(site: Site) -> None:
    game = (await senretsu_running(site.games, 6)).game
    await site.games.actions.act(game.id, ALICE.user_id, None, "resign")
    path = site.game(game.id)
    html = await site.text(f"{path}?lang=en")
    assert f"{path}/verify.json" in html
    response = await site.client.get(f"{path}/verify.json")
    assert response.status == 200
    record = await response.text()
    checked = await site.games.queries.verification(game.id, None)
    assert record == checked.record.to_json()


async def test_a_daily_deal_is_kept_until_its_day_is_over(site: Site, clock: FakeClock) -> None:
    result, _ = await site.games.starts.start_daily(
        "yosukou", ALICE, {"variant": "original"}, guild_id=None, channel_id=1
    )
    game = result.game
    path = site.game(game.id)
    kept = await site.text(f"{path}?lang=en", status=403)
    assert "Others may still be playing" in kept
    assert (await site.client.get(f"{path}/board.png")).status == 404
    assert (await site.client.get(f"{path}/preview.png")).status == 404
    day = clock().date().isoformat()
    key = spec_for("yosukou").variant_of(game.settings).key
    closed_page = await site.text(f"/daily/{key}/{day}?lang=en")
    assert "still being played" in closed_page and path not in closed_page
    clock.advance(days=1)
    assert "Alice" in await site.text(f"{path}?lang=en")
    results = await site.text(f"/daily/{key}/{day}?lang=en")
    assert path in results


async def test_guessed_and_foreign_addresses_are_plain_404s(site: Site) -> None:
    game = (await bushi_finished(site.games)).game
    player_token = site.addresses.token(Kind.PLAYER, game.id)
    for path in (
        "/g/" + "a" * 23,
        "/g/123",
        f"/g/{player_token}",  # a player's id opens no game
        "/p/" + site.addresses.token(Kind.GAME, ALICE.user_id),
        "/t/" + site.addresses.token(Kind.GAME, 1),
        site.game(game.id + 1000),
        site.server(GUILD),  # a server that did not publish on the web
        f"{site.server(GUILD)}/standings/bushi",
    ):
        html = await site.text(path, status=404)
        assert "no page at this address" in html or "ページはありません" in html


async def test_a_players_page_and_hidden_stats(site: Site) -> None:
    await bushi_finished(site.games)
    html = await site.text(f"{site.player(ALICE.user_id)}?lang=en")
    assert "Alice &lt;b&gt;&amp;" in html and "Results" in html
    assert re.search(r"<td class=\"n\">1</td>", html)  # played one
    from bot.services.standings import StandingsService

    await StandingsService(site.db).set_prefs(BOB.user_id, hide_stats=True)
    hidden = await site.text(f"{site.player(BOB.user_id)}?lang=en")
    assert "keeps their results to themselves" in hidden
    assert "Results" not in hidden and "Pace" not in hidden
    # Nobody who never played, nor the local console's players, has a page.
    await site.text(site.player(999_999), status=404)
    await site.text(site.player(0), status=404)


async def test_standings_everywhere_and_a_published_servers(site: Site) -> None:
    await bushi_finished(site.games)  # outside servers: the "everywhere" table
    await bushi_finished(site.games, guild_id=GUILD)
    home = await site.text("/?lang=en")
    assert "/standings/bushi" in home
    table = await site.text("/standings/bushi?lang=en")
    assert "Alice &lt;b&gt;&amp;" in table and site.player(ALICE.user_id) in table
    assert "noindex" not in table  # standings may be indexed
    await site.text(f"{site.server(GUILD)}/standings/bushi", status=404)
    await site.servers.update(GUILD, web_name="Tea <house>")
    server = await site.text(f"{site.server(GUILD)}?lang=en")
    assert "Tea &lt;house&gt;" in server
    published = await site.text(f"{site.server(GUILD)}/standings/bushi?lang=en")
    assert "Alice" in published
    # A published server's games are listed on its players' pages.
    player = await site.text(f"{site.player(ALICE.user_id)}?lang=en")
    assert "Tea &lt;house&gt;" in player and "/g/" in player
    await site.servers.update(GUILD, off_web=True)
    await site.text(f"{site.server(GUILD)}/standings/bushi", status=404)
    # Gone from its players' pages at once too, though those are kept a while.
    player = await site.text(f"{site.player(ALICE.user_id)}?lang=en")
    assert "Tea &lt;house&gt;" not in player


async def test_robots_and_headers(site: Site) -> None:
    robots = await site.text("/robots.txt")
    assert "Disallow: /g/" in robots and "Disallow: /p/" in robots
    response = await site.client.get("/?lang=ja")
    assert response.headers["Content-Language"] == "ja"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "no-referrer"
    preview = await site.client.get("/preview.png?lang=en")
    assert preview.status == 200 and preview.content_type == "image/png"


async def test_a_tournaments_page_shows_entrants_pairings_and_table(
    site: Site, clock: FakeClock
) -> None:

    s = tournament_services(site.db, clock)
    t = await create(s, format="swiss", rounds=2)
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, t.guild_id, PLAYERS[0].user_id, manages_server=False)
    path = site.tournament(t.id)
    running = await site.text(f"{path}?lang=en")
    assert "Autumn league" in running and "Round 1" in running and "playing" in running
    assert all(p.display_name in running for p in PLAYERS[:4])
    for game_id in await active_games(s.games, t.id):
        game = await s.games.queries.get(game_id)
        await end_game(s.games, game_id, decide(game.player(0).user_id, game.player(1).user_id))
    await s.tournaments.scheduler.tick()
    after = await site.text(f"{path}?lang=ja")
    assert "1 回戦" in after and "2 回戦" in after and "ブッフホルツ" in after
    assert "/g/" in after  # each pairing's game has its page


async def test_a_games_page_and_pictures_are_made_once_per_version(site: Site) -> None:
    """Kept by version: asked again, a page is neither read nor made again (304 with its
    ETag); a move makes it anew. The preview frames the very board the page shows."""
    game = (await senretsu_running(site.games, 6)).game
    pages = site.client.app[PAGES_KEY]
    path = site.game(game.id)
    first = await site.client.get(f"{path}?lang=en")
    html = await first.text()
    tag = first.headers["ETag"]
    again = await site.client.get(f"{path}?lang=en", headers={"If-None-Match": tag})
    assert again.status == 304 and again.headers["ETag"] == tag
    assert await site.text(f"{path}?lang=en") == html
    assert pages.game_pages.made == 1
    board = f"{path}/board.png?lang=en&v={game.version}"
    assert board.replace("&", "&amp;") in html
    answered = await site.client.get(board)
    assert answered.headers["Cache-Control"] == "public, max-age=3600"
    await site.client.get(f"{path}/preview.png?lang=en&v={game.version}")
    assert pages.shelf.made == 2  # the board once, for its page and the preview
    # A move: a new version, a new page (the game over: its Verify file).
    await site.games.actions.act(game.id, ALICE.user_id, None, "resign")
    moved = await site.client.get(f"{path}?lang=en", headers={"If-None-Match": tag})
    assert moved.status == 200 and moved.headers["ETag"] != tag
    assert "verify.json" in await moved.text()
    assert pages.game_pages.made == 2
    stale = await site.client.get(board)  # the old version's address: the board as it is now
    assert stale.headers["Cache-Control"] == "public, max-age=300"

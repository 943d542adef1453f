"""The handlers: one per kind of page (a game, its pictures and Verify file, a player, the
standings, a server, a tournament, a day's deal). Each reads through :class:`WebReader`, picks
the reader's language and renders a template; an address that was not signed here, or names
nothing that may be shown, is a plain 404 that says no more."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import jinja2
from aiohttp import web
from aiohttp.typedefs import Handler
from yarl import URL

from bot.games.registry import spec_for, variant_for_key
from bot.i18n import tr
from bot.services.snapshots import GameSnapshot
from bot.services.standings import is_rated_game
from bot.statuses import GameStatus
from bot.text.web import WEB_TEXTS
from bot.web.addresses import Addresses, Kind
from bot.web.disk import player
from bot.web.language import Words, negotiate
from bot.web.links import WebLinks
from bot.web.pictures import Caption, Easel, PictureShelf, etag, paint_board, paint_preview
from bot.web.reading import (
    EVERYWHERE,
    DailyShown,
    GameShown,
    Kept,
    PlayerShown,
    StandingsShown,
    TournamentShown,
    WebReader,
)
from bot.web.settings import WebSettings
from bot.web.shelf import Shelf
from rules.core import Locale

#: How long a reader's browser may keep a page or a picture before asking again: a running
#: game changes, and the pages are cheap to ask for (pictures revalidate by ETag).
PAGE_MAX_AGE = 30
PICTURE_MAX_AGE = 300
#: A picture asked for at its game's current version (``?v=``, as pages link them): what it
#: shows never changes at that address; an hour, so a forgotten player's name (which moves
#: the version on) does not linger in caches for long.
VERSIONED_MAX_AGE = 3600
#: Pages kept in memory (each a few kB): games by version, the others for ``PAGE_TTL``.
PAGES_KEPT = 2048
#: How long a game as read (its version: what names its page and pictures) answers readers
#: before it is read again: fifty readers of one game cost one read a second, and a move shows
#: on its page within a second (its Discord board shows it at once).
CURRENT_TTL = 1.0
#: How long a page made of many rows (a player, the standings, a tournament) is kept made:
#: as long as a reader's browser or a CDN may keep it anyway (``PAGE_MAX_AGE``).
PAGE_TTL = PAGE_MAX_AGE

#: The servers published on the web and their names (``WebReader.publications``).
Publications = tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Made:
    """A page as made once and answered many times."""

    html: bytes
    status: int
    locale: Locale
    indexed: bool
    #: A game's page is named by its version: readers asking again with it get 304.
    tag: str | None = None
    #: The words of the page's own link preview (every page but a game's, whose preview is
    #: its board): only what the page itself shows.
    caption: Caption | None = None


class Pages:
    """The site: its settings, addresses, reads, templates and pictures."""

    def __init__(
        self,
        settings: WebSettings,
        addresses: Addresses,
        reader: WebReader,
        templates: jinja2.Environment,
        shelf: PictureShelf | None = None,
        easel: Easel | None = None,
        page_ttl: float = PAGE_TTL,
        current_ttl: float = CURRENT_TTL,
    ) -> None:
        self.settings = settings
        self.addresses = addresses
        self.reader = reader
        self.templates = templates
        self.shelf = shelf if shelf is not None else PictureShelf()  # an empty shelf is falsy
        self.easel = easel or Easel()
        #: Games' pages, by version (and language, step, address): a finished game's forever.
        self.game_pages: Shelf[Made] = Shelf(PAGES_KEPT)
        #: Games as read, for a second (``current_ttl``; 0: read for every reader).
        self.games: Shelf[GameSnapshot | None] = Shelf(PAGES_KEPT, ttl=current_ttl)
        #: Every other page, for a short while.
        self.other_pages: Shelf[Made] = Shelf(PAGES_KEPT, ttl=page_ttl)
        #: Each player's mark (what names their page), for a while; what their page shows,
        #: read once for both languages, and the page, by version (kept on disk too).
        self.marks: Shelf[str | None] = Shelf(PAGES_KEPT, ttl=page_ttl)
        self.players: Shelf[PlayerShown | None] = Shelf(PAGES_KEPT)
        self.player_pages: Shelf[Made | None] = Shelf(PAGES_KEPT)
        #: What a table shows, read once for both languages and kept as long as the pages
        #: made of it (renewed ahead when a game of its ends).
        self.tables: Shelf[StandingsShown | None] = Shelf(PAGES_KEPT, ttl=page_ttl)
        self.links = WebLinks(settings.base_url, addresses)
        #: Readers' requests being answered now (what is made ahead waits for them).
        self.answering = 0

    # --- helpers ---------------------------------------------------------------------------

    def url(self, path: str) -> str:
        return self.links.url(path)

    # The paths are the bot's buttons' too (bot/web/links.py): one place builds both.

    def game_path(self, game_id: int) -> str:
        return self.links.game_path(game_id)

    def player_path(self, user_id: int) -> str:
        return self.links.player_path(user_id)

    def tournament_path(self, tournament_id: int) -> str:
        return self.links.tournament_path(tournament_id)

    def server_path(self, guild_id: int) -> str:
        return self.links.server_path(guild_id)

    def _number(self, request: web.Request, kind: Kind) -> int:
        number = self.addresses.number(kind, request.match_info["token"])
        if number is None:
            raise self.not_found(request)
        return number

    def locale(self, request: web.Request) -> Locale:
        return negotiate(request.query.get("lang"), request.headers.get("Accept-Language"))

    def render(
        self,
        request: web.Request,
        template: str,
        *,
        title: str,
        description: str,
        image: str | None = None,
        image_alt: str = "",
        indexed: bool = False,
        status: int = 200,
        **context: Any,
    ) -> web.Response:
        return answer(
            self.make(
                request,
                template,
                title=title,
                description=description,
                image=image,
                image_alt=image_alt,
                indexed=indexed,
                status=status,
                **context,
            )
        )

    def make(
        self,
        request: web.Request | None,
        template: str,
        *,
        title: str,
        description: str,
        image: str | None = None,
        image_alt: str = "",
        indexed: bool = False,
        status: int = 200,
        tag: str | None = None,
        caption: Caption | None = None,
        locale: Locale | None = None,
        address: URL | None = None,
        **context: Any,
    ) -> Made:
        """The page ``template`` at ``request``'s address in its reader's language (or at
        ``address`` in ``locale``: a game's page made before anyone asks for it)."""
        if request is not None:
            locale = locale or self.locale(request)
            address = address or page_address(request)
        assert locale is not None and address is not None
        words = Words(locale)
        other = "en" if locale == "ja" else "ja"
        if image is None and caption is not None:
            # The page's own preview (its address and ``/preview.png``): its words.
            own = address.with_path(address.path.rstrip("/") + "/preview.png")
            image = self.url(str(own.with_query({**address.query, "lang": locale})))
        image = image or self.url(f"/preview.png?lang={locale}")
        html = self.templates.get_template(template).render(
            t=words,
            locale=locale,
            title=title,
            description=description,
            canonical=self.url(str(address.with_query({**address.query, "lang": locale}))),
            switch=str(address.with_query({**address.query, "lang": other})),
            image=image,
            image_alt=image_alt or words("preview.alt", title=title),
            indexed=indexed,
            pages=self,
            when=lambda moment: when(moment, words),
            game_title=lambda key: variant_title(key, words),
            type_title=lambda game_type: spec_for(game_type).title(words.locale),
            span=lambda delta: span(delta, words),
            **context,
        )
        return Made(html.encode(), status, locale, indexed, tag, caption)

    async def kept_for_a_while(
        self, request: web.Request, make: Callable[[], Awaitable[Made]], *also: Hashable
    ) -> Made:
        """The page at this address (or the page whose preview is asked for) in the reader's
        language, made at most once a ``PAGE_TTL`` (``also``: what else it depends on, read
        afresh for each reader)."""
        address = page_address(request)
        key = (str(address), self.locale(request), self.reader.clock().date(), *also)
        return await self.other_pages.get(key, make)

    def page(self, made: Callable[[web.Request], Awaitable[Made]]) -> Handler:
        """The handler answering the page ``made`` makes."""

        async def handler(request: web.Request) -> web.StreamResponse:
            return answer(await made(request))

        return handler

    def page_preview(self, made: Callable[[web.Request], Awaitable[Made]]) -> Handler:
        """The handler answering the 1200×630 link preview of the page ``made`` makes: its
        own words (only what the page shows), drawn once for as long as they stay the same."""

        async def handler(request: web.Request) -> web.StreamResponse:
            page = await made(request)
            words = Words(page.locale)
            caption = page.caption or Caption(words("site"), (), words("tagline"))
            tag = etag("page preview", caption)
            if _fresh(request, tag):
                return _not_modified(tag, PAGE_MAX_AGE)

            async def draw() -> bytes | None:
                return await self.easel.draw(paint_preview, None, caption)

            png = await self.shelf.get(tag, draw)
            assert png is not None
            return _picture(png, tag, PAGE_MAX_AGE)

        return handler

    def not_found(self, request: web.Request) -> web.HTTPNotFound:
        words = Words(self.locale(request))
        html = self.templates.get_template("message.html").render(
            t=words,
            locale=words.locale,
            title=words("not_found.title"),
            description=words("not_found.body"),
            body=words("not_found.body"),
            canonical=self.url(request.path),
            switch=str(
                request.rel_url.with_query({"lang": "en" if words.locale == "ja" else "ja"})
            ),
            image=self.url(f"/preview.png?lang={words.locale}"),
            image_alt=words("site"),
            indexed=False,
            pages=self,
        )
        return web.HTTPNotFound(text=html, content_type="text/html")

    def kept(self, request: web.Request) -> web.Response:
        words = Words(self.locale(request))
        return self.render(
            request,
            "message.html",
            title=words("kept.title"),
            description=words("kept.body"),
            body=words("kept.body"),
            status=403,
        )

    # --- pages -----------------------------------------------------------------------------

    async def home_made(self, request: web.Request) -> Made:
        async def make() -> Made:
            words = Words(self.locale(request))
            keys = await self.reader.tables_of(EVERYWHERE)
            return self.make(
                request,
                "home.html",
                title=words("site"),
                description=words("tagline"),
                indexed=True,
                caption=Caption(words("site"), _table_lines(keys, words), words("tagline")),
                keys=keys,
                daily_games=self.reader.daily_games(),
                days=self.reader.closed_days(),
                server=None,
                server_path="",
            )

        return await self.kept_for_a_while(request, make)

    async def current(self, game_id: int) -> GameSnapshot | None:
        """The game as :meth:`WebReader.current` reads it, read at most once a
        ``current_ttl`` (:class:`Kept` is never kept: read again each time)."""
        if self.games.ttl == 0:
            return await self.reader.current(game_id)

        async def read() -> GameSnapshot | None:
            return await self.reader.current(game_id)

        return await self.games.get(game_id, read)

    async def _current(self, request: web.Request) -> GameSnapshot:
        """The game an address names, as it is now (one read); 404 if there is none or it
        is a deal others may still be playing (its pictures say no more than that)."""
        try:
            game = await self.current(self._number(request, Kind.GAME))
        except Kept:
            raise self.not_found(request) from None
        if game is None:
            raise self.not_found(request)
        return game

    async def game(self, request: web.Request) -> web.StreamResponse:
        game_id = self._number(request, Kind.GAME)
        locale = self.locale(request)
        try:
            current = await self.current(game_id)
        except Kept:
            return self.kept(request)
        if current is None or current.status in (GameStatus.DECLINED, GameStatus.EXPIRED):
            raise self.not_found(request)
        step = request.query.get("step")
        step = step if step is not None and step.isdigit() else None
        tag = etag(*self._game_key(current, step, locale))
        if _fresh(request, tag):
            return _not_modified(tag, PAGE_MAX_AGE)
        return answer(await self.game_page(current, step, locale))

    def _game_key(
        self, game: GameSnapshot, step: str | None, locale: Locale
    ) -> tuple[Hashable, ...]:
        # What the page shows changes only with the game's version, and with the day for a
        # seed (the Verify file's link): one read names it, and a page made for it is kept.
        return ("game", game.id, step, locale, game.version, self.reader.seed_revealed(game))

    async def game_page(self, game: GameSnapshot, step: str | None, locale: Locale) -> Made:
        """``game``'s page (from :meth:`WebReader.current`) at ``step`` (the query's digits,
        ``None``: as it is now) in ``locale``, made once per version (whatever else the
        address's query says: the page is the same)."""
        key = self._game_key(game, step, locale)
        tag = etag(*key)

        async def render() -> bytes:
            return self._game_page(locale, step, await self.reader.shown(game), tag).html

        async def make() -> Made:
            # Kept on disk beside its pictures, by the same version: a restarted process
            # answers it without reading the game's moves again.
            html = await self.shelf.through(game.id, game.version, tag, render, "html")
            assert html is not None
            return Made(html, 200, locale, False, tag)

        return await self.game_pages.get(key, make)

    def _game_page(self, locale: Locale, raw_step: str | None, game: GameShown, tag: str) -> Made:
        words = Words(locale)
        step = _step(raw_step, game)
        title = words("game.title", game=words.of(_pair(game.title_ja, game.title_en)), id=game.id)
        players = " vs ".join(seat_name(s.name, s.former, s.is_bot, words) for s in game.seats)
        description = f"{players} · {status_words(game, words)}"
        result = result_words(game, words)
        if result:
            description += f" · {result}"
        token = self.addresses.token(Kind.GAME, game.id)
        query = f"lang={words.locale}" + (f"&step={step}" if step is not None else "")
        address = URL(f"/g/{token}")
        return self.make(
            None,
            "game.html",
            locale=locale,
            address=address if raw_step is None else address.with_query(step=raw_step),
            title=title,
            description=description,
            image=self.url(f"/g/{token}/preview.png?lang={words.locale}&v={game.version}"),
            image_alt=description,
            indexed=False,
            tag=tag,
            game=game,
            step=step,
            result=result,
            status_text=status_words(game, words),
            board_src=f"/g/{token}/board.png?{query}&v={game.version}",
            board_alt=board_alt(game, step, words),
            game_path=f"/g/{token}",
            tournament_path=(
                self.tournament_path(game.tournament_id) if game.tournament_id else None
            ),
            seat_words=lambda s: seat_name(s.name, s.former, s.is_bot, words),
        )

    async def board(
        self, game: GameSnapshot, step: int | None, locale: Locale, ahead: bool = False
    ) -> bytes | None:
        """The board of ``game`` after ``step`` (``None``: as it is now), drawn once per
        version, step and language (``ahead``: before anyone asks, by the spare painter)."""

        async def draw() -> bytes | None:
            board = await self.reader.board(game, step, _former())
            return await self.easel.draw(paint_board, board, locale, ahead=ahead)

        tag = etag("board", game.id, game.version, step, locale)
        return await self.shelf.picture(game.id, game.version, tag, draw)

    async def board_png(self, request: web.Request) -> web.StreamResponse:
        game = await self._current(request)
        locale = self.locale(request)
        step = _asked_step(request, game)
        tag = etag("board", game.id, game.version, step, locale)
        if _fresh(request, tag):
            return _not_modified(tag, _picture_age(request, game))
        png = await self.board(game, step, locale)
        if png is None:
            raise self.not_found(request)
        return _picture(png, tag, _picture_age(request, game))

    async def preview(self, game: GameSnapshot, locale: Locale, ahead: bool = False) -> bytes:
        """``game``'s 1200×630 link preview in ``locale``, drawn once per version."""

        async def draw() -> bytes | None:
            words = Words(locale)
            shown = await self.reader.shown(game)
            caption = Caption(
                words(
                    "game.title", game=words.of(_pair(shown.title_ja, shown.title_en)), id=game.id
                ),
                tuple(
                    f"{words.of(_pair(s.side_ja, s.side_en))} "
                    f"{seat_name(s.name, s.former, s.is_bot, words)}"
                    if len(shown.seats) > 1
                    else seat_name(s.name, s.former, s.is_bot, words)
                    for s in shown.seats
                ),
                result_words(shown, words) or status_words(shown, words),
            )
            # The board as its page shows it, drawn once for both.
            board_png = await self.board(game, None, locale, ahead)
            return await self.easel.draw(paint_preview, board_png, caption, ahead=ahead)

        tag = etag("preview", game.id, game.version, locale)
        png = await self.shelf.picture(game.id, game.version, tag, draw)
        assert png is not None
        return png

    async def preview_png(self, request: web.Request) -> web.StreamResponse:
        game = await self._current(request)
        locale = self.locale(request)
        tag = etag("preview", game.id, game.version, locale)
        if _fresh(request, tag):
            return _not_modified(tag, _picture_age(request, game))
        return _picture(await self.preview(game, locale), tag, _picture_age(request, game))

    async def verify_json(self, request: web.Request) -> web.Response:
        game_id = self._number(request, Kind.GAME)
        try:
            record = await self.reader.verify_file(game_id)
        except Kept:
            record = None
        if record is None:
            raise self.not_found(request)
        return web.Response(
            text=record,
            content_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="asobiba-game-{game_id}-verify.json"',
                "X-Robots-Tag": "noindex",
            },
        )

    async def player_made(self, request: web.Request) -> Made:
        made = await self.player_page(
            self._number(request, Kind.PLAYER),
            # Their tables and games in servers published on the web, read afresh.
            await self.reader.publications(),
            self.locale(request),
        )
        if made is None:
            raise self.not_found(request)
        return made

    async def player_version(
        self, user_id: int, publications: Publications, renew: bool = False
    ) -> str | None:
        """What names ``user_id``'s page as it is now: their mark (``bot.db.marks``, one
        read of the hot path's, kept ``PAGE_TTL`` for every reader: a player who hides their
        results shows so within it), the servers published on the web and the day; ``None``:
        no page (never played, or deleted). ``renew``: the mark read again now."""

        async def read() -> str | None:
            return (await self.reader.player_marks([user_id])).get(user_id)

        key = ("mark", user_id)
        mark = await (self.marks.renew if renew else self.marks.get)(key, read)
        return None if mark is None else self.version_of(mark, publications)

    def version_of(self, mark: str, publications: Publications) -> str:
        """A player's page's version: of their ``mark``, the servers published on the web
        (their tables and games there) and the day (a puzzle streak, a daily deal over)."""
        return etag("player", mark, publications, self.reader.clock().date()).strip('"')

    async def read_marks(self, user_ids: Sequence[int]) -> None:
        """The marks of ``user_ids``, in one read, kept as :meth:`player_version` keeps them
        (before the site answers: their pages kept on disk answer at once)."""
        marks = await self.reader.player_marks(user_ids)
        for user_id in user_ids:
            self.marks.put(("mark", user_id), marks.get(user_id))

    async def player_shown(
        self, user_id: int, version: str, publications: Publications
    ) -> PlayerShown | None:
        """What ``user_id``'s page shows at ``version`` (of ``publications``), read once for
        both languages."""

        async def read() -> PlayerShown | None:
            return await self.reader.player(user_id, publications)

        return await self.players.get(("player", user_id, version), read)

    async def player_page(
        self, user_id: int, publications: Publications, locale: Locale
    ) -> Made | None:
        """``user_id``'s page in ``locale`` (``None``: they have none), made once per version
        (:meth:`player_version`) and kept on disk under it, like a game's page: a restarted
        process answers it with one read of the mark, without reading their record again."""
        version = await self.player_version(user_id, publications)
        if version is None:
            return None
        key = ("player page", user_id, version, locale)
        tag = etag(*key)

        async def render() -> bytes | None:
            shown = await self.player_shown(user_id, version, publications)
            if shown is None:
                return None
            words = Words(locale)
            title = words("player.title", name=shown.name)
            caption = player_caption(shown, title, words)
            made = self.make(
                None,
                "player.html",
                locale=locale,
                address=URL(self.player_path(user_id)),
                title=title,
                description=words("player.hidden", name=shown.name) if shown.hidden else title,
                caption=caption,
                player=shown,
                variant_title=lambda key: variant_title(key, words),
                rated=is_rated,
            )
            return _packed(made.html, caption)

        async def make() -> Made | None:
            packed = await self.shelf.through(player(user_id), version, tag, render, "page")
            if packed is None:
                return None
            html, caption = _unpacked(packed)
            return Made(html, 200, locale, False, caption=caption)

        return await self.player_pages.get(key, make)

    async def table_shown(
        self, guild_id: int, game_key: str, page: int, renew: bool = False
    ) -> StandingsShown | None:
        """What page ``page`` of a table shows, read once a while (``renew``: now)."""
        key = _table_key(guild_id, game_key, page)

        async def read() -> StandingsShown | None:
            return await self.reader.standings(guild_id, game_key, page)

        return await (self.tables.renew if renew else self.tables.get)(key, read)

    async def standings_made(self, request: web.Request) -> Made:
        guild_id = self._server(request)
        try:
            page = max(int(request.query.get("page", "1")) - 1, 0)
        except ValueError:
            page = 0

        async def make() -> Made:
            words = Words(self.locale(request))
            shown = await self.table_shown(guild_id, request.match_info["game"], page)
            if shown is None:
                raise self.not_found(request)
            table = shown.server_name or words("standings.everywhere")
            title = words(
                "standings.title", game=variant_title(shown.page.game_key, words), table=table
            )
            return self.make(
                request,
                "standings.html",
                title=title,
                description=title,
                indexed=True,
                caption=standings_caption(shown, title, words),
                shown=shown,
                rated=is_rated(shown.page.game_key),
                server_path=self.server_path(guild_id),
            )

        name = await self._published_as(request, guild_id)
        # Made again whenever the table is read again (never older than that read).
        await self.table_shown(guild_id, request.match_info["game"], page)
        read_at = self.tables.made_at(_table_key(guild_id, request.match_info["game"], page))
        return await self.kept_for_a_while(request, make, name, read_at)

    async def server_made(self, request: web.Request) -> Made:
        guild_id = self._server(request)
        name = await self._published_as(request, guild_id)
        if name is None:
            raise self.not_found(request)

        async def make() -> Made:
            words = Words(self.locale(request))
            keys = await self.reader.tables_of(guild_id)
            return self.make(
                request,
                "home.html",
                title=name,
                description=words("standings.index"),
                indexed=True,
                caption=Caption(name, _table_lines(keys, words), words("standings.index")),
                keys=keys,
                daily_games=self.reader.daily_games(),
                days=self.reader.closed_days(),
                server=name,
                server_path=self.server_path(guild_id),
            )

        return await self.kept_for_a_while(request, make, name)

    async def daily_made(self, request: web.Request) -> Made:
        guild_id = self._server(request)
        try:
            day = date.fromisoformat(request.match_info["day"])
        except ValueError:
            raise self.not_found(request) from None

        async def make() -> Made:
            words = Words(self.locale(request))
            shown = await self.reader.daily(guild_id, request.match_info["game"], day)
            if shown is None:
                raise self.not_found(request)
            title = words("daily.title", game=variant_title(shown.game_key, words), day=day)
            return self.make(
                request,
                "daily.html",
                title=title,
                description=title,
                indexed=shown.closed,
                caption=daily_caption(shown, title, words),
                shown=shown,
                summary=lambda game: game.spec.summary(game.state, words.locale),
                name_of=lambda game: seat_name(
                    game.seats[0].display_name, game.seats[0].user_id < 0, False, words
                ),
            )

        return await self.kept_for_a_while(
            request, make, await self._published_as(request, guild_id)
        )

    async def tournament_made(self, request: web.Request) -> Made:
        tournament_id = self._number(request, Kind.TOURNAMENT)

        async def make() -> Made:
            words = Words(self.locale(request))
            shown = await self.reader.tournament(tournament_id)
            if shown is None:
                raise self.not_found(request)
            info = shown.standing.tournament
            title = words("tournament.title", name=info.name)
            format_words = words(f"tournament.format.{info.format.value}", rounds=info.rounds)
            status = words("tournament.status." + info.status.value)
            return self.make(
                request,
                "tournament.html",
                title=title,
                description=f"{info.title(words.locale)} · {status}",
                caption=tournament_caption(shown, title, f"{format_words} · {status}", words),
                shown=shown,
                info=info,
                tie_break=lambda name: tie_break_words(name, words.locale),
                format_words=format_words,
            )

        return await self.kept_for_a_while(request, make)

    async def robots(self, request: web.Request) -> web.Response:
        # Link previews fetch pages and pictures; search engines may index the standings but
        # no game, player or tournament page (each says noindex too), nor a Verify file.
        lines = [
            "User-agent: *",
            "Disallow: /g/",
            "Disallow: /p/",
            "Disallow: /t/",
            "Allow: /",
            "",
        ]
        return web.Response(text="\n".join(lines), content_type="text/plain")

    def _server(self, request: web.Request) -> int:
        if "token" not in request.match_info:
            return EVERYWHERE
        return self._number(request, Kind.SERVER)

    async def _published_as(self, request: web.Request, guild_id: int) -> str | None:
        """A server's name on the web, read afresh for each reader (a server that stops
        publishing is gone at once, kept page or not); nothing to read for "everywhere"."""
        if guild_id == EVERYWHERE:
            return None
        name = dict(await self.reader.publications()).get(guild_id)
        if name is None:
            raise self.not_found(request)
        return name


# --- words ----------------------------------------------------------------------------------


def _table_key(guild_id: int, game_key: str, page: int) -> Hashable:
    return ("table", guild_id, game_key, page)


def _packed(html: bytes, caption: Caption) -> bytes:
    """A player's page as kept on disk: its link preview's words (a line of JSON), then it."""
    words = json.dumps([caption.title, list(caption.lines), caption.result]).encode()
    return words + b"\n" + html


def _unpacked(packed: bytes) -> tuple[bytes, Caption]:
    words, html = packed.split(b"\n", 1)
    title, lines, result = json.loads(words)
    return html, Caption(title, tuple(lines), result)


def page_address(request: web.Request) -> URL:
    """The address of the page ``request`` asks for, or whose link preview it asks for."""
    path = request.path
    if path.endswith("/preview.png"):
        path = path.removesuffix("/preview.png") or "/"
    return URL(path).with_query(request.query)


def _pair(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


def _former() -> tuple[str, str]:
    former = WEB_TEXTS["former"]
    return former("ja"), former("en")


#: Rows a page's link preview lists (its table's top, a day's first results).
PREVIEW_ROWS = 5


def _table_lines(keys: Sequence[str], words: Words) -> tuple[str, ...]:
    return tuple(variant_title(key, words) for key in keys[:PREVIEW_ROWS])


def player_caption(shown: PlayerShown, title: str, words: Words) -> Caption:
    """A player's preview: their public results per game, as their page lists them; for a
    player who hides them, their name and that they do, nothing more."""
    if shown.hidden:
        return Caption(title, (), words("player.hidden", name=shown.name))
    lines = []
    for table in shown.tables:
        where = table.server_name or words("standings.everywhere")
        for stat in table.stats:
            rating = (
                f" · {round(stat.rating or 0)}{'?' if stat.provisional else ''}"
                if is_rated(stat.game_key) and stat.rated_games
                else ""
            )
            lines.append(
                words(
                    "preview.player_row",
                    game=variant_title(stat.game_key, words),
                    won=stat.won,
                    drawn=stat.drawn,
                    lost=stat.lost,
                    rating=rating,
                )
                + (f" ({where})" if table.server_name else "")
            )
    result = words("preview.played", n=sum(s.played for t in shown.tables for s in t.stats))
    return Caption(title, tuple(lines[:PREVIEW_ROWS]), result if lines else "")


def standings_caption(shown: StandingsShown, title: str, words: Words) -> Caption:
    """A table's preview: its first rows, as its page shows them."""
    rated = is_rated(shown.page.game_key)
    lines = tuple(
        words(
            "preview.rank_row",
            rank=rank,
            name=shown.names.get(stat.user_id, "—"),
            score=(
                f"{round(stat.rating or 0)}{'?' if stat.provisional else ''}"
                if rated
                else f"{stat.won} / {stat.played}"
            ),
        )
        for rank, stat in shown.page.rows[:PREVIEW_ROWS]
    )
    return Caption(title, lines, "" if lines else words("standings.empty"))


def tournament_caption(shown: TournamentShown, title: str, facts: str, words: Words) -> Caption:
    """A tournament's preview: its format and status, and the top of its table."""
    standing = shown.standing
    lines = [
        words(
            "preview.rank_row",
            rank=row.rank,
            name=shown.names.get(row.player, "—"),
            score=words("preview.points", points=row.points),
        )
        for row in standing.rows[:PREVIEW_ROWS]
    ] or [
        words(
            "preview.rank_row",
            rank=row.rank,
            name=shown.names.get(row.player, "—"),
            score=f"{row.wins} / {row.deals}",
        )
        for row in standing.solitaire_rows[:PREVIEW_ROWS]
    ]
    entrants = words("tournament.entrants", count=len(standing.entrants))
    return Caption(title, (facts, *lines), entrants)


def daily_caption(shown: DailyShown, title: str, words: Words) -> Caption:
    """A day's deal's preview: how many played it and how many won, once the day is over
    (before that its page shows nothing of anyone's deal, nor does its preview)."""
    if not shown.closed:
        return Caption(title, (), words("daily.open"))
    if not shown.games:
        return Caption(title, (), words("daily.none"))
    won = sum(1 for g in shown.games if g.outcome is not None and g.outcome.winner == 0)
    return Caption(title, (), words("preview.daily", played=len(shown.games), won=won))


def seat_name(name: str, former: bool, is_bot: bool, words: Words) -> str:
    if former:
        return words("former")
    return f"{name} 🤖" if is_bot else name


def status_words(game: GameShown, words: Words) -> str:
    return words(f"game.status.{game.status.value}")


def result_words(game: GameShown, words: Words) -> str:
    outcome = game.outcome
    if outcome is None:
        return ""
    reason = words.of(_pair(game.reason_ja, game.reason_en))

    def name(seat: int) -> str:
        s = game.seats[seat]
        return seat_name(s.name, s.former, s.is_bot, words)

    if not game.counts:
        return words("game.no_result", reason=reason)
    if len(outcome.points) == 1 and outcome.winner is None:
        return words("game.solo_loss", name=name(0), reason=reason)
    if outcome.winner is None:
        return words("game.draw", reason=reason)
    return words("game.win", name=name(outcome.winner), reason=reason)


def board_alt(game: GameShown, step: int | None, words: Words) -> str:
    title = words.of(_pair(game.title_ja, game.title_en))
    if step is None:
        shown = words("game.board_end" if game.over else "game.board_now")
    elif step == 0:
        shown = words("game.board_start")
    else:
        shown = words("game.board_step", n=step)
    return words("game.board_alt", game=title, step=shown)


def variant_title(key: str, words: Words) -> str:
    found = variant_for_key(key)
    return found[1].title(words.locale) if found else key


def is_rated(key: str) -> bool:
    return is_rated_game(key)


def tie_break_words(name: str, locale: Locale) -> str:
    return tr(f"tiebreak.{name}", locale)


def when(moment: datetime | None, words: Words) -> str:
    if moment is None:
        return "—"
    return words("utc", when=moment.strftime("%Y-%m-%d %H:%M"))


def span(delta: timedelta | int | None, words: Words) -> str:
    """A time span in whole minutes, hours and days (``3 h 20 min``, 「3時間20分」)."""
    if delta is None:
        return words("game.clock.none")
    seconds = int(delta.total_seconds() if isinstance(delta, timedelta) else delta)
    minutes = max(seconds // 60, 1 if seconds else 0)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [
        words(key, n=n)
        for key, n in (("span.d", days), ("span.h", hours), ("span.m", minutes))
        if n
    ]
    glue = "" if words.locale == "ja" else " "
    return glue.join(parts[:2]) or words("span.m", n=0)


# --- responses ------------------------------------------------------------------------------


def _step(raw: str | None, game: GameShown) -> int | None:
    """The step a finished game is shown at (``?step=N``, 0: the start); ``None``: the end."""
    if raw is None or not game.over or not raw.isdigit():
        return None
    step = int(raw)
    return None if step >= len(game.steps) else step


def _asked_step(request: web.Request, game: GameSnapshot) -> int | None:
    """The step a finished game's picture is asked at (``?step=N``); ``None``: as it is now.
    A step past the last is the end, which the drawing finds (the log is read only then)."""
    raw = request.query.get("step")
    if raw is None or not raw.isdigit() or game.status in (GameStatus.ACTIVE, GameStatus.CHALLENGE):
        return None
    return int(raw)


def _picture_age(request: web.Request, game: GameSnapshot) -> int:
    """At the version its page links (``?v=``) a picture never changes; else it may."""
    return VERSIONED_MAX_AGE if request.query.get("v") == str(game.version) else PICTURE_MAX_AGE


def _fresh(request: web.Request, tag: str) -> bool:
    return tag in request.headers.get("If-None-Match", "")


def _not_modified(tag: str, max_age: int) -> web.Response:
    return web.Response(
        status=304, headers={"ETag": tag, "Cache-Control": f"public, max-age={max_age}"}
    )


def answer(made: Made) -> web.Response:
    response = web.Response(
        body=made.html, content_type="text/html", charset="utf-8", status=made.status
    )
    response.headers["Content-Language"] = made.locale
    response.headers["Vary"] = "Accept-Language"
    response.headers["Cache-Control"] = f"public, max-age={PAGE_MAX_AGE}"
    if made.tag is not None:
        response.headers["ETag"] = made.tag
    if not made.indexed:
        response.headers["X-Robots-Tag"] = "noindex"
    return response


def _picture(png: bytes, tag: str, max_age: int) -> web.Response:
    return web.Response(
        body=png,
        content_type="image/png",
        headers={
            "ETag": tag,
            "Cache-Control": f"public, max-age={max_age}",
            "X-Robots-Tag": "noindex",
        },
    )

"""The aiohttp application: the routes, the headers every answer carries, and what is built
once per process (the templates, the signed addresses, the reads)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

import jinja2
from aiohttp import web
from aiohttp.typedefs import Handler

from bot.db import Database
from bot.services.clock import Clock, system_clock
from bot.services.secrets import DeploymentSecrets
from bot.web.addresses import Addresses, Kind
from bot.web.ahead import Ahead
from bot.web.disk import DiskPictures, edition
from bot.web.links import secret_of
from bot.web.pages import Pages
from bot.web.pictures import Easel, PictureShelf, etag
from bot.web.reading import WebReader
from bot.web.settings import WebSettings

log = logging.getLogger(__name__)

TEMPLATES = Path(__file__).with_name("templates")
PAGES_KEY = web.AppKey("pages", Pages)


def templates() -> jinja2.Environment:
    """Jinja2 with autoescaping on for every template: a display name is text, never markup."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer: no script from elsewhere, no framing, no sniffing, no referrer carrying a
    signed address to another site."""
    response = await handler(request)
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


def make_app(pages: Pages, ahead: Ahead | None = None) -> web.Application:
    """The site of ``pages``; ``ahead``: what makes games' pages and pictures as they change,
    run while the site is up."""

    @web.middleware
    async def answering(request: web.Request, handler: Handler) -> web.StreamResponse:
        # Counted, so what is made ahead waits for the readers being answered (ahead.py).
        pages.answering += 1
        try:
            return await handler(request)
        finally:
            pages.answering -= 1

    app = web.Application(middlewares=[security_headers, answering])
    app[PAGES_KEY] = pages
    running: list[asyncio.Task[None]] = []

    async def start(_: web.Application) -> None:
        # Compiled once here (a template's first compiling takes ~0.1 s), not by a reader.
        for name in pages.templates.list_templates():
            pages.templates.get_template(name)
        await pages.easel.start()
        if ahead is not None:
            await ahead.warm()
            running.append(asyncio.create_task(ahead.run(), name="web-ahead"))

    async def stop(_: web.Application) -> None:
        for task in running:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        pages.easel.close()

    app.on_startup.append(start)
    app.on_cleanup.append(stop)
    app.add_routes(
        [
            web.get("/robots.txt", pages.robots),
            web.get("/g/{token}", pages.game),
            web.get("/g/{token}/board.png", pages.board_png),
            web.get("/g/{token}/preview.png", pages.preview_png),
            web.get("/g/{token}/verify.json", pages.verify_json),
        ]
    )
    # Every other page, and its own link preview at its address and /preview.png.
    for path, made in (
        ("/", pages.home_made),
        ("/p/{token}", pages.player_made),
        ("/t/{token}", pages.tournament_made),
        ("/standings/{game}", pages.standings_made),
        ("/daily/{game}/{day}", pages.daily_made),
        ("/s/{token}", pages.server_made),
        ("/s/{token}/standings/{game}", pages.standings_made),
        ("/s/{token}/daily/{game}/{day}", pages.daily_made),
    ):
        app.router.add_get(path, pages.page(made))
        app.router.add_get(path.rstrip("/") + "/preview.png", pages.page_preview(made))
    return app


async def build_app(
    settings: WebSettings, db: Database, clock: Clock = system_clock, process: bool = False
) -> web.Application:
    """The site over ``db``, its addresses signed with the deployment's secret; ``process``:
    as ``python -m bot web`` runs it (drawing in processes of its own, games made ahead)."""
    addresses = Addresses(await secret_of(settings.secret, DeploymentSecrets(db, clock)))
    pages = Pages(
        settings,
        addresses,
        WebReader(db, clock),
        templates(),
        shelf=PictureShelf(disk=await kept_on_disk(settings, addresses)),
        easel=Easel(processes=process),
    )
    return make_app(pages, Ahead(pages) if process else None)


async def kept_on_disk(settings: WebSettings, addresses: Addresses) -> DiskPictures | None:
    """The pictures kept on disk between runs (``WEB_CACHE_DIR``), opened; ``None`` where
    there is no such folder or it cannot be made (then kept in memory only, as said)."""
    if settings.cache_dir is None:
        return None
    # A game's page links to the site's address with signed ids: another address or secret
    # is another folder (the code's, then the site's).
    site = etag(settings.base_url, addresses.token(Kind.GAME, 1)).strip('"')[:8]
    drawn_by = f"{await asyncio.to_thread(edition)}-{site}"
    disk = DiskPictures(settings.cache_dir, settings.cache_mb * 1024 * 1024, drawn_by)
    try:
        await asyncio.to_thread(disk.open)
    except OSError as error:
        log.warning("pictures kept in memory only: %s (WEB_CACHE_DIR)", error)
        return None
    log.info("%d pictures and pages kept on disk in %s", len(disk), settings.cache_dir)
    return disk

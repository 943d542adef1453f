"""The aiohttp application: the routes, the headers every answer carries, and what is built
once per process (the templates, the signed addresses, the reads)."""

from __future__ import annotations

from pathlib import Path

import jinja2
from aiohttp import web
from aiohttp.typedefs import Handler

from bot.db import Database
from bot.services.clock import Clock, system_clock
from bot.services.secrets import DeploymentSecrets
from bot.web.addresses import Addresses
from bot.web.links import secret_of
from bot.web.pages import Pages
from bot.web.reading import WebReader
from bot.web.settings import WebSettings

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


def make_app(pages: Pages) -> web.Application:
    app = web.Application(middlewares=[security_headers])
    app[PAGES_KEY] = pages

    async def close_easel(_: web.Application) -> None:
        pages.easel.close()

    app.on_cleanup.append(close_easel)
    app.add_routes(
        [
            web.get("/", pages.home),
            web.get("/robots.txt", pages.robots),
            web.get("/preview.png", pages.site_preview),
            web.get("/g/{token}", pages.game),
            web.get("/g/{token}/board.png", pages.board_png),
            web.get("/g/{token}/preview.png", pages.preview_png),
            web.get("/g/{token}/verify.json", pages.verify_json),
            web.get("/p/{token}", pages.player),
            web.get("/t/{token}", pages.tournament),
            web.get("/standings/{game}", pages.standings),
            web.get("/daily/{game}/{day}", pages.daily),
            web.get("/s/{token}", pages.server),
            web.get("/s/{token}/standings/{game}", pages.standings),
            web.get("/s/{token}/daily/{game}/{day}", pages.daily),
        ]
    )
    return app


async def build_app(
    settings: WebSettings, db: Database, clock: Clock = system_clock
) -> web.Application:
    """The site over ``db``, its addresses signed with the deployment's secret."""
    addresses = Addresses(await secret_of(settings.secret, DeploymentSecrets(db, clock)))
    pages = Pages(settings, addresses, WebReader(db, clock), templates())
    return make_app(pages)

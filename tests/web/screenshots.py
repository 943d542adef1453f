"""The README's pictures of the web pages (``docs/web/``), taken as a reader sees them:

    .venv/bin/python -m tests.web.screenshots [--out docs/web]

A finished 武士将棋 game's page on a phone (360 px), a tournament's page in Japanese (1280 px)
and a game's link preview (the 1200×630 picture the pages serve), over a fresh database of
players with ordinary names (the tests' own players carry markup in their names, to prove it
stays text). Headless Chromium as the browser tests find it (``tests/web/browser.py``); each
screenshot is written as a small palette PNG."""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer
from PIL import Image

from bot.db import Database
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.snapshots import Player
from bot.services.tournaments import TournamentService
from bot.web.addresses import Addresses, Kind
from bot.web.app import make_app, templates
from bot.web.pages import Pages
from bot.web.reading import WebReader
from bot.web.settings import WebSettings
from rules.core import Resign, Rng
from tests.conftest import FakeClock
from tests.web.browser import FLAGS, chromium

OUT = Path(__file__).resolve().parents[2] / "docs" / "web"
SECRET = b"the screenshots' secret, thirty-two bytes or more"
HANAKO = Player(101, "Hanako")
KENJI = Player(202, "Kenji")
ENTRANTS = [
    Player(1001, "Aoi"),
    Player(1002, "Haruto"),
    Player(1003, "Sakura"),
    Player(1004, "Ren"),
]
GUILD = 500


async def finished_game(games: GameService) -> int:
    """A rated 武士将棋 game of a few moves, Kenji resigning (as the tests' ``bushi_finished``)."""
    challenge = await games.starts.challenge(
        "bushi", HANAKO, KENJI, settings={}, rated=True, channel_id=1
    )
    result = await games.starts.accept(challenge.game.id, KENJI.user_id)
    rng = Rng.from_seed(3)
    for _ in range(6):
        game = result.game
        seat = game.seats_to_act[0].seat
        action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        result = await games.actions.act(game.id, user, game.version, game.rules.format(action))
    await games.actions.act(result.game.id, KENJI.user_id, None, Resign.code)
    return result.game.id


async def league(games: GameService, clock: FakeClock) -> int:
    """A Swiss tournament of four, its first round under way."""
    db = games.db
    tournaments = TournamentService(games, GuildService(db, clock))
    info = await tournaments.actions.create(
        guild_id=GUILD,
        channel_id=600,
        organiser=ENTRANTS[0],
        manages_server=True,
        name="Autumn league",
        game_type="bushi",
        settings={},
        format="swiss",
        rounds=2,
        move_seconds=24 * 3600,
        rated=False,
        signup_seconds=24 * 3600,
        max_players=None,
        play_seconds=7 * 24 * 3600,
        locale="en",
    )
    for player in ENTRANTS:
        await tournaments.actions.join(info.id, GUILD, player)
    await tournaments.actions.start(info.id, GUILD, ENTRANTS[0].user_id, manages_server=False)
    return info.id


#: What it makes, in docs/web/.
SHOTS = ("game-phone.png", "tournament-ja.png", "link-preview.png", "tournament-preview.png")


def small(png: bytes) -> bytes:
    """A screenshot as a palette PNG (flat colours and text: a few dozen kB)."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    picture.quantize(64, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


async def main(out: Path) -> None:
    from playwright.async_api import async_playwright

    path, why = chromium()
    if path is None:
        raise SystemExit(why)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite+aiosqlite:///{Path(tmp) / 'screenshots.sqlite3'}")
        await db.migrate()
        clock = FakeClock()
        games = GameService(db, clock=clock, seed_source=Rng.from_seed(11))
        game_id = await finished_game(games)
        tournament_id = await league(games, clock)
        addresses = Addresses(SECRET)
        pages = Pages(
            WebSettings("https://asobiba.example.org", secret=SECRET),
            addresses,
            WebReader(db, clock),
            templates(),
        )
        client = TestClient(TestServer(make_app(pages)))
        await client.start_server()
        try:
            game = f"/g/{addresses.token(Kind.GAME, game_id)}"
            tournament = f"/t/{addresses.token(Kind.TOURNAMENT, tournament_id)}"
            preview = await (await client.get(f"{game}/preview.png?lang=en")).read()
            (out / "link-preview.png").write_bytes(preview)
            # A page other than a game's unfurls with its own words: the tournament's table.
            table = await (await client.get(f"{tournament}/preview.png?lang=en")).read()
            (out / "tournament-preview.png").write_bytes(table)
            async with async_playwright() as driver:
                browser = await driver.chromium.launch(executable_path=path, args=FLAGS)
                for name, address, width, locale in (
                    ("game-phone.png", f"{game}?lang=en", 360, "en"),
                    ("tournament-ja.png", f"{tournament}?lang=ja", 1280, "ja"),
                ):
                    context = await browser.new_context(
                        viewport={"width": width, "height": 900}, locale=locale
                    )
                    page = await context.new_page()
                    await page.goto(str(client.make_url(address)), wait_until="load")
                    shot = await page.screenshot(full_page=True)
                    (out / name).write_bytes(small(shot))
                    await context.close()
                await browser.close()
        finally:
            await client.close()
            await db.dispose()
    for name in SHOTS:
        print(f"{out / name}: {(out / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    asyncio.run(main(parser.parse_args().out))

"""The web pages over a real database (SQLite, and PostgreSQL where TEST_DATABASE_URL is set),
served in-process by aiohttp's test server; games made through the services as the bot makes
them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.db import Database
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.snapshots import ActionResult, Player
from bot.web.addresses import Addresses, Kind
from bot.web.app import make_app, templates
from bot.web.pages import Pages
from bot.web.reading import WebReader
from bot.web.settings import WebSettings
from rules.core import Resign, Rng
from tests.conftest import FakeClock

BASE = "https://asobiba.example.org"
SECRET = b"a test secret of at least thirty-two bytes"
ALICE = Player(101, "Alice <b>&")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")
GUILD = 900


@dataclass
class Site:
    client: TestClient[web.Request, web.Application]
    games: GameService
    servers: GuildService
    addresses: Addresses
    clock: FakeClock
    db: Database

    def game(self, game_id: int) -> str:
        return f"/g/{self.addresses.token(Kind.GAME, game_id)}"

    def player(self, user_id: int) -> str:
        return f"/p/{self.addresses.token(Kind.PLAYER, user_id)}"

    def tournament(self, tournament_id: int) -> str:
        return f"/t/{self.addresses.token(Kind.TOURNAMENT, tournament_id)}"

    def server(self, guild_id: int) -> str:
        return f"/s/{self.addresses.token(Kind.SERVER, guild_id)}"

    async def text(self, path: str, status: int = 200, **headers: str) -> str:
        response = await self.client.get(path, headers=headers)
        body = await response.text()
        assert response.status == status, (path, response.status, body[:500])
        return body


@pytest.fixture
async def site(db: Database, clock: FakeClock) -> AsyncIterator[Site]:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(11))
    addresses = Addresses(SECRET)
    # Each reader reads the game (no second's keeping): a move shows on the next page asked.
    pages = Pages(
        WebSettings(BASE, secret=SECRET),
        addresses,
        WebReader(db, clock),
        templates(),
        current_ttl=0,
    )
    client = TestClient(TestServer(make_app(pages)))
    await client.start_server()
    try:
        yield Site(client, games, GuildService(db, clock), addresses, clock, db)
    finally:
        await client.close()


async def bushi_finished(games: GameService, guild_id: int | None = None) -> ActionResult:
    """A rated 武士将棋 game of a few moves, Bob resigning."""
    challenge = await games.starts.challenge(
        "bushi", ALICE, BOB, settings={}, rated=True, guild_id=guild_id, channel_id=1
    )
    result = await games.starts.accept(challenge.game.id, BOB.user_id)
    rng = Rng.from_seed(3)
    for _ in range(6):
        game = result.game
        seat = game.seats_to_act[0].seat
        action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        result = await games.actions.act(game.id, user, game.version, game.rules.format(action))
    return await games.actions.act(result.game.id, BOB.user_id, None, Resign.code)


async def senretsu_running(games: GameService, actions: int = 14) -> ActionResult:
    """A 戦列札 game under way: both hands secret."""
    challenge = await games.starts.challenge(
        "senretsu", ALICE, BOB, settings={"first_player": "coin"}
    )
    result = await games.starts.accept(challenge.game.id, BOB.user_id)
    rng = Rng.from_seed(41)
    for _ in range(actions):
        game = result.game
        seat = game.seats_to_act[0].seat
        action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        result = await games.actions.act(game.id, user, game.version, game.rules.format(action))
    return result

"""The "🌐 Web" link buttons through the fake Discord: with WEB_BASE_URL set, boards, /history,
/profile, /standings and /tournament show link to their pages, each address opening that very
page in the web app over the same database (the bot and the web process sign ids alike); without
it, no link anywhere. A link never leads to a refusal: no button for a deal others may still be
playing, a player who hides their results, or a server's table it did not publish."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.db import Database
from bot.web.app import PAGES_KEY, build_app
from bot.web.settings import WebSettings
from tests.bot.harness import World, challenge, click, make_world, private_count, private_reply
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.models import InteractionRecord

BASE = "https://asobiba.example.org"
LINK = 5  # a link button's style


def links_on(message: FakeMessage) -> list[str]:
    return [str(b["url"]) for b in message.buttons() if b.get("style") == LINK]


async def slash(world: World, command: str, who: FakeUser, **options: Any) -> InteractionRecord:
    record = await world.fake.slash(command, user=who, channel=world.channel, options=options)
    await record.wait_response()
    await world.bot.asobiba.activity.wait_idle()
    return record


def answer_of(world: World, record: InteractionRecord, user: FakeUser) -> FakeMessage:
    if record.message is not None:
        return record.message
    return world.fake.ephemeral_messages(user)[-1]


@pytest.fixture
async def linked(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    """The bot with WEB_BASE_URL set and no WEB_SECRET: both processes read the database's."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    world = await make_world(discord_fake, url, web_base_url=BASE)
    yield world
    await discord_fake.stop_client(world.bot)


@pytest.fixture
async def site(linked: World) -> AsyncIterator[TestClient[Any, Any]]:
    """The web process's app over the bot's database, with its own settings (no secret given)."""
    db = Database(linked.db_url)
    app = await build_app(WebSettings(BASE), db, linked.clock)
    # Each reader reads the game (no second's keeping): a move shows on the next page asked.
    app[PAGES_KEY].games.ttl = 0
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()
        await db.dispose()


async def opened(site: TestClient[Any, Any], url: str) -> str:
    """The page a button's address opens (it must be one the web app serves, not a refusal)."""
    assert url.startswith(BASE + "/"), url
    response = await site.get(url.removeprefix(BASE))
    body = await response.text()
    assert response.status == 200, (url, response.status, body[:300])
    return body


async def finished_game(world: World) -> FakeMessage:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await world.fake.wait_until(lambda: bool(board.selects()))
    await click(world, board, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await world.fake.wait_until(lambda: "resign" in board.text.lower())
    return board


async def test_a_board_links_to_its_game_page(linked: World, site: TestClient[Any, Any]) -> None:
    board = await challenge(linked)
    assert links_on(board) == []  # a challenge has no page yet
    await click(linked, board, linked.bob, label="Accept")
    await linked.fake.wait_until(lambda: bool(board.selects()))
    (url,) = links_on(board)
    assert "/g/" in url and url.endswith("?lang=en")
    page = await opened(site, url)
    assert "#1" in page and "alice" in page and "bob" in page
    # The board still holds every control it had, the link beside them.
    assert any(b.get("label") == "Resign" for b in board.buttons())

    await click(linked, board, linked.bob, label="Resign")
    confirm = linked.fake.ephemeral_messages(linked.bob)[-1]
    await click(linked, confirm, linked.bob, prefix="g:")
    await linked.fake.wait_until(lambda: "resign" in board.text.lower())
    (after,) = links_on(board)
    assert after == url
    assert "resign" in (await opened(site, after)).lower()


async def test_history_profile_and_standings_link_to_their_pages(
    linked: World, site: TestClient[Any, Any]
) -> None:
    await finished_game(linked)
    # /profile: the player's page.
    record = await slash(linked, "profile", linked.carol, user=linked.alice)
    (url,) = links_on(answer_of(linked, record, linked.carol))
    assert "/p/" in url and "alice" in await opened(site, url)
    # /history: the player's page beside the menu, and each replay its game's page.
    seen = private_count(linked, linked.alice)
    record = await slash(linked, "history", linked.alice)
    history = answer_of(linked, record, linked.alice)
    assert links_on(history) == [url]
    chosen = history.selects()[0]
    pick = await linked.fake.select(
        history, chosen["custom_id"], [chosen["options"][0]["value"]], user=linked.alice
    )
    await pick.wait_complete()
    await linked.fake.wait_until(lambda: "/g/" in " ".join(links_on(history)))
    (game_url,) = [u for u in links_on(history) if "/g/" in u]
    assert "bob" in await opened(site, game_url)
    assert private_count(linked, linked.alice) >= seen
    # /standings everywhere: always; this server's: only once its admins publish it.
    record = await slash(linked, "standings", linked.carol, game="bushi", scope="everywhere")
    (table,) = links_on(answer_of(linked, record, linked.carol))
    assert table.startswith(f"{BASE}/standings/bushi")
    await opened(site, table)
    record = await slash(linked, "standings", linked.carol, game="bushi")
    assert links_on(answer_of(linked, record, linked.carol)) == []
    await linked.bot.asobiba.services.servers.update(linked.guild.id, web_name="Dojo")
    record = await slash(linked, "standings", linked.carol, game="bushi")
    (server_table,) = links_on(answer_of(linked, record, linked.carol))
    assert "/s/" in server_table and "Dojo" in await opened(site, server_table)

    # Bob hides his results: no link to his page anywhere.
    await slash(linked, "settings", linked.bob, hide_stats=True)
    record = await slash(linked, "profile", linked.carol, user=linked.bob)
    assert links_on(answer_of(linked, record, linked.carol)) == []
    record = await slash(linked, "history", linked.bob)
    assert not [u for u in links_on(answer_of(linked, record, linked.bob)) if "/p/" in u]


async def test_a_daily_deal_has_no_link_while_others_may_play_it(linked: World) -> None:
    seen = private_count(linked, linked.alice)
    await slash(linked, "yosukou daily", linked.alice)
    await private_reply(linked, linked.alice, seen)
    board = linked.fake.ephemeral_messages(linked.alice)[-1]
    assert board.buttons() and links_on(board) == []


async def test_a_tournament_links_to_its_page(linked: World, site: TestClient[Any, Any]) -> None:
    perms = discord.Permissions.general()
    perms.manage_guild = True
    linked.fake.add_member(linked.guild, linked.carol, permissions=perms.value)
    await slash(linked, "tournament create bushi", linked.carol, name="Autumn league")
    record = await slash(linked, "tournament show", linked.alice)
    (url,) = links_on(answer_of(linked, record, linked.alice))
    assert "/t/" in url and "Autumn league" in await opened(site, url)


async def test_no_link_anywhere_without_a_web_address(world: World) -> None:
    board = await finished_game(world)
    assert links_on(board) == []
    record = await slash(world, "profile", world.carol, user=world.alice)
    assert links_on(answer_of(world, record, world.carol)) == []
    record = await slash(world, "standings", world.carol, game="bushi", scope="everywhere")
    assert links_on(answer_of(world, record, world.carol)) == []

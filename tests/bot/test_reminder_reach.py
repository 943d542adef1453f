"""Reach that is known, not guessed: the bot DMs only people Discord has shown it may DM, so a
game in a group DM of user installs — where a clock's reminders can only go by DM — spends no
request Discord would refuse (each refusal a 403 against the bot's address: 10,000 per 10
minutes, rate-limits.mdx), and each player is told once, in their language, where their
reminders go. Through the fake Discord, which refuses a DM to a user who shares no server with
the bot (50278) or took their DMs away (50007), and counts every 401, 403 and 429."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.client import AsobibaBot
from bot.metrics import METRICS
from bot.ui.reminder_reach import install_link
from tests.bot.harness import World, challenge, click, make_bot, until
from tests.bot.test_dm_notices import drop, move
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser

DAY = "86400"
#: What a player is told of their reminders, in each language.
BY_DM = "they come to you by DM"
NOWHERE_JA = "あなたには届きません"
NOWHERE_YET_JA = "いまはあなたに届きません"


@dataclass
class Friends:
    fake: FakeDiscord
    bot: AsobibaBot
    clock: FakeClock
    club: FakeGuild
    lobby: FakeChannel
    alice: FakeUser  # added Asobiba to her account, and uses it in Club; English
    bob: FakeUser  # never added it, shares no server with the bot; Japanese
    group: FakeChannel

    async def settle(self, record: Any) -> None:
        await record.wait_complete()
        await self.bot.asobiba.activity.wait_idle()

    async def drop(self, board: FakeMessage, user: FakeUser) -> None:
        menu = board.selects()[0]
        value = menu["options"][0]["value"]
        await self.settle(await self.fake.select(board, menu["custom_id"], [value], user=user))

    async def later(self, hours: float) -> None:
        """Time passes (the bot's clock and Discord's), and the move clocks are looked at."""
        self.clock.advance(hours=hours)
        self.fake.advance(hours * 3600)
        await self.bot.clock_tick()
        await self.bot.asobiba.activity.wait_idle()

    def told(self, user: FakeUser, words: str) -> list[FakeMessage]:
        return [m for m in self.fake.ephemeral_messages(user) if words in m.text]

    def dms(self, user: FakeUser, words: str) -> list[FakeMessage]:
        """Every DM the bot sent ``user`` with ``words`` (a newer turn notice deletes the one
        before it: deleted ones count)."""
        channel = self.fake.dm_channels.get(user.id)
        if channel is None:
            return []
        return [m for m in self.fake.messages_in(channel, include_deleted=True) if words in m.text]

    def dm_requests(self, user: FakeUser) -> list[object]:
        """Every request towards a DM with ``user``: opening the channel, posting in it."""
        channel = self.fake.dm_channels.get(user.id)
        return [
            r
            for r in self.fake.requests
            if (
                r.path == "/users/@me/channels"
                and isinstance(r.body, dict)
                and str(r.body.get("recipient_id")) == str(user.id)
            )
            or (channel is not None and r.path.startswith(f"/channels/{channel.id}"))
        ]


async def friends_world(
    fake: FakeDiscord, tmp_path: Path, **settings: Any
) -> tuple[Friends, FakeClock, str]:
    club = fake.add_guild("Club")
    lobby = fake.add_text_channel(club, "lobby")
    alice = fake.add_user("alice")  # a member of Club
    bob = fake.add_user("bob", locale="ja", guilds=[])
    fake.install_for_user(alice)
    group = fake.add_group_dm(alice, bob, name="friends")
    url = f"sqlite+aiosqlite:///{tmp_path / 'reach.sqlite3'}"
    clock = FakeClock()
    bot = make_bot(url, clock, **settings)
    await fake.run_client(bot)
    for user in (alice, bob):  # the boards' words are read below
        await bot.asobiba.services.standings.set_prefs(user.id, pictures=False)
    return Friends(fake, bot, clock, club, lobby, alice, bob, group), clock, url


@pytest.fixture
async def friends(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Friends]:
    world, _, _ = await friends_world(discord_fake, tmp_path)
    yield world
    await discord_fake.stop_client(world.bot)


async def start_game(friends: Friends) -> FakeMessage:
    """Alice (Black, to move first) challenges Bob in the group DM, a day a move; he accepts."""
    record = await friends.fake.slash(
        "bushi challenge",
        user=friends.alice,
        channel=friends.group,
        options={"opponent": friends.bob, "colour": "black", "clock": DAY},
    )
    await friends.settle(record)
    assert record.message is not None
    board = record.message
    await friends.settle(await friends.fake.click(board, user=friends.bob, label="Accept"))
    return board


def refusals(fake: FakeDiscord) -> list[object]:
    """Every request Discord answered 403."""
    return [r for r in fake.invalid_requests() if r.status == 403]


def skipped(reach: str) -> float:
    return METRICS.registry.get_sample_value("asobiba_dms_skipped_total", {"reach": reach}) or 0.0


async def test_a_two_day_group_dm_game_asks_discord_for_no_dm_it_would_refuse(
    friends: Friends,
) -> None:
    fake, alice, bob = friends.fake, friends.alice, friends.bob
    skipped_before = skipped("unknown")
    # Alice has used Asobiba in Club: Discord showed she shares a server with the bot.
    await friends.settle(await fake.slash("games", user=alice, channel=friends.lobby))
    started = friends.clock.now
    board = await start_game(friends)

    # Each is told once, privately, where their reminders go: Alice by DM; Bob, in
    # Japanese, that they can't reach him, what would change that, and a button to add the app.
    [to_alice] = friends.told(alice, BY_DM)
    assert "Bushi Shogi #1" in to_alice.text and to_alice.buttons() == []
    [to_bob] = friends.told(bob, NOWHERE_YET_JA)
    assert "武士将棋 #1" in to_bob.text and "同じサーバー" in to_bob.text
    assert "期限 <t:" in to_bob.text and "/games" in to_bob.text
    [add] = to_bob.buttons()
    assert add["label"] == "遊び場を追加" and add["style"] == 5
    assert add["url"] == install_link(friends.bot.application_id or 0)
    assert "integration_type=1" in add["url"] and "scope=applications.commands" in add["url"]
    # The board shows the deadline as a Discord timestamp, in each reader's own time.
    assert "1 day per move — due <t:" in board.text

    # Day one. Alice's move is half gone: she is reminded by DM.
    await friends.later(13)
    assert len(friends.dms(alice, "is due")) == 1
    await friends.drop(board, alice)
    # Bob's turn, pinged beside the board with its deadline (a follow-up of Alice's click).
    ping = fake.visible_messages(friends.group, bob)[-1]
    assert f"<@{bob.id}>" in ping.text and "(due <t:" in ping.text

    # Day two. Bob's reminders can't reach him: no request is made for them.
    await friends.later(13)
    await friends.later(8)
    await friends.drop(board, bob)
    await friends.later(13)
    await friends.later(8)
    assert len(friends.dms(alice, "is due")) == 3
    # Alice lets her time run out: the result reaches her by DM, and nothing goes to Bob.
    await friends.later(4)
    game = await friends.bot.games.queries.get(1)
    assert game.outcome is not None and friends.clock.now - started > timedelta(days=2)
    assert len(friends.dms(alice, "is over")) == 1

    # No DM was refused, no 403 at all. (The test moves Discord's clock by hours in an instant:
    # the bot, timing the boards' interaction tokens by its process's clock, still tries the
    # expired ones, which Discord answers 401.)
    assert fake.refused_dms() == [] and refusals(fake) == []
    assert friends.dm_requests(bob) == []
    assert skipped("unknown") - skipped_before == 3  # two reminders and the result
    # Told once: Bob's later click said nothing more.
    assert len(friends.told(bob, NOWHERE_YET_JA)) == 1 and len(friends.told(alice, BY_DM)) == 1


async def test_joining_the_home_server_brings_reminders_by_dm(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    fake = discord_fake
    home = fake.add_guild("Asobiba Home")
    fake.add_text_channel(home, "welcome")
    code = fake.add_invite(home, "asobiba-home")
    friends, _, _ = await friends_world(
        fake, tmp_path, home_server_invite=f"https://discord.gg/{code}"
    )
    bob = friends.bob
    board = await start_game(friends)
    [to_bob] = friends.told(bob, NOWHERE_YET_JA)
    assert f"https://discord.gg/{code} に参加すると、DMで届くようになります" in to_bob.text

    await friends.drop(board, friends.alice)
    await friends.later(13)  # Bob is not in the home server: his reminder is not sent
    assert friends.dm_requests(bob) == []

    fake.add_member(home, bob)  # he joins, and uses no command there
    await friends.later(8)
    [reminder] = friends.dms(bob, "is due")  # in the game's language
    assert "Bushi Shogi #1" in reminder.text
    # At his next move he is told the news once: his reminders come by DM now.
    await friends.drop(board, bob)
    assert len(friends.told(bob, "DMで届きます")) == 1
    assert fake.refused_dms() == [] and refusals(fake) == []
    await fake.stop_client(friends.bot)


async def test_a_refused_dm_is_remembered_for_a_week(world: World) -> None:
    """Bob takes no DMs from the bot: Discord refuses the first (50007), and the bot asks no
    more for a week; then it tries again, and he has opened them meanwhile."""
    fake, bob = world.fake, world.bob
    skipped_before = skipped("dms_closed")
    await (
        await fake.slash("settings", user=bob, channel=world.channel, options={"notify": "dm"})
    ).wait_response()
    await world.bot.asobiba.activity.wait_idle()  # Discord showed he shares a server with it
    fake.close_dms(bob)
    board = await challenge(world, clock="0")  # the challenge's DM to Bob: refused
    await world.bot.asobiba.activity.wait_idle()
    assert len(fake.refused_dms()) == 1
    await click(world, board, bob, label="Accept")
    await world.bot.asobiba.activity.wait_idle()

    await drop(world, board, world.alice)  # Bob's turn notice is not sent: no request
    assert len(fake.refused_dms()) == 1 and skipped("dms_closed") - skipped_before == 1
    await drop(world, board, bob)

    world.clock.advance(days=7)
    bob.accepts_dms = True
    await move(world, board, world.alice)  # a week on, the bot asks again: it goes
    await until(world, lambda: any("your move" in m.text for m in fake.dm_messages(bob)))
    assert len(fake.refused_dms()) == 1 and skipped("dms_closed") - skipped_before == 1

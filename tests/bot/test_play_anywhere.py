"""Play anywhere: Alice added Asobiba to her own account (a user install) and plays where the
bot is not — a group DM with friends who never installed it, a server without the bot, her
DM with the bot. Driven through the fake Discord, which answers 403 (and records a violation)
for any REST call on a channel the bot can't access, limits follow-ups to five, expires
interaction tokens after 15 minutes and fails the test on any ERROR the bot logs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.client import AsobibaBot
from bot.services.snapshots import GameSnapshot
from bot.statuses import BoardReach, GameStatus
from tests.bot.harness import make_bot
from tests.bot.test_discord_senretsu import hidden_labels
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


@dataclass
class Friends:
    fake: FakeDiscord
    bot: AsobibaBot
    clock: FakeClock
    db_url: str
    alice: FakeUser  # installed the app to her account; English
    bob: FakeUser  # never installed it; Japanese
    carol: FakeUser  # in the group DM, not playing
    group: FakeChannel

    async def settle(self, record: object) -> None:
        await record.wait_complete()  # type: ignore[attr-defined]
        await self.bot.asobiba.activity.wait_idle()

    async def click(self, message: FakeMessage, user: FakeUser, **where: str) -> None:
        await self.settle(await self.fake.click(message, user=user, **where))

    async def select_first(self, board: FakeMessage, user: FakeUser) -> None:
        menu = board.selects()[0]
        value = menu["options"][0]["value"]
        await self.settle(await self.fake.select(board, menu["custom_id"], [value], user=user))

    async def do_as_the_panel_asks(self, board: FakeMessage, user: FakeUser) -> None:
        """``user`` opens their 戦列札 hand from ``board`` and does what it asks first: a janken
        pick (rock for Alice, scissors for Bob), drawing, placing a card (and ending the
        placement if that is offered then), ending the placement, else its first move."""
        await self.click(board, user, prefix="hand:")
        panel = self.fake.ephemeral_messages(user)[-1]

        def offered(*labels: str) -> list[str]:
            return [b["custom_id"] for b in panel.buttons() if b["label"] in labels]

        hand = "rock" if user is self.alice else "scissors"
        janken = [c for c in panel.custom_ids() if c.endswith(f"j:{hand}")]
        picks = [s for s in panel.selects() if s["custom_id"].startswith("gs:")]
        if janken or offered("Draw 6", "6枚引く"):
            await self.click(panel, user, custom_id=(janken or offered("Draw 6", "6枚引く"))[0])
        elif picks:
            value = picks[0]["options"][0]["value"]
            await self.settle(
                await self.fake.select(panel, picks[0]["custom_id"], [value], user=user)
            )
            panel = self.fake.ephemeral_messages(user)[-1]
            for end in offered("End placement", "配置終了")[:1]:
                await self.click(panel, user, custom_id=end)
        elif offered("End placement", "配置終了"):
            await self.click(panel, user, custom_id=offered("End placement", "配置終了")[0])
        else:
            await self.click(
                panel, user, custom_id=next(c for c in panel.custom_ids() if c.startswith("g:"))
            )

    async def challenge(self, command: str, **options: object) -> FakeMessage:
        record = await self.fake.slash(
            command, user=self.alice, channel=self.group, options={"opponent": self.bob, **options}
        )
        await self.settle(record)
        assert record.message is not None and not record.ephemeral
        return record.message

    async def game_of(self, board: FakeMessage) -> GameSnapshot:
        [listed] = [
            g
            for g in await self.bot.games.queries.list_games(
                self.alice.id, statuses=tuple(GameStatus)
            )
            if g.message_id == board.id
        ]
        return await self.bot.games.queries.get(listed.id)

    def seen_by(self, user: FakeUser) -> str:
        """Everything ``user`` can read in the group DM: every message and every edit of it
        they can see, and the custom ids under its buttons."""
        parts: list[str] = []
        for message in self.fake.visible_messages(self.group, user):
            for version in [*message.history, message]:
                parts.append(version["content"] if isinstance(version, dict) else version.text)
            parts += message.custom_ids()
        return "\n".join(parts)

    def assert_no_rest_in_the_group(self) -> None:
        assert self.fake.rest_calls_to(self.group) == []


@pytest.fixture
async def friends(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Friends]:
    alice = discord_fake.add_user("alice")
    bob = discord_fake.add_user("bob", locale="ja")
    carol = discord_fake.add_user("carol")
    discord_fake.install_for_user(alice)
    group = discord_fake.add_group_dm(alice, bob, carol, name="friends")
    url = f"sqlite+aiosqlite:///{tmp_path / 'anywhere.sqlite3'}"
    clock = FakeClock()
    bot = make_bot(url, clock)
    await discord_fake.run_client(bot)
    world = Friends(discord_fake, bot, clock, url, alice, bob, carol, group)
    for user in (alice, bob):  # the boards' words are read below
        await bot.asobiba.services.standings.set_prefs(user.id, pictures=False)
    yield world
    await discord_fake.stop_client(world.bot)
    world.assert_no_rest_in_the_group()


async def test_bushi_shogi_in_a_group_dm_the_bot_is_not_in(friends: Friends) -> None:
    fake = friends.fake
    board = await friends.challenge("bushi challenge", colour="black")
    assert f"<@{friends.bob.id}>" in board.text  # the challenge itself pings Bob
    game = await friends.game_of(board)
    assert game.board_reach == BoardReach.INTERACTION and game.guild_id is None

    # Bob, who never installed Asobiba, accepts on the board: it is edited in place, and
    # Alice's turn is pinged as a follow-up of Bob's click, naming her alone.
    before = len(fake.visible_messages(friends.group, friends.carol))
    await friends.click(board, friends.bob, label="Accept")
    assert board.selects(), "the board shows Alice's drops"
    pings = fake.visible_messages(friends.group, friends.carol)[before:]
    assert len(pings) == 1 and pings[0].interaction is not None
    assert f"<@{friends.alice.id}>" in pings[0].text
    assert f"<@{friends.bob.id}>" not in pings[0].text

    # Alice drops her cube; Bob is pinged (in the game's language: the challenger's).
    await friends.select_first(board, friends.alice)
    assert "Black placed the cube" in board.text
    assert f"<@{friends.bob.id}>" in fake.visible_messages(friends.group, friends.carol)[-1].text

    # Bob resigns from the private confirmation: the board (held by Alice's click, within
    # 15 minutes) shows the result at once.
    await friends.click(board, friends.bob, label="Resign")
    confirm = fake.ephemeral_messages(friends.bob)[-1]
    assert "本当に投了" in confirm.text
    await friends.click(confirm, friends.bob, prefix="g:")
    assert "🏆" in board.text and "resignation" in board.text

    # The result counts in the "everywhere" table, not a server's.
    stats = await friends.bot.asobiba.services.standings.profile(
        friends.alice.id, None, viewer_id=friends.alice.id
    )
    assert stats is not None and [(s.won, s.lost) for s in stats] == [(1, 0)]
    friends.assert_no_rest_in_the_group()


async def test_a_board_out_of_reach_is_brought_up_to_date_by_the_next_click(
    friends: Friends,
) -> None:
    """A clock ends the game 2 hours on: nothing can edit the board then (its interactions'
    tokens are long expired, the bot may not post there). Bob's next click shows the result;
    the result reaches Bob by DM where Discord lets the bot DM him (Bob shares no server with
    it: Discord refuses, and that is no error)."""
    fake = friends.fake
    board = await friends.challenge("bushi challenge", colour="black", clock="3600")
    await friends.click(board, friends.bob, label="Accept")
    assert "1 hour per move" in board.text
    friends.clock.advance(minutes=61)
    fake.advance(61 * 60)
    await friends.bot.clock_tick()
    await friends.bot.asobiba.activity.wait_idle()
    game = await friends.game_of(board)
    assert game.status is GameStatus.FINISHED
    assert "🏆" not in board.text  # out of reach: still the old board

    menu = board.selects()[0]
    record = await fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=friends.alice
    )
    await friends.settle(record)
    assert "🏆" in board.text and "time out" in board.text


async def test_senretsu_fuda_in_a_group_dm_keeps_every_hand_secret(friends: Friends) -> None:
    fake = friends.fake
    board = await friends.challenge("senretsu challenge", colour="red")
    await friends.click(board, friends.bob, label="Accept")
    assert board.buttons()[0]["label"] == "My hand"

    game_id = (await friends.game_of(board)).id

    async def current() -> GameSnapshot:
        return await friends.bot.games.queries.get(game_id)

    for _ in range(10):  # janken, secretly, until someone wins
        if (await current()).state.phase != "janken":
            break
        for user in (friends.alice, friends.bob):
            await friends.do_as_the_panel_asks(board, user)
    assert (await current()).state.phase != "janken"

    # A day later nothing can edit the board any more (interaction tokens last 15 minutes):
    # the next move, made in a panel, posts the board afresh at the foot of the group DM.
    fake.advance(24 * 3600)
    old_board = board
    for _ in range(3):  # each player, in turn, does what the panel asks
        game = await current()
        if game.status is not GameStatus.ACTIVE:
            break
        user = friends.alice if game.seats_to_act[0].user_id == friends.alice.id else friends.bob
        board = fake.message(game.message_id)  # type: ignore[arg-type]
        await friends.do_as_the_panel_asks(board, user)
    game = await current()
    assert game.message_id != old_board.id, "the board was posted afresh"
    board = fake.message(game.message_id)  # type: ignore[arg-type]
    assert not board.ephemeral and board.interaction is not None
    assert board in fake.visible_messages(friends.group, friends.carol)

    # Nobody else in the group DM ever saw a card of a hand, in any message or its edits.
    game = await current()
    alice_seat, bob_seat = game.seat_of(friends.alice.id), game.seat_of(friends.bob.id)
    assert alice_seat is not None and bob_seat is not None
    for label in hidden_labels(game, alice_seat):
        assert label not in friends.seen_by(friends.carol)
        assert label not in friends.seen_by(friends.bob)
    for label in hidden_labels(game, bob_seat):
        assert label not in friends.seen_by(friends.carol)
        assert label not in friends.seen_by(friends.alice)

    # Alice resigns: a result, in the everywhere table.
    await friends.click(board, friends.alice, label="Resign")
    await friends.click(fake.ephemeral_messages(friends.alice)[-1], friends.alice, prefix="g:")
    game = await current()
    assert game.status is GameStatus.FINISHED
    assert "🏆" in board.text
    stats = await friends.bot.asobiba.services.standings.profile(
        friends.bob.id, None, viewer_id=friends.bob.id
    )
    assert stats is not None and [(s.won, s.lost) for s in stats] == [(1, 0)]


async def test_a_solitaire_in_the_bots_dm_through_a_user_install(friends: Friends) -> None:
    """Alice (her client in Japanese) plays 易双六 to its end in her DM with the bot: she
    shares no server with it, so Discord refuses its own posts there — every draw goes
    through her clicks."""
    fake = friends.fake
    record = await fake.slash("yosukou start", user=friends.alice, channel=None, locale="ja")
    await friends.settle(record)
    board = record.message
    assert board is not None and "易双六" in board.text
    game = await friends.game_of(board)
    assert game.board_reach == BoardReach.INTERACTION and game.guild_id is None
    for _ in range(400):
        game = await friends.game_of(board)
        if game.status != GameStatus.ACTIVE:
            break
        choice = next(c for c in board.custom_ids() if c.startswith("g:") and "resign" not in c)
        await friends.click(board, friends.alice, custom_id=choice)
    game = await friends.game_of(board)
    assert game.status == GameStatus.FINISHED
    assert "🏆" in board.text or "🌑" in board.text or "🌫️" in board.text
    assert "の勝ち" in board.text or "の負け" in board.text or "勝ち負けなし" in board.text
    assert fake.rest_calls_to(fake.dm_channel(friends.alice)) == []
    stats = await friends.bot.asobiba.services.standings.profile(
        friends.alice.id, None, viewer_id=friends.alice.id
    )
    assert stats is not None and sum(s.played for s in stats) == 1


async def test_a_timeout_reaches_a_player_by_dm_where_discord_allows(friends: Friends) -> None:
    """Bob shares a server with the bot, and Discord showed it (he used Asobiba there once), so
    the bot may DM him: the reminder and the result of a game timed out in the group DM come
    to his DMs (in the game's language)."""
    fake = friends.fake
    guild = fake.add_guild("Club")
    fake.add_member(guild, friends.bob)
    await friends.settle(
        await fake.slash("games", user=friends.bob, channel=fake.add_text_channel(guild, "lobby"))
    )
    board = await friends.challenge("bushi challenge", colour="white", clock="3600")
    await friends.click(board, friends.bob, label="Accept")  # Bob (Black) is to move
    friends.clock.advance(minutes=31)
    fake.advance(31 * 60)
    await friends.bot.clock_tick()
    await friends.bot.asobiba.activity.wait_idle()
    reminders = fake.dm_messages(friends.bob)
    assert len(reminders) == 1 and "Bushi Shogi #1" in reminders[0].text
    friends.clock.advance(minutes=30)
    fake.advance(30 * 60)
    await friends.bot.clock_tick()
    await friends.bot.asobiba.activity.wait_idle()
    result = fake.dm_messages(friends.bob)[-1]
    assert "is over" in result.text and "time" in result.text
    assert (await friends.game_of(board)).status == GameStatus.FINISHED


async def test_a_challenge_where_the_server_forces_answers_private(friends: Friends) -> None:
    fake = friends.fake
    guild = fake.add_guild("Strict", bot_installed=False)
    channel = fake.add_text_channel(guild, "general")
    fake.add_member(guild, friends.alice)
    fake.add_member(guild, friends.bob)
    fake.set_external_apps(guild, allowed=False)
    for user, words in ((friends.alice, "Challenge them in a DM"), (friends.bob, "グループ DM")):
        opponent = friends.bob if user is friends.alice else friends.alice
        if user is friends.bob:
            fake.install_for_user(friends.bob)
        record = await fake.slash(
            "bushi challenge", user=user, channel=channel, options={"opponent": opponent}
        )
        await friends.settle(record)
        assert record.ephemeral
        assert words in fake.ephemeral_messages(user)[-1].text
    assert await friends.bot.games.queries.list_games(friends.alice.id) == []
    assert fake.rest_calls_to(channel) == []


async def test_games_posts_a_board_afresh_and_buttons_survive_a_restart(
    friends: Friends,
) -> None:
    fake = friends.fake
    board = await friends.challenge("bushi challenge", colour="white")  # Bob moves first
    await friends.click(board, friends.bob, label="Accept")

    # A restart: the bot holds no interaction any more; the board's buttons still work.
    await fake.stop_client(friends.bot)
    friends.bot = make_bot(friends.db_url, friends.clock)
    await fake.run_client(friends.bot)
    await friends.select_first(board, friends.bob)
    assert "Black placed the cube" in board.text

    # Bob (Japanese) liked it and added Asobiba to his account too. He lost the board far up
    # the conversation: /games posts it afresh here.
    fake.install_for_user(friends.bob)
    record = await fake.slash("games", user=friends.bob, channel=friends.group)
    await friends.settle(record)
    listing = fake.ephemeral_messages(friends.bob)[-1]
    assert "**武士将棋** #1" in listing.text and "相手の番" in listing.text
    menu = listing.selects()[0]
    assert menu["placeholder"] == "盤面をここに出し直す…"
    game = await friends.game_of(board)
    record = await fake.select(listing, menu["custom_id"], [str(game.id)], user=friends.bob)
    await friends.settle(record)
    fresh = fake.visible_messages(friends.group, friends.carol)[-1]
    assert fresh.id != board.id and "Black placed the cube" in fresh.text
    moved = await friends.bot.games.queries.get(game.id)
    assert moved.message_id == fresh.id and moved.board_reach == BoardReach.INTERACTION

    # The copy it replaces is closed at once (Bob's click on it still holds it): the game as
    # it is, no buttons, and a link to the newest board. Play goes on there.
    assert board.custom_ids() == [] and f"/{fresh.id})" in board.text
    assert "Black placed the cube" in board.text
    await friends.select_first(fresh, friends.alice)
    assert (await friends.bot.games.queries.get(game.id)).ply == 2
    assert "White placed the cube" in fresh.text
    await friends.click(fresh, friends.bob, label="Resign")
    await friends.click(fake.ephemeral_messages(friends.bob)[-1], friends.bob, prefix="g:")
    # The end reaches both: the old copy shows the result too, still closed.
    assert "🏆" in fresh.text and "🏆" in board.text and board.custom_ids() == []

    # Carol has no game to re-open.
    fake.install_for_user(friends.carol)
    record = await fake.slash("games", user=friends.carol, channel=friends.group)
    await friends.settle(record)
    assert fake.ephemeral_messages(friends.carol)[-1].selects() == []

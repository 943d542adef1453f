"""Self-test of the fake Discord's user installs (``tests/fakediscord``) with a tiny bot.

The bot's commands are installable to users and to servers; each records how discord.py
parsed the interaction, so the tests prove that what the fake sends for servers without the
bot, the bot's DM, group DMs and DMs between users is what discord.py 2.7 understands, and
that the fake enforces Discord's limits there: no REST on channels the bot is not in (403
50001), five follow-ups for a user install, 15-minute tokens, forced-ephemeral responses,
command availability by ``contexts`` / ``integration_types``, and DM refusals.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeDiscordError,
    FakeUser,
    InteractionRecord,
)

#: What app_permissions holds in (G)DMs with other users: ATTACH_FILES | EMBED_LINKS |
#: MENTION_EVERYONE (receiving-and-responding.mdx, Interaction Structure).
PRIVATE_APP_PERMISSIONS = (1 << 15) | (1 << 14) | (1 << 17)
USE_EXTERNAL_APPS = 1 << 50


@dataclass
class Seen:
    """How discord.py parsed one interaction."""

    context: discord.AppCommandContext
    guild_id: int | None
    guild: discord.Guild | None
    channel: Any
    user_id: int
    guild_integration: bool
    user_integration: bool
    app_permissions: int


class TapButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tap:(?P<n>\d+)"):
    """A board button: each click is a fresh interaction answered by editing the message."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Tap {n}", custom_id=f"tap:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> TapButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(TapButton(self.n + 1))
        await interaction.response.edit_message(content=f"taps={self.n + 1}", view=view)


def everywhere(func: Any) -> Any:
    """Installable to users and servers, usable in servers, the bot's DM and private channels."""
    func = app_commands.allowed_installs(guilds=True, users=True)(func)
    return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(func)


class UserInstallBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), help_command=None)
        self.seen: list[Seen] = []
        self.saved: discord.Interaction[Any] | None = None
        self.errors: list[tuple[int, int]] = []

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.seen.append(
            Seen(
                context=interaction.context,
                guild_id=interaction.guild_id,
                guild=interaction.guild,
                channel=interaction.channel,
                user_id=interaction.user.id,
                guild_integration=interaction.is_guild_integration(),
                user_integration=interaction.is_user_integration(),
                app_permissions=interaction.app_permissions.value,
            )
        )

    def failed(self, exc: discord.HTTPException) -> None:
        self.errors.append((exc.status, exc.code))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(TapButton)
        tree = self.tree

        @tree.command(name="play", description="Show a board")
        @everywhere
        async def play(interaction: discord.Interaction[Any]) -> None:
            self.saved = interaction
            view = discord.ui.View(timeout=None)
            view.add_item(TapButton(0))
            await interaction.response.send_message("taps=0", view=view)

        @tree.command(name="spam", description="Defer, then send follow-ups")
        @everywhere
        async def spam(interaction: discord.Interaction[Any], count: int) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.edit_original_response(content="spamming")
            for i in range(count):
                try:
                    await interaction.followup.send(f"follow-up {i + 1}")
                except discord.HTTPException as exc:
                    self.failed(exc)

        @tree.command(name="secret", description="An ephemeral reply and a public follow-up")
        @everywhere
        async def secret(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("hidden card", ephemeral=True)
            await interaction.followup.send("public news")

        @tree.command(name="poke", description="Post to the channel through REST")
        @everywhere
        async def poke(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("poking", ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.abc.Messageable)
            try:
                await channel.send("through REST")
            except discord.HTTPException as exc:
                self.failed(exc)

        @tree.command(name="dm", description="DM the invoking user")
        @everywhere
        async def dm(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("sending a DM", ephemeral=True)
            try:
                await interaction.user.send("a DM from the bot")
            except discord.HTTPException as exc:
                self.failed(exc)

        @tree.command(name="server", description="Server install, servers only")
        @app_commands.allowed_installs(guilds=True, users=False)
        @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
        async def server(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("server only")

        @tree.command(name="link", description="User install, the bot's DM only")
        @app_commands.allowed_installs(guilds=False, users=True)
        @app_commands.allowed_contexts(guilds=False, dms=True, private_channels=False)
        async def link(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("linked")

        @tree.command(name="legacy", description="No contexts or integration types set")
        async def legacy(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("legacy")

        @tree.context_menu(name="Inspect")
        @everywhere
        async def inspect(interaction: discord.Interaction[Any], user: discord.User) -> None:
            await interaction.response.send_message(f"inspected {user.name}", ephemeral=True)

        await tree.sync()


async def start(fake: FakeDiscord) -> UserInstallBot:
    bot = UserInstallBot()
    await fake.run_client(bot)
    return bot


async def bot_error(bot: UserInstallBot) -> tuple[int, int]:
    """The next HTTP error the bot's command caught (status, code); the bot changes no state
    of the fake after it, so poll."""
    for _ in range(200):
        if bot.errors:
            return bot.errors.pop(0)
        await asyncio.sleep(0.01)
    raise AssertionError("the bot caught no HTTP error")


async def answered(record: InteractionRecord) -> InteractionRecord:
    await record.wait_complete()
    return record


# ----------------------------------------------------------------------------- tests
def alice_and_bob_in_a_group_dm(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, FakeChannel]:
    """Alice, who added the app to her account, and Bob, who did not, in a group DM."""
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    fake.install_for_user(alice)
    return alice, bob, fake.add_group_dm(alice, bob)


async def test_commands_carry_contexts_and_integration_types(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    fake.add_guild("Home")
    bot = await start(fake)
    play = fake.command("play")
    assert sorted(play["integration_types"]) == [0, 1]
    assert sorted(play["contexts"]) == [0, 1, 2]
    assert fake.command("server")["integration_types"] == [0]
    assert fake.command("legacy")["integration_types"] == [0]
    assert fake.command("legacy")["contexts"] is None
    await fake.stop_client(bot)


async def test_invalid_contexts_are_rejected_like_discord(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    bot = await start(fake)
    bad = [{"name": "bad", "description": "bad", "contexts": [0, 5], "integration_types": []}]
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.bulk_upsert_global_commands(fake.application_id, payload=bad)
    assert caught.value.status == 400 and caught.value.code == 50035
    [violation] = fake.take_violations()
    assert violation.rule == "commands.invalid"
    assert "contexts.1" in str(violation) and "integration_types" in str(violation)
    await fake.stop_client(bot)


async def test_group_dm_with_a_user_install(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    fake.add_guild("Home")
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    carol = fake.add_user("carol")
    group = fake.add_group_dm(alice, bob, carol, name="friends")
    bot = await start(fake)

    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("play", user=alice, channel=group)  # alice has not installed the app
    fake.install_for_user(alice)
    r = await answered(await fake.slash("play", user=alice, channel=group))
    assert r.payload["context"] == 2
    assert r.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert int(r.payload["app_permissions"]) == PRIVATE_APP_PERMISSIONS
    assert "guild_id" not in r.payload and r.payload["user"]["id"] == str(alice.id)
    assert r.payload["channel"]["type"] == 3
    assert {u["id"] for u in r.payload["channel"]["recipients"]} == {str(bob.id), str(carol.id)}
    seen = bot.seen[-1]
    assert seen.context.private_channel and not seen.context.guild
    assert seen.guild is None and seen.guild_id is None
    assert isinstance(seen.channel, discord.GroupChannel) and seen.channel.name == "friends"
    assert {u.id for u in seen.channel.recipients} == {bob.id, carol.id}
    assert seen.user_integration and not seen.guild_integration
    assert seen.app_permissions == PRIVATE_APP_PERMISSIONS
    assert r.message is not None and not r.ephemeral

    # Bob never installed the app, yet clicks Alice's board: the click carries her install.
    click = await answered(await fake.click(r.message, "tap:0", user=bob))
    assert click.response_type == 7 and r.message.content == "taps=1"
    assert click.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert bot.seen[-1].user_id == bob.id and not bot.seen[-1].user_integration

    inspect = await answered(await fake.user_command("Inspect", bob, user=alice, channel=group))
    assert inspect.payload["context"] == 2 and inspect.content == "inspected bob"

    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("play", user=bob, channel=group)
    with pytest.raises(FakeDiscordError, match="contexts"):
        await fake.slash("server", user=alice, channel=group)
    with pytest.raises(FakeDiscordError, match="contexts"):
        await fake.slash("link", user=alice, channel=group)
    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("legacy", user=alice, channel=group)  # guild install only by default
    await fake.stop_client(bot)


async def test_private_dm_between_users(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    fake.install_for_user(alice)
    dm = fake.add_private_dm(alice, bob)
    bot = await start(fake)
    r = await answered(await fake.slash("play", user=alice, channel=dm))
    assert r.payload["context"] == 2 and r.payload["channel"]["type"] == 1
    assert [u["id"] for u in r.payload["channel"]["recipients"]] == [str(bob.id)]
    seen = bot.seen[-1]
    assert isinstance(seen.channel, discord.DMChannel) and seen.channel.recipient is not None
    assert seen.channel.recipient.id == bob.id and seen.context.private_channel
    assert [m.content for m in fake.visible_messages(dm, bob)] == ["taps=0"]
    await fake.stop_client(bot)


async def test_rest_on_a_channel_the_bot_is_not_in_is_refused_and_flagged(
    discord_fake: FakeDiscord,
) -> None:
    fake = discord_fake
    alice, _bob, group = alice_and_bob_in_a_group_dm(fake)
    elsewhere = fake.add_guild("Elsewhere", bot_installed=False)
    lounge = fake.add_text_channel(elsewhere, "lounge")
    fake.add_member(elsewhere, alice)
    bot = await start(fake)
    for channel in (group, lounge):
        await answered(await fake.slash("poke", user=alice, channel=channel))
        assert await bot_error(bot) == (403, 50001)
        [violation] = fake.take_violations()
        assert violation.rule == "rest.no_access"
        [call] = fake.rest_calls_to(channel)
        assert call.method == "POST" and call.path == f"/channels/{channel.id}/messages"
    with pytest.raises(discord.Forbidden) as caught:
        await bot.fetch_guild(elsewhere.id)
    assert caught.value.code == 50001
    assert [v.rule for v in fake.take_violations()] == ["rest.no_access"]
    await fake.stop_client(bot)


async def test_server_without_the_bot(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    home = fake.add_guild("Home")
    elsewhere = fake.add_guild("Elsewhere", bot_installed=False, locale="ja")
    lounge = fake.add_text_channel(elsewhere, "lounge")
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    bot = await start(fake)
    for _ in range(200):  # discord.py reads the GUILD_CREATEs after IDENTIFY returns
        if bot.get_guild(home.id) is not None:
            break
        await asyncio.sleep(0.01)
    assert bot.get_guild(home.id) is not None
    assert bot.get_guild(elsewhere.id) is None  # never sent over the gateway
    fake.add_text_channel(elsewhere, "later")  # nor are later changes
    fake.install_for_user(alice)

    r = await answered(await fake.slash("play", user=alice, channel=lounge))
    assert r.payload["context"] == 0 and r.payload["guild_id"] == str(elsewhere.id)
    assert r.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert r.payload["member"]["user"]["id"] == str(alice.id)
    assert int(r.payload["app_permissions"]) & USE_EXTERNAL_APPS
    assert not r.ephemeral
    seen = bot.seen[-1]
    assert seen.context.guild and seen.guild_id == elsewhere.id
    assert seen.guild is not None and seen.channel is not None and seen.channel.id == lounge.id
    assert seen.user_integration and not seen.guild_integration

    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("play", user=bob, channel=lounge)  # bob has no install here
    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("server", user=alice, channel=lounge)  # server install only

    # In a server that installed the bot too, both installs authorize the command.
    both = await answered(
        await fake.slash("play", user=alice, channel=fake.add_text_channel(home, "g"))
    )
    assert both.payload["authorizing_integration_owners"] == {
        "0": str(home.id),
        "1": str(alice.id),
    }
    assert bot.seen[-1].guild_integration and bot.seen[-1].user_integration
    assert fake.bot_can_access(lounge) is False
    await fake.stop_client(bot)


async def test_forced_ephemeral_where_external_apps_are_denied(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    strict = fake.add_guild("Strict", bot_installed=False)
    hall = fake.add_text_channel(strict, "hall")
    alice = fake.add_user("alice")
    fake.install_for_user(alice)
    fake.set_external_apps(strict, False)
    bot = await start(fake)

    r = await answered(await fake.slash("play", user=alice, channel=hall))
    assert not int(r.payload["app_permissions"]) & USE_EXTERNAL_APPS
    assert r.forced_ephemeral and r.ephemeral and r.message is not None and r.message.ephemeral
    assert fake.messages_in(hall) == []
    spam = await answered(await fake.slash("spam", user=alice, channel=hall, options={"count": 2}))
    await spam.wait_followups(2)
    assert spam.message is not None and spam.message.ephemeral
    assert all(m.ephemeral for m in spam.followups)
    assert fake.visible_messages(hall, fake.add_user("bystander", guilds=[strict])) == []

    fake.set_external_apps(strict, True)
    public = await answered(await fake.slash("play", user=alice, channel=hall))
    assert not public.ephemeral and fake.messages_in(hall) == [public.message]
    await fake.stop_client(bot)


async def test_five_followups_for_a_user_install(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    home = fake.add_guild("Home")
    games = fake.add_text_channel(home, "games")
    alice, _bob, group = alice_and_bob_in_a_group_dm(fake)
    bot = await start(fake)

    r = await answered(await fake.slash("spam", user=alice, channel=group, options={"count": 6}))
    await r.wait_followups(5)
    assert await bot_error(bot) == (400, 40094)
    assert len(r.followups) == 5 and bot.errors == []
    [violation] = fake.take_violations()
    assert violation.rule == "followup.limit" and violation.interaction_id == r.id

    # The limit is for user installs alone: where the server installed the bot, none.
    inside = await answered(
        await fake.slash("spam", user=alice, channel=games, options={"count": 6})
    )
    await inside.wait_followups(6)
    assert bot.errors == []
    await fake.stop_client(bot)


async def test_tokens_expire_after_fifteen_minutes(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    alice, bob, group = alice_and_bob_in_a_group_dm(fake)
    bot = await start(fake)
    r = await answered(await fake.slash("play", user=alice, channel=group))
    interaction = bot.saved
    assert interaction is not None

    fake.advance(14 * 60)
    await interaction.edit_original_response(content="still in time")
    assert r.message is not None and r.message.content == "still in time"
    fake.advance(61)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.edit_original_response(content="too late")
    assert caught.value.status == 401 and caught.value.code == 50027
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.followup.send("too late")
    assert caught.value.code == 50027
    assert len(fake.expired_token_requests) == 2
    assert r.message.content == "still in time"
    assert fake.violations == []

    # Each click is a fresh interaction with a fresh token.
    click = await answered(await fake.click(r.message, "tap:0", user=bob))
    assert click.response_type == 7 and r.message.content == "taps=1"
    await fake.stop_client(bot)


async def test_bot_dm_context_and_owners(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    fake.add_guild("Home")
    member = fake.add_user("member")
    loner = fake.add_user("loner", guilds=[])
    bot = await start(fake)

    r = await answered(await fake.slash("play", user=member))
    assert r.payload["context"] == 1
    assert r.payload["authorizing_integration_owners"] == {"0": "0"}
    assert bot.seen[-1].context.dm_channel and not bot.seen[-1].user_integration

    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("play", user=loner)  # no shared server, no install
    fake.install_for_user(loner)
    solo = await answered(await fake.slash("play", user=loner))
    assert solo.payload["authorizing_integration_owners"] == {"1": str(loner.id)}
    assert bot.seen[-1].user_integration
    linked = await answered(await fake.slash("link", user=loner))
    assert linked.content == "linked"
    with pytest.raises(FakeDiscordError, match="not offered"):
        await fake.slash("link", user=member)  # user install only
    await fake.stop_client(bot)


async def test_bot_dms_are_refused_without_a_shared_server_or_when_closed(
    discord_fake: FakeDiscord,
) -> None:
    fake = discord_fake
    fake.add_guild("Home")
    member = fake.add_user("member")
    loner = fake.add_user("loner", guilds=[])
    fake.install_for_user(member)
    fake.install_for_user(loner)
    group = fake.add_group_dm(member, loner)
    bot = await start(fake)

    async def dm_from(user: FakeUser) -> None:
        await answered(await fake.slash("dm", user=user, channel=group))

    await dm_from(member)
    await fake.wait_for_message(fake.dm_channel(member))
    assert [m.content for m in fake.dm_messages(member)] == ["a DM from the bot"]
    assert bot.errors == []

    await dm_from(loner)
    assert await bot_error(bot) == (403, 50278)

    fake.close_dms(member)
    await dm_from(member)
    assert await bot_error(bot) == (403, 50007)
    assert len(fake.dm_messages(member)) == 1
    assert fake.violations == []  # a refused DM is an answer, not a broken rule
    # Each refusal is a 403, counted against the bot's allowance of invalid requests.
    assert len(fake.refused_dms()) == 2 and fake.refused_dms() == fake.invalid_requests()
    await fake.stop_client(bot)


async def test_an_invite_names_its_server(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    home = fake.add_guild("Home")
    fake.add_text_channel(home, "welcome")
    code = fake.add_invite(home, "asobiba-home")
    bot = await start(fake)
    invite = await bot.http.get_invite(code, with_counts=False)
    assert invite["guild"]["id"] == str(home.id) and invite["channel"]["name"] == "welcome"
    fetched = await bot.fetch_invite(f"https://discord.gg/{code}")
    assert fetched.guild is not None and fetched.guild.id == home.id
    with pytest.raises(discord.NotFound) as unknown:
        await bot.http.get_invite("nothing-here")
    assert unknown.value.code == 10006
    assert fake.invalid_requests() == []  # a 404 is no invalid request
    await fake.stop_client(bot)


async def test_visible_messages_hide_other_users_ephemerals(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    alice, bob, group = alice_and_bob_in_a_group_dm(fake)
    bot = await start(fake)
    r = await answered(await fake.slash("secret", user=alice, channel=group))
    await r.wait_followups(1)
    assert [m.content for m in fake.visible_messages(group, alice)] == [
        "hidden card",
        "public news",
    ]
    assert [m.content for m in fake.visible_messages(group, bob)] == ["public news"]
    assert fake.rest_calls_to(group) == []
    await fake.stop_client(bot)

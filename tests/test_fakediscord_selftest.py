"""Self-test of the loopback Discord fake (``tests/fakediscord``) with a tiny demo bot.

The demo bot is a plain ``commands.Bot``: an app-command group ``/game`` (localized to
Japanese by a Translator) whose subcommands exercise replies, DynamicItem buttons, ephemeral
replies, deferrals with follow-ups, uploads, modals and DMs, plus a few deliberately
rule-breaking subcommands that the fake must flag.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeDiscordError, FakeMessage, FakeUser
from tests.fakediscord.fixtures import DiscordFakeFactory

EXPORT_BYTES = "盤面\nO X O\n".encode()

JA = {
    "game": "ゲーム",
    "Game commands": "ゲームのコマンド",
    "challenge": "挑戦",
    "Challenge someone": "誰かに挑戦する",
    "opponent": "相手",
    "Who to challenge": "挑戦する相手",
}


class DemoTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.japanese:
            return JA.get(string.message)
        return None


# ----------------------------------------------------------------------------- components
class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """Persistent button whose custom_id carries the count; clicking edits the message."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"count={self.n + 1}", view=counter_view(self.n + 1)
        )


class PeekButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"peek"):
    """Persistent button answering only the clicker (ephemeral)."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Peek", custom_id="peek"))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PeekButton:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"only {interaction.user.name} sees this", ephemeral=True
        )


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(n))
    view.add_item(PeekButton())
    return view


class SixRowView(discord.ui.View):
    """Renders six action rows — one more than Discord allows."""

    def to_components(self) -> list[dict[str, Any]]:
        return [
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": f"r{i}", "custom_id": f"row:{i}"}],
            }
            for i in range(6)
        ]


class PickSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        super().__init__(
            custom_id="pick",
            placeholder="Pick a piece",
            options=[discord.SelectOption(label=v.upper(), value=v) for v in ("a", "b", "c")],
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"picked {','.join(self.values)}", view=None
        )


class BoardLayout(discord.ui.LayoutView):
    """Components v2: a container with text and a button row."""

    def __init__(self, moves: int) -> None:
        super().__init__(timeout=60)
        button: discord.ui.Button[BoardLayout] = discord.ui.Button(
            label="Move", custom_id="board:move"
        )
        button.callback = self.move  # type: ignore[method-assign]
        self.moves = moves
        self.add_item(
            discord.ui.Container(
                discord.ui.TextDisplay(f"moves: {moves}"), discord.ui.ActionRow(button)
            )
        )

    async def move(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(view=BoardLayout(self.moves + 1))


class RenameModal(discord.ui.Modal, title="Rename"):
    name: discord.ui.Label[RenameModal] = discord.ui.Label(
        text="New name",
        component=discord.ui.TextInput(custom_id="rename:name", max_length=20),
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        field = self.name.component
        assert isinstance(field, discord.ui.TextInput)
        await interaction.response.send_message(f"renamed to {field.value}")


# ----------------------------------------------------------------------------- the bot
class GameGroup(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(
            name=app_commands.locale_str("game"),
            description=app_commands.locale_str("Game commands"),
        )

    @app_commands.command(
        name=app_commands.locale_str("challenge"),
        description=app_commands.locale_str("Challenge someone"),
    )
    @app_commands.describe(opponent=app_commands.locale_str("Who to challenge"))
    async def challenge(
        self, interaction: discord.Interaction[Any], opponent: discord.Member, rated: bool = False
    ) -> None:
        await interaction.response.send_message(
            f"{interaction.user.mention} challenges {opponent.mention} (rated={rated})",
            view=counter_view(0),
        )

    @app_commands.command(name="slow", description="Defer, answer, then follow up")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="done thinking")
        await interaction.followup.send("and one more")

    @app_commands.command(name="secret", description="Ephemeral defer, then answer")
    async def secret(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.edit_original_response(content="secret result")

    @app_commands.command(name="export", description="Upload a file")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            "here is the board", file=discord.File(io.BytesIO(EXPORT_BYTES), filename="board.txt")
        )

    @app_commands.command(name="pick", description="A select menu")
    async def pick(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=60)
        view.add_item(PickSelect())
        await interaction.response.send_message("pick one", view=view)

    @app_commands.command(name="board", description="A components-v2 layout")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(view=BoardLayout(0))

    @app_commands.command(name="find", description="Autocomplete")
    async def find(self, interaction: discord.Interaction[Any], query: str) -> None:
        await interaction.response.send_message(f"found {query}")

    @find.autocomplete("query")
    async def find_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["hanako", "haruto", "kenji"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @app_commands.command(name="rename", description="Open a modal")
    async def rename(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(name="dm", description="DM the caller")
    async def dm(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.user.send("psst")
        await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(name="post", description="Post a plain channel message")
    async def post(self, interaction: discord.Interaction[Any]) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("posted")
        await interaction.response.send_message("ok", ephemeral=True)

    # --- deliberately broken handlers ----------------------------------------------------
    @app_commands.command(name="double", description="Responds twice")
    async def double(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("one")
        try:  # a fresh InteractionResponse bypasses discord.py's own double-response guard
            await discord.InteractionResponse(interaction).send_message("two")
        except discord.HTTPException as exc:
            await interaction.followup.send(f"second failed: {exc.code}")

    @app_commands.command(name="long", description="Sends 2001 characters")
    async def long(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"failed: {exc.code}")

    @app_commands.command(name="rows", description="Sends six action rows")
    async def rows(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("rows", view=SixRowView())
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"failed: {exc.code}")

    @app_commands.command(name="early", description="Follows up before responding")
    async def early(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.NotFound as exc:
            await interaction.response.send_message(f"failed: {exc.code}")

    @app_commands.command(name="filler", description="Fills a deferral with a follow-up")
    async def filler(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("filled by a follow-up")

    @app_commands.command(name="stuck", description="Defers and never follows up")
    async def stuck(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()

    @app_commands.command(name="late", description="Responds after the deadline")
    async def late(self, interaction: discord.Interaction[Any]) -> None:
        await asyncio.sleep(0.4)
        with contextlib.suppress(discord.NotFound):
            await interaction.response.send_message("too late")


class DemoBot(commands.Bot):
    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(
            command_prefix="!", intents=intents or discord.Intents.default(), help_command=None
        )
        self.interactions_seen = 0

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.interactions_seen += 1

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton, PeekButton)
        await self.tree.set_translator(DemoTranslator())
        self.tree.add_command(GameGroup())
        self.tree.add_command(app_commands.ContextMenu(name="Poke", callback=poke))
        await self.tree.sync()


async def poke(interaction: discord.Interaction[Any], member: discord.Member) -> None:
    await interaction.response.send_message(f"{interaction.user.name} pokes {member.name}")


class ShardedDemoBot(commands.AutoShardedBot):
    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), help_command=None)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py sleeps 5 s before every non-first IDENTIFY (real IDENTIFY rate limit).
        return None

    async def setup_hook(self) -> None:
        @self.tree.command(name="shard", description="Which shard handles this guild?")
        async def shard(interaction: discord.Interaction[Any]) -> None:
            assert interaction.guild is not None
            await interaction.response.send_message(f"shard {interaction.guild.shard_id}")

        await self.tree.sync()


# ----------------------------------------------------------------------------- helpers
@pytest_asyncio.fixture(autouse=True)
async def _no_leaked_tasks() -> AsyncIterator[None]:
    yield
    current = asyncio.current_task()
    leftovers = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
    assert not leftovers, f"leaked tasks: {leftovers}"


class World:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guild = fake.add_guild("Test", locale="ja")
        self.channel = fake.add_text_channel(self.guild, "games")
        self.alice = fake.add_user("alice")
        self.bob = fake.add_user("bob", locale="ja")


async def started(fake: FakeDiscord) -> tuple[World, DemoBot]:
    world = World(fake)
    bot = DemoBot()
    await fake.run_client(bot)
    return world, bot


async def challenge(fake: FakeDiscord, world: World) -> FakeMessage:
    r = await fake.slash(
        "game challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.bob, "rated": True},
    )
    await r.wait_response()
    assert r.message is not None
    return r.message


# ----------------------------------------------------------------------------- tests
async def test_login_and_command_sync(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    _, bot = await started(fake)
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    assert bot.application_id == fake.application_id
    [record] = fake.identifies
    assert record.shard == (0, 1)
    assert record.payload["intents"] == discord.Intents.default().value

    [sync] = fake.syncs
    assert sync.guild_id is None
    game = fake.command("game")
    assert game["name_localizations"] == {"ja": "ゲーム"}
    assert game["description_localizations"] == {"ja": "ゲームのコマンド"}
    subs = {o["name"]: o for o in game["options"]}
    assert subs["challenge"]["type"] == 1
    assert subs["challenge"]["name_localizations"] == {"ja": "挑戦"}
    opts = {o["name"]: o for o in subs["challenge"]["options"]}
    assert opts["opponent"]["type"] == 6 and opts["opponent"]["required"] is True
    assert opts["opponent"]["description_localizations"] == {"ja": "挑戦する相手"}
    assert opts["rated"]["type"] == 5 and not opts["rated"].get("required")
    await fake.stop_client(bot)


async def test_slash_reply_then_button_edits_message(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    # The localized command path works too, as Discord always sends base names.
    r = await fake.slash(
        "ゲーム 挑戦", user=world.alice, channel=world.channel, options={"相手": world.bob}
    )
    await r.wait_response()
    assert r.response_type == 4 and not r.ephemeral
    assert r.payload["data"]["options"][0]["name"] == "challenge"
    msg = fake.last_message(world.channel)
    assert msg is r.message and msg is not None
    assert msg.content == f"{world.alice.mention} challenges {world.bob.mention} (rated=False)"
    assert msg.custom_ids() == ["counter:0", "peek"]
    assert msg["interaction_metadata"]["user"]["id"] == str(world.alice.id)

    click = await fake.click(msg, "counter:0", user=world.bob)
    await click.wait_response()
    assert click.response_type == 7 and click.message is msg
    assert msg.content == "count=1"
    assert msg.find_component(prefix="counter:")["custom_id"] == "counter:1"
    assert msg.edit_count == 1 and msg.history[0]["content"].endswith("(rated=False)")

    again = await fake.click(msg, label="Count 1", user=world.alice)
    await again.wait_response()
    assert msg.content == "count=2"
    await fake.stop_client(bot)


async def test_ephemeral_reply_stays_out_of_channel(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    msg = await challenge(fake, world)
    peek = await fake.click(msg, "peek", user=world.bob)
    await peek.wait_response()
    assert peek.response_type == 4 and peek.ephemeral
    assert peek.message is not None and peek.message.flags & 64
    assert peek.content == "only bob sees this"
    assert fake.messages_in(world.channel) == [msg]
    assert fake.ephemeral_messages(world.bob) == [peek.message]
    with pytest.raises(FakeDiscordError, match="ephemeral"):
        await fake.click(peek.message, "peek", user=world.alice)
    await fake.stop_client(bot)


async def test_deferred_responses_and_followups(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    r = await fake.slash("game slow", user=world.alice, channel=world.channel)
    await r.wait_response()
    assert r.response_type == 5
    [second] = await r.wait_followups(1)
    first = r.message
    assert first is not None and not first.loading and first.content == "done thinking"
    assert second.content == "and one more"
    assert [m.content for m in fake.messages_in(world.channel)] == ["done thinking", "and one more"]

    s = await fake.slash("game secret", user=world.alice, channel=world.channel)
    await s.wait_response()
    assert s.response_type == 5 and s.ephemeral
    assert s.response_data == {"type": 5, "data": {"flags": 64}}
    result = await s.wait_until(lambda rec: rec.message is not None and not rec.message.loading)
    assert result.message is not None
    result = result.message
    assert result.ephemeral and result.content == "secret result"
    assert result not in fake.messages_in(world.channel)
    await fake.stop_client(bot)


async def test_attachment_upload_is_kept(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    r = await fake.slash("game export", user=world.alice, channel=world.channel)
    await r.wait_response()
    assert r.message is not None
    att = r.message.attachment("board.txt")
    assert att.data == EXPORT_BYTES and att.text.startswith("盤面")
    async with aiohttp.ClientSession() as session, session.get(att.url) as resp:
        assert await resp.read() == EXPORT_BYTES
    await fake.stop_client(bot)


async def test_modal_dm_and_context_menu(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    opened = await fake.slash("game rename", user=world.alice, channel=world.channel)
    await opened.wait_response()
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Rename"
    submitted = await fake.submit_modal(opened, {"rename:name": "Hanako"})
    await submitted.wait_response()
    assert submitted.content == "renamed to Hanako"

    dm = await fake.slash("game dm", user=world.bob, channel=world.channel)
    await dm.wait_response()
    assert [m.content for m in fake.dm_messages(world.bob)] == ["psst"]
    in_dm = await fake.slash("game dm", user=world.bob)  # channel=None: invoked in the DM
    await in_dm.wait_response()
    assert in_dm.channel is fake.dm_channel(world.bob) and "guild_id" not in in_dm.payload
    assert [m.content for m in fake.dm_messages(world.bob)] == ["psst", "psst"]

    poked = await fake.user_command("Poke", world.bob, user=world.alice, channel=world.channel)
    await poked.wait_response()
    assert poked.content == "alice pokes bob"
    assert poked.message is not None and poked.message["type"] == 23
    await fake.stop_client(bot)


async def test_restart_keeps_old_buttons_working(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, first = await started(fake)
    msg = await challenge(fake, world)
    await fake.stop_client(first)

    second = DemoBot()
    await fake.run_client(second)
    assert len(fake.identifies) == 2
    assert fake.identifies[0].session.superseded
    click = await fake.click(msg, "counter:0", user=world.bob)
    await click.wait_response()
    assert click.response_type == 7 and msg.content == "count=1"
    await fake.stop_client(second)


async def test_new_identify_replaces_a_stale_session(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, stale = await started(fake)
    fresh = DemoBot()  # the old client never disconnected (e.g. a hung process)
    await fake.run_client(fresh)
    await challenge(fake, world)
    assert (stale.interactions_seen, fresh.interactions_seen) == (0, 1)
    await fake.stop_client(fresh)
    await fake.stop_client(stale)


async def test_select_autocomplete_and_layout_view(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    r = await fake.slash("game pick", user=world.alice, channel=world.channel)
    await r.wait_response()
    assert r.message is not None
    with pytest.raises(FakeDiscordError, match="not an option"):
        await fake.select(r.message, "pick", ["z"], user=world.bob)
    picked = await fake.select(r.message, "pick", ["b"], user=world.bob)
    await picked.wait_response()
    assert r.message.content == "picked b" and r.message.components == []

    ac = await fake.autocomplete(
        "game find",
        user=world.alice,
        channel=world.channel,
        focused="query",
        options={"query": "ha"},
    )
    await ac.wait_response()
    assert ac.response_type == 8
    assert [c["value"] for c in ac.choices or []] == ["hanako", "haruto"]

    board = await fake.slash("game board", user=world.alice, channel=world.channel)
    await board.wait_response()
    assert board.message is not None and board.message.flags & (1 << 15)
    moved = await fake.click(board.message, "board:move", user=world.bob)
    await moved.wait_response()
    [text] = board.message.find_components(type=10)
    assert text["content"] == "moves: 1"
    await fake.stop_client(bot)


@pytest.mark.slow
async def test_ready_and_member_chunking(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world = World(fake)
    intents = discord.Intents.default()
    intents.members = True
    bot = DemoBot(intents)
    await fake.run_client(bot, wait_ready=True)  # on_ready: ~2 s after the last GUILD_CREATE
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.chunked
    assert {m.name for m in guild.members} == {"Asobiba", "alice", "bob"}
    assert guild.preferred_locale is discord.Locale.japanese
    assert bot.get_channel(world.channel.id) is not None
    await fake.stop_client(bot)


async def test_resume_after_reconnect(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    await fake.reconnect_shard(0)
    assert len(fake.identifies) == 1 and fake.identifies[0].session.resumes == 1
    msg = await challenge(fake, world)
    assert msg.content.startswith(world.alice.mention)
    await fake.stop_client(bot)


async def test_rate_limit_is_retried_and_unknown_routes_recorded(
    discord_fake: FakeDiscord,
) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    fake.inject_rate_limit("POST", r"^/channels/\d+/messages$", retry_after=0.05)
    r = await fake.slash("game post", user=world.alice, channel=world.channel)
    await r.wait_response()
    posts = [q for q in fake.requests if q.method == "POST" and q.path.endswith("/messages")]
    assert [q.status for q in posts] == [429, 200]
    assert fake.last_message(world.channel) is not None
    assert fake.last_message(world.channel).content == "posted"  # type: ignore[union-attr]

    with pytest.raises(discord.NotFound):
        await bot.http.request(
            discord.http.Route("GET", "/channels/{channel_id}/pins", channel_id=world.channel.id)
        )
    assert [str(u) for u in fake.unhandled] == [f"GET /channels/{world.channel.id}/pins"]
    fake.unhandled.clear()
    await fake.stop_client(bot)


async def test_an_enforced_nonce_makes_a_post_once(discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    channel = bot.get_partial_messageable(world.channel.id)
    first = await channel.send("reminder", nonce="n-1")
    again = await channel.send("reminder", nonce="n-1")
    other = await channel.send("reminder", nonce="n-2")
    assert again.id == first.id != other.id
    assert [m.id for m in fake.messages_in(world.channel)] == [first.id, other.id]
    assert fake.nonce_repeats == 1
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("too long a nonce", nonce="n" * 26)
    assert refused.value.code == 50035
    fake.violations.clear()
    await fake.stop_client(bot)


@pytest.mark.parametrize(
    ("command", "rule", "reply"),
    [
        ("game double", "interaction.already_acknowledged", "second failed: 40060"),
        ("game long", "message.invalid", "failed: 50035"),
        ("game rows", "message.invalid", "failed: 50035"),
        ("game early", "followup.before_response", "failed: 10015"),
        ("game filler", "followup.fills_deferred", "filled by a follow-up"),
    ],
)
async def test_rule_violations_are_flagged(
    discord_fake: FakeDiscord, command: str, rule: str, reply: str
) -> None:
    fake = discord_fake
    world, bot = await started(fake)
    r = await fake.slash(command, user=world.alice, channel=world.channel)
    await r.wait_until(lambda rec: reply in [m.content for m in rec.all_messages], what=reply)
    violations = fake.take_violations()
    assert [v.rule for v in violations] == [rule]
    assert violations[0].interaction_id == r.id
    if command == "game long":
        assert "content: BASE_TYPE_MAX_LENGTH" in violations[0].message
    if command == "game rows":
        assert "components: BASE_TYPE_MAX_LENGTH" in violations[0].message
    await fake.stop_client(bot)


async def test_late_missing_and_unfinished_responses_are_flagged() -> None:
    # Plain seconds: the handler's 0.4 s must be late however loaded the machine is.
    pace = lambda: 1.0  # noqa: E731
    async with FakeDiscord(response_deadline=0.2, assert_clean_on_exit=False, pace=pace) as fake:
        world, bot = await started(fake)
        r = await fake.slash("game late", user=world.alice, channel=world.channel)
        await fake.wait_until(
            lambda: any(v.rule == "interaction.late_response" for v in fake.violations), 2.0
        )
        assert {v.rule for v in fake.take_violations()} == {
            "interaction.no_response",
            "interaction.late_response",
        }
        assert not r.responded

        stuck = await fake.slash("game stuck", user=world.alice, channel=world.channel)
        await stuck.wait_response()
        assert stuck.response_type == 5 and stuck.message is not None and stuck.message.loading
        await fake.stop_client(bot)
    # At shutdown the fake waits response_deadline for the "thinking…" message, then flags it.
    assert [v.rule for v in fake.take_violations()] == ["interaction.deferred_never_completed"]
    fake.assert_clean()


async def test_invalid_command_sync_is_rejected() -> None:
    class BadBot(DemoBot):
        async def setup_hook(self) -> None:
            @self.tree.command(name="ok", description="x" * 101)
            async def ok(interaction: discord.Interaction[Any]) -> None:
                await interaction.response.send_message("ok")

            with pytest.raises(app_commands.CommandSyncFailure):
                await self.tree.sync()

    async with FakeDiscord() as fake:
        bot = BadBot()
        await fake.run_client(bot)
        [violation] = fake.take_violations()
        assert violation.rule == "commands.invalid" and "description" in violation.message
        assert fake.commands() == []
        await fake.stop_client(bot)
    fake.assert_clean()


@pytest.mark.parametrize("shards", [1, 2])
async def test_autosharded_client(discord_fake_factory: DiscordFakeFactory, shards: int) -> None:
    fake = await discord_fake_factory(shard_count=shards)  # what GET /gateway/bot recommends
    guilds = [fake.add_guild(f"g{i}", shard=i) for i in range(shards)]
    channels = [fake.add_text_channel(g, "games") for g in guilds]
    alice: FakeUser = fake.add_user("alice")
    bot = ShardedDemoBot()
    await fake.run_client(bot)
    assert bot.shard_count == shards
    assert any(q.path == "/gateway/bot" for q in fake.requests)
    assert sorted(rec.shard for rec in fake.identifies) == [(i, shards) for i in range(shards)]
    for i, channel in enumerate(channels):
        r = await fake.slash("shard", user=alice, channel=channel)
        await r.wait_response()
        assert r.content == f"shard {i}"
    await fake.stop_client(bot)

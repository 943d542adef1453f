"""The real bot — command tree, cogs, DynamicItems, services, database — driven through the
loopback fake of Discord: slash commands arrive as INTERACTION_CREATE, the bot answers over
HTTP, and Discord's rules are enforced by the fake."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bot.harness import (
    World,
    challenge,
    click,
    make_bot,
    private_count,
    private_reply,
    until,
)
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord, FakeMessage


async def test_commands_are_registered_in_both_languages(world: World) -> None:
    bushi = world.fake.command("bushi")
    assert bushi["name_localizations"]["ja"] == "武士将棋"
    sub = {o["name"]: o for o in bushi["options"]}
    assert set(sub) == {"challenge", "hint"}
    assert sub["challenge"]["name_localizations"]["ja"] == "挑戦"
    options = {o["name"]: o for o in sub["challenge"]["options"]}
    assert not options["opponent"].get("required")  # left out: an open challenge
    assert options["opponent"]["name_localizations"]["ja"] == "相手"
    colours = {c["value"]: c for c in options["colour"]["choices"]}
    assert colours["black"]["name_localizations"]["ja"] == "先手（黒）"
    rules = world.fake.command("rules")
    assert rules["name_localizations"]["ja"] == "ルール"


async def test_a_whole_game_between_two_people(world: World) -> None:
    fake = world.fake
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    assert f"<@{world.bob.id}>" in board.text  # the challenge pings Bob
    assert {b["label"] for b in board.buttons()} == {"Accept", "Decline", "Withdraw"}

    # Only Bob may accept; Carol and Alice are told so privately, and nothing changes.
    await click(world, board, world.carol, label="Accept")
    assert "not your game" in await private_reply(world, world.carol, 0)
    await click(world, board, world.alice, label="Accept")
    assert "Only the challenged player" in await private_reply(world, world.alice, 0)
    assert {b["label"] for b in board.buttons()} == {"Accept", "Decline", "Withdraw"}

    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    assert "```" in board.text and "Black (先手)" in board.text
    drop_menu = board.selects()[0]
    assert 1 <= len(drop_menu["options"]) <= 25
    await until(world, lambda: len(fake.messages_in(world.channel)) == 2)
    ping = fake.messages_in(world.channel)[-1]
    assert f"<@{world.alice.id}>" in ping.text
    assert f"/{board.id}" in ping.text  # a link to the board

    # Alice drops her cube from the menu: the board is edited in place, Bob is pinged.
    first_drop = drop_menu["options"][0]["value"]
    record = await fake.select(board, drop_menu["custom_id"], [first_drop], user=world.alice)
    await record.wait_complete()
    assert record.response_type == 6
    await until(world, lambda: "Black placed the cube" in board.text)
    await until(world, lambda: ping.deleted)  # one ping per turn, not a wall of messages
    new_ping = fake.messages_in(world.channel)[-1]
    assert f"<@{world.bob.id}>" in new_ping.text

    # Bob resigns: the board asks him privately first (in his language).
    await click(world, board, world.bob, label="Resign")
    assert "本当に投了" in await private_reply(world, world.bob, 0)
    confirm = fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "🏆" in board.text)
    assert "resignation" in board.text
    assert [b["label"] for b in board.buttons()] == ["Share", "Game log", "Replay", "Rematch"]
    assert board.selects() == []
    await until(world, lambda: "is over" in fake.messages_in(world.channel)[-1].text)
    assert f"<@{world.alice.id}>" in fake.messages_in(world.channel)[-1].text

    # Anyone may download the whole log of a finished game.
    await click(world, board, world.carol, label="Game log")
    await private_reply(world, world.carol, 0)
    log_message = fake.ephemeral_messages(world.carol)[-1]
    log = log_message.attachments[0].data.decode()
    assert "Bushi Shogi" in log and "Black placed the cube" in log and "resigned" in log
    assert "Result: alice (resignation)" in log


async def test_someone_elses_click_not_your_turn_and_a_double_click(world: World) -> None:
    fake = world.fake
    board = await challenge(world, colour="white")  # Bob is Black and moves first
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    menu = board.selects()[0]
    first, second = menu["options"][0]["value"], menu["options"][1]["value"]
    record = await fake.select(board, menu["custom_id"], [first], user=world.carol)
    assert "not your game" in await private_reply(world, world.carol, 0)
    record = await fake.select(board, menu["custom_id"], [first], user=world.alice)
    assert "not your turn" in await private_reply(world, world.alice, 0)
    assert board.selects()[0]["custom_id"] == menu["custom_id"]  # nothing changed
    del record

    # Bob double-clicks: two interactions from the same board version race; one wins and
    # the other is told, privately, that the board has changed.
    seen = private_count(world, world.bob)
    await asyncio.gather(
        fake.select(board, menu["custom_id"], [first], user=world.bob),
        fake.select(board, menu["custom_id"], [second], user=world.bob),
    )
    reply = await private_reply(world, world.bob, seen)
    assert "盤面が更新されています" in reply
    game = (await world.bot.games.queries.list_games(world.bob.id))[0]
    assert game.ply == 1  # exactly one drop happened


async def test_buttons_keep_working_after_a_restart(world: World) -> None:
    board = await challenge(world)
    await world.restart()
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    menu = board.selects()[0]
    await world.restart()
    await world.fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice
    )
    await until(world, lambda: "Black placed the cube" in board.text)


def move_buttons(board: FakeMessage) -> list[dict[str, str]]:
    return [
        b
        for b in board.buttons()
        if b["custom_id"].startswith("g:") and "draw" not in b["custom_id"]
    ]


async def test_playing_the_bot_itself(world: World) -> None:
    fake = world.fake
    record = await fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": fake.bot_user, "colour": "white"},
    )
    await record.wait_complete()  # deferred while the bot thinks, then the board
    board = record.message
    assert board is not None
    # The bot is Black and has dropped already; Alice chooses her drop, the bot answers.
    assert "Black placed the cube" not in board.text or "casual" in board.text
    assert "casual" in board.text and "🤖" in board.text
    menu = board.selects()[0]
    await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice)
    await until(world, lambda: board.edit_count >= 1 and "White placed the cube" in board.text)
    for _ in range(30):
        buttons = move_buttons(board)
        if not buttons:
            break
        clicked = await fake.click(board, buttons[0]["custom_id"], user=world.alice)
        await clicked.wait_complete()  # the bot has taken the click …
        await world.bot.asobiba.activity.wait_idle()  # … and finished its answer
    # Alice never gets pinged for her own moves against the bot.
    assert all(f"<@{world.alice.id}>" not in m.text for m in fake.messages_in(world.channel)[1:])


async def test_another_bot_cannot_be_challenged(world: World) -> None:
    other = world.fake.add_user("robot", bot=True)
    record = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=world.channel, options={"opponent": other}
    )
    await record.wait_response()
    assert record.ephemeral and "another bot" in record.text
    assert world.fake.last_message(world.channel) is None


async def test_hint_and_rules_are_private_and_localised(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    record = await world.fake.slash("bushi hint", user=world.bob, channel=world.channel)
    await record.wait_complete()
    assert record.ephemeral
    assert "完全解析" in await private_reply(world, world.bob, 0)
    await click(world, board, world.alice, label="Hint")
    reply = await private_reply(world, world.alice, 0)
    assert "perfect play" in reply and "All 16 drops: draw" in reply  # grouped, not 16 lines

    record = await world.fake.slash(
        "rules", user=world.bob, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.ephemeral
    assert "追加ルール" in record.embeds[0]["description"]


async def test_a_japanese_server_gets_a_japanese_board(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    guild = discord_fake.add_guild("道場", locale="ja")
    channel = discord_fake.add_text_channel(guild, "対局")
    aki = discord_fake.add_user("aki", locale="ja")
    ben = discord_fake.add_user("ben", locale="ja")
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'ja.sqlite3'}", FakeClock())
    await discord_fake.run_client(bot)
    record = await discord_fake.slash(
        "武士将棋 挑戦", user=aki, channel=channel, options={"相手": ben}, guild_locale="ja"
    )
    await record.wait_response()
    assert record.message is not None
    assert "対局を申し込みました" in record.message.text
    assert {b["label"] for b in record.message.buttons()} == {"受ける", "断る", "取り下げる"}
    await discord_fake.stop_client(bot)


async def test_the_move_clock_reminds_then_ends_the_game(world: World) -> None:
    fake = world.fake
    board = await challenge(world, clock="3600")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "1 hour per move" in board.text)
    assert "<t:" in board.text  # the deadline, in each reader's own time zone

    world.clock.advance(minutes=31)
    await world.bot.clock_tick()
    reminder = fake.messages_in(world.channel)[-1]
    assert "is due" in reminder.text and f"<@{world.alice.id}>" in reminder.text
    await world.bot.clock_tick()
    assert fake.messages_in(world.channel)[-1].id == reminder.id  # no second reminder

    world.clock.advance(minutes=30)
    await world.bot.clock_tick()
    assert "🏆" in board.text and "time out" in board.text
    assert [b["label"] for b in board.buttons()] == ["Share", "Game log", "Replay", "Rematch"]
    assert reminder.deleted  # the result replaced the reminder: one ping at a time


async def test_an_unanswered_challenge_expires(world: World) -> None:
    board = await challenge(world)
    world.clock.advance(hours=25)
    await world.bot.clock_tick()
    assert "expired" in board.text and board.buttons() == []


async def test_rematch_swaps_sides(world: World) -> None:
    board = await challenge(world, colour="black")  # Alice is Black
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    await click(world, board, world.alice, label="Resign")
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    await click(world, confirm, world.alice, prefix="g:")
    await until(world, lambda: any(b["label"] == "Rematch" for b in board.buttons()))
    await click(world, board, world.bob, label="Rematch")
    await until(world, lambda: "challenges" in world.fake.messages_in(world.channel)[-1].text)
    rematch = world.fake.messages_in(world.channel)[-1]
    assert f"<@{world.alice.id}>" in rematch.text  # Bob challenges Alice back
    games = await world.bot.games.queries.list_games(world.alice.id)
    new = next(g for g in games if g.status == "challenge")
    assert new.challenger.user_id == world.bob.id and new.seat_of(world.bob.id) == 0  # Black now


async def test_every_command_and_option_has_a_japanese_name(world: World) -> None:
    def walk(entries: list[dict[str, object]], path: str) -> list[str]:
        missing = []
        for entry in entries:
            name = f"{path} {entry['name']}".strip()
            localized = entry.get("name_localizations") or {}
            if "ja" not in localized:  # type: ignore[operator]
                missing.append(name)
            if "ja" not in (entry.get("description_localizations") or {}):  # type: ignore[operator]
                missing.append(name + " (description)")
            missing += walk(entry.get("options") or [], name)  # type: ignore[arg-type]
        return missing

    commands = world.fake.commands()
    assert {c["name"] for c in commands} >= {"bushi", "yosukou", "senretsu", "rules", "games"}
    assert walk(commands, "") == []


def _check_drop_menu(menu: dict[str, object]) -> list[str]:
    """A phone cuts a select option's label at about 40 characters: every drop must differ
    within the first 25, and each label and description fit Discord's 100."""
    options = menu["options"]
    assert isinstance(options, list) and len(options) == 16
    labels = [str(o["label"]) for o in options]
    for cut in (25, 40):
        assert len({label[:cut] for label in labels}) == len(labels), labels
    for option in options:
        assert len(option["label"]) <= 100
        assert option["description"] and len(option["description"]) <= 100
    return labels


async def test_every_drop_is_told_apart_before_a_phone_cuts_its_label(
    world: World, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    """Both players' drop menus, in English and in a Japanese server."""
    fake = world.fake
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    labels = _check_drop_menu(board.selects()[0])
    assert "正面打ち up, facing ↓ (三方払い far)" in labels
    menu = board.selects()[0]
    option = next(o for o in menu["options"] if o["label"] == "三方払い up, facing ↓")
    assert option["description"] == (
        "three swords · samurai facing back · swords on the back, left, right edges · not pointing"
    )
    await fake.select(board, menu["custom_id"], [option["value"]], user=world.alice)
    await until(world, lambda: "Black placed the cube" in board.text)
    _check_drop_menu(board.selects()[0])  # White's menu

    guild = discord_fake.add_guild("道場", locale="ja")
    channel = discord_fake.add_text_channel(guild, "対局")
    aki = discord_fake.add_user("aki", locale="ja")
    ben = discord_fake.add_user("ben", locale="ja")
    record = await discord_fake.slash(
        "武士将棋 挑戦", user=aki, channel=channel, options={"相手": ben}, guild_locale="ja"
    )
    await record.wait_response()
    ja_board = record.message
    assert ja_board is not None
    accept = await discord_fake.click(ja_board, user=ben, label="受ける")
    await accept.wait_complete()
    await until(world, lambda: bool(ja_board.selects()))
    labels = _check_drop_menu(ja_board.selects()[0])
    assert "正面打ちが上・後ろ向き ↓・三方払いは向こうの面" in labels
    descriptions = [o["description"] for o in ja_board.selects()[0]["options"]]
    assert "武士は後ろ向き・後ろ・左・右の辺に刀・刀は向けていない" in descriptions

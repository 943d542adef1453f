"""易双六 end to end through the fake Discord: start, hint, draws with their numbers, the
result and its log, the owner-only rule, and settings errors."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import AsobibaBot
from bot.services.snapshots import Player
from bot.services.stats import player_stats
from tests.bot.harness import make_bot, private_reply
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


class Table:
    def __init__(self, fake: FakeDiscord, bot: AsobibaBot) -> None:
        self.fake = fake
        self.bot = bot
        guild = fake.add_guild("Salon")
        self.guild = guild
        self.channel: FakeChannel = fake.add_text_channel(guild, "tarot")
        self.alice: FakeUser = fake.add_user("alice")
        self.carol: FakeUser = fake.add_user("carol", locale="ja")

    async def start(self, **options: object) -> FakeMessage:
        record = await self.fake.slash(
            "yosukou start", user=self.alice, channel=self.channel, options=options
        )
        await record.wait_response()
        assert record.message is not None and not record.ephemeral
        return record.message

    async def press(self, board: FakeMessage, user: FakeUser, **where: str) -> None:
        record = await self.fake.click(board, user=user, **where)
        await record.wait_response()  # the bot has started on it…
        await self.bot.asobiba.activity.wait_idle()  # …and finished everything it does after


@pytest.fixture
async def table(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'y.sqlite3'}", FakeClock())
    result = Table(discord_fake, bot)
    await discord_fake.run_client(bot)
    # These tests read the text board; pictures are the default (see the picture test).
    await bot.asobiba.services.servers.update(result.guild.id, pictures=False)
    yield result
    await discord_fake.stop_client(bot)


def start_buttons(board: FakeMessage) -> list[dict[str, str]]:
    return [b for b in board.buttons() if ":start:" in b.get("custom_id", "")]


async def test_a_solitaire_from_start_to_result(table: Table) -> None:
    board = await table.start(end_cards=1)
    assert "Youscout" in board.text and "```" in board.text
    starts = start_buttons(board)
    assert 1 <= len(starts) <= 6
    assert any(b["label"] == "Hint" for b in board.buttons())

    # Someone else can look but not play.
    await table.press(board, table.carol, custom_id=starts[0]["custom_id"])
    assert "他の人の一人遊び" in await private_reply(table, table.carol, 0)  # type: ignore[arg-type]

    await table.press(board, table.alice, label="Hint")
    hint = table.fake.ephemeral_messages(table.alice)[-1].text
    assert "Estimated win chance" in hint and "%" in hint

    await table.press(board, table.alice, custom_id=starts[0]["custom_id"])
    assert not start_buttons(board)
    assert all(b["label"] != "Hint" for b in board.buttons())
    for _ in range(400):
        labels = [b["label"] for b in board.buttons() if b["custom_id"].startswith("g:")]
        if not labels:
            break
        choice = next((label for label in labels if "MOVE" in label), labels[0])
        before = board.text
        await table.press(board, table.alice, label=choice)
        assert board.text != before
        assert "Last:" in board.text  # each draw reports what happened, with its numbers
    assert "wins" in board.text or "lost" in board.text
    assert [b["label"] for b in board.buttons()] == [
        "Share",
        "Game log",
        "Replay",
        "Verify",
    ]  # no rematch for a solitaire; its sealed deal can be verified
    await table.press(board, table.alice, label="Game log")
    reply = table.fake.ephemeral_messages(table.alice)[-1]
    log = reply.attachments[0].data.decode()
    assert "Youscout" in log and "Result:" in log
    # The whole log, as a file: one numbered line per draw, however long the game.
    state = (
        await table.bot.games.queries.get(int(board.buttons()[0]["custom_id"].split(":")[1]))
    ).state
    assert f"{state.draws:>4}." in log or log.count("\n") > state.draws
    assert "```" not in reply.text and "attached" in reply.text
    stats = await player_stats(
        table.bot.db,
        table.alice.id,
        guild_id=table.channel.guild.id if table.channel.guild else None,
    )
    assert [(s.game_key, s.played) for s in stats] == [("yosukou:original", 1)]


async def test_simplified_with_options_and_a_refused_combination(table: Table) -> None:
    board = await table.start(variant="simplified", judgement="greater_equal", influence="3")
    assert "Simplified Youscout" in board.text
    assert "x3" in board.text or "×3" in board.text
    record = await table.fake.slash(
        "yosukou start",
        user=table.alice,
        channel=table.channel,
        options={"variant": "simplified", "war": "2"},
    )
    await record.wait_response()
    reply = table.fake.ephemeral_messages(table.alice)[-1].text
    assert "rule_replacement" in reply
    assert len(table.fake.messages_in(table.channel)) == 1  # no second board was posted


async def test_war_replacement_is_offered_as_menus(table: Table) -> None:
    """With 戦乱置換 on, choosing MOVE on a lower-trigram sword opens the replacement phase:
    a menu of the cards that may move, then where each may go, until the next draw."""
    seen_take = seen_place = False
    for _ in range(6):
        board = await table.start(war="infinity", cross_border="all", end_cards=2)
        await table.press(board, table.alice, custom_id=start_buttons(board)[0]["custom_id"])
        for _ in range(600):
            selects = board.selects()
            takes = [s for s in selects if "pick a card" in s.get("placeholder", "")]
            places = [s for s in selects if "where it goes" in s.get("placeholder", "")]
            place_buttons = [b for b in board.buttons() if ":place:" in b.get("custom_id", "")]
            if places or place_buttons:
                seen_place = True
                if places:
                    r = await table.fake.select(
                        board,
                        places[0]["custom_id"],
                        [places[0]["options"][-1]["value"]],
                        user=table.alice,
                    )
                    await r.wait_response()
                    await table.bot.asobiba.activity.wait_idle()
                else:
                    await table.press(board, table.alice, custom_id=place_buttons[-1]["custom_id"])
                continue
            if takes and not seen_take:
                seen_take = True
                option = takes[0]["options"][0]
                assert option["value"].startswith("take:")
                r = await table.fake.select(
                    board, takes[0]["custom_id"], [option["value"]], user=table.alice
                )
                await r.wait_response()
                await table.bot.asobiba.activity.wait_idle()
                continue
            labels = [b["label"] for b in board.buttons() if b["custom_id"].startswith("g:")]
            if not labels:
                break
            choice = next((label for label in labels if "MOVE" in label), None)
            choice = choice or next((label for label in labels if "Draw" in label), labels[0])
            await table.press(board, table.alice, label=choice)
        if seen_take and seen_place:
            break
    assert seen_take and seen_place


async def test_boards_are_pictures_by_default_and_text_on_request(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'p.sqlite3'}", FakeClock())
    table = Table(discord_fake, bot)
    await discord_fake.run_client(bot)
    try:
        board = await table.start()
        [picture] = board.attachments
        assert picture.filename == "board.png" and picture.data[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(picture.data) < 150_000
        assert "```" not in board.text and len(board.text.splitlines()) <= 4
        await table.press(board, table.alice, custom_id=start_buttons(board)[0]["custom_id"])
        [redrawn] = board.attachments
        assert redrawn.data != picture.data  # the token is placed: a new picture
        # An admin switches the server to text boards: the next redraw has no picture.
        await bot.asobiba.services.servers.update(table.guild.id, pictures=False)
        await table.press(board, table.alice, label="Draw")
        assert not board.attachments and "```" in board.text
    finally:
        await discord_fake.stop_client(bot)


async def test_the_deal_is_sealed_then_revealed_and_verified(table: Table, tmp_path: Path) -> None:
    board = await table.start()
    assert "Deal sealed `" in board.text  # the commitment, from the first board on
    game_id = int(board.buttons()[0]["custom_id"].split(":")[1])
    game = await table.bot.games.queries.get(game_id)
    assert game.commitment is not None and game.commitment[:16] in board.text
    assert str(game.seed) not in board.text  # nothing of the seed before the end
    await table.press(board, table.alice, custom_id=start_buttons(board)[0]["custom_id"])
    for _ in range(300):
        moves = [b for b in board.buttons() if b["custom_id"].startswith("g:")]
        if not moves:
            break
        await table.press(board, table.alice, custom_id=moves[0]["custom_id"])
    assert "The seed is revealed" in board.text
    await table.press(board, table.alice, label="Verify")
    reply = table.fake.ephemeral_messages(table.alice)[-1]
    assert reply.text.startswith(f"✅ The seal `{game.commitment[:16]}…` matches")
    record = tmp_path / "verify.json"
    record.write_bytes(reply.attachments[0].data)
    from rules.verify import main as verify_main

    assert verify_main([str(record)]) == 0  # anyone can check it with the project's command
    await table.press(board, table.alice, label="Game log")
    log = table.fake.ephemeral_messages(table.alice)[-1].attachments[0].data.decode()
    assert f"Seed: {game.seed}" in log and game.commitment in log


async def test_a_draw_reads_as_a_sentence_with_its_numbers_one_click_away(table: Table) -> None:
    board = await table.start()
    full_lines = len(board.text.splitlines())
    await table.press(board, table.alice, custom_id=start_buttons(board)[0]["custom_id"])
    for _ in range(20):
        await table.press(board, table.alice, label="Draw")
        if any(b["label"] == "Why?" for b in board.buttons()):
            break
    assert "atk(" not in board.text and "def(" not in board.text  # words, not a formula
    assert len(board.text.splitlines()) < full_lines  # the short board after the start
    await table.press(board, table.alice, label="Why?")
    why = table.fake.ephemeral_messages(table.alice)[-1].text
    # The numbers in words — what was compared, each term named, why it moved or stayed —
    # and the short board (the full one is 45 lines).
    assert why.startswith("❓ Why the last move went as it did") and "```" in why
    assert "drawn, token on" in why and "For the move: the drawn" in why and "Against it: " in why
    assert "So the token" in why or "So it may move" in why
    assert " <= " not in why and "Rules:" not in why
    assert len(why.splitlines()) < 25
    await table.press(board, table.carol, label="Why?")  # onlookers may ask too, in Japanese
    why = table.fake.ephemeral_messages(table.carol)[-1].text
    assert why.startswith("❓ 直前の一手の理由") and "動く側：引いた" in why and "だから" in why
    assert "設定:" not in why and len(why.splitlines()) < 25


async def test_an_ending_with_no_result_reads_as_neither_won_nor_lost(table: Table) -> None:
    """With no end card at all the game stops right after its start, with no result: the
    board says so in the server's language, never "lost", and nothing is counted."""
    for language, said in (
        ("en", "ended, neither won nor lost (no result (end card count 0))"),
        ("ja", "：勝ち負けなしで終了（終了カード0回のため結果なし）"),
    ):
        await table.bot.asobiba.services.servers.update(table.guild.id, locale=language)
        board = await table.start(end_cards=0)
        await table.press(board, table.alice, custom_id=start_buttons(board)[0]["custom_id"])
        assert f"🌫️ <@{table.alice.id}>{said[0] if language == 'ja' else ': '}" in board.text
        assert said in board.text
        assert "> lost" not in board.text and "の負け" not in board.text and "🌑" not in board.text
    assert not await player_stats(table.bot.db, table.alice.id, guild_id=table.guild.id)


async def test_today_lists_a_deal_with_no_result_as_such(table: Table) -> None:
    """``/yosukou today``: a deal that ended with no result is neither a win nor a loss."""
    starts = table.bot.games.starts
    alice = Player(table.alice.id, table.alice.username)
    # Today's deal, but with no end card (the services take any settings; the command does not).
    started, _ = await starts.start_daily(
        "yosukou", alice, {"rule_terminals": 0}, guild_id=table.guild.id, channel_id=None
    )
    rules, state = started.game.rules, started.game.state
    code = rules.format(rules.legal_actions(state, 0)[0])  # the start: and it is over
    await table.bot.games.actions.act(started.game.id, alice.user_id, started.game.version, code)
    for user, said in (
        (table.alice, "🌫️ <@{id}> ended with no result ("),
        (table.carol, "🌫️ <@{id}> 結果なし（"),
    ):
        record = await table.fake.slash("yosukou today", user=user, channel=table.channel)
        await record.wait_response()
        assert record.message is not None
        assert said.format(id=table.alice.id) in record.message.text
        assert "lost" not in record.message.text and "負け" not in record.message.text

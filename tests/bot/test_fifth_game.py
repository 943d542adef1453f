"""A fifth game, registered from the test suite alone, is offered everywhere games are listed
and plays through the fake Discord from challenge to result — with no file of the bot edited."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.games import registry
from tests.bot.fifth.game import SPEC
from tests.bot.harness import make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord


@pytest.fixture
def fifth_game() -> Iterator[None]:
    registry.register(SPEC)
    yield
    registry.unregister(SPEC.game_type)


async def test_a_fifth_game_plays_through_discord(
    fifth_game: None, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    fake = discord_fake
    guild = fake.add_guild("Dojo", locale="en-US")
    channel = fake.add_text_channel(guild, "games")
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'fifth.sqlite3'}", FakeClock())
    await fake.run_client(bot)
    try:
        # Registered once, offered everywhere games are listed, in both languages.
        pile = fake.command("pile")
        assert pile["name_localizations"]["ja"] == "石取り"
        for listing in ("rules", "standings"):
            [game_option] = [o for o in fake.command(listing)["options"] if o["name"] == "game"]
            assert "pile" in {c["value"] for c in game_option["choices"]}

        record = await fake.slash(
            "pile challenge",
            user=alice,
            channel=channel,
            options={"opponent": bob, "stones": "5", "rated": True},
        )
        await record.wait_response()
        board = record.message
        assert board is not None and "Take-away" in board.text
        clicked = await fake.click(board, user=bob, label="Accept")
        await clicked.wait_complete()
        await until_idle(bot)
        turns = [alice, bob]
        for turn in range(10):
            if "wins" in board.text:
                break
            mover = turns[turn % 2]
            clicked = await fake.click(board, user=mover, label="Take 2" if turn < 2 else "Take 1")
            await clicked.wait_complete()
            await until_idle(bot)
        # 5 stones: alice 2, bob 2, alice takes the last one.
        assert f"<@{alice.id}> wins" in board.text
        record = await fake.slash("rules", user=bob, channel=channel, options={"game": "pile"})
        await record.wait_response()
        assert "最後の石" in str(record.embeds)
        record = await fake.slash("standings", user=bob, channel=channel, options={"game": "pile"})
        await record.wait_response()
        assert record.message is not None and f"<@{alice.id}>" in record.message.text
    finally:
        await fake.stop_client(bot)


async def until_idle(bot: object) -> None:
    await bot.asobiba.activity.wait_idle()  # type: ignore[attr-defined]

"""The daily deal through the fake Discord, played as an attacker would: everyone in a server is
dealt the same cards all day, so until the day is over (UTC) no one but its player may see a
game of it — not its board, log, replay, history entry, hint nor Verify file. Its player
still sees everything of their own; the next day everything opens."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import tr
from bot.services.errors import ServiceError
from bot.services.snapshots import GameSummary
from tests.bot.harness import World, private_count, private_reply
from tests.fakediscord import FakeDiscordError, FakeMessage, FakeUser
from tests.fakediscord.models import InteractionRecord

KEPT_EN = "stays with its player until the day is over"
KEPT_JA = "遊んだ本人にしか見せられません"


async def slash(world: World, command: str, who: FakeUser, **options: Any) -> InteractionRecord:
    record = await world.fake.slash(command, user=who, channel=world.channel, options=options)
    await record.wait_response()
    await world.bot.asobiba.activity.wait_idle()
    return record


async def click(world: World, message: FakeMessage, user: FakeUser, prefix: str) -> str:
    """Click a button as ``user``; the private answer it brought."""
    seen = private_count(world, user)
    record = await world.fake.click(message, user=user, prefix=prefix)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    return await private_reply(world, user, seen)


async def deal_today(world: World, user: FakeUser) -> FakeMessage:
    """``/yosukou daily``: the board, answered privately."""
    seen = private_count(world, user)
    record = await slash(world, "yosukou daily", user)
    assert record.ephemeral
    await private_reply(world, user, seen)
    return world.fake.ephemeral_messages(user)[-1]


async def play_and_resign(world: World, board: FakeMessage, user: FakeUser) -> GameSummary:
    """A few draws on the private board, then resign: a log with cards in it."""
    for _ in range(4):
        moves = [b for b in board.buttons() if b.get("custom_id", "").startswith("g:")]
        if not moves:
            break
        record = await world.fake.click(board, user=user, custom_id=moves[0]["custom_id"])
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    await click(world, board, user, "rs:")
    confirm = world.fake.ephemeral_messages(user)[-1]
    record = await world.fake.click(confirm, user=user, prefix="g:")
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    [game] = await world.bot.games.queries.finished_games(user.id)
    assert game.daily_key is not None and game.ply > 1
    return game


async def history_of(world: World, viewer: FakeUser, target: FakeUser) -> FakeMessage:
    seen = private_count(world, viewer)
    await slash(world, "history", viewer, user=target)
    await private_reply(world, viewer, seen)
    return world.fake.ephemeral_messages(viewer)[-1]


async def choose(world: World, listing: FakeMessage, user: FakeUser, game_id: int) -> str:
    """Pick a game in a history menu: the replay takes the menu's place."""
    menu = listing.selects()[0]
    record = await world.fake.select(listing, menu["custom_id"], [str(game_id)], user=user)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    return listing.text


async def test_nobody_reads_todays_deal_before_the_day_is_over(world: World) -> None:
    alice, bob, carol = world.alice, world.bob, world.carol  # bob reads Japanese
    board = await deal_today(world, alice)
    # Alice's board is hers alone: nothing of the deal is posted in the channel.
    assert board.ephemeral and board.ephemeral_for is not None
    assert board.ephemeral_for.id == alice.id
    assert "📅 Daily deal of 2026-11-22" in board.text
    assert "only you see this board until the day is over" in board.text
    # The command as a mention: each client shows it in its reader's language, and it runs.
    (daily_id,) = [c["id"] for c in world.fake.commands() if c["name"] == "yosukou"]
    assert f"</yosukou daily:{daily_id}> shows it again" in board.text
    assert "the seed is revealed when the day is over" in board.text
    assert world.fake.messages_in(world.channel) == []
    game = await play_and_resign(world, board, alice)
    assert world.fake.messages_in(world.channel) == []
    # Alice's own finished board: log and replay, no Verify until tomorrow.
    custom_ids = [b.get("custom_id", "") for b in board.buttons()]
    assert any(c.startswith("log:") for c in custom_ids)
    assert not any(c.startswith("vf:") for c in custom_ids)
    assert "seed is revealed tomorrow" in board.text

    # Bob tries every way he has. Alice's board and its buttons (log, replay, hint, Why?)
    # are not his to see, let alone press…
    for prefix in ("log:", "rps:"):
        with pytest.raises(FakeDiscordError, match="ephemeral"):
            await world.fake.click(board, user=bob, prefix=prefix)
    # …and the rest gets a friendly private refusal, in his language (Japanese).
    listing = await history_of(world, bob, alice)
    assert listing.selects() == [] and "終わった対局はまだありません" in listing.text
    seen = private_count(world, bob)
    await slash(world, "yosukou hint", bob, game=game.id)
    refusal = await private_reply(world, bob, seen)
    assert KEPT_JA in refusal and "UTC" in refusal
    # Carol, in English, asks for a hint on it too.
    seen = private_count(world, carol)
    await slash(world, "yosukou hint", carol, game=game.id)
    refusal = await private_reply(world, carol, seen)
    assert KEPT_EN in refusal and "midnight UTC" in refusal
    # /games lists only one's own games; /today gives results, not cards nor the start.
    today = await slash(world, "yosukou today", bob)
    assert today.message is not None
    results = today.message.text
    assert f"<@{alice.id}>" in results and "started" not in results and "開始" not in results
    # The services refuse every other way too, whoever asks (a forged button, an old link).
    for viewer in (bob.id, carol.id):
        for attempt in (
            world.bot.games.queries.log_download(game.id, viewer),
            world.bot.games.queries.log_download(game.id),  # nobody in particular
            world.bot.games.queries.state_at(game.id, 99, viewer),
            world.bot.games.queries.hint(game.id, "en", viewer),
            world.bot.games.queries.shown_game(game.id, viewer),  # the "Why?" board
        ):
            try:
                await attempt
            except ServiceError as error:
                assert KEPT_EN in error.message("en") and KEPT_JA in error.message("ja")
            else:
                raise AssertionError("a daily deal reached someone who may not see it")

    # Alice sees all of hers: the log file, the replay, her history, the board again.
    answer = await click(world, board, alice, "log:")
    assert "log" in answer.lower()
    log_file = world.fake.ephemeral_messages(alice)[-1].attachments[0].data.decode()
    assert f"#{game.id}" in log_file and "   1. " in log_file and "Seed:" not in log_file
    answer = await click(world, board, alice, "rps:")
    assert f"#{game.id}" in answer
    replay = world.fake.ephemeral_messages(alice)[-1]
    assert not any(b.get("custom_id", "").startswith("vf:") for b in replay.buttons())
    mine = await history_of(world, alice, alice)
    assert mine.selects() and str(game.id) in str(mine.selects()[0]["options"])
    again = await deal_today(world, alice)
    assert again.ephemeral_for is not None and again.ephemeral_for.id == alice.id
    assert "🌑" in again.text and "lost (resignation)" in again.text

    # The day is over: everything opens, to everyone.
    world.clock.advance(days=1)
    listing = await history_of(world, bob, alice)
    replay = await choose(world, listing, bob, game.id)
    assert f"#{game.id}" in replay and KEPT_JA not in replay
    await click(world, listing, bob, "log:")
    log_file = world.fake.ephemeral_messages(bob)[-1].attachments[0].data.decode()
    assert "   1. " in log_file and "シード：" in log_file
    seen = private_count(world, carol)
    await slash(world, "yosukou hint", carol, game=game.id)
    assert KEPT_EN not in await private_reply(world, carol, seen)
    # The replay now offers Verify too: the seed is out, and checks against the seal.
    verified = await click(world, listing, bob, "vf:")
    assert str(game.id) in world.fake.ephemeral_messages(bob)[-1].attachments[0].filename
    assert verified.startswith("✅")  # bob reads Japanese: 封印と一致しました
    assert world.fake.client_error_messages() == []


async def test_each_player_of_todays_deal_sees_only_their_own(world: World) -> None:
    """Two players of the same deal: each board private, neither can open the other's."""
    boards = {user.id: await deal_today(world, user) for user in (world.alice, world.bob)}
    assert boards[world.bob.id].ephemeral_for is not None
    assert "📅 2026-11-22 の今日の配札" in boards[world.bob.id].text
    assert "あなたにだけ見えます" in boards[world.bob.id].text
    game = await play_and_resign(world, boards[world.alice.id], world.alice)
    games = await slash(world, "games", world.bob)
    assert "only you see" not in games.text and "あなたにだけ見える盤面" in games.text
    listing = await history_of(world, world.bob, world.alice)
    assert listing.selects() == []
    assert tr("daily.board", "en", day="2026-11-22") in boards[world.alice.id].text
    assert world.fake.messages_in(world.channel) == []
    assert game.id not in [g.id for g in await world.bot.games.queries.finished_games(world.bob.id)]

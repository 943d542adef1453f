"""/games, /standings, /profile and /settings through the fake Discord, and notifications
routed by each player's preference."""

from __future__ import annotations

from bot.services.snapshots import Player
from rules.core import Resign
from tests.bot.harness import World, challenge, click, until


async def won_games(world: World, count: int) -> list[int]:
    """``count`` games Alice won against Bob in this server, a minute apart, through the
    services (clicking each would take far longer); their ids, oldest first."""
    games = world.bot.games
    alice, bob = Player(world.alice.id, "alice"), Player(world.bob.id, "bob")
    ids = []
    for _ in range(count):
        made = await games.starts.challenge(
            "bushi", alice, bob, challenger_seat=0, guild_id=world.guild.id
        )
        await games.starts.accept(made.game.id, bob.user_id)
        await games.actions.act(made.game.id, bob.user_id, None, Resign.code)
        ids.append(made.game.id)
        world.clock.advance(minutes=1)
    return ids


async def test_my_games_lists_mine_waiting_first(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    record = await world.fake.slash("games", user=world.alice, channel=world.channel)
    await record.wait_response()
    assert record.ephemeral
    assert "Bushi Shogi" in record.text and "your move" in record.text
    assert f"/{board.id}" in record.text
    record = await world.fake.slash("games", user=world.carol, channel=world.channel)
    await record.wait_response()
    assert "no games" in record.text


async def test_rated_result_shows_rating_change_and_standings(world: World) -> None:
    board = await challenge(world, rated=True)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    await click(world, board, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "Rating" in board.text)
    assert "1500 → 1658 (+158)" in board.text

    record = await world.fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.message is not None and not record.ephemeral
    lines = record.message.text.splitlines()
    assert f"1. <@{world.alice.id}> — rating 1658" in lines[1]
    assert f"2. <@{world.bob.id}> — rating 1342" in lines[2]

    record = await world.fake.slash(
        "profile", user=world.carol, channel=world.channel, options={"user": world.alice}
    )
    await record.wait_response()
    assert "1 played, 1W 0L 0D" in record.text and "rating 1658" in record.text

    # Bob hides his results: gone from the table and from others' /profile.
    record = await world.fake.slash(
        "settings", user=world.bob, channel=world.channel, options={"hide_stats": True}
    )
    await record.wait_response()
    assert "はい" in record.text  # Bob's client is Japanese
    record = await world.fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.message is not None and f"<@{world.bob.id}>" not in record.message.text
    record = await world.fake.slash(
        "profile", user=world.carol, channel=world.channel, options={"user": world.bob}
    )
    await record.wait_response()
    assert "private" in record.text


async def test_turn_notices_follow_each_players_choice(world: World) -> None:
    fake = world.fake
    record = await fake.slash(
        "settings", user=world.alice, channel=world.channel, options={"notify": "dm"}
    )
    await record.wait_response()
    board = await challenge(world)  # Alice (DM) is Black and moves first once Bob accepts
    seen = len(fake.messages_in(world.channel))
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: len(fake.dm_messages(world.alice)) == 1)
    assert "your move" in fake.dm_messages(world.alice)[0].text
    assert len(fake.messages_in(world.channel)) == seen  # no channel ping for her

    record = await fake.slash(
        "settings", user=world.bob, channel=world.channel, options={"notify": "none"}
    )
    await record.wait_response()
    menu = board.selects()[0]
    await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice)
    await until(world, lambda: "Black placed the cube" in board.text)
    await world.bot.asobiba.activity.wait_idle()
    assert len(fake.messages_in(world.channel)) == seen and fake.dm_messages(world.bob) == []

    # A draw offer reaches the other player too (Alice, by DM), and replaces her last notice.
    await click(world, board, world.bob, label="Offer draw")
    await until(world, lambda: "draw offer" in fake.dm_messages(world.alice)[-1].text)
    await until(world, lambda: len(fake.dm_messages(world.alice)) == 1)


async def test_history_replays_a_finished_game_step_by_step(world: World) -> None:
    fake = world.fake
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    menu = board.selects()[0]
    await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice)
    await until(world, lambda: "Black placed the cube" in board.text)
    await click(world, board, world.bob, label="Resign")
    confirm = fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "🏆" in board.text)

    record = await fake.slash(
        "history", user=world.carol, channel=world.channel, options={"user": world.alice}
    )
    await record.wait_response()
    listing = record.message
    assert listing is not None and record.ephemeral
    history = listing.selects()[0]
    game_id = history["options"][0]["value"]
    await fake.select(listing, history["custom_id"], [game_id], user=world.carol)
    await until(world, lambda: "replay — ply 0/2" in listing.text)
    await click(world, listing, world.carol, label="▶")
    await until(world, lambda: "ply 1/2" in listing.text)
    assert "Black placed the cube" in listing.text
    await click(world, listing, world.carol, label="⏭")
    await until(world, lambda: "ply 2/2" in listing.text)
    assert "🏆" in listing.text and "resign" in listing.text

    # The board's own Replay button opens the same, privately.
    await click(world, board, world.alice, label="Replay")
    await until(world, lambda: "replay — ply 0/2" in fake.ephemeral_messages(world.alice)[-1].text)


async def test_history_pages_forward_and_back(world: World) -> None:
    """27 games: the newest 25 first, ▶ to the two oldest, ◀ back — each page read from the
    key its button carries."""
    ids = await won_games(world, 27)
    record = await world.fake.slash(
        "history", user=world.carol, channel=world.channel, options={"user": world.alice}
    )
    await record.wait_response()
    listing = record.message
    assert listing is not None

    def listed() -> list[int]:
        return [int(o["value"]) for o in listing.selects()[0]["options"]]

    def steps() -> dict[str, dict[str, object]]:
        return {b["label"]: b for b in listing.buttons()}

    assert listed() == ids[::-1][:25]
    assert steps()["◀"].get("disabled") and not steps()["▶"].get("disabled")
    await click(world, listing, world.carol, label="▶")
    await until(world, lambda: listed() == [ids[1], ids[0]])
    assert steps()["▶"].get("disabled") and not steps()["◀"].get("disabled")
    await click(world, listing, world.carol, label="◀")
    await until(world, lambda: listed() == ids[::-1][:25])
    assert steps()["◀"].get("disabled")

    # The page number reads the same pages.
    record = await world.fake.slash(
        "history", user=world.alice, channel=world.channel, options={"page": 2}
    )
    await record.wait_response()
    assert record.message is not None
    assert [int(o["value"]) for o in record.message.selects()[0]["options"]] == [ids[1], ids[0]]


async def test_a_hidden_player_s_history_stays_hidden(world: World) -> None:
    record = await world.fake.slash(
        "settings", user=world.bob, channel=world.channel, options={"hide_stats": True}
    )
    await record.wait_response()
    record = await world.fake.slash(
        "history", user=world.carol, channel=world.channel, options={"user": world.bob}
    )
    await record.wait_response()
    assert record.ephemeral and "private" in record.text
    record = await world.fake.slash("history", user=world.bob, channel=world.channel)
    await record.wait_response()
    assert "終わった対局" in record.text  # their own is always theirs to see (in Japanese)


async def test_my_games_use_short_links_and_no_empty_clocks(world: World) -> None:
    board = await challenge(world, clock="86400")
    await click(world, board, world.bob, label="Accept")
    record = await world.fake.slash(
        "yosukou start", user=world.alice, channel=world.channel, options={}
    )
    await record.wait_response()
    record = await world.fake.slash("games", user=world.alice, channel=world.channel)
    await record.wait_response()
    lines = record.text.splitlines()[1:]
    bushi = next(line for line in lines if "Bushi Shogi" in line)
    solitaire = next(line for line in lines if "Youscout" in line)
    assert f"[board](https://discord.com/channels/{world.guild.id}/" in bushi
    assert "⏳ due <t:" in bushi
    assert "⏳" not in solitaire and "—  —" not in solitaire and "[board](" in solitaire
    assert "https://" not in bushi.replace("](https://", "")  # no bare, long links


async def test_standings_after_casual_games_say_only_rated_games_count(world: World) -> None:
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    await click(world, board, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "wins" in board.text)
    record = await world.fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.message is not None
    assert "Only rated games count here" in record.message.text

"""What the board's words say after the game's end and after talk of a draw: the result once,
and the last move kept (in words and framed in the picture) while a draw is offered."""

from __future__ import annotations

import pytest

from tests.bot.harness import World, challenge, click, until
from tests.bot.test_discord_bushi import move_buttons
from tests.fakediscord import FakeChannel, FakeMessage


async def lose_to_the_bot(world: World, channel: FakeChannel, offer: str) -> FakeMessage:
    """Alice, White, always plays the first thing offered; the bot plays perfectly."""
    fake = world.fake
    record = await fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=channel,
        options={"opponent": fake.bot_user, "colour": "white"},
    )
    await record.wait_complete()
    board = record.message
    assert board is not None
    menu = board.selects()[0]
    await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice)
    await until(world, lambda: board.edit_count >= 1 and offer in board.text)
    for _ in range(60):
        buttons = move_buttons(board)
        if not buttons:
            break
        clicked = await fake.click(board, buttons[0]["custom_id"], user=world.alice)
        await clicked.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    return board


@pytest.mark.parametrize("pictures", [True, False])
@pytest.mark.parametrize("language", ["en", "ja"])
async def test_the_end_of_a_game_is_said_once_on_its_card(
    world: World, language: str, pictures: bool
) -> None:
    channel, guild = world.channel, world.guild
    if language == "ja":
        guild = world.fake.add_guild("道場", locale="ja")
        channel = world.fake.add_text_channel(guild, "対局")
        world.fake.add_member(guild, world.alice)
    await world.bot.asobiba.services.servers.update(guild.id, pictures=pictures)
    board = await lose_to_the_bot(
        world, channel, "White placed" if language == "en" else "後手が駒を置いた"
    )
    log = next(b for b in board.buttons() if b["custom_id"].startswith("log:"))
    game = await world.bot.games.queries.get(int(log["custom_id"].split(":")[1]))
    assert game.outcome is not None and game.outcome.reason == "mate"
    assert ("```" in board.text) is not pictures  # the text board, or the picture
    if language == "en":
        assert board.text.count("wins") == 1, board.text
        assert "🏆 Asobiba 🤖 wins (mate)" in board.text
        assert "Mate! White cannot escape the sword." in board.text  # what happened, not who won
    else:
        assert board.text.count("勝ち") == 1, board.text
        assert "🏆 Asobiba 🤖 の勝ち（詰み）" in board.text
        assert "詰み！後手は刀から逃れられない。" in board.text


async def test_a_draw_offer_and_its_refusal_keep_the_last_move(world: World) -> None:
    board = await challenge(world)  # Alice is Black and drops first
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    for player in (world.alice, world.bob):
        menu = board.selects()[0]
        chosen = [menu["options"][0]["value"]]
        record = await world.fake.select(board, menu["custom_id"], chosen, user=player)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    await until(world, lambda: "White placed the cube" in board.text)
    moved = board.attachments[0].data

    await click(world, board, world.alice, label="Offer draw")
    await until(world, lambda: "offers a draw" in board.text)
    assert "Last: White placed the cube" in board.text
    assert board.text.count("draw") == 1  # the offer is said once, by its own line
    game = await world.bot.games.queries.get(
        (await world.bot.games.queries.list_games(world.bob.id))[0].id
    )
    framed = game.spec.board_picture
    assert framed is not None
    view = game.rules.view_for(game.state, None)
    last = await world.bot.games.queries.last_public_events(game.id)
    assert [e.kind for e in last] == ["drop"]
    names = [seat.display_name for seat in game.seats]  # the picture names the players
    assert board.attachments[0].data == framed(view, "en", list(last), names)  # still framed
    assert board.attachments[0].data != framed(view, "en", [], names)
    assert board.attachments[0].data != moved  # the offer is drawn too

    await click(world, board, world.bob, label="Decline draw")
    await until(world, lambda: "declined the draw" in board.text)
    assert "Last: White placed the cube" in board.text and "White declined the draw" in board.text
    game = await world.bot.games.queries.get(game.id)
    view = game.rules.view_for(game.state, None)
    assert board.attachments[0].data == framed(view, "en", list(last), names)

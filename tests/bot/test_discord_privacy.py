"""/privacy through the fake Discord, as players use it: what is kept, the export file, and
deleting (asked twice) — the opponent's board shows the resignation and "a former player", and
so does the board of a game that was over before."""

from __future__ import annotations

import copy
import gzip
import json

import pytest

from tests.bot.harness import World, challenge, click, until
from tests.bot.test_play_anywhere import Friends, friends  # noqa: F401 - the fixture
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.models import JSON


async def privacy(world: World, user: FakeUser, channel: object | None = None) -> FakeMessage:
    record = await world.fake.slash("privacy", user=user, channel=channel or world.channel)
    await record.wait_response()
    assert record.ephemeral and record.message is not None
    return record.message


async def press(world: World, message: FakeMessage, user: FakeUser, label: str) -> None:
    await click(world, message, user, label=label)
    await world.bot.asobiba.activity.wait_idle()


async def a_game_under_way(world: World) -> FakeMessage:
    board = await challenge(world, rated=True)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    menu = board.selects()[0]
    value = menu["options"][0]["value"]
    record = await world.fake.select(board, menu["custom_id"], [value], user=world.alice)
    await record.wait_complete()
    await until(world, lambda: "placed" in board.text)
    return board


async def test_export_then_delete_in_english_and_the_opponent_sees_a_former_player(
    world: World,
) -> None:
    fake, alice = world.fake, world.alice
    board = await a_game_under_way(world)

    card = await privacy(world, alice)
    assert "What Asobiba keeps about you" in card.text
    assert "On record now: games 1 (still open: 1)" in card.text
    assert [b["label"] for b in card.buttons()] == ["Export my data", "Delete my data…"]

    # Export: a JSON file only Alice sees, of her game.
    seen = len(fake.ephemeral_messages(alice))
    await press(world, card, alice, "Export my data")
    await until(world, lambda: len(fake.ephemeral_messages(alice)) > seen)
    sent = fake.ephemeral_messages(alice)[-1]
    assert "everything Asobiba keeps about you" in sent.text
    exported = json.loads(sent.attachment(0).text)
    assert sent.attachment(0).filename == f"asobiba-data-{alice.id}.json"
    assert exported["user_id"] == str(alice.id)
    [game] = exported["games"]
    assert game["game"] == "bushi" and game["open"] and game["moves"][0]["yours"]

    # Delete: asked, asked again, done.
    await press(world, card, alice, "Delete my data…")
    assert "Delete your data?" in card.text
    assert "Your games under way (1) are resigned" in card.text
    assert "called off" not in card.text  # no challenge to call off
    assert [b["label"] for b in card.buttons()] == ["Yes, continue…", "Keep my data"]
    await press(world, card, alice, "Yes, continue…")
    assert "Last check" in card.text
    assert [b["label"] for b in card.buttons()] == ["Delete everything now", "Keep my data"]
    now_button = card.buttons()[0]["custom_id"]
    as_shown = copy.deepcopy(card.payload())
    await press(world, card, alice, "Delete everything now")
    await until(world, lambda: "Deleted." in card.text)
    assert "Games resigned or called off: 1" in card.text and not card.buttons()

    # The board: Bob won by resignation, and Alice is a former player, unmentioned.
    await until(world, lambda: "resignation" in board.text)
    assert "a former player" in board.text and f"<@{alice.id}>" not in board.text
    stats = await world.bot.asobiba.services.standings.profile(alice.id, None, viewer_id=alice.id)
    assert stats == []

    # A second click of the last button (a double click: Discord delivers it with the message
    # as it was shown) changes nothing.
    def as_shown_then(payload: JSON) -> None:
        payload["message"] = as_shown

    record = await fake.raw_interaction(
        user=alice,
        channel=world.channel,
        data={"custom_id": now_button, "component_type": 2},
        source_message=card,
        shape=as_shown_then,
    )
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    assert "keeps nothing about you" in card.text
    again = await privacy(world, alice)
    assert "On record now: games 0" in again.text


async def test_the_board_of_a_game_over_before_the_deletion_shows_a_former_player(
    world: World,
) -> None:
    """Deleting changes a game that ended long ago too (its seat is a former player's): that
    is written with its redraw owed, and the board says so."""
    board = await a_game_under_way(world)
    await click(world, board, world.alice, label="Resign")
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    await click(world, confirm, world.alice, prefix="g:")
    await until(world, lambda: "resignation" in board.text)
    assert f"<@{world.alice.id}>" in board.text
    privacy_service = world.bot.asobiba.services.privacy
    departure, forgotten = await privacy_service.delete_everything(world.alice.id)
    assert departure.games == [] and forgotten.former_id is not None  # nothing left to leave
    await world.bot.deliver_owed()
    await until(world, lambda: "a former player" in board.text)
    assert f"<@{world.alice.id}>" not in board.text and "resignation" in board.text


async def test_keeping_and_an_expired_confirmation_in_japanese(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    bob = world.bob  # his client is Japanese
    await a_game_under_way(world)
    card = await privacy(world, bob)
    assert "遊び場があなたについて保存しているもの" in card.text
    assert "対局 1（うち進行中・返事待ち 1）" in card.text
    assert [b["label"] for b in card.buttons()] == ["書き出す", "削除する…"]

    # An export too big for one upload comes gzipped.
    monkeypatch.setattr("bot.ui.privacy.UPLOAD_LIMIT", 100)
    seen = len(world.fake.ephemeral_messages(bob))
    await press(world, card, bob, "書き出す")
    await until(world, lambda: len(world.fake.ephemeral_messages(bob)) > seen)
    sent = world.fake.ephemeral_messages(bob)[-1]
    assert "遊び場があなたについて保存しているすべて" in sent.text
    assert sent.attachment(0).filename == f"asobiba-data-{bob.id}.json.gz"
    exported = json.loads(gzip.decompress(sent.attachment(0).data))
    assert exported["games"][0]["your_seat"] == 1

    # Asked once, he keeps his data.
    await press(world, card, bob, "削除する…")
    assert "本当にあなたのデータを削除しますか" in card.text and "進行中の対局（1）" in card.text
    await press(world, card, bob, "やめる（残す）")
    assert "何も削除していません" in card.text and not card.buttons()

    # Asked twice, then he waits too long: nothing happens.
    card = await privacy(world, bob)
    await press(world, card, bob, "削除する…")
    await press(world, card, bob, "はい、続ける…")
    assert "最後の確認" in card.text
    world.clock.advance(minutes=6)
    await press(world, card, bob, "いま削除する")
    assert "期限切れ" in card.text
    games = await world.bot.asobiba.services.games.queries.list_games(bob.id)
    assert len(games) == 1  # still playing


async def test_privacy_in_the_bots_dm(world: World) -> None:
    alice = world.alice
    world.fake.install_for_user(alice)
    card = await privacy(world, alice, world.fake.dm_channel(alice))
    assert "What Asobiba keeps about you" in card.text
    assert "On record now: games 0" in card.text


async def test_deleting_mid_game_in_a_group_dm_the_bot_is_not_in(
    friends: Friends,  # noqa: F811 - the fixture imported above
) -> None:
    """Through Alice's user install: the board (reached only through interactions) shows her
    resignation, and Bob's rematch finds no one to ask."""
    fake = friends.fake
    board = await friends.challenge("bushi challenge", colour="black")
    await friends.click(board, friends.bob, label="Accept")
    await friends.select_first(board, friends.alice)
    record = await fake.slash("privacy", user=friends.alice, channel=friends.group)
    await friends.settle(record)
    assert record.ephemeral and record.message is not None
    card = record.message
    for label in ("Delete my data…", "Yes, continue…", "Delete everything now"):
        await friends.click(card, friends.alice, label=label)
    assert "Games resigned or called off: 1" in card.text
    assert "Black a former player" in board.text and "resignation" in board.text
    seen = len(fake.ephemeral_messages(friends.bob))
    await friends.click(board, friends.bob, prefix="rm:")
    assert "再戦を申し込めません" in fake.ephemeral_messages(friends.bob)[seen].text

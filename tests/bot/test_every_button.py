"""Buttons a player clicks, each clicked here as a player would and judged by what the players
then see: the board in the channel (in the server's language) and the private answers (in each
clicker's own). ``test_click_inventory.py`` keeps the list of which test clicks what."""

from __future__ import annotations

import logging
import random
from typing import Any, NoReturn

import pytest

from bot.ui import answering
from rules.bushi import BushiRules
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.models import InteractionRecord

CHALLENGE_BUTTONS = {"Accept", "Decline", "Withdraw"}
FINISHED_BUTTONS = ["Share", "Game log", "Replay", "Rematch"]


def labels(message: FakeMessage) -> set[str]:
    return {b["label"] for b in message.buttons()}


async def japanese_challenge(world: World) -> FakeMessage:
    """Alice challenges Bob from a client of a Japanese server: the board speaks Japanese."""
    record = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.bob},
        guild_locale="ja",
    )
    await record.wait_response()
    assert record.message is not None
    assert labels(record.message) == {"受ける", "断る", "取り下げる"}
    return record.message


async def started(world: World, **options: object) -> FakeMessage:
    """A 武士将棋 game between Alice (Black, to drop first) and Bob, accepted."""
    board = await challenge(world, **options)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    return board


async def drop(world: World, board: FakeMessage, player: FakeUser, said: str) -> None:
    menu = board.selects()[0]
    record = await world.fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=player
    )
    await record.wait_complete()
    await until(world, lambda: said in board.text)


async def resign(world: World, board: FakeMessage, player: FakeUser) -> None:
    seen = private_count(world, player)
    await click(world, board, player, label="Resign")
    await private_reply(world, player, seen)
    confirm = world.fake.ephemeral_messages(player)[-1]
    await click(world, confirm, player, prefix="g:")
    await until(world, lambda: "🏆" in board.text)


async def waiting_for(world: World, user: FakeUser) -> str:
    record = await world.fake.slash("games", user=user, channel=world.channel)
    await record.wait_response()
    return record.text


async def answer(world: World, board: FakeMessage, user: FakeUser, label: str, said: str) -> None:
    """``user`` clicks ``label`` on a challenge: it ends, saying ``said``, with nothing left
    to click."""
    await click(world, board, user, label=label)
    await until(world, lambda: said in board.text)
    assert "🏆" not in board.text
    assert labels(board) == set() and board.selects() == []


async def outsider_is_refused(world: World, board: FakeMessage, label: str) -> None:
    await click(world, board, world.carol, label=label)
    assert "not your game" in await private_reply(world, world.carol, 0)
    assert labels(board) == CHALLENGE_BUTTONS


async def test_decline_closes_the_challenge_and_says_who_declined(world: World) -> None:
    board = await challenge(world)
    await outsider_is_refused(world, board, "Decline")
    await answer(world, board, world.bob, "Decline", "bob declined the challenge.")
    assert "called off" not in board.text
    assert "no games" in await waiting_for(world, world.alice)
    assert "進行中の対局はありません" in await waiting_for(world, world.bob)


async def test_decline_on_a_japanese_board(world: World) -> None:
    board = await japanese_challenge(world)
    await answer(world, board, world.bob, "断る", "bob が挑戦を断りました。")
    assert "中止" not in board.text


async def test_withdraw_calls_the_challenge_off(world: World) -> None:
    board = await challenge(world)
    await outsider_is_refused(world, board, "Withdraw")
    await answer(world, board, world.alice, "Withdraw", "This game was called off.")
    assert "declined" not in board.text
    assert "進行中の対局はありません" in await waiting_for(world, world.bob)


async def test_withdraw_on_a_japanese_board(world: World) -> None:
    board = await japanese_challenge(world)
    await answer(world, board, world.alice, "取り下げる", "この対局は中止されました。")
    assert "断りました" not in board.text


async def test_a_draw_offered_then_accepted_ends_the_game_drawn(world: World) -> None:
    fake = world.fake
    board = await started(world)
    await drop(world, board, world.alice, "Black placed the cube")
    assert "Offer draw" in labels(board)

    await click(world, board, world.alice, label="Offer draw")
    await until(world, lambda: "offers a draw" in board.text)
    assert f"🤝 <@{world.alice.id}> offers a draw." in board.text
    assert {"Accept draw", "Decline draw"} <= labels(board)
    # Only the player offered the draw may take it: Carol is told she is not playing.
    await click(world, board, world.carol, label="Accept draw")
    assert "not your game" in await private_reply(world, world.carol, 0)
    assert "🤝 Draw" not in board.text

    await click(world, board, world.bob, label="Accept draw")
    await until(world, lambda: "🤝 Draw" in board.text)
    assert "🏆" not in board.text and "offers a draw" not in board.text
    assert [b["label"] for b in board.buttons()] == FINISHED_BUTTONS
    assert board.selects() == []
    await until(world, lambda: "is over" in fake.messages_in(world.channel)[-1].text)
    assert "🤝" in fake.messages_in(world.channel)[-1].text
    assert "no games" in await waiting_for(world, world.alice)


async def test_a_declined_draw_lets_the_game_go_on(world: World) -> None:
    board = await started(world)
    await drop(world, board, world.alice, "Black placed the cube")
    await click(world, board, world.alice, label="Offer draw")
    await until(world, lambda: "offers a draw" in board.text)
    await click(world, board, world.bob, label="Decline draw")
    await until(world, lambda: "declined the draw" in board.text)
    assert "🤝 Draw" not in board.text and "Accept draw" not in labels(board)
    assert "Resign" in labels(board) and board.selects()  # still on: Bob's drop is next
    await drop(world, board, world.bob, "White placed the cube")


async def test_rematch_challenges_again_with_the_sides_swapped(world: World) -> None:
    fake = world.fake
    board = await started(world)
    await resign(world, board, world.bob)
    assert [b["label"] for b in board.buttons()] == FINISHED_BUTTONS

    await click(world, board, world.carol, label="Rematch")
    assert "not your game" in await private_reply(world, world.carol, 0)
    posts = len(fake.messages_in(world.channel))

    record = await fake.click(board, user=world.bob, label="Rematch")
    await record.wait_complete()
    await until(world, lambda: len(fake.messages_in(world.channel)) > posts)
    rematch = record.message
    assert rematch is not None and not record.ephemeral and rematch.id != board.id
    assert labels(rematch) == CHALLENGE_BUTTONS
    assert f"<@{world.bob.id}> challenges <@{world.alice.id}>" in rematch.text
    # Bob now holds Black (Alice had it): he challenged, so Alice is the one to accept.
    assert "Black: bob / White: alice" in rematch.text
    seen = private_count(world, world.bob)
    await click(world, rematch, world.bob, label="Accept")
    assert "受けられるのは挑戦された人だけ" in await private_reply(world, world.bob, seen)
    await click(world, rematch, world.alice, label="Accept")
    await until(world, lambda: bool(rematch.selects()))
    assert f"Black <@{world.bob.id}>" in rematch.text
    assert "Bushi Shogi #1" in board.text and "🏆" in board.text  # the old game is as it was


async def test_replay_steps_back_and_forth_privately(world: World) -> None:
    fake = world.fake
    board = await started(world)
    await drop(world, board, world.alice, "Black placed the cube")
    await drop(world, board, world.bob, "White placed the cube")
    await resign(world, board, world.alice)

    await click(world, board, world.carol, label="Replay")
    await until(world, lambda: "ply 0/3" in fake.ephemeral_messages(world.carol)[-1].text)
    replay = fake.ephemeral_messages(world.carol)[-1]
    steps = {b["label"]: b for b in replay.buttons()}
    assert steps["⏮"].get("disabled") and steps["◀"].get("disabled")  # at the start already
    assert not steps["▶"].get("disabled") and not steps["⏭"].get("disabled")

    await click(world, replay, world.carol, label="⏭")
    await until(world, lambda: "ply 3/3" in replay.text)
    assert "🏆" in replay.text and "resign" in replay.text
    assert {b["label"]: b.get("disabled") for b in replay.buttons()}["▶"]
    await click(world, replay, world.carol, label="◀")
    await until(world, lambda: "ply 2/3" in replay.text)
    assert "White placed the cube" in replay.text and "🏆" not in replay.text
    await click(world, replay, world.carol, label="⏮")
    await until(world, lambda: "ply 0/3" in replay.text)
    assert "placed the cube" not in replay.text
    await click(world, replay, world.carol, label="▶")
    await until(world, lambda: "ply 1/3" in replay.text)
    assert "Black placed the cube" in replay.text
    assert board.text.count("🏆") == 1  # the public board never moved


async def test_replay_speaks_the_clickers_language(world: World) -> None:
    board = await started(world)
    await resign(world, board, world.alice)
    seen = private_count(world, world.bob)
    await click(world, board, world.bob, label="Replay")
    reply = await private_reply(world, world.bob, seen)
    assert "**武士将棋** #1 の再生 — 0/1手目" in reply and "先手（黒）" in reply
    assert "replay" not in reply and "Black" not in reply


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The bot's ERROR records with their tracebacks, as the log file shows them."""
    shown = logging.Formatter("%(name)s %(levelname)s %(message)s")
    return [
        shown.format(r)
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.name.startswith("bot") and r.exc_info
    ]


async def test_a_bug_under_a_click_is_apologised_for_and_logged(
    world: World, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world.fake
    board = await started(world, colour="white")  # Bob (Japanese client) drops first
    before = board.text

    def broken_apply(*_args: object, **_kwargs: object) -> NoReturn:
        raise RuntimeError("a bug in the rules engine")

    with monkeypatch.context() as patched:
        patched.setattr(BushiRules, "apply", broken_apply)
        menu = board.selects()[0]
        seen = private_count(world, world.bob)
        await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.bob)
        reply = await private_reply(world, world.bob, seen)
        assert (
            reply
            == "予期しないエラーが起きました。対局は変更されていません。もう一度お試しください。"
        )
        # Alice, on an English client, is told in English; the board never changed.
        seen = private_count(world, world.alice)
        await click(world, board, world.alice, label="Offer draw")
        reply = await private_reply(world, world.alice, seen)
        assert reply == "Something went wrong on our side. Nothing was changed; please try again."
        assert board.text == before and board.selects()[0]["custom_id"] == menu["custom_id"]

    logged = tracebacks(caplog)
    assert len(logged) == 2, logged
    assert "unexpected error in interaction" in logged[0]
    assert f"custom_id='{menu['custom_id']}'" in logged[0]
    assert "Traceback" in logged[0] and "broken_apply" in logged[0]
    assert "RuntimeError: a bug in the rules engine" in logged[0]

    # Nothing was half-written: the same drop, tried again, plays.
    await fake.select(board, menu["custom_id"], [menu["options"][0]["value"]], user=world.bob)
    await until(world, lambda: "Black placed the cube" in board.text)


@pytest.mark.parametrize("thinking_first", [False, True])
async def test_a_bug_under_a_command_is_apologised_for_and_logged(
    world: World,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    thinking_first: bool,
) -> None:
    """The apology is private either way: said straight away, or (a handler slower than the
    answer-first limit, as on a loaded machine) after a "thinking…" that then gives way."""
    if thinking_first:
        monkeypatch.setattr(answering, "ANSWER_WITHIN", 0.0)

    def broken_new_game(*_args: object, **_kwargs: object) -> NoReturn:
        raise RuntimeError("a bug in setting up the board")

    monkeypatch.setattr(BushiRules, "new_game", broken_new_game)
    record = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=world.channel, options={"opponent": world.bob}
    )
    await record.wait_complete()
    [apology] = record.shown
    assert apology.ephemeral
    assert (
        apology.text == "Something went wrong on our side. Nothing was changed; please try again."
    )
    assert world.fake.messages_in(world.channel) == []  # no half-made board, no "thinking…"
    logged = tracebacks(caplog)
    assert len(logged) == 1 and "command='bushi challenge'" in logged[0], logged
    assert "broken_new_game" in logged[0] and "RuntimeError" in logged[0]
    monkeypatch.undo()
    assert "no games" in await waiting_for(world, world.alice)


async def rated_game(world: World, winner: FakeUser, loser: FakeUser) -> None:
    """A rated 武士将棋 game that ``loser`` resigns once it has begun."""
    record = await world.fake.slash(
        "bushi challenge",
        user=winner,
        channel=world.channel,
        options={"opponent": loser, "rated": True},
    )
    await record.wait_response()
    board = record.message
    assert board is not None
    await click(world, board, loser, label="Accept")
    await until(world, lambda: bool(board.selects()))
    await resign(world, board, loser)


async def twelve_rated_players(world: World) -> FakeMessage:
    """Six rated games between twelve players fill two pages of ten; Carol posts the table."""
    fake = world.fake
    players = [fake.add_user(f"p{n:02}") for n in range(12)]
    for winner, loser in zip(players[::2], players[1::2], strict=True):
        await rated_game(world, winner, loser)
    record = await fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.message is not None and not record.ephemeral
    return record.message


async def test_standings_pages_forward_and_back(world: World) -> None:
    table = await twelve_rated_players(world)
    assert "standings (page 1/2)" in table.text and table.text.count("— rating") == 10
    steps = {b["label"]: b for b in table.buttons()}
    assert steps["◀"].get("disabled") and not steps["▶"].get("disabled")

    await click(world, table, world.carol, label="▶")
    await until(world, lambda: "page 2/2" in table.text)
    assert "\n11. <@" in table.text and "\n12. <@" in table.text and "\n1. <@" not in table.text
    assert table.text.count("— rating") == 2
    steps = {b["label"]: b for b in table.buttons()}
    assert steps["▶"].get("disabled") and not steps["◀"].get("disabled")

    await click(world, table, world.alice, label="◀")
    await until(world, lambda: "page 1/2" in table.text)
    assert "\n1. <@" in table.text and "\n11. <@" not in table.text
    assert table.text.count("— rating") == 10


async def test_a_public_table_keeps_the_servers_language_when_paged(world: World) -> None:
    """/standings is public: a Japanese reader paging it must not turn everyone's table
    Japanese (it follows the server's language, as boards do)."""
    table = await twelve_rated_players(world)
    await click(world, table, world.bob, label="▶")  # Bob's client is Japanese
    await until(world, lambda: "2/2" in table.text)
    assert "standings (page 2/2)" in table.text, table.text


async def settle(world: World, record: InteractionRecord) -> None:
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()


async def first_long_hand(
    world: World, pick: random.Random
) -> tuple[FakeMessage, FakeMessage, list[dict[str, Any]], list[dict[str, Any]]] | None:
    """Alice plays 戦列札 against the bot, choosing at random, until her panel asks for a card
    first: (board, panel, the card menus, all menus); a new game whenever one ends. (The bot's
    novice level: the strong one ends a random player's games before a hand grows that long.)"""
    fake = world.fake
    for _ in range(10):
        record = await fake.slash(
            "senretsu challenge",
            user=world.alice,
            channel=world.channel,
            options={"opponent": fake.bot_user, "first": "coin", "level": "greedy"},
        )
        await settle(world, record)
        board = record.message
        assert board is not None
        while any(b["custom_id"].startswith("hand:") for b in board.buttons()):
            await settle(world, await fake.click(board, user=world.alice, prefix="hand:"))
            panel = fake.ephemeral_messages(world.alice)[-1]
            menus = [s for s in panel.selects() if s["custom_id"].startswith("gs:")]
            cards = [m for m in menus if m["options"][0]["value"].startswith("~")]
            if cards:
                return board, panel, cards, menus
            plays = [
                (m["custom_id"], o["value"])
                for m in menus
                for o in m["options"]
                if o["value"][0] not in "~#"
            ]
            buttons = [
                b["custom_id"]
                for b in panel.buttons()
                if b["custom_id"].startswith("g:") and not b["custom_id"].endswith(":resign")
            ]
            if plays:
                custom_id, value = pick.choice(plays)
                await settle(world, await fake.select(panel, custom_id, [value], user=world.alice))
            elif buttons:
                custom_id = pick.choice(buttons)
                await settle(world, await fake.click(panel, custom_id, user=world.alice))
            else:
                break
    return None


async def test_a_long_hand_is_placed_card_first_then_where(world: World) -> None:
    """When a 戦列札 hand has more placements than one menu holds, the panel asks for the card
    first (a step, nothing played), then shows where that card may go."""
    fake = world.fake
    pick = random.Random(7)
    found = await first_long_hand(world, pick)
    assert found is not None, "no hand outgrew a menu in ten games"
    board, panel, cards, menus = found
    menu = cards[0]
    assert menu["placeholder"] == "Choose a card to place…" and len(menus) == len(cards)
    before = board.text
    chosen = menu["options"][1]
    await settle(
        world, await fake.select(panel, menu["custom_id"], [chosen["value"]], user=world.alice)
    )
    panel = fake.ephemeral_messages(world.alice)[-1]
    where = [s for s in panel.selects() if not s["options"][0]["value"].startswith("~")]
    assert len(where) == 1, panel.selects()
    assert chosen["label"] in where[0]["placeholder"]  # "Where does <card> go?"
    assert any(o.get("default") for o in panel.selects()[0]["options"])  # the card stays chosen
    assert board.text == before  # a step plays nothing


async def test_the_pings_a_player_is_promised_notify_them(world: World) -> None:
    """A mention that notifies nobody is a silent ping: the challenge must reach Bob, and the
    turn ping Alice."""
    fake = world.fake
    board = await challenge(world)
    assert board.pinged == [world.bob.id]
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: len(fake.messages_in(world.channel)) == 2)
    turn = fake.messages_in(world.channel)[-1]
    assert turn.pinged == [world.alice.id]


async def test_the_move_clock_reads_in_days(world: World) -> None:
    """One day, or many days: the board says which, in the board's language."""
    board = await started(world, clock=str(24 * 3600))
    assert "⏳ 1 day per move" in board.text
    board = await started(world, clock=str(14 * 24 * 3600))
    assert "⏳ 14 days per move" in board.text

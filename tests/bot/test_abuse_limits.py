"""One user's flood cannot crowd out the others: a per-user cooldown on commands, clicks and
forms (each refused one still gets its one private answer, in the user's language), and a cap
on the challenges one user may have waiting."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.rate_limit import UserRateLimit
from tests.bot.harness import World, challenge, click, make_bot, until
from tests.fakediscord import FakeMessage
from tests.fakediscord.models import InteractionRecord

COOLDOWN_EN = "a lot of clicks"
COOLDOWN_JA = "ちょっと速すぎます"


def answer(record: InteractionRecord) -> str:
    """Everything the clicker was told (a refusal may come as a follow-up after a deferral)."""
    return "\n".join(m.text for m in record.all_messages)


def test_the_bucket_allows_a_burst_then_its_rate() -> None:
    now = [0.0]
    limit = UserRateLimit(per_minute=60, burst=3, clock=lambda: now[0])
    assert [limit.take(1) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limit.take(1) == 2.0  # refused, and that click cost a token too: 2 s to wait
    assert limit.take(2) == 0.0  # someone else is not held back
    now[0] += 2.0  # who waits as told is let through
    assert limit.take(1) == 0.0
    now[0] += 1.0
    assert limit.take(1) == 0.0
    now[0] += 100
    assert [limit.take(1) for _ in range(4)] == [0.0, 0.0, 0.0, 2.0]  # the burst, not more


def test_hammering_keeps_the_cooldown_on() -> None:
    now = [0.0]
    limit = UserRateLimit(per_minute=60, burst=3, clock=lambda: now[0])
    admitted = 0
    for _ in range(500):  # 50 clicks a second for 10 s
        admitted += limit.take(1) == 0.0
        now[0] += 0.02
    assert admitted == 3  # the burst, then nothing while the flood goes on
    assert limit.take(1) == pytest.approx(4.0)  # the debt is capped at one burst: 4 s at most
    now[0] += 4.0
    assert limit.take(1) == 0.0


async def limited_world(world: World, **settings: object) -> None:
    await world.fake.stop_client(world.bot)
    world.bot = make_bot(world.db_url, world.clock, **settings)
    await world.fake.run_client(world.bot)


async def test_a_flood_of_clicks_is_told_to_slow_down_once_each(world: World) -> None:
    await limited_world(world, rate_limit_per_minute=6, rate_limit_burst=3)
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)  # alice's first token
    fake = world.fake

    async def flood(user_name: str, board: FakeMessage, times: int) -> list[InteractionRecord]:
        user = getattr(world, user_name)
        records = [await fake.click(board, user=user, label="Accept") for _ in range(times)]
        await asyncio.gather(*(r.wait_complete() for r in records))
        return records

    # Carol (English) and Bob (日本語) each click Accept on a challenge: Carol's are refused
    # (not her game) until her burst is spent, then cooled down; each click has one answer.
    records = await flood("carol", board, 6)
    assert all(r.responded and not r.violations for r in records)
    await world.bot.asobiba.activity.wait_idle()  # a refusal's words follow its deferral
    texts = [answer(r) for r in records]
    assert ["not your game" in t for t in texts] == [True] * 3 + [False] * 3
    # The cooldown is the interaction's one response, seen by the clicker alone.
    assert all(r.response_type == 4 and r.ephemeral for r in records[3:])
    assert all(COOLDOWN_EN in t and "Nothing was changed" in t for t in texts[3:])
    # One token every 10 s, each refused click costing one too: 20 s, 30 s, then at most 40 s.
    waits = [re.search(r"try again in about (\d+) s", t) for t in texts[3:]]
    assert [int(w[1]) for w in waits if w] == [20, 30, 40]

    # Bob is not held back by Carol's flood: he accepts, and the game starts.
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    version = (await world.bot.games.queries.list_games(world.bob.id))[0].version
    # Then he floods the Hint button; he reads Japanese. Two tokens were left.
    hints = [await fake.click(board, user=world.bob, label="Hint") for _ in range(4)]
    await asyncio.gather(*(r.wait_complete() for r in hints))
    await world.bot.asobiba.activity.wait_idle()
    assert [COOLDOWN_JA in answer(r) for r in hints] == [False, False, True, True]
    assert "秒ほど待って" in answer(hints[-1]) and all(r.responded for r in hints)
    # The game was not touched by any of it.
    game = (await world.bot.games.queries.list_games(world.bob.id))[0]
    assert game.ply == 0 and game.version == version


async def test_commands_are_limited_too(world: World) -> None:
    await limited_world(world, rate_limit_per_minute=60, rate_limit_burst=2)
    records = []
    for _ in range(3):
        record = await world.fake.slash("tournament list", user=world.alice, channel=world.channel)
        await record.wait_complete()
        records.append(record)
    assert COOLDOWN_EN not in answer(records[0]) and COOLDOWN_EN not in answer(records[1])
    assert COOLDOWN_EN in answer(records[2]) and records[2].ephemeral


async def test_the_cap_on_waiting_challenges(world: World) -> None:
    await limited_world(world, max_open_challenges=2)
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    first = await challenge(world)
    await challenge(world)
    refused = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.carol, "colour": "black"},
    )
    await refused.wait_complete()
    assert refused.ephemeral and "You already have 2 challenges waiting" in answer(refused)
    assert len(await world.bot.games.queries.list_games(world.alice.id)) == 2
    # The cap is per user: Carol may still challenge Alice.
    theirs = await world.fake.slash(
        "bushi challenge",
        user=world.carol,
        channel=world.channel,
        options={"opponent": world.alice, "colour": "black"},
    )
    await theirs.wait_complete()
    assert not theirs.ephemeral and "challenges" in theirs.text
    # Alice withdraws one: she may challenge again.
    await click(world, first, world.alice, label="Withdraw")
    await until(world, lambda: "Withdraw" not in str(first.buttons()))
    await challenge(world)
    # Two of hers waiting, and Carol's to her.
    assert len(await world.bot.games.queries.list_games(world.alice.id)) == 3
    # An open challenge (no opponent) waits too: it counts towards the same cap.
    open_one = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=world.channel, options={"colour": "black"}
    )
    await open_one.wait_complete()
    assert open_one.ephemeral and "You already have 2 challenges waiting" in answer(open_one)
    assert len(await world.bot.games.queries.list_games(world.alice.id)) == 3


async def test_the_cap_speaks_japanese(world: World) -> None:
    await limited_world(world, max_open_challenges=1)
    for expected in (None, "返事を待っている挑戦が1件あります"):
        record = await world.fake.slash(
            "bushi challenge",
            user=world.bob,
            channel=world.channel,
            options={"opponent": world.alice, "colour": "black"},
        )
        await record.wait_complete()
        if expected is None:
            assert not record.ephemeral
        else:
            assert record.ephemeral and expected in answer(record)


async def test_clicks_racing_their_boards_edit_each_get_an_answer(world: World) -> None:
    # Fired 20 ms apart without waiting, clicks on one board race its edits: a click whose
    # button is already gone from the message it carries used to be dropped by discord.py
    # without a word ("This interaction failed"); now it is told the button is stale.
    fake = world.fake  # picture boards: slower edits, more races
    started = await fake.slash("yosukou start", user=world.alice, channel=world.channel)
    await started.wait_response()
    board = started.message
    assert board is not None
    records = []
    for _ in range(12):
        moves = [b for b in board.buttons() if str(b["custom_id"]).startswith("g:")]
        records.append(await fake.click(board, str(moves[0]["custom_id"]), user=world.alice))
        await asyncio.sleep(0.005)
    await asyncio.gather(*(r.wait_complete() for r in records))
    await world.bot.asobiba.activity.wait_idle()
    assert all(r.responded and not r.violations for r in records)

"""Quiet hours through the fake Discord, in both languages: /settings takes a time zone and
nightly hours (bad input is refused kindly and changes nothing); a game's deadline stands
through the mover's nights — New York across the end of daylight saving, Tokyo with none —
and the board, the turn ping and the reminder say "(quiet hours counted)"; no reminder comes
in the night, one comes once the night is over."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.db import GameRow, UserPrefRow
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeUser


async def settings(world: World, user: FakeUser, **options: object) -> str:
    seen = private_count(world, user)
    record = await world.fake.slash("settings", user=user, channel=world.channel, options=options)
    await record.wait_complete()
    return await private_reply(world, user, seen)


async def quiet_of(world: World, user: FakeUser) -> tuple[str | None, str | None, str | None]:
    async with world.bot.db.read() as session:
        row = await session.get(UserPrefRow, user.id)
        return (None, None, None) if row is None else (row.time_zone, row.quiet_from, row.quiet_to)


async def deadline(world: World) -> datetime | None:
    async with world.bot.db.read() as session:
        row = await session.get(GameRow, 1)
        assert row is not None
        return row.deadline_at


def posted(world: World, text: str) -> list[str]:
    return [m.text for m in world.fake.messages_in(world.channel) if text in m.text]


async def test_settings_take_quiet_hours_and_refuse_nonsense_in_both_languages(
    world: World,
) -> None:
    said = await settings(
        world, world.alice, time_zone="America/New_York", quiet_hours="23:00-07:00"
    )
    assert "Quiet hours: 23:00–07:00 America/New_York" in said
    said = await settings(world, world.bob, time_zone="Asia/Tokyo", quiet_hours="23:00-07:00")
    assert "静かな時間：Asia/Tokyo の 23:00〜07:00" in said
    # Nonsense is refused in the reader's language, and nothing changes.
    too_long = await settings(world, world.alice, quiet_hours="20:00-10:00")
    assert "did not make sense" in too_long and "at most 12 hours" in too_long
    assert await quiet_of(world, world.alice) == ("America/New_York", "23:00", "07:00")
    no_such_zone = await settings(world, world.bob, time_zone="Mars/Olympus_Mons")
    assert "静かな時間が読めません" in no_such_zone
    assert await quiet_of(world, world.bob) == ("Asia/Tokyo", "23:00", "07:00")
    without_zone = await settings(world, world.carol, quiet_hours="22:00-06:00")
    assert "need a time zone" in without_zone
    assert await quiet_of(world, world.carol) == (None, None, None)
    # Weekends may be quiet too, kept with the hours (and alone they set nothing).
    weekends = await settings(world, world.alice, quiet_weekends=True)
    assert "Quiet hours: 23:00–07:00 America/New_York" in weekends
    assert "Weekends (Saturday and Sunday) are quiet all day too" in weekends
    assert "did not make sense" in await settings(world, world.carol, quiet_weekends=True)
    assert await quiet_of(world, world.carol) == (None, None, None)
    said = await settings(world, world.bob, quiet_weekends=True)
    assert "週末（土日）も終日静か" in said
    # off clears them.
    cleared = await settings(world, world.bob, quiet_hours="off")
    assert "静かな時間：なし" in cleared and "週末" not in cleared


async def test_a_new_york_night_across_daylight_saving_stands_and_holds_the_reminder(
    world: World,
) -> None:
    await settings(world, world.alice, time_zone="America/New_York", quiet_hours="23:00-07:00")
    await settings(world, world.bob, time_zone="Asia/Tokyo", quiet_hours="23:00-07:00")
    # Saturday 31 October 2026, 12:00 EDT; the clocks go back that night.
    world.clock.now = datetime(2026, 10, 31, 16, 0, tzinfo=UTC)
    board = await challenge(world, clock="86400")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "(quiet hours counted)" in board.text)
    # 11 h on Saturday, a 9-hour night (an hour longer: the clocks went back), 13 h on
    # Sunday: due Sunday 20:00 EST.
    assert await deadline(world) == datetime(2026, 11, 2, 1, 0, tzinfo=UTC)
    # Sunday 06:30 EST: 19.5 hours have passed, but only 11 ran; and it is alice's night.
    world.clock.now = datetime(2026, 11, 1, 11, 30, tzinfo=UTC)
    await world.bot.clock_tick()
    assert posted(world, "is due") == []
    # 08:05 EST: 12 h 5 min have run, under half is left — the reminder, once it is day.
    world.clock.now = datetime(2026, 11, 1, 13, 5, tzinfo=UTC)
    await world.bot.clock_tick()
    await until(world, lambda: bool(posted(world, "is due")))
    [reminder] = posted(world, "is due")
    assert "(quiet hours counted)" in reminder and f"<@{world.alice.id}>" in reminder


async def test_a_tokyo_night_without_daylight_saving_in_japanese(world: World) -> None:
    await settings(world, world.bob, time_zone="Asia/Tokyo", quiet_hours="23:00-07:00")
    # bob (Black) moves first: his turn begins at 22:00 JST.
    world.clock.now = datetime(2026, 11, 23, 13, 0, tzinfo=UTC)
    board = await challenge(world, "white", clock="86400")
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "(quiet hours counted)" in board.text)
    # 1 h, the night, 16 h, the night, 7 h: due 14:00 JST two days later.
    assert await deadline(world) == datetime(2026, 11, 25, 5, 0, tzinfo=UTC)

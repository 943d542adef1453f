"""What the bot knows of DMing each user, on a real database: a server in common Discord
vouched for, its refusals (remembered, 50007 for a week), and what the user was told."""

from __future__ import annotations

from bot.db import Database
from bot.services.dm_reach import (
    CLOSED_DMS_KEPT,
    DMS_CLOSED,
    NO_SHARED_SERVER,
    DmReach,
    DmReachBook,
)
from tests.conftest import FakeClock

ALICE, BOB = 101, 202


async def reach(book: DmReachBook, user_id: int) -> DmReach:
    return (await book.reach([user_id]))[user_id]


async def test_only_a_user_discord_vouched_for_is_reachable(db: Database, clock: FakeClock) -> None:
    book = DmReachBook(db, clock)
    assert await book.reach([ALICE, BOB]) == {ALICE: DmReach.UNKNOWN, BOB: DmReach.UNKNOWN}
    await book.vouched(ALICE)
    assert await reach(book, ALICE) is DmReach.REACHABLE
    assert await reach(book, BOB) is DmReach.UNKNOWN
    # Another process reads what this one wrote.
    assert await reach(DmReachBook(db, clock), ALICE) is DmReach.REACHABLE


async def test_no_server_in_common_lasts_until_discord_vouches_again(
    db: Database, clock: FakeClock
) -> None:
    book = DmReachBook(db, clock)
    await book.vouched(ALICE)
    clock.advance(hours=1)
    await book.refused(ALICE, NO_SHARED_SERVER)  # she left the server
    assert await reach(book, ALICE) is DmReach.NO_SHARED_SERVER
    clock.advance(days=30)  # no expiry: only a new vouch helps
    assert await reach(DmReachBook(db, clock), ALICE) is DmReach.NO_SHARED_SERVER
    # Seen in a server again: written at once, though this process wrote a vouch moments ago
    # by its own clock (at most one a day), as the refusal cleared its memory of that one.
    await book.vouched(ALICE)
    assert await reach(DmReachBook(db, clock), ALICE) is DmReach.REACHABLE


async def test_a_refusal_for_closed_dms_expires_after_a_week(
    db: Database, clock: FakeClock
) -> None:
    book = DmReachBook(db, clock)
    await book.vouched(BOB)
    await book.refused(BOB, DMS_CLOSED)
    assert await reach(book, BOB) is DmReach.DMS_CLOSED
    await book.vouched(BOB)  # seen in a server: that does not open his DMs
    clock.advance(seconds=CLOSED_DMS_KEPT.total_seconds() - 1)
    assert await reach(DmReachBook(db, clock), BOB) is DmReach.DMS_CLOSED
    clock.advance(seconds=1)
    assert await reach(DmReachBook(db, clock), BOB) is DmReach.REACHABLE  # tried again


async def test_asking_for_dms_forgets_a_refusal_for_closed_dms(
    db: Database, clock: FakeClock
) -> None:
    book = DmReachBook(db, clock)
    await book.vouched(BOB)
    await book.refused(BOB, DMS_CLOSED)
    await book.wants_dms(BOB)
    assert await reach(book, BOB) is DmReach.REACHABLE
    await book.refused(ALICE, NO_SHARED_SERVER)
    await book.wants_dms(ALICE)  # no server in common: asking changes nothing
    assert await reach(book, ALICE) is DmReach.NO_SHARED_SERVER


async def test_what_a_user_was_told_is_kept(db: Database, clock: FakeClock) -> None:
    book = DmReachBook(db, clock)
    assert await book.told(ALICE) is None
    await book.tell(ALICE, "nowhere")
    assert await DmReachBook(db, clock).told(ALICE) == "nowhere"
    assert await reach(book, ALICE) is DmReach.UNKNOWN  # telling vouches for nothing

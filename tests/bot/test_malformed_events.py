"""Malformed gateway events through the fake Discord: each is logged once with its context,
answered when it can be, and the bot keeps serving the next normal command."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.bot.harness import World
from tests.fakediscord.models import JSON

SORRY = "Something went wrong on our side"


async def games_still_answer(world: World) -> None:
    record = await world.fake.slash("games", user=world.carol, channel=world.channel)
    await record.wait_response()
    assert record.ephemeral and "no games" in record.text


def malformed_logs(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The bot's ERROR lines (discord.py's own logger must stay quiet)."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("data", "itype"),
    [
        ({"custom_id": 12345, "component_type": 2}, 3),  # a number for a custom_id
        ({"component_type": 2}, 3),  # no custom_id at all
        ("not an object", 3),  # data of the wrong type
        ({"custom_id": "x"}, 3),  # no component_type
        ({"custom_id": ["no"], "components": []}, 5),  # a modal with a list for a custom_id
    ],
)
async def test_malformed_interaction_is_answered_and_bot_survives(
    world: World, caplog: pytest.LogCaptureFixture, data: Any, itype: int
) -> None:
    record = await world.fake.raw_interaction(
        user=world.alice, channel=world.channel, data=data, itype=itype
    )
    await record.wait_response()
    assert record.ephemeral and SORRY in record.text
    await games_still_answer(world)
    logs = malformed_logs(caplog)
    assert len(logs) == 1 and "malformed interaction" in logs[0], logs
    assert f"id='{record.id}'" in logs[0]


async def test_unknown_component_type_and_missing_token(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    record = await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={"custom_id": 5, "component_type": 99},
    )
    await record.wait_response()
    assert record.ephemeral and SORRY in record.text

    def junk_member(payload: JSON) -> None:
        payload["member"] = "not a member"

    record = await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={"custom_id": "x", "component_type": 2},
        shape=junk_member,
    )
    await record.wait_response()
    assert record.ephemeral and SORRY in record.text

    def unanswerable(payload: JSON) -> None:
        payload["id"] = "not a snowflake"
        payload["application_id"] = None

    await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={"custom_id": 5, "component_type": 2},
        shape=unanswerable,
        expect_response=False,
    )
    await games_still_answer(world)
    logs = malformed_logs(caplog)
    assert len(logs) == 3, logs
    assert all("malformed interaction" in line for line in logs)
    assert "custom_id=5" in logs[0] and "id='not a snowflake'" in logs[2]

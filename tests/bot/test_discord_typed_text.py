"""Text users choose (tournament names, display names) is shown as typed, through the fake
Discord: its markdown escaped so it cannot bold or break the line around it, its @everyone
defused, and no message lets it ping anyone."""

from __future__ import annotations

from typing import Any

from bot.ui.common import typed
from tests.bot.harness import World
from tests.bot.test_discord_tournament import make_admin, private, slash

LEAGUE = "Autumn **league** @everyone"
#: As Discord's markdown must receive it: the asterisks escaped, @everyone broken by a
#: zero-width space (it shows, and pings no one).
LEAGUE_SHOWN = "Autumn \\*\\*league\\*\\* @\u200beveryone"
NAME = "__Kira__ `x` @here"
NAME_SHOWN = "\\_\\_Kira\\_\\_ \\`x\\` @\u200bhere"


def _posts(world: World) -> list[dict[str, Any]]:
    return [r.body for r in world.fake.requests if r.method in ("POST", "PATCH") and r.body]


def test_typed_escapes_markdown_and_mentions() -> None:
    assert typed(LEAGUE) == LEAGUE_SHOWN
    assert typed(NAME) == NAME_SHOWN
    assert typed("plain name") == "plain name"


async def test_a_tournament_name_keeps_its_heading_bold(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    make_admin(world, world.carol)
    created = await slash(
        world,
        "tournament create bushi",
        world.carol,
        name=LEAGUE,
        format="swiss",
        rounds=3,
        signup="3600",
        clock="86400",
        rated=True,
    )
    assert created.message is not None
    # The heading's bold closes where it should: around the whole name, escaped inside.
    assert f"opened **{LEAGUE_SHOWN}** (#1)" in created.message.text
    assert LEAGUE not in created.message.text

    world.fake.add_member(world.guild, world.alice, nick=NAME)
    joined = await private(world, "tournament join", world.alice)
    assert f"**{LEAGUE_SHOWN}**" in joined
    shown = await slash(world, "tournament show", world.bob)
    assert shown.message is not None
    assert LEAGUE_SHOWN in shown.message.text and NAME_SHOWN in shown.message.text
    assert NAME not in shown.message.text
    listed = await slash(world, "tournament list", world.bob)
    assert listed.message is not None and LEAGUE_SHOWN in listed.message.text

    # Nothing the bot sent could ping everyone: every message says which mentions it allows,
    # and none allows @everyone or @here.
    for body in _posts(world):
        allowed = body.get("allowed_mentions")
        if allowed is not None:
            assert "everyone" not in (allowed.get("parse") or [])


async def test_a_display_name_is_escaped_on_profiles_and_challenges(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    world.fake.add_member(world.guild, world.alice, nick=NAME)
    profile = await world.fake.slash(
        "profile", user=world.bob, channel=world.channel, options={"user": world.alice}
    )
    await profile.wait_response()
    await world.bot.asobiba.activity.wait_idle()
    assert profile.message is not None
    assert NAME_SHOWN in profile.message.text and NAME not in profile.message.text

    challenge = await slash(world, "bushi challenge", world.alice, opponent=world.bob)
    assert challenge.message is not None
    text = challenge.message.text
    # The seats' line names the players as typed (the first line mentions them).
    assert NAME_SHOWN in text and NAME not in text

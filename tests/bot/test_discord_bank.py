"""A time bank through Discord: the clock "2 days" a move that a bank is usually paired with is
offered in both languages, and a challenge with a bank shows each player's time left in words."""

from __future__ import annotations

from tests.bot.harness import World, challenge, click, until


def clock_choices(world: World) -> list[dict[str, object]]:
    [command] = [c for c in world.fake.global_commands if c["name"] == "bushi"]
    [sub] = [o for o in command["options"] if o["name"] == "challenge"]
    [clock] = [o for o in sub["options"] if o["name"] == "clock"]
    return list(clock["choices"])


async def test_two_days_a_move_is_offered_in_both_languages(world: World) -> None:
    two_days = [c for c in clock_choices(world) if c["value"] == str(2 * 86400)]
    assert [c["name"] for c in two_days] == ["2 days"]
    assert two_days[0]["name_localizations"] == {"ja": "2日"}


async def test_a_bank_of_four_days_and_two_a_move_shows_what_is_left(world: World) -> None:
    board = await challenge(world, clock=str(2 * 86400), bank_days=4)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: "Time left" in board.text)
    assert "(+2 days a move, up to 8 days)" in board.text, board.text

"""The rating table ranks by a conservative rating (the README's word: "one lucky win can't top
it"), read through the fake Discord as a player reads ``/standings``."""

from __future__ import annotations

import re

from tests.bot.harness import World
from tests.bot.test_every_button import rated_game


async def test_more_games_outrank_one_lucky_win(world: World) -> None:
    fake = world.fake
    lucky, steady, *others = (
        fake.add_user(name) for name in ("lucky", "steady", "o1", "o2", "o3", "o4")
    )
    await rated_game(world, lucky, others[0])  # one win
    await rated_game(world, steady, others[1])  # two wins and a loss
    await rated_game(world, steady, others[2])
    await rated_game(world, others[3], steady)

    record = await fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_response()
    assert record.message is not None
    rows = {
        int(user): (int(rank), int(rating))
        for rank, user, rating in re.findall(
            r"^([0-9]+)\. <@([0-9]+)> — rating ([0-9]+)", record.message.text, re.MULTILINE
        )
    }
    assert len(rows) == 6, record.message.text
    # The lucky one's rating reads higher, but the table trusts the longer record more.
    assert rows[lucky.id][1] > rows[steady.id][1]
    assert rows[steady.id][0] < rows[lucky.id][0], record.message.text

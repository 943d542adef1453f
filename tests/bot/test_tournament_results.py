"""A tournament's table counts each game as it ended, whichever seat won: read through the fake
Discord, as the players read ``/tournament show``."""

from __future__ import annotations

import re

from tests.bot.harness import World
from tests.bot.test_discord_tournament import resign_on_discord, slash
from tests.bot.test_discord_tournament_play import paired_event, round_boards


async def test_a_win_by_either_seat_counts_as_a_win(world: World) -> None:
    await paired_event(world, world.alice)
    boards = await round_boards(world)
    assert len(boards) == 2
    # On one board the first-named player resigns, on the other the second-named one: a win
    # from each seat.
    losers = []
    for board, resigning in zip(boards, (0, 1), strict=True):
        heading = next(line for line in board.text.splitlines() if " vs " in line)
        players = [int(found) for found in re.findall(r"<@([0-9]+)>", heading)]
        assert len(players) == 2, heading
        loser = world.fake.users[players[resigning]]
        losers.append(loser.username)
        await resign_on_discord(world, board, loser)
        await world.fake.wait_until(lambda b=board: "🏆" in world.fake.message(b.id).text)

    shown = await slash(world, "tournament show", world.carol)
    assert shown.message is not None
    rows = [line for line in shown.message.text.splitlines() if re.match(r"[0-9]\. \*\*", line)]
    assert len(rows) == 4, shown.message.text
    for row in rows:
        lost = any(f"**{name}**" in row for name in losers)
        assert ("0W 0D 1L" if lost else "1W 0D 0L") in row, row
        assert ("— 0 points" if lost else "— 1 point ") in row, row

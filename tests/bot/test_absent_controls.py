"""Controls that must not be there are not there: no Hint on a rated board or a tournament's
(the service would refuse it anyway, so only the board shows the mistake), and the server's
admin commands hidden from members without Manage Server."""

from __future__ import annotations

from tests.bot.harness import World, challenge, click, until
from tests.bot.test_discord_tournament_play import paired_event, round_boards
from tests.fakediscord import FakeMessage

HINT = {"Hint", "ヒント"}


def labels(board: FakeMessage) -> set[str]:
    return {str(b.get("label")) for b in board.buttons()}


async def started(world: World, **options: object) -> FakeMessage:
    board = await challenge(world, **options)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    return board


async def test_a_casual_board_offers_a_hint_and_a_rated_one_does_not(world: World) -> None:
    casual = await started(world)
    assert labels(casual) & HINT  # the control exists, so its absence below means something
    rated = await started(world, rated=True)
    assert "Resign" in labels(rated)
    assert not labels(rated) & HINT


async def test_a_tournament_board_offers_no_hint(world: World) -> None:
    await paired_event(world, world.alice)
    boards = await round_boards(world)
    assert boards and all("Resign" in labels(b) for b in boards)
    assert not any(labels(b) & HINT for b in boards)


async def test_the_servers_admin_commands_are_hidden_from_members(world: World) -> None:
    server = world.fake.command("server")
    # Manage Server (1 << 5): Discord hides the command from everyone without it.
    assert int(server["default_member_permissions"]) & (1 << 5)
    assert server.get("contexts") == [0]  # a server's settings exist only in a server

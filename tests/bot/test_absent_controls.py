"""Controls that must not be there are not there: no Hint on a rated board or a tournament's
(the service would refuse it anyway, so only the board shows the mistake); a public board's
controls that act for a seat work for its players only — anyone else who sees the board and
clicks one is told so privately, nothing changes, and no control of a player's (a hand, a
confirmation, a corner) is handed to them; and the server's admin commands are hidden from
members without Manage Server (refused if invoked anyway: ``test_discord_server.py``; starting
or cancelling a tournament is its organiser's or a server manager's:
``test_discord_tournament.py``, ``test_discord_tournament_play.py``)."""

from __future__ import annotations

from typing import Any

from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.bot.test_discord_tournament_play import paired_event, round_boards
from tests.fakediscord import FakeMessage, FakeUser

HINT = {"Hint", "ヒント"}
#: The custom_id prefixes of the controls that act for a seat: a move or a menu's choice
#: (the draw offer is a move), resign, adjourn, a challenge's answers, the hand, the corner.
#: The others only look (Hint on a casual board, Why?), and are anyone's who sees the board.
ACTING = ("g:", "gs:", "rs:", "adj:", "ch:", "hand:", "cn:")
NOT_YOURS = ("not your game", "あなたの対局ではありません")


def labels(board: FakeMessage) -> set[str]:
    return {str(b.get("label")) for b in board.buttons()}


def acting(board: FakeMessage) -> list[dict[str, Any]]:
    return [c for c in board.iter_components() if c.get("custom_id", "").startswith(ACTING)]


async def version(world: World) -> int:
    return (await world.bot.games.queries.list_games(world.alice.id))[0].version


async def spectator_clicks_every_acting_control(
    world: World, board: FakeMessage, spectator: FakeUser
) -> set[str]:
    """``spectator`` clicks (or chooses from) each control on ``board`` that acts for a seat:
    each is refused privately and hands them no control; the game and its board stay as they
    were. The prefixes clicked come back."""
    before, shown = await version(world), board.custom_ids()
    clicked = set()
    for control in acting(board):
        custom_id = control["custom_id"]
        seen = private_count(world, spectator)
        if control["type"] == 2:
            await click(world, board, spectator, custom_id=custom_id)
        else:
            choice = [control["options"][0]["value"]]
            await (
                await world.fake.select(board, custom_id, choice, user=spectator)
            ).wait_complete()
        reply = await private_reply(world, spectator, seen)
        assert any(words in reply for words in NOT_YOURS), (custom_id, reply)
        clicked.add(custom_id.split(":")[0] + ":")
    await world.bot.asobiba.activity.wait_idle()
    assert await version(world) == before and board.custom_ids() == shown
    handed = [m.custom_ids() for m in world.fake.ephemeral_messages(spectator)]
    assert not any(handed), handed  # no hand, no confirmation, no corner: words only
    return clicked


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


async def test_a_spectator_can_neither_answer_a_challenge_nor_play_on_a_public_board(
    world: World,
) -> None:
    board = await challenge(world)
    assert await spectator_clicks_every_acting_control(world, board, world.carol) == {"ch:"}
    assert "Accept" in labels(board)  # still Bob's to answer
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    clicked = await spectator_clicks_every_acting_control(world, board, world.carol)
    # The board offered a move menu, a draw offer, resign, adjourn and the corner.
    assert clicked == {"gs:", "g:", "rs:", "adj:", "cn:"}


async def test_a_spectator_is_never_shown_a_players_hand(world: World) -> None:
    record = await world.fake.slash(
        "senretsu challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.bob},
    )
    await record.wait_response()
    board = record.message
    assert board is not None
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: any(c.startswith("hand:") for c in board.custom_ids()))
    assert "hand:" in await spectator_clicks_every_acting_control(world, board, world.carol)


async def test_the_servers_admin_commands_are_hidden_from_members(world: World) -> None:
    server = world.fake.command("server")
    # Manage Server (1 << 5): Discord hides the command from everyone without it.
    assert int(server["default_member_permissions"]) & (1 << 5)
    assert server.get("contexts") == [0]  # a server's settings exist only in a server

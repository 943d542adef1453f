"""What players see of a tournament while it is played, through the fake Discord: boards that
name their tournament and round (or deal), a private deal board that shows a resignation at
once — even from before a restart — and the organiser cancelling mid-round."""

from __future__ import annotations

from bot.services.tournament_snapshots import Standing
from tests.bot.harness import World
from tests.bot.test_discord_tournament import make_admin, private, resign_on_discord, slash
from tests.fakediscord import FakeMessage, FakeUser


async def standing(world: World, tournament_id: int = 1) -> Standing:
    return await world.bot.asobiba.services.tournaments.queries.show(tournament_id)


async def round_boards(world: World) -> list[FakeMessage]:
    boards = []
    for pairing in (await standing(world)).pairings:
        if pairing.game_id is not None:
            game = await world.bot.games.queries.get(pairing.game_id)
            assert game.message_id is not None
            boards.append(world.fake.message(game.message_id))
    return boards


async def paired_event(world: World, organiser: FakeUser, **options: object) -> None:
    """A casual round robin of bushi with alice, bob and carol plus dave, started."""
    await world.bot.asobiba.services.servers.update(
        world.guild.id, pictures=False, tournaments_by_everyone=True
    )
    created = await slash(
        world, "tournament create bushi", organiser, name="Autumn league", **options
    )
    assert created.message is not None
    dave = world.fake.add_user("dave")
    for user in (world.alice, world.bob, world.carol, dave):
        await private(world, "tournament join", user)
    await private(world, "tournament start", organiser)


async def test_a_round_boards_name_their_tournament_and_round(world: World) -> None:
    await paired_event(world, world.alice)
    boards = await round_boards(world)
    assert len(boards) == 2
    for board in boards:
        heading = board.text.splitlines()
        assert heading[1] == "🏆 **Autumn league** · round 1 of 3"
    # After a move the board is drawn again, and still says so (read once, then kept).
    await resign_on_discord(world, boards[0], world.bob if "bob" in boards[0].text else world.alice)
    assert "🏆 **Autumn league** · round 1 of 3" in world.fake.message(boards[0].id).text


async def test_a_japanese_tournament_names_its_rounds_in_japanese(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, locale="ja")
    await paired_event(world, world.bob)
    board = (await round_boards(world))[0]
    assert "🏆 **Autumn league** · 第1回戦（全3回戦）" in board.text


async def test_the_organiser_cancels_mid_round(world: World) -> None:
    await paired_event(world, world.carol, rated=True)
    boards = await round_boards(world)
    # Only the organiser or a server manager may.
    assert "organiser" in await private(world, "tournament cancel", world.alice)
    assert "You cancelled **Autumn league**" in await private(
        world, "tournament cancel", world.carol
    )
    said = world.fake.messages_in(world.channel)[-1].text
    assert "was cancelled by <@" in said and "no result, no rating change" in said
    for board in boards:  # every board in progress says it was called off, with no buttons
        await world.fake.wait_until(lambda b=board: "called off" in world.fake.message(b.id).text)
        assert not world.fake.message(board.id).buttons()
    shown = await slash(world, "tournament show", world.alice)
    assert shown.message is not None and "cancelled" in shown.message.text
    assert "has been cancelled" in await private(
        world, "tournament withdraw", world.alice, tournament=1
    )
    # A Japanese reader is told in Japanese.
    make_admin(world, world.bob)
    assert "中止されました" in await private(world, "tournament cancel", world.bob, tournament=1)


async def test_a_deal_board_from_before_a_restart_shows_the_resignation(world: World) -> None:
    await world.bot.asobiba.services.servers.update(
        world.guild.id, pictures=False, tournaments_by_everyone=True
    )
    await slash(world, "tournament create yosukou", world.alice, variant="simplified", name="Cup")
    for user in (world.alice, world.carol):
        await private(world, "tournament join", user)
    await private(world, "tournament start", world.alice)
    await slash(world, "tournament play", world.alice)
    board = world.fake.ephemeral_messages(world.alice)[-1]
    # The bot restarts: it no longer holds the command that showed the board, so the
    # confirmation shows the board itself, ended.
    await world.restart()
    record = await world.fake.click(board, user=world.alice, prefix="rs:")
    await record.wait_complete()
    confirm = world.fake.ephemeral_messages(world.alice)[-1]
    record = await world.fake.click(confirm, user=world.alice, prefix="g:")
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    shown = world.fake.message(confirm.id)
    assert "🎴 **Cup** · deal 1 of 5" in shown.text and "lost" in shown.text
    assert any(b.get("custom_id", "").startswith("log:") for b in shown.buttons())

"""A whole tournament of eight players through the fake Discord with an injected clock: sign-up
with its refusals, rounds that start by themselves (at once when a round's last game ends, or
at the next tick), a restart between rounds, two bot processes racing to pair a round, a
withdrawal, the final table; and a solitaire event whose deals only their player sees."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.i18n import tr
from bot.services.errors import ServiceError
from bot.services.tournament_snapshots import Standing
from rules.core import Resign
from tests.bot.harness import World, make_bot
from tests.fakediscord import FakeMessage, FakeUser
from tests.fakediscord.models import InteractionRecord


def make_admin(world: World, user: FakeUser) -> None:
    perms = discord.Permissions.general()
    perms.manage_guild = True
    world.fake.add_member(world.guild, user, permissions=perms.value)


async def slash(world: World, command: str, user: FakeUser, **options: Any) -> InteractionRecord:
    record = await world.fake.slash(command, user=user, channel=world.channel, options=options)
    await record.wait_response()
    await world.bot.asobiba.activity.wait_idle()
    return record


async def private(world: World, command: str, user: FakeUser, **options: Any) -> str:
    """A command answered privately: its (last) private message."""
    record = await slash(world, command, user, **options)
    await world.fake.wait_until(lambda: bool(world.fake.ephemeral_messages(user)))
    assert record.ephemeral or record.response_type == 5
    return world.fake.ephemeral_messages(user)[-1].text


async def standing(world: World) -> Standing:
    return await world.bot.asobiba.services.tournaments.queries.show(1)


async def boards_of_round(world: World) -> list[tuple[FakeMessage, int, int]]:
    """(board message, White's id, Black's id) for each game of the current round."""
    out = []
    for pairing in (await standing(world)).pairings:
        if pairing.game_id is None or pairing.black is None:
            continue
        game = await world.bot.games.queries.get(pairing.game_id)
        assert game.message_id is not None, "every new game's board is posted"
        out.append((world.fake.message(game.message_id), pairing.white, pairing.black))
    return out


def user_by_id(users: list[FakeUser], user_id: int) -> FakeUser:
    return next(u for u in users if u.id == user_id)


async def resign_on_discord(world: World, board: FakeMessage, user: FakeUser) -> None:
    """Resign as a player would: the Resign button, then the private confirmation."""
    record = await world.fake.click(board, user=user, prefix="rs:")
    await record.wait_complete()
    confirm = world.fake.ephemeral_messages(user)[-1]
    assert confirm.text == tr("confirm.resign", user.locale)
    record = await world.fake.click(confirm, user=user, prefix="g:")
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()


def round_messages(world: World, round_no: int) -> list[FakeMessage]:
    return [
        m for m in world.fake.messages_in(world.channel) if f"— round {round_no} of 4" in m.text
    ]


async def end_round_in_services(world: World) -> None:
    """End every game of the round without Discord (as the clocks or another process would):
    the lower id wins."""
    for _, white, black in await boards_of_round(world):
        loser = max(white, black)
        await world.bot.games.actions.act(
            next(
                p.game_id
                for p in (await standing(world)).pairings
                if {p.white, p.black} == {white, black}
            )
            or 0,
            loser,
            None,
            Resign.code,
        )


async def test_an_eight_player_swiss_through_discord(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    extra = [world.fake.add_user(name) for name in ("dave", "erin", "frank", "grace", "heidi")]
    users = [world.alice, world.bob, world.carol, *extra]
    make_admin(world, world.carol)

    # Creating needs Manage Server unless the server lets everyone.
    refused = await private(world, "tournament create bushi", world.alice)
    assert "Manage Server" in refused
    created = await slash(
        world,
        "tournament create bushi",
        world.carol,
        name="Autumn league",
        format="swiss",
        rounds=4,
        signup="3600",
        clock="86400",
        rated=True,
    )
    assert created.message is not None and not created.ephemeral
    assert "opened **Autumn league** (#1)" in created.message.text
    assert "Swiss, 4 rounds" in created.message.text
    # /tournament join as a mention: the reader's client names it in their language.
    (tournament,) = [c for c in world.fake.commands() if c["name"] == "tournament"]
    assert f"Join with </tournament join:{tournament['id']}>!" in created.message.text

    # heidi wants her notifications by DM.
    await private(world, "settings", extra[4], notify="dm")
    for user in users:
        text = await private(world, "tournament join", user)
        assert "You joined **Autumn league**" in text or "に参加しました" in text
    assert "already joined" in await private(world, "tournament join", world.alice)
    assert "no tournament with that number" in await private(
        world, "tournament join", world.alice, tournament=99
    )
    assert "organiser" in await private(world, "tournament start", world.alice)
    before = await slash(world, "tournament show", world.alice)
    assert before.message is not None and "Entrants: alice, bob, carol" in before.message.text

    # The sign-up deadline passes: the next tick starts round 1 in the channel.
    world.clock.advance(hours=1)
    await world.bot.tournament_tick()
    [round_1] = round_messages(world, 1)
    boards = await boards_of_round(world)
    assert len(boards) == 4 and round_1.text.count("Board ") == 4
    for board, white, black in boards:
        assert f"<@{white}>" in board.text and f"<@{black}>" in board.text
        assert f"/{board.id})" in round_1.text  # the pairings link to every board
    # Each board pings its two players (channel notifications are the default); heidi, who
    # asked for DMs, gets a DM with the link to her board instead.
    pinged = {
        int(u)
        for r in world.fake.requests
        if r.method == "POST" and isinstance(r.body, dict)
        for u in (r.body.get("allowed_mentions") or {}).get("users") or []
    }
    assert pinged == {u.id for u in users} - {extra[4].id}
    [dm] = world.fake.dm_messages(extra[4])
    assert "round 1: your game is ready" in dm.text
    assert any(f"/{board.id}" in dm.text for board, _, _ in boards)

    # Round 1 on Discord: the higher id resigns. The last resignation pairs round 2 at once.
    for board, white, black in boards:
        await resign_on_discord(world, board, user_by_id(users, max(white, black)))
    [round_2] = round_messages(world, 2)
    assert round_2.text.count("Board ") == 4

    # Round 2 ends without Discord, and the bot restarts before any tick: nothing is lost.
    await end_round_in_services(world)
    await world.restart()
    await world.bot.tournament_tick()
    assert len(round_messages(world, 3)) == 1
    await world.bot.tournament_tick()
    assert len(round_messages(world, 3)) == 1

    # Round 3 ends; two bot processes tick at the same moment: round 4 is paired once.
    await end_round_in_services(world)
    other = make_bot(world.db_url, world.clock)
    await world.fake.run_client(other)
    try:
        await asyncio.gather(world.bot.tournament_tick(), other.tournament_tick())
    finally:
        await world.fake.stop_client(other)
    await world.restart()  # the fake delivers to the newest session: hand the guild back
    assert len(round_messages(world, 4)) == 1
    assert len(await boards_of_round(world)) == 4
    assert (await standing(world)).tournament.current_round == 4

    # A player withdraws in round 4: their game is resigned and its board says so.
    boards = await boards_of_round(world)
    board, white, black = boards[-1]
    quitter = user_by_id(users, white)
    assert "withdrew" in await private(world, "tournament withdraw", quitter)
    assert any(
        "withdrew from **Autumn league**" in m.text for m in world.fake.messages_in(world.channel)
    )
    await world.fake.wait_until(lambda: "wins" in world.fake.message(board.id).text)
    for board, white, black in boards[:-1]:
        await resign_on_discord(world, board, user_by_id(users, max(white, black)))

    final = [m for m in world.fake.messages_in(world.channel) if "is over!" in m.text]
    assert len(final) == 1
    table = final[0].text
    assert table.splitlines()[1].startswith("1. **alice**")  # lowest id: won every game
    assert "Buchholz" in table and "(withdrawn)" in table
    shown = await slash(world, "tournament show", extra[0])
    assert shown.message is not None and "finished" in shown.message.text
    listed = await private(world, "tournament list", world.bob)
    assert "#1 **Autumn league**" in listed
    assert world.fake.client_error_messages() == []


async def test_a_solitaire_event_deals_privately(world: World) -> None:
    await world.bot.asobiba.services.servers.update(
        world.guild.id, pictures=False, tournaments_by_everyone=True
    )
    created = await slash(
        world,
        "tournament create yosukou",
        world.alice,
        variant="simplified",
        name="Tarot cup",
        deals=2,
        signup="3600",
    )
    assert created.message is not None and "the same 2 deals for everyone" in created.message.text
    joined = [await private(world, "tournament join", user) for user in (world.alice, world.bob)]
    assert joined[0].endswith("— 1 player so far.")  # one player, not "1 players"
    assert joined[1].endswith("（現在2人）。")  # bob reads Japanese
    assert "not started" in await private(world, "tournament play", world.alice)
    await private(world, "tournament start", world.alice)
    opened = world.fake.messages_in(world.channel)[-1].text
    assert "has started: the same 2 deals" in opened and f"<@{world.bob.id}>" in opened

    # Alice's deal is on a board only she sees, which says which deal it is, and her moves
    # edit it there.
    seen = len(world.fake.ephemeral_messages(world.alice))
    await slash(world, "tournament play", world.alice)
    [board] = world.fake.ephemeral_messages(world.alice)[seen:]
    assert board.ephemeral and "🎴 **Tarot cup** · deal 1 of 2" in board.text
    assert "Only you see this board" in board.text
    assert not any("deal 1 of 2" in m.text for m in world.fake.messages_in(world.channel))
    for _ in range(6):  # a few moves on the private board, then she resigns the deal
        moves = [b for b in board.buttons() if b.get("custom_id", "").startswith("g:")]
        if not moves:
            break
        record = await world.fake.click(board, user=world.alice, custom_id=moves[0]["custom_id"])
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    assert board.edit_count >= 1 and "Youscout" in board.text
    if any(b.get("custom_id", "").startswith("rs:") for b in board.buttons()):
        await resign_on_discord(world, board, world.alice)
    game = (await world.bot.games.queries.finished_games(world.alice.id))[0]
    assert game.tournament_id == 1 and board.id == game.message_id

    # Bob cannot replay Alice's finished deal before he has played it: her history does not
    # list it to him, and the replay itself is refused (bob reads Japanese).
    listing = await world.fake.slash(
        "history", user=world.bob, channel=world.channel, options={"user": world.alice}
    )
    await listing.wait_response()
    assert listing.message is not None
    assert listing.message.selects() == [] and "終わった対局はまだありません" in listing.text
    mine = await world.fake.slash("history", user=world.alice, channel=world.channel)
    await mine.wait_response()
    assert mine.message is not None and str(game.id) in str(mine.message.selects())
    try:
        await world.bot.games.queries.state_at(game.id, 0, world.bob.id)
    except ServiceError as error:
        assert "大会が終わるまで他の人には見せられません" in error.message("ja")
    else:
        raise AssertionError("a running event's deal was replayed to another entrant")
    for user in (world.alice, world.bob, world.bob):
        await slash(world, "tournament play", user)
        deal = world.fake.ephemeral_messages(user)[-1]
        assert "Only you see this board" in deal.text or "あなたにだけ見えています" in deal.text
        await resign_on_discord(world, deal, user)
        # The private board itself shows the resignation at once, and the confirmation
        # says it is done.
        assert any(b.get("custom_id", "").startswith("log:") for b in deal.buttons())
        assert not any(b.get("custom_id", "").startswith("rs:") for b in deal.buttons())
        assert "Only you see" not in deal.text and "あなたにだけ" not in deal.text
        assert world.fake.ephemeral_messages(user)[-1].text in ("Done.", "了解しました。")
    final = [m for m in world.fake.messages_in(world.channel) if "is over!" in m.text]
    assert len(final) == 1
    assert "won of 2" in final[0].text and "The deals' seed is " in final[0].text
    # How to check the deals, in words a player reads (no function or file names).
    assert "Anyone can check that the deals were fixed before play began" in final[0].text
    assert "deal_seed" not in final[0].text and ".py" not in final[0].text

    # Once it is over, /tournament play says so, with the final table — in each language.
    over = await private(world, "tournament play", world.alice)
    assert "**Tarot cup** (#1) is over — no more deals to play. Its final table:" in over
    assert "won of 2" in over and "no such tournament" not in over
    over = await private(world, "tournament play", world.bob)
    assert "**Tarot cup**（#1）はもう終わりました。これが最終順位です：" in over
    assert "配札のシードは" in over and "誰でも確かめられます" in over
    assert "deal_seed" not in over and "fairness" not in over
    assert world.fake.client_error_messages() == []


async def test_a_one_deal_event_speaks_of_one_and_says_when_it_is_over(world: World) -> None:
    """One entrant, one deal: no "1 players" nor "1 deals"; played out, the event says so;
    over, /tournament play says it is over and how it ended (not "no such tournament")."""
    await world.bot.asobiba.services.servers.update(
        world.guild.id, pictures=False, tournaments_by_everyone=True
    )
    await slash(
        world, "tournament create yosukou", world.carol, name="Solo cup", deals=1, signup="3600"
    )
    assert "1 player so far" in await private(world, "tournament join", world.carol)
    await slash(world, "tournament show", world.carol)
    assert world.fake.messages_in(world.channel)[-1].text.count("· 1 player\n") == 1
    assert "（現在2人）" in await private(world, "tournament join", world.bob)
    await private(world, "tournament start", world.carol)
    opened = world.fake.messages_in(world.channel)[-1].text
    assert "has started: the same deal for everyone. Play at your own pace" in opened
    await slash(world, "tournament play", world.carol)
    await resign_on_discord(world, world.fake.ephemeral_messages(world.carol)[-1], world.carol)
    played = await private(world, "tournament play", world.carol)
    (tournament,) = [c for c in world.fake.commands() if c["name"] == "tournament"]
    show = f"</tournament show:{tournament['id']}>"  # a refusal names commands as mentions too
    assert played == f"You have played the deal. See {show} for the table."
    await slash(world, "tournament play", world.bob)
    await resign_on_discord(world, world.fake.ephemeral_messages(world.bob)[-1], world.bob)
    over = await private(world, "tournament play", world.carol)
    assert over.startswith("🏁 **Solo cup** (#1) is over — no more deals to play.")
    assert "0 won of 1" in over and "The deals' seed is" in over
    over = await private(world, "tournament play", world.bob, tournament=1)
    assert "**Solo cup**（#1）はもう終わりました。" in over and "1回中0勝" in over
    assert world.fake.client_error_messages() == []

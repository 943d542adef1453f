"""custom_ids are the client's word. Discord sends the custom_id a (modified) client says was
clicked, and asks apps to check it came from the message ("ensuring that the custom_id
originates from the received message", Message Components); the bot runs a button racing an
edit of its message from its custom_id alone. So each of these forgeries arrives — on the
bot's own message, in a channel the forger is in — and each is refused with the friendly
out-of-date words, changing nothing and showing nothing of another server. Typed text longer
than allowed is refused with words saying so, never stored cut."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.db import PlayerStatRow
from bot.i18n import tr
from bot.services.snapshots import Player
from bot.text.errors import BAD_BUTTON
from rules.core import Resign
from tests.bot.harness import World, challenge, click, private_count, private_reply, until
from tests.fakediscord import FakeChannel, FakeMessage, FakeUser, InteractionRecord

MODAL_SUBMIT = 5
APPLICATION_COMMAND = 2


def other_server(world: World) -> FakeChannel:
    """A second server that added the bot, where Alice and Bob play too."""
    guild = world.fake.add_guild("Elsewhere")
    for user in (world.alice, world.bob):
        world.fake.add_member(guild, user)
    return world.fake.add_text_channel(guild, "lounge")


async def seed(world: World, guild_id: int, user_id: int, won: int) -> None:
    """A player's 易双六 results in one server's table (as finished games leave them)."""
    async with world.bot.db.transaction() as session:
        session.add(
            PlayerStatRow(
                guild_id=guild_id,
                user_id=user_id,
                game_key="yosukou:original",
                played=won + 1,
                won=won,
                drawn=0,
                lost=1,
                current_streak=won,
                best_streak=won,
                rated_games=0,
                updated_at=world.clock(),
            )
        )


async def forge(
    world: World, user: FakeUser, message: FakeMessage, custom_id: str, **data: Any
) -> InteractionRecord:
    """A click on ``message`` whose custom_id the client made up (not one on the message)."""
    record = await world.fake.raw_interaction(
        user=user,
        channel=message.channel,
        data={"custom_id": custom_id, "component_type": 2, **data},
        source_message=message,
    )
    await record.wait_complete()
    return record


async def refused(world: World, user: FakeUser, seen: int) -> None:
    said = await private_reply(world, user, seen)
    assert said in (BAD_BUTTON.en, BAD_BUTTON.ja), said


async def started(world: World, channel: FakeChannel) -> tuple[FakeMessage, int]:
    """Alice (to move) and Bob's game of 武士将棋 in ``channel``: its board and id."""
    board = await challenge(world, channel=channel)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    return board, int(board.selects()[0]["custom_id"].split(":")[1])


async def test_another_servers_table_is_never_shown(world: World) -> None:
    lounge = other_server(world)
    assert lounge.guild is not None
    secret = 424242424242  # a player of the other server only
    await seed(world, lounge.guild.id, secret, won=9)
    for n in range(12):  # two pages of this server's table
        await seed(world, world.guild.id, 1000 + n, won=n)
    record = await world.fake.slash(
        "standings", user=world.carol, channel=world.channel, options={"game": "yosukou:original"}
    )
    await record.wait_response()
    table = record.message
    assert table is not None and f"stp:{world.guild.id}:" in str(table.custom_ids())
    before, edits = table.text, table.edit_count

    seen = private_count(world, world.carol)
    await forge(world, world.carol, table, f"stp:{lounge.guild.id}:yosukou:original:0")
    await refused(world, world.carol, seen)
    await world.bot.asobiba.activity.wait_idle()
    assert table.text == before and table.edit_count == edits
    everything = [m.text for m in world.fake.visible_messages(world.channel, world.carol)]
    assert not any(str(secret) in text for text in everything)

    # This server's own table pages, and so does the one of games played outside servers
    # (0), anywhere.
    await click(world, table, world.carol, label="▶")
    await until(world, lambda: table.edit_count > edits)
    assert "(2/2)" in table.text or "2/2" in table.text, table.text
    await forge(world, world.carol, table, "stp:0:yosukou:original:0")
    await until(world, lambda: "everywhere" in table.text)
    assert str(secret) not in table.text


async def test_another_servers_history_is_never_paged(world: World) -> None:
    """A history page button names the server it lists: forged for another server, it is
    refused and the listing stays as it was."""
    lounge = other_server(world)
    assert lounge.guild is not None
    alice, bob = Player(world.alice.id, "alice"), Player(world.bob.id, "bob")
    for _ in range(26):  # two pages of games in this server
        made = await world.bot.games.starts.challenge(
            "bushi", alice, bob, challenger_seat=0, guild_id=world.guild.id
        )
        await world.bot.games.starts.accept(made.game.id, bob.user_id)
        await world.bot.games.actions.act(made.game.id, bob.user_id, None, Resign.code)
        world.clock.advance(minutes=1)
    record = await world.fake.slash("history", user=world.alice, channel=world.channel)
    await record.wait_response()
    listing = record.message
    assert listing is not None
    older = next(b["custom_id"] for b in listing.buttons() if b["label"] == "▶")
    assert older.startswith(f"hp:{world.alice.id}:{world.guild.id}:o:")
    before, edits = listing.selects()[0]["options"], listing.edit_count
    seen = private_count(world, world.alice)
    forged = older.replace(f":{world.guild.id}:", f":{lounge.guild.id}:", 1)
    await forge(world, world.alice, listing, forged)
    await refused(world, world.alice, seen)
    assert listing.selects()[0]["options"] == before and listing.edit_count == edits
    await click(world, listing, world.alice, label="▶")
    await until(world, lambda: len(listing.selects()[0]["options"]) == 1)


async def test_a_move_on_a_game_that_lives_elsewhere_is_not_played(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    here, here_id = await started(world, world.channel)
    lounge = other_server(world)
    there, there_id = await started(world, lounge)
    games = world.bot.asobiba.services.games
    game = await games.queries.get(here_id)
    code = str(game.rules.format(game.rules.legal_actions(game.state, 0)[0]))
    edits = (here.edit_count, there.edit_count)

    # On the board of the other server's game, Alice (to move in both) forges a move of this
    # server's game, and its other buttons.
    for forged in (
        f"g:{here_id}:{game.version}:{code}",
        f"g:{here_id}:{game.version}:~pick",
        f"cn:{here_id}",
        f"hint:{here_id}",
        f"log:{here_id}",
        f"rs:{here_id}:{game.version}",
    ):
        seen = private_count(world, world.alice)
        await forge(world, world.alice, there, forged)
        await refused(world, world.alice, seen)
    await world.bot.asobiba.activity.wait_idle()
    after = await games.queries.get(here_id)
    assert (after.version, after.ply) == (game.version, game.ply)
    assert (here.edit_count, there.edit_count) == edits
    assert (await games.queries.get(there_id)).ply == 0

    # The same move on its own board is played (the check lets the real place through).
    await forge(world, world.alice, here, f"g:{here_id}:{game.version}:{code}")
    await until(world, lambda: here.edit_count > edits[0])
    assert (await games.queries.get(here_id)).ply == game.ply + 1


async def test_a_finished_game_of_another_server_is_not_replayed_here(world: World) -> None:
    lounge = other_server(world)
    there, there_id = await started(world, lounge)
    await click(world, there, world.bob, label="Resign")
    confirm = world.fake.ephemeral_messages(world.bob)[-1]
    await click(world, confirm, world.bob, prefix="g:")
    await until(world, lambda: "🏆" in there.text)
    board = await challenge(world)  # any bot message in this server

    seen = private_count(world, world.alice)
    await forge(world, world.alice, board, f"rps:{there_id}")
    await refused(world, world.alice, seen)
    # /history's menu (its custom_id is on the message), with a value it never offered.
    record = await world.fake.slash("history", user=world.alice, channel=world.channel)
    await record.wait_complete()
    listing = world.fake.ephemeral_messages(world.alice)[-1]
    seen = private_count(world, world.alice)
    await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={
            "custom_id": f"hs:{world.alice.id}",
            "component_type": 3,
            "values": [str(there_id)],
        },
        source_message=listing,
    )
    await refused(world, world.alice, seen)
    assert all(f"#{there_id}" not in m.text for m in world.fake.ephemeral_messages(world.alice))


def note_form(game_id: int, typed: str) -> dict[str, Any]:
    """A submitted note form, as Discord sends one."""
    text_input = {"type": 4, "custom_id": "note", "value": typed}
    return {"custom_id": f"ntf:{game_id}", "components": [{"type": 18, "component": text_input}]}


async def test_a_note_form_for_a_game_elsewhere_is_not_kept(world: World) -> None:
    _, here_id = await started(world, world.channel)
    lounge = other_server(world)
    seen = private_count(world, world.alice)
    record = await world.fake.raw_interaction(
        user=world.alice, channel=lounge, data=note_form(here_id, "seen from afar"), itype=5
    )
    await record.wait_complete()
    await refused(world, world.alice, seen)
    assert await world.bot.asobiba.services.games.asides.note(here_id, world.alice.id) is None


@pytest.mark.parametrize("locale", ["en-US", "ja"])
async def test_an_overlong_note_is_refused_with_its_length_never_cut(
    world: World, locale: str
) -> None:
    board, game_id = await started(world, world.channel)
    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Note & plans")
    await private_reply(world, world.alice, seen)
    corner = world.fake.ephemeral_messages(world.alice)[-1]
    opened = await world.fake.click(corner, user=world.alice, label="Write note")
    await opened.wait_response()
    assert opened.modal is not None
    [label] = opened.modal["components"]
    assert label["component"]["max_length"] == 1000  # the client keeps to it

    # A crafted submit goes past it anyway.
    seen = private_count(world, world.alice)
    record = await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data=note_form(game_id, "x" * 4000),
        itype=MODAL_SUBMIT,
        shape=lambda payload: payload.update(locale=locale),
    )
    await record.wait_complete()
    said = await private_reply(world, world.alice, seen)
    if locale == "ja":
        assert "メモは1000文字まで" in said and "4000文字" in said
    else:
        assert "at most 1000 characters; yours has 4000" in said and "Nothing was saved" in said
    assert "Note saved" not in corner.text
    assert await world.bot.asobiba.services.games.asides.note(game_id, world.alice.id) is None


async def test_an_overlong_command_option_is_refused_with_its_length(world: World) -> None:
    away = world.fake.command("away")
    assert {o["name"]: o.get("max_length") for o in away["options"]}["until"] == 40
    record = await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={
            "id": away["id"],
            "name": "away",
            "type": 1,
            "options": [{"type": 3, "name": "until", "value": "9" * 500}],
        },
        itype=APPLICATION_COMMAND,
    )
    await record.wait_complete()
    assert record.ephemeral
    assert "takes at most 40 characters; yours has 500" in record.text
    assert (await world.bot.asobiba.services.away.status(world.alice.id)).until is None

    create = world.fake.command("tournament")
    record = await world.fake.raw_interaction(
        user=world.bob,  # in Japanese
        channel=world.channel,
        data={
            "id": create["id"],
            "name": "tournament",
            "type": 1,
            "options": [
                {
                    "type": 2,
                    "name": "create",
                    "options": [
                        {
                            "type": 1,
                            "name": "bushi",
                            "options": [{"type": 3, "name": "name", "value": "杯" * 150}],
                        }
                    ],
                }
            ],
        },
        itype=APPLICATION_COMMAND,
        shape=lambda payload: payload.update(locale="ja"),
    )
    await record.wait_complete()
    assert "100文字まで" in record.text and "150文字" in record.text
    assert await world.bot.asobiba.services.tournaments.queries.in_server(world.guild.id) == []
    assert tr("error.unexpected", "ja") not in record.text


async def test_a_tournament_table_pages_only_the_tournament_it_shows(world: World) -> None:
    """Away from a server (here the bot's DM), a table is shown to one of its entrants, and
    nothing else says whose tournament a page button names: another server's is refused."""
    tournaments = world.bot.asobiba.services.tournaments
    lounge = other_server(world)
    assert lounge.guild is not None
    perms = discord.Permissions.general()
    perms.manage_guild = True
    for guild, channel in ((world.guild, world.channel), (lounge.guild, lounge)):
        world.fake.add_member(guild, world.carol, permissions=perms.value)
        record = await world.fake.slash(
            "tournament create bushi", user=world.carol, channel=channel, options={}
        )
        await record.wait_complete()
    [ours] = [info.id for info in await tournaments.queries.in_server(world.guild.id)]
    [theirs] = [info.id for info in await tournaments.queries.in_server(lounge.guild.id)]
    await tournaments.actions.join(ours, world.guild.id, Player(world.alice.id, "alice"))
    await tournaments.actions.join(theirs, lounge.guild.id, Player(424242, "secret-entrant"))

    record = await world.fake.slash("tournament show", user=world.alice, channel=None)
    await record.wait_response()
    table = record.message
    assert table is not None and "alice" in table.text
    before, edits = table.text, table.edit_count
    seen = private_count(world, world.alice)
    await forge(world, world.alice, table, f"tpg:{theirs}:0")
    await refused(world, world.alice, seen)
    await world.bot.asobiba.activity.wait_idle()
    assert (table.text, table.edit_count) == (before, edits)
    assert all("secret-entrant" not in m.text for m in world.fake.dm_messages(world.alice))


async def test_games_menu_brings_only_this_servers_games_here(world: World) -> None:
    """/games in a server lists its own games; a value naming one elsewhere moves nothing."""
    _, there_id = await started(world, other_server(world))
    record = await world.fake.slash("games", user=world.alice, channel=world.channel)
    await record.wait_complete()
    listing = world.fake.ephemeral_messages(world.alice)[-1]
    posts = len(world.fake.messages_in(world.channel))
    seen = private_count(world, world.alice)
    await world.fake.raw_interaction(
        user=world.alice,
        channel=world.channel,
        data={"custom_id": "games:reopen", "component_type": 3, "values": [str(there_id)]},
        source_message=listing,
        shape=lambda payload: payload["message"]["components"].append(
            {
                "type": 1,
                "components": [{"type": 3, "custom_id": "games:reopen", "options": []}],
            }
        ),
    )
    await refused(world, world.alice, seen)
    await world.bot.asobiba.activity.wait_idle()
    assert len(world.fake.messages_in(world.channel)) == posts
    game = await world.bot.asobiba.services.games.queries.get(there_id)
    assert game.channel_id != world.channel.id

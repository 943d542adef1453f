"""A tournament round's deadline through the fake Discord, in both languages: the rule is said
when the event is made and joined, the round's unfinished games are adjudicated at the
deadline (their boards say so), and the final table says which games were decided and how."""

from __future__ import annotations

import pytest

from tests.bot.harness import World
from tests.bot.test_discord_tournament import private, slash
from tests.fakediscord import FakeUser


@pytest.fixture
def world(world_on_both: World) -> World:
    """On SQLite, and on PostgreSQL where ``TEST_DATABASE_URL`` is set."""
    return world_on_both


async def event_with_deadlines(world: World, game: str, organiser: FakeUser) -> str:
    """A one-round Swiss of ``game`` with two-day rounds: its announcement, once started."""
    await world.bot.asobiba.services.servers.update(
        world.guild.id, pictures=False, tournaments_by_everyone=True
    )
    created = await slash(
        world,
        f"tournament create {game}",
        organiser,
        name="Winter cup",
        format="swiss",
        rounds=1,
        round_days=2,
    )
    assert created.message is not None
    return created.message.text


async def joined(world: World, user: FakeUser) -> str:
    return await private(world, "tournament join", user)


async def test_a_round_deadline_adjudicates_by_the_solver_in_english(world: World) -> None:
    announced = await event_with_deadlines(world, "bushi", world.alice)
    assert "Each round lasts 2 days" in announced
    assert "solver's exact value" in announced
    said = await joined(world, world.alice)
    assert "You joined **Winter cup**" in said and "solver's exact value" in said
    await joined(world, world.bob)
    await private(world, "tournament start", world.alice)
    shown = await slash(world, "tournament show", world.alice)
    assert shown.message is not None and "round 1 of 1, ends <t:" in shown.message.text
    [pairing] = (await world.bot.asobiba.services.tournaments.queries.show(1)).pairings
    assert pairing.game_id is not None
    game = await world.bot.games.queries.get(pairing.game_id)
    assert game.message_id is not None
    # Nobody plays; one day on nothing happens, two days on the round is decided.
    world.clock.advance(days=1)
    await world.bot.tournament_tick()
    assert (await world.bot.games.queries.get(game.id)).status == "active"
    world.clock.advance(days=1, minutes=1)
    await world.bot.tournament_tick()
    await world.bot.asobiba.activity.wait_idle()
    board = world.fake.message(game.message_id).text
    assert "adjudicated" in board.lower()
    final = world.fake.messages_in(world.channel)[-1].text
    assert "Games adjudicated at a round's deadline" in final
    assert "Neither side can force mate" in final


async def test_a_round_deadline_adjudicates_by_our_rule_in_japanese(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, locale="ja")
    announced = await event_with_deadlines(world, "senretsu", world.bob)
    assert "1回戦は2日" in announced and "追加ルール" in announced
    await joined(world, world.alice)
    await joined(world, world.carol)
    await private(world, "tournament start", world.bob)
    world.clock.advance(days=2)
    await world.bot.tournament_tick()
    await world.bot.asobiba.activity.wait_idle()
    final = world.fake.messages_in(world.channel)[-1].text
    assert "ラウンドの期限で裁定した対局" in final
    assert "山札の残り" in final and "追加ルール" in final

"""The flows are plain objects composed by job (bot/ui/flows.py), and the choices the old
mixin order made implicitly hold by name: a tournament game that the move clock ends
advances its tournament at once (ClockNotices → TournamentFlows.after_game)."""

from __future__ import annotations

import inspect
from typing import get_type_hints

from bot.ui.flows import GameFlows
from tests.bot.harness import World
from tests.bot.test_discord_tournament import resign_on_discord
from tests.bot.test_discord_tournament_play import paired_event, round_boards, standing

#: "Small classes by job": a flow with more public methods than this holds more than one.
MOST_PUBLIC_METHODS = 20


def test_every_flow_is_a_plain_class_of_one_job() -> None:
    flows = get_type_hints(GameFlows).values()
    assert len(flows) >= 7
    for flow in flows:
        assert flow.__bases__ == (object,), f"{flow.__name__} inherits {flow.__bases__}"
        public = [n for n, _ in inspect.getmembers(flow, inspect.isfunction) if n[0] != "_"]
        assert len(public) < MOST_PUBLIC_METHODS, f"{flow.__name__}: {public}"


async def test_a_tournament_game_lost_on_time_pairs_the_next_round_at_once(
    world: World,
) -> None:
    await paired_event(world, world.alice, format="round_robin", clock="3600")
    first, second = await round_boards(world)
    await resign_on_discord(world, first, world.bob if "bob" in first.text else world.alice)
    assert (await standing(world)).tournament.current_round == 1

    # The other game's player to move lets the hour pass: the clock's tick ends that game,
    # and the round with it, without waiting for the tournaments' own tick.
    world.clock.advance(minutes=61)
    await world.bot.clock_tick()
    await world.bot.asobiba.activity.wait_idle()
    assert "time out" in world.fake.message(second.id).text
    assert (await standing(world)).tournament.current_round == 2
    assert any("round 2 of 3" in board.text for board in await round_boards(world))

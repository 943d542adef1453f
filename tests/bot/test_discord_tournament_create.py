"""``/tournament create <game>``: a subcommand per registered game with the game's own rule
options (never a starter's seat) beside the tournament's, within Discord's limits; a rule
chosen at creation holds for every game of the event."""

from __future__ import annotations

from typing import Any

from bot.games.registry import all_specs
from bot.services.snapshots import Player
from tests.bot.harness import World
from tests.bot.test_discord_tournament import private, slash

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
#: Discord's limit on a command's names, descriptions and choices together (the longest
#: localisation of each counts).
COMMAND_CHARACTERS = 8000


def create_subcommands(world: World) -> dict[str, dict[str, Any]]:
    [tournament] = [c for c in world.fake.global_commands if c["name"] == "tournament"]
    [create] = [o for o in tournament["options"] if o["name"] == "create"]
    assert create["type"] == SUB_COMMAND_GROUP
    return {o["name"]: o for o in create["options"]}


def longest(item: dict[str, Any], field: str) -> int:
    values = [str(item.get(field) or ""), *(item.get(f"{field}_localizations") or {}).values()]
    return max(len(v) for v in values)


def size(item: dict[str, Any]) -> int:
    total = longest(item, "name") + longest(item, "description")
    for choice in item.get("choices") or []:
        total += longest(choice, "name") + len(str(choice["value"]))
    return total + sum(size(option) for option in item.get("options") or [])


async def test_each_game_has_its_own_create_with_its_rule_options(world: World) -> None:
    subcommands = create_subcommands(world)
    assert len(subcommands) == len(all_specs())
    for spec in all_specs():
        sub = subcommands[spec.command.name.en]
        assert sub["type"] == SUB_COMMAND
        names = [o["name"] for o in sub["options"]]
        assert len(names) == len(set(names)) <= 25
        for option in spec.options:
            # Rules are offered; a starter's own seat is not (the pairings seat players).
            assert (option.name.en in names) is not option.picks_seat, option.key
        platform = {"format", "rounds", "clock", "rated"} if not spec.solitaire else {"deals"}
        assert platform <= set(names)
        assert ("days" in names) is spec.solitaire


async def test_every_command_fits_discords_size_limit(world: World) -> None:
    for command in world.fake.global_commands:
        assert size(command) <= COMMAND_CHARACTERS, command["name"]


async def test_a_rule_chosen_at_creation_holds_for_every_deal(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, tournaments_by_everyone=True)
    created = await slash(
        world, "tournament create yosukou", world.alice, name="Long cup", end_cards=5, deals=2
    )
    assert created.message is not None
    assert "Youscout · end_cards 5 · the same 2 deals" in created.message.text
    tournaments = world.bot.asobiba.services.tournaments
    assert (await tournaments.queries.show(1)).tournament.settings["rule_terminals"] == 5
    for user in (world.alice, world.carol):
        await private(world, "tournament join", user)
    await private(world, "tournament start", world.alice)
    await slash(world, "tournament play", world.carol)
    deal = await tournaments.actions.play(1, world.guild.id, Player(world.carol.id, "carol"))
    assert not deal.new  # the deal carol is playing
    assert deal.result.game.settings["rule_terminals"] == 5


async def test_rules_that_do_not_go_together_are_refused(world: World) -> None:
    await world.bot.asobiba.services.servers.update(world.guild.id, tournaments_by_everyone=True)
    refusal = await private(
        world, "tournament create yosukou", world.alice, variant="simplified", war="2"
    )
    assert "does not apply to the simplified rules" in refusal
    assert await world.bot.asobiba.services.tournaments.queries.in_server(world.guild.id) == []


async def test_a_japanese_server_announces_the_rules_in_japanese(world: World) -> None:
    await world.bot.asobiba.services.servers.update(
        world.guild.id, locale="ja", tournaments_by_everyone=True
    )
    created = await slash(world, "tournament create bushi", world.bob, cube="alternate")
    assert created.message is not None
    assert "駒の解釈 別の解釈" in created.message.text and "武士将棋大会" in created.message.text
    settings = (await world.bot.asobiba.services.tournaments.queries.show(1)).tournament.settings
    assert settings["cube"] == "alternate"

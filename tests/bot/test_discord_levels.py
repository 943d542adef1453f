"""Bot levels and the review, through the fake Discord: a challenge to the bot at a level keeps
that level in the game (across a restart), a level against a person is refused, and a finished
game against the bot is reviewed privately in the clicker's language."""

from __future__ import annotations

import dataclasses

from bot.ui.boards import board_heading
from rules.bushi import RULES as BUSHI
from rules.bushi.solve import solution
from rules.core.levels import LEVEL_SETTING
from tests.bot.harness import World, click, private_count, private_reply, until
from tests.fakediscord import FakeMessage


async def bot_game(world: World, **options: object) -> FakeMessage:
    """Alice challenges the bot to 武士将棋 as White: the bot (Black) drops first."""
    record = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.fake.bot_user, "colour": "white", **options},
    )
    await record.wait_complete()
    assert record.message is not None and not record.ephemeral
    return record.message


async def only_game_id(world: World) -> int:
    games = await world.bot.games.queries.list_games(world.alice.id)
    assert len(games) == 1
    return games[0].id


async def test_the_level_option_is_offered_in_both_languages(world: World) -> None:
    challenge = next(o for o in world.fake.command("bushi")["options"] if o["name"] == "challenge")
    level = next(o for o in challenge["options"] if o["name"] == "level")
    assert level["name_localizations"]["ja"] == "強さ"
    values = [c["value"] for c in level["choices"]]
    assert values == ["beginner", "novice", "strong", "perfect"]
    assert all(c["name_localizations"]["ja"] for c in level["choices"])


async def test_a_game_against_the_bot_keeps_its_level_across_a_restart(world: World) -> None:
    board = await bot_game(world, level="beginner")
    assert "bot level: beginner (blunders often)" in board.text
    game_id = await only_game_id(world)
    game = await world.bot.games.queries.get(game_id)
    assert game.settings[LEVEL_SETTING] == "beginner"
    assert game.ply == 1  # the bot dropped at once
    await world.restart()
    game = await world.bot.games.queries.get(game_id)
    assert game.settings[LEVEL_SETTING] == "beginner"


async def test_no_level_means_the_usual_strength(world: World) -> None:
    board = await bot_game(world)
    assert "bot level" not in board.text
    game = await world.bot.games.queries.get(await only_game_id(world))
    assert LEVEL_SETTING not in game.settings


async def test_a_level_against_a_person_is_refused(world: World) -> None:
    record = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.bob, "level": "novice"},
    )
    await record.wait_complete()
    assert "only for games against the bot" in await private_reply(world, world.alice, 0)
    assert world.fake.last_message(world.channel) is None
    assert await world.bot.games.queries.list_games(world.alice.id) == []


async def test_review_names_the_first_slip_privately_in_both_languages(world: World) -> None:
    fake = world.fake
    board = await bot_game(world, level="perfect")
    game_id = await only_game_id(world)
    # Alice plays best moves until one that loses value is there, plays it, and is mated.
    slip = None
    for _ in range(60):
        game = await world.bot.games.queries.get(game_id)
        if game.state.outcome is not None:
            break
        scored = solution(game.state.cube).move_values(game.state)
        top = max(v.rank for _, v in scored)
        worse = [(a, v) for a, v in scored if v.rank < top]
        if worse and slip is None:
            slip = (game.ply + 1, *worse[0], next(a for a, v in scored if v.rank == top))
        action = worse[0][0] if worse else next(a for a, v in scored if v.rank == top)
        code = BUSHI.format(action)
        if board.selects():
            menu = board.selects()[0]["custom_id"]
            record = await fake.select(board, menu, [code], user=world.alice)
        else:
            record = await fake.click(board, f"g:{game_id}:p{game.ply}:{code}", user=world.alice)
        await record.wait_complete()
        await world.bot.asobiba.activity.wait_idle()
    assert slip is not None
    ply, played, played_value, best = slip
    await until(world, lambda: "🏆" in board.text)
    assert [b["label"] for b in board.buttons()][-1] == "Review"

    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Review")
    english = await private_reply(world, world.alice, seen)
    assert fake.ephemeral_messages(world.alice)[-1].text == english
    assert "The first to slip was you, on move" in english
    label, after = BUSHI.action_label(played, "en"), played_value.one_ply_later().describe("en")
    assert f"• Move {ply}, you: {label} made it a {after}" in english
    assert f"the best was {BUSHI.action_label(best, 'en')}" in english

    seen = private_count(world, world.alice)
    record = await fake.click(board, user=world.alice, label="Review", locale="ja")
    await record.wait_complete()
    japanese = await private_reply(world, world.alice, seen)
    assert f"{ply}手目" in japanese and BUSHI.action_label(best, "ja") in japanese

    # The review is the player's: the bot's seat and onlookers get a refusal.
    await click(world, board, world.carol, label="Review")
    assert "only for the person who played it" in await private_reply(world, world.carol, 0)


async def test_a_game_between_people_has_no_review(world: World) -> None:
    record = await world.fake.slash(
        "bushi challenge", user=world.alice, channel=world.channel, options={"opponent": world.bob}
    )
    await record.wait_response()
    board = record.message
    assert board is not None
    await click(world, board, world.alice, label="Withdraw")
    await until(world, lambda: "called off" in board.text)
    assert "Review" not in {b["label"] for b in board.buttons()}


async def test_senretsu_offers_four_levels_and_plays_at_the_strong_one(world: World) -> None:
    challenge = next(
        o for o in world.fake.command("senretsu")["options"] if o["name"] == "challenge"
    )
    level = next(o for o in challenge["options"] if o["name"] == "level")
    assert [c["value"] for c in level["choices"]] == ["random", "greedy", "sharp", "sampling"]
    assert [c["name"] for c in level["choices"]][-2] == (
        "strong (weighs every card on the field, default)"
    )
    assert level["choices"][-2]["name_localizations"]["ja"] == "上級（盤上の札を重く見る・既定）"
    sampling = level["choices"][-1]
    assert sampling["name"].startswith("planner (plans whole turns, tries them on samples")
    assert sampling["name_localizations"]["ja"].startswith(
        "熟考（1ターンを丸ごと計画し、見えない札を"
    )
    record = await world.fake.slash(
        "senretsu challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.fake.bot_user, "first": "coin", "level": "sharp"},
    )
    await record.wait_complete()
    assert record.message is not None
    assert "bot level: strong (weighs every card on the field, default)" in record.message.text
    game = await world.bot.games.queries.get(await only_game_id(world))
    assert game.settings[LEVEL_SETTING] == "sharp"


async def test_a_game_stored_at_a_retired_level_names_who_plays_it(world: World) -> None:
    record = await world.fake.slash(
        "senretsu challenge",
        user=world.alice,
        channel=world.channel,
        options={"opponent": world.fake.bot_user, "first": "coin", "level": "greedy"},
    )
    await record.wait_complete()
    game = await world.bot.games.queries.get(await only_game_id(world))
    # Stored before the tuned model, at today's-search level: the default (strong) plays it.
    retired = dataclasses.replace(game, settings={**game.settings, LEVEL_SETTING: "search"})
    assert "bot level: strong (weighs every card" in board_heading(retired, "en")
    assert "上級" in board_heading(retired, "ja")
    assert "bot level: novice" in board_heading(game, "en")

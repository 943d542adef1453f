"""Your mistakes come back (issue 31) through the fake Discord, in both languages: a game
against the bot finished with one blunder → /puzzle says "your mistakes: 1 due" → its button
poses the position as the game's picture for the player's seat → the answer is judged with why
and the next review's day → the card is not due again today (and its stale menu reviews
nothing)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from bot.db.models import MistakeCardRow
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.statuses import GameStatus
from rules.bushi.solve import solution
from rules.core import Resign
from tests.bot.harness import World
from tests.fakediscord import FakeMessage, FakeUser

BOT = Player(999, "Asobiba", is_bot=True)
REVIEW, ANSWER = "mkn:", "mka:"


async def one_blunder(games: GameService, who: FakeUser) -> int:
    """``who`` (White) against the bot on the alternate cube: best moves until a move that
    loses value is on offer, that one, then a resignation if the game goes on."""
    player = Player(who.id, who.username)
    game = (
        await games.starts.challenge(
            "bushi", player, BOT, challenger_seat=1, settings={"cube": "alternate"}
        )
    ).game
    while game.status == GameStatus.ACTIVE:
        scored = solution(game.state.cube).move_values(game.state)
        best = max(v.rank for _, v in scored)
        worse = [a for a, v in scored if v.rank < best]
        action = worse[0] if worse else next(a for a, v in scored if v.rank == best)
        game = (
            await games.actions.act(game.id, who.id, game.version, game.rules.format(action))
        ).game
        if worse and game.status == GameStatus.ACTIVE:
            game = (await games.actions.act(game.id, who.id, game.version, Resign.code)).game
    return game.id


async def open_puzzle(world: World, who: FakeUser) -> FakeMessage:
    record = await world.fake.slash(
        "puzzle", user=who, channel=world.channel, options={"game": "bushi"}
    )
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    return world.fake.ephemeral_messages(who)[-1]


async def review_flow(world: World, who: FakeUser, due_line: str, right: str, later: str) -> None:
    game_id = await one_blunder(world.bot.games, who)
    await world.bot.mistake_cards.idle()  # the cards are made after the game's commit
    async with world.bot.db.read() as session:
        [row] = list(
            await session.scalars(select(MistakeCardRow).where(MistakeCardRow.user_id == who.id))
        )
    assert row.game_id == game_id
    puzzle = await open_puzzle(world, who)
    assert due_line in puzzle.text
    seen = len(world.fake.ephemeral_messages(who))
    record = await world.fake.click(puzzle, user=who, prefix=REVIEW)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    cards = world.fake.ephemeral_messages(who)
    assert len(cards) == seen + 1  # a card of its own: the puzzle stays
    card = cards[-1]
    assert card.attachments, "the position comes as the game's picture"
    assert f"#{game_id}" in card.text
    [menu] = [s for s in card.selects() if s["custom_id"].startswith(ANSWER)]
    offered = {o["value"] for o in menu["options"]}
    assert set(row.answers) <= offered and row.played in offered
    record = await world.fake.select(card, menu["custom_id"], [row.answers[0]], user=who)
    await record.wait_complete()
    await world.bot.asobiba.activity.wait_idle()
    assert right in card.text and later in card.text
    assert not [s for s in card.selects() if s["custom_id"].startswith(ANSWER)]
    # Not due again today: /puzzle no longer offers it, and the old menu reviews nothing.
    world.clock.advance(hours=12)
    assert due_line not in (await open_puzzle(world, who)).text
    assert await world.bot.asobiba.services.mistakes.due_count(who.id) == 0
    stale = await world.bot.asobiba.services.mistakes.answer(who.id, row.id, 0, row.answers[0])
    assert not stale.counted
    async with world.bot.db.read() as session:
        after: Any = await session.get(MistakeCardRow, row.id)
    assert after.reviews == 1 and after.due_at > world.clock()


async def test_a_blunder_comes_back_in_english(world: World) -> None:
    await review_flow(world, world.alice, "🔁 Your mistakes: 1 due", "⭕ Right!", "Next review:")


async def test_a_blunder_comes_back_in_japanese(world: World) -> None:
    await review_flow(
        world, world.bob, "🔁 あなたの対局の間違い：復習 1問", "⭕ 正解！", "次の復習："
    )

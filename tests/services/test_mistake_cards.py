"""Your mistakes come back (issue 31), on a real database (SQLite, and PostgreSQL when
configured): a finished game's blunders become the player's cards exactly once — after its
commit, again after a restart's catch-up, with two tries at once — each card is due once and
rescheduled by its answer (FSRS), a stale or doubled answer reviews nothing, and the cards are
in the player's Export and gone after Delete."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select

from bot.db import Database
from bot.db.models import MistakeCardRow, MistakeScanRow
from bot.services.dm_reach import DmReachBook
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.mistake_cards import MistakeCards
from bot.services.mistake_reviews import MistakeReviews
from bot.services.privacy import PrivacyService
from bot.services.snapshots import Player
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.statuses import GameStatus
from rules.bushi.solve import solution
from rules.core import Resign, Rng
from tests.conftest import FakeClock

ALICE = Player(731_948_205_117_493_761, "alice")
BOT = Player(999, "Asobiba", is_bot=True)


async def blundered_game(games: GameService) -> int:
    """Alice (White) against the perfect bot on the alternate cube, playing the solver's worst
    move every turn until the game ends (resigning after 40 moves)."""
    result = await games.starts.challenge(
        "bushi", ALICE, BOT, challenger_seat=1, settings={"cube": "alternate"}
    )
    game = result.game
    for _ in range(40):
        if game.status != GameStatus.ACTIVE:
            return game.id
        scored = solution(game.state.cube).move_values(game.state)
        worst = min(scored, key=lambda item: item[1].rank)[0]
        game = (
            await games.actions.act(game.id, ALICE.user_id, game.version, game.rules.format(worst))
        ).game
    await games.actions.act(game.id, ALICE.user_id, game.version, Resign.code)
    return game.id


async def cards_of(db: Database, game_id: int) -> int:
    async with db.read() as session:
        return int(
            await session.scalar(
                select(func.count())
                .select_from(MistakeCardRow)
                .where(MistakeCardRow.game_id == game_id)
            )
            or 0
        )


async def test_a_blunder_against_the_bot_becomes_a_card_once(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    making = MistakeCards(db, games)
    making.listen()
    game_id = await blundered_game(games)
    await making.idle()  # made after the game's commit, in the background
    made = await cards_of(db, game_id)
    assert made >= 1
    # Again, after a restart (the catch-up), and two tries at once: nothing more.
    assert await making.make(game_id) is None
    assert await MistakeCards(db, games).catch_up() == []
    async with db.transaction() as session:
        await session.execute(MistakeScanRow.__table__.delete())
        await session.execute(MistakeCardRow.__table__.delete())
    twice = await asyncio.gather(making.make(game_id), MistakeCards(db, games).make(game_id))
    assert sorted(m is None for m in twice) == [False, True]
    assert await cards_of(db, game_id) == made
    async with db.read() as session:
        users = set(await session.scalars(select(MistakeCardRow.user_id)))
    assert users == {ALICE.user_id}  # never the bot's


async def test_the_catch_up_makes_the_cards_a_stop_interrupted(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    game_id = await blundered_game(games)  # nobody listening: the process "stopped"
    assert await cards_of(db, game_id) == 0
    [made] = await MistakeCards(db, games).catch_up()
    assert made.game_id == game_id and made.cards == await cards_of(db, game_id) >= 1
    assert made.seconds < 2.0  # well within two seconds of the game's end


async def test_a_card_is_due_once_and_its_answer_reschedules_it(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    game_id = await blundered_game(games)
    await MistakeCards(db, games).catch_up()
    reviews = MistakeReviews(db, clock)
    due = await reviews.due_count(ALICE.user_id)
    assert due == await cards_of(db, game_id)
    card = await reviews.next_due(ALICE.user_id)
    assert card is not None and card.reviews == 0
    right = card.mistake.answers[0]
    review = await reviews.answer(ALICE.user_id, card.id, card.reviews, right)
    assert review.right and review.counted
    assert review.due_at >= clock() + timedelta(days=1)  # not due again today
    assert review.due_now == due - 1
    # A double click, or the same card's stale menu: judged, not reviewed again.
    again = await reviews.answer(ALICE.user_id, card.id, card.reviews, card.mistake.played)
    assert not again.right and not again.counted and again.due_at == review.due_at
    clock.advance(hours=23)
    assert (await reviews.card(ALICE.user_id, card.id)).due_at > clock()
    clock.advance(days=60)
    back = await reviews.card(ALICE.user_id, card.id)
    assert back.due_at <= clock() and back.reviews == 1
    wrong = await reviews.answer(ALICE.user_id, card.id, 1, card.mistake.played)
    assert wrong.counted and not wrong.right
    # Wrong: back sooner than after a right answer, and never the same day.
    assert clock() + timedelta(days=1) <= wrong.due_at


async def test_export_holds_the_cards_and_delete_removes_them(
    db: Database, clock: FakeClock
) -> None:
    games = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    game_id = await blundered_game(games)
    await MistakeCards(db, games).catch_up()
    standings = StandingsService(db, clock)
    dm_reach = DmReachBook(db, clock)
    privacy = PrivacyService(
        db, games, TournamentService(games, GuildService(db, clock)), standings, dm_reach
    )
    exported: dict[str, Any] = await privacy.records.export(ALICE.user_id)
    cards = exported["mistake_cards"]
    assert len(cards) == await cards_of(db, game_id) >= 1
    assert {c["game_id"] for c in cards} == {game_id} and "user_id" not in cards[0]
    assert cards[0]["answers"] and cards[0]["position"]
    await privacy.delete_everything(ALICE.user_id)
    assert await cards_of(db, game_id) == 0

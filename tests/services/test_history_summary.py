"""Each seat of a finished game carries the game's summary (migration 0026), which /history reads
instead of the game: the database keeps it, and it must say exactly what the game's own row
says — a column added to ``game`` and not to SQLite's summary, a seat renamed and not summed up
again, a board redrawn after the end, would each show here as a difference."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from bot.db import Database, GameRow, GameSeatRow
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.privacy import PrivacyService
from bot.services.snapshots import FORMER_PLAYER_NAME, GameSummary, Player
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.statuses import GameStatus
from rules.core import Resign
from tests.conftest import FakeClock
from tests.services.game_rows import insert_finished_game

ALICE, BOB, CAROL = Player(1, "alice"), Player(2, "bob"), Player(3, "carol")
GUILD = 50


async def summaries(db: Database) -> dict[int, tuple[GameSummary, list[GameSummary | None]]]:
    """Each game as its row says, and as each of its seats' summaries says (None: none)."""
    async with db.read() as session:
        rows = (await session.scalars(select(GameRow).order_by(GameRow.id))).all()
        games = {row.id: GameSummary.summary_of(row) for row in rows}
        seats = (
            await session.execute(
                select(GameSeatRow.game_id, GameSeatRow.summary).order_by(
                    GameSeatRow.game_id, GameSeatRow.seat
                )
            )
        ).all()
    out: dict[int, tuple[GameSummary, list[GameSummary | None]]] = {
        game_id: (game, []) for game_id, game in games.items()
    }
    for game_id, summary in seats:
        out[game_id][1].append(None if summary is None else GameSummary.from_summary(summary))
    return out


async def assert_each_finished_game_summed_up(db: Database) -> None:
    for game, held in (await summaries(db)).values():
        if game.status == GameStatus.FINISHED:
            assert held == [game] * len(game.seats), game.id
        else:
            assert held == [None] * len(game.seats), game.id


async def test_a_finished_games_seats_say_what_its_row_says(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, challenge_ttl=timedelta(hours=1))
    playing = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0, guild_id=GUILD)
    await service.starts.accept(playing.game.id, BOB.user_id)
    finished = await service.starts.challenge("bushi", ALICE, CAROL, challenger_seat=1)
    await service.starts.accept(finished.game.id, CAROL.user_id)
    clock.advance(minutes=3)
    await service.actions.act(finished.game.id, CAROL.user_id, None, Resign.code)
    declined = await service.starts.challenge("bushi", BOB, CAROL, challenger_seat=0)
    await service.starts.decline(declined.game.id, CAROL.user_id)
    solo = await service.starts.start_solitaire("yosukou", ALICE, guild_id=GUILD)
    await service.actions.act(solo.game.id, ALICE.user_id, None, Resign.code)
    await assert_each_finished_game_summed_up(db)
    # The open games have none; the finished ones, their seats and result as the row has them.
    held = await summaries(db)
    assert held[playing.game.id][1] == [None, None]
    seats = held[finished.game.id][1]
    assert seats[0] is not None and seats[0].outcome is not None
    assert [s.display_name for s in seats[0].seats] == ["carol", "alice"]  # alice sat at 1

    # A finished game's board redrawn: its summary follows.
    async with db.transaction() as session:
        await session.execute(
            update(GameRow).where(GameRow.id == finished.game.id).values(message_id=777)
        )
    await assert_each_finished_game_summed_up(db)
    assert (await summaries(db))[finished.game.id][1][1].message_id == 777  # type: ignore[union-attr]

    # The game in play ends later: its seats are summed up as it ends.
    clock.advance(minutes=5)
    await service.actions.act(playing.game.id, BOB.user_id, None, Resign.code)
    await assert_each_finished_game_summed_up(db)


async def test_a_departed_player_is_a_former_player_in_others_histories(
    db: Database, clock: FakeClock
) -> None:
    service = GameService(db, clock=clock)
    made = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    await service.starts.accept(made.game.id, BOB.user_id)
    await service.actions.act(made.game.id, BOB.user_id, None, Resign.code)
    standings = StandingsService(db, clock)
    tournaments = TournamentService(service, GuildService(db, clock))
    assert await PrivacyService(db, service, tournaments, standings).forget(BOB.user_id)
    await assert_each_finished_game_summed_up(db)
    [game] = (await service.queries.history.page(ALICE.user_id)).games
    assert game.seats[1].display_name == FORMER_PLAYER_NAME
    assert game.seats[1].user_id != BOB.user_id


async def test_a_game_inserted_already_over_is_summed_up(db: Database, clock: FakeClock) -> None:
    """However a row arrives (an import, a restore, a test's own insert), its seats follow."""
    when = clock()
    await insert_finished_game(db, when, ALICE.user_id, BOB.user_id)
    await assert_each_finished_game_summed_up(db)
    [game] = (await GameService(db, clock=clock).queries.history.page(BOB.user_id)).games
    assert [s.display_name for s in game.seats] == ["alice", "bob"]


async def test_a_summary_of_the_longest_names_fits_in_the_history_index(
    db: Database, clock: FakeClock
) -> None:
    """On PostgreSQL each summary is carried in ``ix_game_seat_user_history`` (0027), whose
    entries may not pass 2 704 bytes: two names of 100 four-byte characters (the longest a
    seat holds, and what compresses least) still end a game, and the page reads them."""
    longest = ("𠮷" * 100, "🀄" * 100)
    first, second = Player(ALICE.user_id, longest[0]), Player(BOB.user_id, longest[1])
    service = GameService(db, clock=clock)
    made = await service.starts.challenge("bushi", first, second, challenger_seat=0, rated=True)
    await service.starts.accept(made.game.id, BOB.user_id)
    await service.actions.act(made.game.id, BOB.user_id, None, Resign.code)
    await assert_each_finished_game_summed_up(db)
    [game] = (await service.queries.history.page(ALICE.user_id)).games
    assert tuple(s.display_name for s in game.seats) == longest
    assert game.outcome is not None

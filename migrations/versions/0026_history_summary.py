"""each seat of a finished game carries the game's summary (its columns but the state, and its
seats), kept by the database, so /history reads a page from its player's seats alone

A page of /history found its 25 games along the player's seats (0021) and then read each game's
row: about 1.8 KB with the state inline, two to a page, so a page was 25 pages read at random
from a ``game`` table of 2.6 GB at a million games, and each game's seats from another table —
some 70 pages, which no page cache holds (on SQLite, 1.8–2.1× the cost at ten thousand games).
``game_seat.summary`` is the game as a summary shows it (every column but ``state``, by name,
and ``seats``: each seat's number, player, name, whether a bot, whether to act), NULL unless the
game is finished; a page is then its player's 25 seat rows.

Triggers keep it, so no write of the bot's spells it out: on any change of a finished game
(its end, a board message redrawn), on a change of who sits in a finished game's seat (a
player deleting their data) and on a seat inserted into a finished game. A move of a game in
play only tests the game's status. Like 0021's, the triggers live with the tables: a later
migration that rebuilds ``game`` or ``game_seat`` on SQLite must create them again
(:func:`create_triggers`), and one that adds a column to ``game`` must too (SQLite's summary
names the columns; ``tests/services/test_history_summary.py`` fails when one is missing).

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
FINISHED = "'finished'"
#: The game's columns at this revision (all but ``state``), and which of them hold JSON.
COLUMNS = (
    "id",
    "game_type",
    "rules_version",
    "schema_version",
    "status",
    "settings",
    "seed",
    "version",
    "ply",
    "rated",
    "challenger_seat",
    "outcome",
    "guild_id",
    "channel_id",
    "message_id",
    "ping_message_id",
    "locale",
    "created_at",
    "updated_at",
    "expires_at",
    "finished_at",
    "move_seconds",
    "deadline_at",
    "reminders_sent",
    "daily_key",
    "salt",
    "tournament_id",
    "board_claimed_at",
    "board_reach",
    "planners",
    "held_since",
    "pause",
    "open_to",
    "clock",
)
JSON_COLUMNS = {"settings", "outcome", "pause", "open_to", "clock"}
SEAT_FIELDS = ("seat", "user_id", "display_name", "is_bot", "to_act")


def sqlite_summary(game: str) -> str:
    """The summary of the game in row ``game`` (its seats read from ``game_seat``)."""
    columns = ", ".join(
        f"'{c}', " + (f"json({game}.{c})" if c in JSON_COLUMNS else f"{game}.{c}") for c in COLUMNS
    )
    seat = ", ".join(f"'{f}', s.{f}" for f in SEAT_FIELDS)
    seats = (
        f"(SELECT json_group_array(json_object({seat})) FROM "
        f"(SELECT * FROM game_seat WHERE game_id = {game}.id ORDER BY seat) AS s)"
    )
    return f"json_object({columns}, 'seats', json({seats}))"


SQLITE_BACKFILL = (
    f"UPDATE game_seat SET summary = (SELECT {sqlite_summary('game')} FROM game "
    f"WHERE game.id = game_seat.game_id AND game.status = {FINISHED})"
)

SQLITE_TRIGGERS = (
    # A finished game changed (or stopped being finished, which nothing does today).
    f"""CREATE TRIGGER game_seat_summary_on_game AFTER UPDATE ON game
    WHEN NEW.status = {FINISHED} OR OLD.status = {FINISHED}
    BEGIN
        UPDATE game_seat SET summary = CASE WHEN NEW.status = {FINISHED}
            THEN {sqlite_summary("NEW")} END
        WHERE game_id = NEW.id;
    END""",
    # Someone else in a seat of a finished game (its summary is the finished game's mark).
    f"""CREATE TRIGGER game_seat_summary_on_seat AFTER UPDATE OF user_id, display_name, is_bot,
        to_act ON game_seat
    WHEN NEW.summary IS NOT NULL
    BEGIN
        UPDATE game_seat SET summary = (SELECT {sqlite_summary("game")} FROM game
            WHERE game.id = NEW.game_id)
        WHERE game_id = NEW.game_id;
    END""",
    f"""CREATE TRIGGER game_seat_summary_on_insert AFTER INSERT ON game_seat
    WHEN EXISTS (SELECT 1 FROM game WHERE id = NEW.game_id AND status = {FINISHED})
    BEGIN
        UPDATE game_seat SET summary = (SELECT {sqlite_summary("game")} FROM game
            WHERE game.id = NEW.game_id)
        WHERE game_id = NEW.game_id;
    END""",
)

_PG_SEAT = ", ".join(f"'{f}', s.{f}" for f in SEAT_FIELDS)
POSTGRES_TRIGGERS = (
    # Every column but the state (the columns a later migration adds, too), and the seats.
    f"""CREATE FUNCTION game_summary(bigint) RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT (to_jsonb(g) - 'state') || jsonb_build_object('seats',
        (SELECT jsonb_agg(jsonb_build_object({_PG_SEAT}) ORDER BY s.seat)
         FROM game_seat s WHERE s.game_id = g.id))
    FROM game g WHERE g.id = $1 AND g.status = {FINISHED}
    $$""",
    """CREATE FUNCTION game_seat_summary_of_game() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE game_seat SET summary = game_summary(NEW.id) WHERE game_id = NEW.id;
        RETURN NULL;
    END $$""",
    f"""CREATE TRIGGER game_seat_summary_on_game AFTER UPDATE ON game
    FOR EACH ROW WHEN (NEW.status = {FINISHED} OR OLD.status = {FINISHED})
    EXECUTE FUNCTION game_seat_summary_of_game()""",
    """CREATE FUNCTION game_seat_summary_of_seat() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE game_seat SET summary = game_summary(NEW.game_id) WHERE game_id = NEW.game_id;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER game_seat_summary_on_seat AFTER UPDATE OF user_id, display_name, is_bot,
        to_act ON game_seat
    FOR EACH ROW WHEN (NEW.summary IS NOT NULL) EXECUTE FUNCTION game_seat_summary_of_seat()""",
    # A game's seats are inserted with it, open: only a finished one's are summed up.
    f"""CREATE FUNCTION game_seat_summary_of_new_seat() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF EXISTS (SELECT 1 FROM game WHERE id = NEW.game_id AND status = {FINISHED}) THEN
            UPDATE game_seat SET summary = game_summary(NEW.game_id)
            WHERE game_id = NEW.game_id;
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER game_seat_summary_on_insert AFTER INSERT ON game_seat
    FOR EACH ROW EXECUTE FUNCTION game_seat_summary_of_new_seat()""",
)

POSTGRES_BACKFILL = "UPDATE game_seat SET summary = game_summary(game_id)"

DROP_TRIGGERS = {
    "sqlite": (
        "DROP TRIGGER game_seat_summary_on_game",
        "DROP TRIGGER game_seat_summary_on_seat",
        "DROP TRIGGER game_seat_summary_on_insert",
    ),
    "postgresql": (
        "DROP TRIGGER game_seat_summary_on_game ON game",
        "DROP TRIGGER game_seat_summary_on_seat ON game_seat",
        "DROP TRIGGER game_seat_summary_on_insert ON game_seat",
        "DROP FUNCTION game_seat_summary_of_game()",
        "DROP FUNCTION game_seat_summary_of_seat()",
        "DROP FUNCTION game_seat_summary_of_new_seat()",
        "DROP FUNCTION game_summary(bigint)",
    ),
}


def create_triggers() -> None:
    """The triggers keeping ``game_seat.summary`` in step with its game and seats."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in SQLITE_TRIGGERS if sqlite else POSTGRES_TRIGGERS:
        op.execute(statement)


def backfill() -> None:
    """Every finished game's seats given its summary (the bench's fill calls this too)."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.execute(SQLITE_BACKFILL if sqlite else POSTGRES_BACKFILL)


def upgrade() -> None:
    op.add_column("game_seat", sa.Column("summary", JSON, nullable=True))
    create_triggers()
    backfill()


def downgrade() -> None:
    for statement in DROP_TRIGGERS[op.get_bind().dialect.name]:
        op.execute(statement)
    # Both databases drop a column in place (SQLite since 3.35): a batch copy of ``game_seat``
    # would trip over 0021's triggers on ``game``, which name the table.
    op.execute("ALTER TABLE game_seat DROP COLUMN summary")

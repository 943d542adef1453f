"""each seat says when its game ended, kept by the database, so a player's open games and
their history are read from one index (in order, a page at a time) however many games they
have played; a player's games by id, and a server's table in its ranking order, indexed too

A player's games were found through their seats and then every one of their games read to
keep the open ones, or to sort the finished ones for one page of /history: the cost grew with
the player's history. ``game_seat.ended_at`` is when the game stopped being open (its
``finished_at``, or the last change of a declined or expired challenge; NULL while open).
Triggers keep it: on the game's change of status or end, and on a seat's insert (a game
inserted already over). They live with the tables: a later migration that rebuilds ``game``
or ``game_seat`` on SQLite (batch mode copies the table) must create them again (see
:func:`create_triggers`; ``tests/services/test_history_keys.py`` fails without them).

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

TIME = sa.DateTime(timezone=True)

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The statuses of a game still open (``bot.statuses.OPEN_GAME_STATUSES``).
OPEN = "('challenge', 'active')"


def ended(game: str) -> str:
    """When the game in row ``game`` ended, or NULL while it is open."""
    return (
        f"CASE WHEN {game}.status IN {OPEN} THEN NULL "
        f"ELSE COALESCE({game}.finished_at, {game}.updated_at) END"
    )


BACKFILL = (
    f"UPDATE game_seat SET ended_at = (SELECT {ended('game')} FROM game "
    "WHERE game.id = game_seat.game_id)"
)

SQLITE_TRIGGERS = (
    # Only when the game opens or ends (every move writes the status, unchanged).
    f"""CREATE TRIGGER game_seat_ended_on_game AFTER UPDATE OF status, finished_at ON game
    WHEN (NEW.status IN {OPEN}) IS NOT (OLD.status IN {OPEN})
        OR NEW.finished_at IS NOT OLD.finished_at
    BEGIN
        UPDATE game_seat SET ended_at = {ended("NEW")} WHERE game_id = NEW.id;
    END""",
    f"""CREATE TRIGGER game_seat_ended_on_seat AFTER INSERT ON game_seat
    WHEN NEW.ended_at IS NULL
        AND EXISTS (SELECT 1 FROM game WHERE id = NEW.game_id AND status NOT IN {OPEN})
    BEGIN
        UPDATE game_seat SET ended_at = (SELECT {ended("game")} FROM game
            WHERE game.id = NEW.game_id)
        WHERE game_id = NEW.game_id AND seat = NEW.seat;
    END""",
)

POSTGRES_TRIGGERS = (
    f"""CREATE FUNCTION game_seat_ended() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE game_seat SET ended_at = {ended("NEW")} WHERE game_id = NEW.id;
        RETURN NULL;
    END $$""",
    f"""CREATE TRIGGER game_seat_ended_on_game AFTER UPDATE OF status, finished_at ON game
    FOR EACH ROW WHEN ((NEW.status IN {OPEN}) IS DISTINCT FROM (OLD.status IN {OPEN})
        OR NEW.finished_at IS DISTINCT FROM OLD.finished_at)
    EXECUTE FUNCTION game_seat_ended()""",
    f"""CREATE FUNCTION game_seat_ended_at_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        SELECT {ended("game")} INTO NEW.ended_at FROM game WHERE game.id = NEW.game_id;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER game_seat_ended_on_seat BEFORE INSERT ON game_seat
    FOR EACH ROW WHEN (NEW.ended_at IS NULL) EXECUTE FUNCTION game_seat_ended_at_insert()""",
)

DROP_TRIGGERS = {
    "sqlite": (
        "DROP TRIGGER game_seat_ended_on_game",
        "DROP TRIGGER game_seat_ended_on_seat",
    ),
    "postgresql": (
        "DROP TRIGGER game_seat_ended_on_game ON game",
        "DROP TRIGGER game_seat_ended_on_seat ON game_seat",
        "DROP FUNCTION game_seat_ended()",
        "DROP FUNCTION game_seat_ended_at_insert()",
    ),
}


#: A server's table's orders (``bot.db.models.RATED_RANKING`` and ``WIN_SHARE``, as they were
#: at this revision): rated games, and solitaires.
TABLE_ORDERS = {
    "ix_player_stat_rated_table": ("(rating_mu - 2.0 * rating_sigma) DESC", "rated_games DESC"),
    "ix_player_stat_solo_table": ("won DESC", "(won * 1.0 / played) DESC", "best_streak DESC"),
}


def create_triggers() -> None:
    """The triggers keeping ``game_seat.ended_at`` in step with its game."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in SQLITE_TRIGGERS if sqlite else POSTGRES_TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    op.add_column("game_seat", sa.Column("ended_at", TIME, nullable=True))
    op.execute(BACKFILL)
    create_triggers()
    # /games (ended_at NULL) and /history (newest ended first, keyset by ended_at and id).
    op.create_index("ix_game_seat_user_ended", "game_seat", ["user_id", "ended_at", "game_id"])
    # A player's most recent games (/profile's pace): in id order, without a sort.
    op.create_index("ix_game_seat_user_game", "game_seat", ["user_id", "game_id"])
    op.drop_index("ix_game_seat_user_id", table_name="game_seat")
    # A server's table in its order (its rows counted from the index alone, a page read
    # without a sort); they begin as the index they replace did.
    for name, order in TABLE_ORDERS.items():
        op.create_index(
            name, "player_stat", ["guild_id", "game_key", *(sa.text(o) for o in order), "user_id"]
        )
    op.drop_index("ix_player_stat_guild_game", table_name="player_stat")


def downgrade() -> None:
    op.create_index("ix_player_stat_guild_game", "player_stat", ["guild_id", "game_key"])
    for name in TABLE_ORDERS:
        op.drop_index(name, table_name="player_stat")
    for statement in DROP_TRIGGERS[op.get_bind().dialect.name]:
        op.execute(statement)
    op.create_index("ix_game_seat_user_id", "game_seat", ["user_id"])
    op.drop_index("ix_game_seat_user_game", table_name="game_seat")
    op.drop_index("ix_game_seat_user_ended", table_name="game_seat")
    with op.batch_alter_table("game_seat") as batch:
        batch.drop_column("ended_at")

"""each server's table for a game keeps how many players it lists, so /standings reads its
heading's page count from one row instead of counting the table's index on every page

``standings_size`` holds, per server and game key, the players with a result row there who do
not hide their results (``players``: a solitaire's table) and, of those, the ones with a rated
game (``rated_players``: a rated game's table) — exactly what ``bot.services.standings`` used
to count. Triggers keep it in the transaction that changes a result row (inserted, deleted, its
keys or whether it has a rated game changed: a finished game changes it only for a player's
first game, or first rated game, in that table) or a player's choice to hide their results.
They live with the tables: a later migration that rebuilds ``player_stat``, ``user_pref`` or
``standings_size`` on SQLite (batch mode copies the table) must create them again (see
:func:`create_triggers`; ``tests/services/test_standings_size.py`` fails without them).

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def hidden(user: str) -> str:
    """Whether ``user`` hides their results (``bot.services.standings`` leaves them out)."""
    return f"EXISTS (SELECT 1 FROM user_pref p WHERE p.user_id = {user} AND p.hide_stats IS TRUE)"


def count(row: str, sign: int) -> str:
    """Add (``sign`` 1) or take away (-1) result row ``row`` from its table's size."""
    return f"""INSERT INTO standings_size (guild_id, game_key, players, rated_players)
        SELECT {row}.guild_id, {row}.game_key,
            CASE WHEN {hidden(f"{row}.user_id")} THEN 0 ELSE {sign} END,
            CASE WHEN {row}.rated_games > 0 AND NOT {hidden(f"{row}.user_id")}
                THEN {sign} ELSE 0 END
        WHERE true
        ON CONFLICT (guild_id, game_key) DO UPDATE SET
            players = standings_size.players + excluded.players,
            rated_players = standings_size.rated_players + excluded.rated_players"""


def shift(user: str, sign: str) -> str:
    """Add (``sign`` 1) or take away (-1) ``user``'s result rows from their tables' sizes."""
    mine = (
        "FROM player_stat s WHERE s.guild_id = standings_size.guild_id "
        f"AND s.user_id = {user} AND s.game_key = standings_size.game_key"
    )
    return f"""UPDATE standings_size SET
            players = players + ({sign}),
            rated_players = rated_players
                + (SELECT CASE WHEN s.rated_games > 0 THEN ({sign}) ELSE 0 END {mine})
        WHERE EXISTS (SELECT 1 {mine})"""


#: A result row's change that moves a size: its keys, or whether it has a rated game.
STAT_MOVED = (
    "OLD.guild_id <> NEW.guild_id OR OLD.user_id <> NEW.user_id "
    "OR OLD.game_key <> NEW.game_key "
    "OR (COALESCE(OLD.rated_games, 0) > 0) <> (COALESCE(NEW.rated_games, 0) > 0)"
)
#: A player's choice to hide their results, changed.
HIDING_CHANGED = "(OLD.hide_stats IS TRUE) <> (NEW.hide_stats IS TRUE)"
#: ``sign`` for a player who now hides their results (-1), or now shows them (1).
NEW_SIGN = "CASE WHEN NEW.hide_stats IS TRUE THEN -1 ELSE 1 END"

SQLITE_TRIGGERS = (
    f"""CREATE TRIGGER standings_size_on_stat_insert AFTER INSERT ON player_stat
    BEGIN {count("NEW", 1)}; END""",
    f"""CREATE TRIGGER standings_size_on_stat_update
    AFTER UPDATE OF guild_id, user_id, game_key, rated_games ON player_stat
    WHEN {STAT_MOVED}
    BEGIN {count("OLD", -1)}; {count("NEW", 1)}; END""",
    f"""CREATE TRIGGER standings_size_on_stat_delete AFTER DELETE ON player_stat
    BEGIN {count("OLD", -1)}; END""",
    f"""CREATE TRIGGER standings_size_on_pref_insert AFTER INSERT ON user_pref
    WHEN NEW.hide_stats IS TRUE
    BEGIN {shift("NEW.user_id", "-1")}; END""",
    f"""CREATE TRIGGER standings_size_on_pref_update AFTER UPDATE OF hide_stats ON user_pref
    WHEN {HIDING_CHANGED}
    BEGIN {shift("NEW.user_id", NEW_SIGN)}; END""",
    f"""CREATE TRIGGER standings_size_on_pref_delete AFTER DELETE ON user_pref
    WHEN OLD.hide_stats IS TRUE
    BEGIN {shift("OLD.user_id", "1")}; END""",
)

POSTGRES_TRIGGERS = (
    f"""CREATE FUNCTION standings_size_of_stat() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP <> 'INSERT' THEN {count("OLD", -1)}; END IF;
        IF TG_OP <> 'DELETE' THEN {count("NEW", 1)}; END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER standings_size_on_stat_insert AFTER INSERT ON player_stat
    FOR EACH ROW EXECUTE FUNCTION standings_size_of_stat()""",
    f"""CREATE TRIGGER standings_size_on_stat_update
    AFTER UPDATE OF guild_id, user_id, game_key, rated_games ON player_stat
    FOR EACH ROW WHEN ({STAT_MOVED}) EXECUTE FUNCTION standings_size_of_stat()""",
    """CREATE TRIGGER standings_size_on_stat_delete AFTER DELETE ON player_stat
    FOR EACH ROW EXECUTE FUNCTION standings_size_of_stat()""",
    f"""CREATE FUNCTION standings_size_of_pref() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN {shift("OLD.user_id", "1")};
        ELSE {shift("NEW.user_id", NEW_SIGN)};
        END IF;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER standings_size_on_pref_insert AFTER INSERT ON user_pref
    FOR EACH ROW WHEN (NEW.hide_stats IS TRUE) EXECUTE FUNCTION standings_size_of_pref()""",
    f"""CREATE TRIGGER standings_size_on_pref_update AFTER UPDATE OF hide_stats ON user_pref
    FOR EACH ROW WHEN ({HIDING_CHANGED}) EXECUTE FUNCTION standings_size_of_pref()""",
    """CREATE TRIGGER standings_size_on_pref_delete AFTER DELETE ON user_pref
    FOR EACH ROW WHEN (OLD.hide_stats IS TRUE) EXECUTE FUNCTION standings_size_of_pref()""",
)

_NAMES = (
    ("standings_size_on_stat_insert", "player_stat"),
    ("standings_size_on_stat_update", "player_stat"),
    ("standings_size_on_stat_delete", "player_stat"),
    ("standings_size_on_pref_insert", "user_pref"),
    ("standings_size_on_pref_update", "user_pref"),
    ("standings_size_on_pref_delete", "user_pref"),
)
DROP_TRIGGERS = {
    "sqlite": tuple(f"DROP TRIGGER {name}" for name, _ in _NAMES),
    "postgresql": (
        *(f"DROP TRIGGER {name} ON {table}" for name, table in _NAMES),
        "DROP FUNCTION standings_size_of_stat()",
        "DROP FUNCTION standings_size_of_pref()",
    ),
}

BACKFILL = f"""INSERT INTO standings_size (guild_id, game_key, players, rated_players)
SELECT s.guild_id, s.game_key,
    SUM(CASE WHEN {hidden("s.user_id")} THEN 0 ELSE 1 END),
    SUM(CASE WHEN s.rated_games > 0 AND NOT {hidden("s.user_id")} THEN 1 ELSE 0 END)
FROM player_stat s GROUP BY s.guild_id, s.game_key"""


def create_triggers() -> None:
    """The triggers keeping ``standings_size`` in step with ``player_stat`` and ``user_pref``."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in SQLITE_TRIGGERS if sqlite else POSTGRES_TRIGGERS:
        op.execute(statement)


def upgrade() -> None:
    op.create_table(
        "standings_size",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(length=48), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rated_players", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "game_key"),
    )
    op.execute(BACKFILL)
    create_triggers()


def downgrade() -> None:
    for statement in DROP_TRIGGERS[op.get_bind().dialect.name]:
        op.execute(statement)
    op.drop_table("standings_size")

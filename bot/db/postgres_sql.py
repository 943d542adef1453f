"""The hot path's statements on PostgreSQL (see :mod:`bot.db.postgres_store`)."""

READ_GAME = """
SELECT g.id, g.game_type, g.status, g.settings::text, g.seed, g.salt, g.version, g.ply, g.rated,
       g.challenger_seat, g.outcome::text, g.guild_id, g.channel_id, g.message_id,
       g.ping_message_id, g.locale, g.created_at, g.updated_at, g.expires_at, g.finished_at,
       g.move_seconds, g.deadline_at, g.reminders_sent, g.daily_key, g.tournament_id,
       CASE WHEN $3::boolean OR g.version = $2::int THEN NULL ELSE g.state::text END,
       CASE WHEN g.version = $2::int THEN NULL ELSE (
           SELECT json_agg(json_build_array(s.seat, s.user_id, s.display_name, s.is_bot, s.to_act)
                           ORDER BY s.seat)::text
           FROM game_seat s WHERE s.game_id = g.id) END
FROM game g WHERE g.id = $1::int
"""

WRITE_ACTION = """
WITH g AS (
    UPDATE game SET state = $3::jsonb, version = version + 1, ply = $4::int, status = $5::text,
        outcome = $6::jsonb, finished_at = $7::timestamptz, deadline_at = $8::timestamptz,
        expires_at = $19::timestamptz,
        reminders_sent = CASE WHEN $9::boolean THEN 0 ELSE reminders_sent END,
        updated_at = $10::timestamptz,
        ping_message_id = CASE WHEN $11::bigint IS NULL THEN ping_message_id ELSE $11::bigint END
    WHERE id = $1::int AND version = $2::int
    RETURNING id, channel_id, message_id, ping_message_id, reminders_sent
), logged AS (
    INSERT INTO game_event (game_id, ply, seat, action, events, public_text_ja, public_text_en,
                            created_at)
    SELECT g.id, x.ply, x.seat, x.action, x.events, x.ja, x.en, $10::timestamptz
    FROM g, unnest($12::int[], $13::int[], $14::text[], $15::jsonb[], $16::text[], $17::text[])
        AS x(ply, seat, action, events, ja, en)
), seats AS (
    UPDATE game_seat SET to_act = (($18::int >> game_seat.seat) & 1) = 1
    FROM g WHERE game_seat.game_id = g.id AND $18::int IS NOT NULL
), notice AS (
    INSERT INTO clock_notice (game_id, kind, number, deadline_at, created_at)
    SELECT g.id, $20::text, $21::int, $22::timestamptz, $10::timestamptz
    FROM g WHERE $20::text IS NOT NULL
    RETURNING id
)
SELECT channel_id, message_id, ping_message_id, reminders_sent, (SELECT id FROM notice) FROM g
"""

CREATE_GAME = """
WITH g AS (
    INSERT INTO game (game_type, rules_version, schema_version, status, settings, seed, salt,
                      state, version, ply, rated, challenger_seat, guild_id, channel_id, locale,
                      created_at, updated_at, expires_at, move_seconds, deadline_at,
                      reminders_sent, daily_key, tournament_id)
    VALUES ($1::text, $2::int, $3::int, $4::text, $5::jsonb, $6::bigint, $7::text, $8::jsonb, 1,
            0, $9::boolean, $10::int, $11::bigint, $12::bigint, $13::text, $14::timestamptz,
            $14::timestamptz, $15::timestamptz, $16::int, $17::timestamptz, 0, $18::text,
            $24::int)
    RETURNING id
), seats AS (
    INSERT INTO game_seat (game_id, seat, user_id, display_name, is_bot, to_act)
    SELECT g.id, x.seat, x.user_id, x.display_name, x.is_bot, x.to_act
    FROM g, unnest($19::int[], $20::bigint[], $21::text[], $22::boolean[], $23::boolean[])
        AS x(seat, user_id, display_name, is_bot, to_act)
)
SELECT id FROM g
"""

READ_LOG = """
SELECT ply, seat, action, public_text_ja, public_text_en FROM game_event
WHERE game_id = $1::int ORDER BY ply
"""

READ_MOVES = "SELECT seat, action FROM game_event WHERE game_id = $1::int ORDER BY ply"

COUNT_RESULT = """
INSERT INTO player_stat AS p (guild_id, user_id, game_key, played, won, drawn, lost,
                              current_streak, best_streak, rated_games, updated_at)
VALUES ($1::bigint, $2::bigint, $3::text, 1, $4::int, $5::int, $6::int, $4::int, $4::int, 0,
        $7::timestamptz)
ON CONFLICT (guild_id, user_id, game_key) DO UPDATE SET
    played = p.played + 1, won = p.won + excluded.won, drawn = p.drawn + excluded.drawn,
    lost = p.lost + excluded.lost,
    current_streak = CASE WHEN excluded.won = 1 THEN p.current_streak + 1 ELSE 0 END,
    best_streak = CASE WHEN excluded.won = 1 AND p.current_streak + 1 > p.best_streak
                       THEN p.current_streak + 1 ELSE p.best_streak END,
    updated_at = excluded.updated_at
"""

READ_RATING = """
SELECT rating_mu, rating_sigma FROM player_stat
WHERE guild_id = $1::bigint AND user_id = $2::bigint AND game_key = $3::text FOR UPDATE
"""

WRITE_RATING = """
UPDATE player_stat SET rating_mu = $1::float8, rating_sigma = $2::float8,
    rated_games = rated_games + 1, updated_at = $3::timestamptz
WHERE guild_id = $4::bigint AND user_id = $5::bigint AND game_key = $6::text
"""

WRITE_OUTCOME = "UPDATE game SET outcome = $2::jsonb WHERE id = $1::int"

SAVE_PINGS = """
UPDATE game SET ping_message_id = x.new
FROM unnest($1::int[], $2::bigint[], $3::bigint[]) AS x(id, old, new)
WHERE game.id = x.id AND game.ping_message_id IS NOT DISTINCT FROM x.old
RETURNING game.id
"""

#: Many games in one statement: ``$1`` their ids, ``$2`` the versions held (state and seats
#: left out where equal), ``ord`` each request's place in the batch.
READ_GAMES = """
SELECT q.ord, g.id, g.game_type, g.status, g.settings::text, g.seed, g.salt, g.version, g.ply,
       g.rated, g.challenger_seat, g.outcome::text, g.guild_id, g.channel_id, g.message_id,
       g.ping_message_id, g.locale, g.created_at, g.updated_at, g.expires_at, g.finished_at,
       g.move_seconds, g.deadline_at, g.reminders_sent, g.daily_key, g.tournament_id,
       CASE WHEN g.version = q.known THEN NULL ELSE g.state::text END,
       CASE WHEN g.version = q.known THEN NULL ELSE (
           SELECT json_agg(json_build_array(s.seat, s.user_id, s.display_name, s.is_bot, s.to_act)
                           ORDER BY s.seat)::text
           FROM game_seat s WHERE s.game_id = g.id) END
FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS q(id, known, ord)
JOIN game g ON g.id = q.id
"""

#: Many ordinary actions (on distinct games) in one statement: each game's guarded UPDATE, the
#: events of those whose version still matched (joined by ``idx``, the action's place in the
#: batch), their seats; one row back per action that was written.
WRITE_ACTIONS = """
WITH x AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::jsonb[], $5::int[], $6::text[],
                         $7::jsonb[], $8::timestamptz[], $9::timestamptz[], $10::timestamptz[],
                         $11::boolean[], $12::timestamptz[], $13::bigint[], $14::int[])
        AS x(idx, id, seen, state, ply, status, outcome, finished_at, expires_at, deadline_at,
             reset, updated_at, ping, mask)
), g AS (
    UPDATE game SET state = x.state, version = game.version + 1, ply = x.ply,
        status = x.status, outcome = x.outcome, finished_at = x.finished_at,
        expires_at = x.expires_at, deadline_at = x.deadline_at,
        reminders_sent = CASE WHEN x.reset THEN 0 ELSE game.reminders_sent END,
        updated_at = x.updated_at,
        ping_message_id = COALESCE(x.ping, game.ping_message_id)
    FROM x WHERE game.id = x.id AND game.version = x.seen
    RETURNING x.idx, game.id, game.channel_id, game.message_id, game.ping_message_id,
              game.reminders_sent, x.mask, x.updated_at
), logged AS (
    INSERT INTO game_event (game_id, ply, seat, action, events, public_text_ja, public_text_en,
                            created_at)
    SELECT g.id, e.ply, e.seat, e.action, e.events, e.ja, e.en, g.updated_at
    FROM unnest($15::int[], $16::int[], $17::int[], $18::text[], $19::jsonb[], $20::text[],
                $21::text[]) AS e(idx, ply, seat, action, events, ja, en)
    JOIN g ON g.idx = e.idx
), seats AS (
    UPDATE game_seat SET to_act = ((g.mask >> game_seat.seat) & 1) = 1
    FROM g WHERE game_seat.game_id = g.id AND g.mask IS NOT NULL
)
SELECT idx, channel_id, message_id, ping_message_id, reminders_sent FROM g
"""

"""Tables. A game keeps a state snapshot for fast loads and an event log for history/replay."""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.sql.elements import ColumnElement

from bot.db.types import JSONType, StatusType, UTCDateTime
from bot.statuses import BoardReach, DeliveryKind, GameStatus, TournamentFormat, TournamentStatus

# Stable constraint names so Alembic can alter them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSONType,
        datetime: UTCDateTime,
    }


#: The version a game is created at.
FIRST_VERSION = 1
Version = TypeVar("Version", int, ColumnElement[int])


def next_version(version: Version) -> Version:
    """A game's version after a change: the one rule, used by the ORM's version counter, by the
    stores' guarded updates (compiled from the column's expression) and by copies in memory."""
    return version + 1


def _orm_version(version: int | None) -> int:
    """The ORM's version counter (asked with ``None`` for a new row)."""
    return FIRST_VERSION if version is None else next_version(version)


class GameRow(Base):
    __tablename__ = "game"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_type: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer)
    schema_version: Mapped[int] = mapped_column(Integer)
    #: challenge → active → finished; or declined / expired / aborted.
    status: Mapped[GameStatus] = mapped_column(StatusType(GameStatus), index=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSONType)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: Hex salt sealing the seed (games with hidden randomness): the board shows the hash of
    #: seed and salt from the start and reveals both at the end, so anyone can check the deal.
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSONType)
    #: Bumped by every UPDATE (optimistic locking); buttons carry the version they were drawn at.
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    ply: Mapped[int] = mapped_column(Integer, default=0)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Who issued the challenge; the other seat(s) must accept it.
    challenger_seat: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    guild_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    channel_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: How the bot reaches that message: itself (a channel it is in) or only through the
    #: interactions on it (a user install's DM, group DM or server without the bot).
    board_reach: Mapped[BoardReach] = mapped_column(
        StatusType(BoardReach, 16), default=BoardReach.CHANNEL, server_default="channel"
    )
    #: A tournament game whose board was never posted, claimed by the scheduler to announce it
    #: again (once, by one process): when. None: never claimed.
    board_claimed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: The last "your turn" ping, deleted when the next one is sent (one ping, not a wall).
    ping_message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    locale: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: The move clock: seconds per move (None = no clock), when the player(s) to act run out
    #: of time, and how many reminders were sent for that deadline.
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True, index=True)
    reminders_sent: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: For the daily deal: ``YYYY-MM-DD:<variant>``; everyone's daily game that day shares it.
    daily_key: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: The tournament this game is a pairing (or a solitaire deal) of; None for other games.
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament.id", ondelete="SET NULL"), nullable=True, index=True
    )
    #: Since when the game's clock is stopped (a player away, the game adjourned); None: it runs.
    held_since: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: Why it is stopped: ``{"away": {seat: until}, "adjourned": …, "asked": seat, "sealed": …}``
    #: (see :mod:`bot.services.holds`).
    pause: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    #: An open challenge (anyone may take the empty seat): ``{"min": rating, "max": rating}``.
    open_to: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    #: What the deadline is worked out from: each seat's quiet hours, a time bank, the turn
    #: running (see :mod:`bot.services.game_clock`); None: a plain clock, nothing kept yet.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)

    #: How many players hold a planned line in this game (``game_aside``): kept by the plans'
    #: own writes without the version (so no board goes stale), read back by each move's write.
    planners: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    seats: Mapped[list[GameSeatRow]] = relationship(
        back_populates="game", order_by="GameSeatRow.seat", lazy="selectin"
    )

    __mapper_args__ = {  # noqa: RUF012 - SQLAlchemy's own hook
        "version_id_col": version,
        "version_id_generator": _orm_version,
    }
    __table_args__ = (Index("ix_game_guild_status", "guild_id", "status"),)


class GameSeatRow(Base):
    __tablename__ = "game_seat"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    display_name: Mapped[str] = mapped_column(String(100))
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Denormalised "this seat must act now", kept in step with the state, for "my turn" lists.
    to_act: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The last turn notice sent to this player by DM, deleted when the next one is sent
    #: (as the channel's ping is: one message, not a pile).
    dm_ping_message_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: When the game stopped being open (its ``finished_at``; a declined or expired challenge's
    #: last change); None while open. Kept by the database's triggers (migration 0021), never
    #: written here: a player's open games and history are read from one index through it.
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: A finished game as a summary shows it (every column but its state, and its seats), kept
    #: by the database's triggers (migration 0026), never written here; None unless finished.
    #: /history reads a page from its player's seats alone (``bot.db.game_columns``:
    #: :func:`~bot.db.game_columns.record_of_summary`).
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)

    game: Mapped[GameRow] = relationship(back_populates="seats")

    __table_args__ = (
        # /games (``ended_at`` NULL) and /history (newest first, a page from a key).
        Index("ix_game_seat_user_ended", "user_id", "ended_at", "game_id"),
        # A player's most recent games, by id (/profile's pace).
        Index("ix_game_seat_user_game", "user_id", "game_id"),
        # /history on PostgreSQL: a page from the index alone, each entry carrying its game's
        # summary (0027); SQLite's has no summary in it.
        Index(
            "ix_game_seat_user_history",
            "user_id",
            "ended_at",
            "game_id",
            postgresql_include=["summary"],
            postgresql_where=text("summary IS NOT NULL"),
            sqlite_where=text("summary IS NOT NULL"),
        ),
    )


#: What a player's pace reads of each logged action (besides its game).
PACE_COLUMNS = ("ply", "seat", "created_at", "thought_seconds")


class GameEventRow(Base):
    __tablename__ = "game_event"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    #: None for the platform (a forfeit on time).
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str] = mapped_column(String(200))
    events: Mapped[dict[str, Any]] = mapped_column(JSONType)
    #: The public log line in both languages: what everyone may read.
    public_text_ja: Mapped[str] = mapped_column(Text, default="")
    public_text_en: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: How long the player thought over this action: the clock's time less their quiet hours
    #: and the time the clock stood. None: not timed (a planned answer, a second step of the
    #: same turn, the platform's) or logged before this was kept.
    thought_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (
        UniqueConstraint("game_id", "ply", name="uq_game_event_game_id_ply"),
        # A game's log as a player's pace reads it (/profile, ``bot.services.move_times``):
        # from the index alone, a few pages for a hundred games, where reading each row cost
        # a page of the table apiece (a million games' events don't stay in memory). It
        # serves a game's events by its id too (the foreign key, a game deleted).
        Index("ix_game_event_pace", "game_id", *PACE_COLUMNS),
    )


class GameAsideRow(Base):
    """What one player keeps to themselves about one game: a note, and (in games that allow
    it) a planned line — "if they play X, I answer Y" — with the ply it was planned at. Never
    part of the game's row, its log, its exports or its Verify files: only its author reads it."""

    __tablename__ = "game_aside"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: The planned line: action codes, the opponent's and this player's in turn.
    plan: Mapped[list[str] | None] = mapped_column(JSONType, nullable=True)
    #: The game's ply when the line was planned (its first move is ply ``plan_ply + 1``).
    plan_ply: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


#: The orders a server's table is ranked in, spelt once: an index on an expression serves only
#: that very expression, its numbers included. Rated games: the cautious rating, the mean less
#: two uncertainties (``bot.services.stats.CONSERVATIVE_SIGMAS``); solitaires: wins, then the
#: share of games won.
RATED_RANKING = "rating_mu - 2.0 * rating_sigma"
WIN_SHARE = "won * 1.0 / played"
#: A result row's columns that its table's indexes don't order by: carried at the end of each
#: so a page of the table is read from the index alone (a few pages, where reading each row
#: cost a page of the table apiece once the table outgrows memory).
RATED_TABLE_REST = (
    "played", "won", "drawn", "lost", "current_streak", "best_streak",
    "rating_mu", "rating_sigma", "updated_at",
)  # fmt: skip
SOLO_TABLE_REST = (
    "played", "drawn", "lost", "current_streak",
    "rating_mu", "rating_sigma", "rated_games", "updated_at",
)  # fmt: skip


class PlayerStatRow(Base):
    """Results per player, per server and per game (``bushi``, ``yosukou:original`` …),
    updated in the same transaction that finishes a game, so each game counts exactly once."""

    __tablename__ = "player_stat"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # 0 outside servers
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game_key: Mapped[str] = mapped_column(String(48), primary_key=True)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    drawn: Mapped[int] = mapped_column(Integer, default=0)
    lost: Mapped[int] = mapped_column(Integer, default=0)
    current_streak: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    #: The rating (two-player games; only rated games move it): mean and uncertainty.
    rating_mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    rated_games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        # A server's table, read a page at a time in its order (``bot.services.standings``):
        # no sort, and every column from the index. Its size is kept apart
        # (``StandingsSizeRow``), not counted from here.
        Index(
            "ix_player_stat_rated_table",
            "guild_id",
            "game_key",
            text(f"({RATED_RANKING}) DESC"),
            text("rated_games DESC"),
            "user_id",
            *RATED_TABLE_REST,
        ),
        Index(
            "ix_player_stat_solo_table",
            "guild_id",
            "game_key",
            text("won DESC"),
            text(f"({WIN_SHARE}) DESC"),
            text("best_streak DESC"),
            "user_id",
            *SOLO_TABLE_REST,
        ),
    )


class StandingsSizeRow(Base):
    """How many players a server's table for a game lists (``bot.services.standings``): kept by
    the database's triggers (migration 0023) in the transaction that changes a result row or a
    player's choice to hide their results, so a page's heading reads one row instead of
    counting the table's index every time."""

    __tablename__ = "standings_size"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # 0 outside servers
    game_key: Mapped[str] = mapped_column(String(48), primary_key=True)
    #: Players with a result row here who do not hide their results (a solitaire's table).
    players: Mapped[int] = mapped_column(Integer, default=0)
    #: Of those, the ones with a rated game (a rated game's table).
    rated_players: Mapped[int] = mapped_column(Integer, default=0)


class UserPrefRow(Base):
    """A user's own settings: where turn notifications go, and whether stats are hidden."""

    __tablename__ = "user_pref"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: ``channel`` (a mention in the game's channel), ``dm`` or ``none``.
    notify: Mapped[str] = mapped_column(String(8), default="channel")
    hide_stats: Mapped[bool] = mapped_column(Boolean, default=False)
    #: ``pictures`` or ``text`` for what this user sees privately; None: pictures.
    boards: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: The player's IANA time zone and nightly quiet hours (``HH:MM`` local): their move clock
    #: stands and no reminder reaches them then. None: no quiet hours.
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)
    quiet_from: Mapped[str | None] = mapped_column(String(5), nullable=True)
    quiet_to: Mapped[str | None] = mapped_column(String(5), nullable=True)
    #: Saturday and Sunday quiet all day too (None: not asked).
    quiet_weekends: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class GuildSettingRow(Base):
    """A server's own settings, set by its admins."""

    __tablename__ = "guild_setting"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: Channel ids games may be played in; empty means every channel.
    channels: Mapped[list[int]] = mapped_column(JSONType, default=list)
    default_clock_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: ``ja`` or ``en`` for public boards; None follows Discord's server language.
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: ``pictures`` or ``text`` for public boards; None: pictures.
    boards: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: Who may create tournaments: ``everyone``, or None for members with Manage Server.
    tournaments: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: The server's name on the web pages (``python -m bot web``), set when its admins publish
    #: its standings and daily results there; None: nothing of the server is listed on the web.
    web_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DeploymentSecretRow(Base):
    """A secret of this deployment, made at first need and kept here so every process and every
    restart shares it (no setup step for the operator). ``daily`` keys the daily deal's seed."""

    __tablename__ = "deployment_secret"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    secret: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TournamentRow(Base):
    """A server's tournament: its game, format and clock, and how far it has got.

    ``status``: signup → running → finished, or cancelled. Every step of the scheduler is a
    conditional UPDATE of this row (``status`` and ``current_round`` as read), so two processes
    or a restart never start, pair or finish anything twice.
    """

    __tablename__ = "tournament"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    organiser_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    game_type: Mapped[str] = mapped_column(String(32))
    settings: Mapped[dict[str, Any]] = mapped_column(JSONType)
    format: Mapped[TournamentFormat] = mapped_column(StatusType(TournamentFormat, 24))
    #: Swiss: the rounds asked for; solitaire: the number of deals; round robin: set at start.
    rounds: Mapped[int] = mapped_column(Integer)
    move_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: A time bank for every game (``{"start": s, "add": s, "cap": s}``); None: per move.
    bank: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    max_players: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: Kept in step with the entrant rows by conditional UPDATEs (the player limit holds).
    entrant_count: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[TournamentStatus] = mapped_column(StatusType(TournamentStatus), index=True)
    signup_until: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    #: Solitaire events: how long entrants have to play their deals once it starts, and when.
    play_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    closes_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    current_round: Mapped[int] = mapped_column(Integer, default=0)
    #: Paired events: how long a round lasts (None: a round waits for its last game), and
    #: when the current one ends — its games still running then are adjudicated.
    round_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    round_deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: The secret seed every solitaire deal derives from, sealed by ``salt`` until the end.
    seed: Mapped[int] = mapped_column(BigInteger)
    salt: Mapped[str] = mapped_column(String(64))
    locale: Mapped[str] = mapped_column(String(8), default="en")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    __table_args__ = (Index("ix_tournament_guild_status", "guild_id", "status"),)


class TournamentEntrantRow(Base):
    __tablename__ = "tournament_entrant"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, index=True)
    display_name: Mapped[str] = mapped_column(String(100))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: The seeding rank (1 = first), fixed when the tournament starts.
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The round in which the player withdrew (their later games are forfeited).
    withdrawn_round: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TournamentPairingRow(Base):
    """One game of a round (``black_id`` None: a bye). ``result`` is an outcome code of
    ``bot.tournament.Outcome`` (``1-0``, ``+/-`` …) or ``bye``, None while it is played."""

    __tablename__ = "tournament_pairing"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True
    )
    round_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(BigInteger)
    black_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), nullable=True, index=True
    )
    result: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: A game decided at the round's deadline: its rule and proof in both languages
    #: (``{"rule": …, "proof": {"ja": …, "en": …}}``), written with its result.
    adjudication: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)

    __table_args__ = (
        # A round's board exists once: a second scheduler pairing the same round fails here.
        UniqueConstraint(
            "tournament_id", "round_no", "board", name="uq_tournament_pairing_round_board"
        ),
    )


class TournamentDealRow(Base):
    """A solitaire event's deal ``deal_no`` as one entrant plays it, and how it went."""

    __tablename__ = "tournament_deal"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    deal_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), nullable=True, index=True
    )
    #: Filled in once the game is over: won, and the game's tie-break count (fewer is better).
    won: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    count: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PlayerAwayRow(Base):
    """A player away (``/away``): every clock of their games stopped until ``until``."""

    __tablename__ = "player_away"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    since: Mapped[datetime] = mapped_column(UTCDateTime)
    until: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class AwayUsedRow(Base):
    """Days of the yearly away allowance a player has used, per calendar year (UTC)."""

    __tablename__ = "away_used"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    year: Mapped[int] = mapped_column(Integer, primary_key=True)
    days: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class DmReachRow(Base):
    """What Discord has shown of whether the bot may DM a user — so that no DM goes where
    Discord would refuse it (each refusal spends the bot's allowance of invalid requests) —
    and where the user was last told their move-clock reminders go."""

    __tablename__ = "dm_reach"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: When Discord last vouched that the user shares a server with the bot: an interaction
    #: in a server that added it (or in its DM under that install), the home server's member
    #: list, or (before this was kept) a game in such a server.
    shared_server_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: Discord's last refusal of a DM to the user: its code (50007: they take no DMs from the
    #: bot; 50278: no server in common) and when.
    refused_code: Mapped[int | None] = mapped_column(Integer, nullable=True)
    refused_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: Where the user was last told their move-clock reminders go (``dm`` or ``nowhere``).
    told: Mapped[str | None] = mapped_column(String(8), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class DeliveryRow(Base):
    """What a committed change owes people (the transactional outbox): a board to redraw, a
    turn ping, a reminder, a result. Written in the change's own transaction; deleted once
    Discord took it or refused it for good. Until then it is retried with back-off, and a
    process killed in between leaves the row for the next one.

    ``due_at`` doubles as the lease: the process that wrote or claimed a row owns it until
    then (``owner`` names it), so several processes never deliver one row at once; a claim
    is a conditional UPDATE on the ``due_at`` it read."""

    __tablename__ = "delivery"
    #: Ids are never reused (SQLite would reuse a deleted row's): they key the posts' nonces.
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    kind: Mapped[DeliveryKind] = mapped_column(StatusType(DeliveryKind))
    #: A reminder's number (1: half the time left, 2: a sixth), and the deadline it warns of.
    number: Mapped[int] = mapped_column(Integer, default=0)
    deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    #: Who made the change (not told of their own move); None: the bot, a clock, a plan.
    actor_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: When it may next be taken: the end of its owner's lease, or of a failed try's back-off.
    due_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    #: The bot instance holding it (its shards); None: anyone's.
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Failed tries so far (each waits longer before the next).
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    #: What the last failed try met, for an operator.
    last_error: Mapped[str | None] = mapped_column(String(200), nullable=True)


class MistakeCardRow(Base):
    """A personal puzzle: a position of a finished game where the player lost value (found by
    the game's home), posed back to them by spaced repetition (FSRS). The position holds only
    what the player could see then; ``card`` is the scheduler's state, ``due_at`` its due
    date (kept beside it to find due cards), ``reviews`` counts answers (a stale card's click
    names an older count and reviews nothing)."""

    __tablename__ = "mistake_card"
    __table_args__ = (
        UniqueConstraint("user_id", "game_id", "ply", name="uq_mistake_card_user_id"),
        Index("ix_mistake_card_due", "user_id", "due_at"),
        # Ids are never reused: a card's buttons name it by id.
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(BigInteger)
    #: The game it came from and the step (from 1) of its log where the player went wrong.
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    ply: Mapped[int] = mapped_column(Integer)
    game_type: Mapped[str] = mapped_column(String(32))
    #: The ranked variant (``yosukou:simplified``), as /puzzle names games.
    game_key: Mapped[str] = mapped_column(String(48))
    kind: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    position: Mapped[dict[str, Any]] = mapped_column(JSONType)
    played: Mapped[str] = mapped_column(String(64))
    answers: Mapped[list[str]] = mapped_column(JSONType)
    proof: Mapped[dict[str, Any]] = mapped_column(JSONType)
    card: Mapped[dict[str, Any]] = mapped_column(JSONType)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    reviews: Mapped[int] = mapped_column(Integer, default=0)
    last_answer: Mapped[str | None] = mapped_column(String(64), nullable=True)
    last_right: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    reviewed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class MistakeScanRow(Base):
    """A finished game whose players' mistakes were looked for and their cards written (in the
    same transaction): the mark that makes it happen exactly once, across restarts."""

    __tablename__ = "mistake_scan"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    cards: Mapped[int] = mapped_column(Integer, default=0)
    #: Seconds from the game's end to its cards written (how long the finding took).
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    scanned_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LessonProgressRow(Base):
    """How far a player got in a game's lesson (``/learn``): the next step to show, so a
    lesson resumes where it was left."""

    __tablename__ = "lesson_progress"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: The lesson's key: a game's registry key, or ``<game>:<variant>`` (易双六 and 略式).
    lesson: Mapped[str] = mapped_column(String(48), primary_key=True)
    step: Mapped[int] = mapped_column(Integer, default=0)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PuzzleAttemptRow(Base):
    """A player's answer to a puzzle: the first answer is the one that counts (rating,
    streak); later tries are practice and are not written."""

    __tablename__ = "puzzle_attempt"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    #: ``<game key>:<puzzle id>``: puzzles are data in each game's home.
    puzzle: Mapped[str] = mapped_column(String(96), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, default=0)  # 0 outside servers
    #: The day (``YYYY-MM-DD``) when this was that server's daily puzzle; None otherwise.
    daily: Mapped[str | None] = mapped_column(String(10), nullable=True)
    answer: Mapped[str] = mapped_column(String(64))
    solved: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_puzzle_attempt_daily", "guild_id", "daily"),)


class PuzzleStatRow(Base):
    """The puzzle rating of a player per game (Glicko-2: a puzzle is an opponent with a
    rating of its own), and their daily-puzzle streak per server."""

    __tablename__ = "puzzle_stat"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game_key: Mapped[str] = mapped_column(String(48), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # 0 outside servers
    #: The Glicko-2 rating.
    rating_mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: OpenSkill's uncertainty, from before Glicko-2 (migration 0025); no longer written.
    rating_sigma: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: Glicko-2's deviation (350 new, smaller as answers settle it) and volatility.
    rating_deviation: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_volatility: Mapped[float | None] = mapped_column(Float, nullable=True)
    attempted: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    current_streak: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    #: The last day a daily puzzle was solved (the streak goes on only from the day before).
    last_daily: Mapped[str | None] = mapped_column(String(10), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PuzzleRatingRow(Base):
    """A puzzle's own rating, moved by every first answer to it (as lichess rates puzzles),
    by Glicko-2 as players' are."""

    __tablename__ = "puzzle_rating"

    puzzle: Mapped[str] = mapped_column(String(96), primary_key=True)
    #: The Glicko-2 rating.
    rating_mu: Mapped[float] = mapped_column(Float)
    #: OpenSkill's uncertainty before Glicko-2 (migration 0025); now the deviation's copy.
    rating_sigma: Mapped[float] = mapped_column(Float)
    rating_deviation: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_volatility: Mapped[float | None] = mapped_column(Float, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)

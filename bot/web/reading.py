"""What a web page may show, read through the services: never a hidden card (boards are the
spectator's view), a staged placement or a janken pick (private steps are folded into the
public ones), a note or a plan (never read), a deal others may still be playing, a seed before
it may be shown, nor the results of someone who hides them. Everything handed to the pages is
plain data made here; a game's state and seed never leave this module but as the spectator's
view and, once revealed, the Verify file.

What is *listed* (linked from a page anyone can reach: a player's recent games, a server's
standings and daily results) is only the "everywhere" table and servers whose admins published
them on the web (``/server settings``). Anything else opens only from its own signed address.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from bot.db import (
    Database,
    GameRow,
    GameSeatRow,
    GuildSettingRow,
    PlayerStatRow,
    TournamentPairingRow,
    TournamentRow,
)
from bot.games.registry import all_variants, variant_for_key
from bot.services.base import GameLoader
from bot.services.clock import Clock
from bot.services.errors import GameNotFound, ServiceError
from bot.services.game_cache import GameCache
from bot.services.game_clock import GameClock
from bot.services.move_times import MoveTimes, MoveTimeStats
from bot.services.puzzles import PuzzleService, PuzzleStanding
from bot.services.queries import GameQueries
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import (
    LOCAL_USER_MAX,
    GameSnapshot,
    GameSummary,
    LogEntry,
    is_former_player,
    public_steps,
)
from bot.services.standings import StandingsPage, StandingsService
from bot.services.stats import PlayerStat
from bot.services.tournament_errors import TournamentError
from bot.services.tournament_queries import TournamentQueries
from bot.services.tournament_snapshots import PairingInfo, Standing
from bot.statuses import OPEN_TOURNAMENT_STATUSES, GameStatus
from rules.core import Event, Locale, Outcome

#: The "everywhere" table's server number (games outside servers that added the bot).
EVERYWHERE = 0
RECENT_GAMES = 10
STANDINGS_PER_PAGE = 25
#: Players whose marks are read in one statement at most (SQLite's older builds take 999
#: parameters; the sweep may ask for every player with a page on disk).
MARKS_AT_ONCE = 500
#: How many closed days of daily deals a server's page links to.
DAILY_DAYS = 7


#: The games whose pages anyone holding their address may open (a challenge not yet answered,
#: declined or lapsed has none).
SHOWN_STATUSES = (GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.ABORTED)


class Kept(Exception):
    """A deal others may still be playing: not shown to anyone but its player."""


@dataclass(frozen=True, slots=True)
class SeatShown:
    seat: int
    name: str
    #: The seat's side in the game's words (先手/Black), in each language.
    side_ja: str
    side_en: str
    #: Whose record a link may open: a person still here (not the bot, a former or local player).
    user_id: int | None
    is_bot: bool
    former: bool
    to_act: bool
    #: A rated game's rating before and after.
    rating: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class BankShown:
    """A time bank as the page says it: what each seat has left (seconds, in seat order),
    what a move adds and the cap."""

    left: tuple[int, ...]
    add: int
    cap: int


@dataclass(frozen=True, slots=True)
class GameShown:
    """One game as a page shows it."""

    id: int
    version: int
    game_type: str
    title_ja: str
    title_en: str
    status: GameStatus
    rated: bool
    seats: tuple[SeatShown, ...]
    outcome: Outcome | None
    #: Whether the rules count the ending as a result (not "no result").
    counts: bool
    reason_ja: str
    reason_en: str
    move_seconds: int | None
    deadline_at: datetime | None
    held: bool
    created_at: datetime
    finished_at: datetime | None
    #: The public steps, once the game is over (while it runs: none, as on Discord).
    steps: tuple[LogEntry, ...]
    #: The last move's public words (a running game's "last move" line), in each language.
    last_ja: str
    last_en: str
    #: The seal on a hidden deal's seed while it is kept, and whether it may now be shown.
    commitment: str | None
    seed_revealed: bool
    tournament_id: int | None
    daily_day: date | None
    #: A running game's time bank (None: per move, or over).
    bank: BankShown | None = None

    @property
    def over(self) -> bool:
        return self.status not in (GameStatus.ACTIVE, GameStatus.CHALLENGE)


@dataclass(frozen=True, slots=True)
class BoardShown:
    """What a board picture is painted from: the spectator's view only (no hidden card is
    in it), the public events of the move it follows, and the players' names."""

    game_type: str
    view: Any
    recent: tuple[Event, ...]
    names_ja: tuple[str, ...]
    names_en: tuple[str, ...]

    def names(self, locale: Locale) -> tuple[str, ...]:
        return self.names_ja if locale == "ja" else self.names_en


@dataclass(frozen=True, slots=True)
class TableShown:
    """One of a player's tables: the "everywhere" one or a published server's."""

    guild_id: int
    server_name: str | None
    stats: tuple[PlayerStat, ...]


@dataclass(frozen=True, slots=True)
class PlayerShown:
    user_id: int
    name: str
    hidden: bool
    tables: tuple[TableShown, ...] = ()
    puzzles: tuple[PuzzleStanding, ...] = ()
    pace: tuple[MoveTimes, ...] = ()
    recent: tuple[GameSummary, ...] = ()


@dataclass(frozen=True, slots=True)
class StandingsShown:
    guild_id: int
    server_name: str | None
    page: StandingsPage
    names: dict[int, str]


@dataclass(frozen=True, slots=True)
class TournamentShown:
    standing: Standing
    pairings: tuple[PairingInfo, ...]
    names: dict[int, str]
    #: Games whose page may be linked (a deal others may still play is not).
    linked: frozenset[int]


@dataclass(frozen=True, slots=True)
class DailyShown:
    guild_id: int
    server_name: str | None
    game_key: str
    day: date
    #: Whether the day is over (before that, nothing of anyone's deal is shown).
    closed: bool
    games: tuple[GameSnapshot, ...]


def _names(game: GameSummary, former: str) -> tuple[str, ...]:
    return tuple(former if is_former_player(s.user_id) else s.display_name for s in game.seats)


def is_person(user_id: int) -> bool:
    """A Discord user still here: not a local console player, not a former player."""
    return user_id > LOCAL_USER_MAX


class WebReader:
    """Every read the pages make, over ``db``; what is kept depends on the day by ``clock``."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self.games = GameQueries(db, clock, GameLoader(db, GameCache()))
        self.standings_service = StandingsService(db, clock)
        self.tournaments = TournamentQueries(db)
        self.move_times = MoveTimeStats(db)
        self.puzzles = PuzzleService(db, clock, DeploymentSecrets(db, clock))

    # --- servers ---------------------------------------------------------------------------

    async def web_name(self, guild_id: int) -> str | None:
        """A server's name on the web, if its admins published it there (read afresh: a
        server that turned it off is gone at once)."""
        async with self.db.read() as session:
            row = await session.get(GuildSettingRow, guild_id)
            return None if row is None else row.web_name

    async def publications(self) -> tuple[tuple[int, str], ...]:
        """Every server published on the web, with its name, in one read on the hot path's
        connection (microseconds): a player's page shows their tables and games in these,
        so it is kept under them (a server that turns publishing off is gone from every page
        at once)."""
        return tuple(
            (int(guild), str(name)) for guild, name in await self.db.store.read_published()
        )

    async def _published(self, guild_ids: set[int]) -> dict[int, str]:
        if not guild_ids:
            return {}
        async with self.db.read() as session:
            rows = await session.execute(
                select(GuildSettingRow.guild_id, GuildSettingRow.web_name).where(
                    GuildSettingRow.guild_id.in_(guild_ids), GuildSettingRow.web_name.is_not(None)
                )
            )
            return {guild: str(name) for guild, name in rows}

    # --- a game ----------------------------------------------------------------------------

    async def _kept(self, game: GameSummary) -> bool:
        """Whether a deal others are dealt too may reach no one but its player yet (the rule
        of ``GameQueries``' refusals, for a reader who is nobody's seat): a daily deal until
        its day is over, a solitaire tournament's deal until the tournament is."""
        if not game.private_deal:
            return False
        if game.daily_key is not None:
            return game.daily_deal_open(self.clock().date())
        async with self.db.read() as session:
            status = await session.scalar(
                select(TournamentRow.status).where(TournamentRow.id == game.tournament_id)
            )
        return status in OPEN_TOURNAMENT_STATUSES

    async def current(self, game_id: int) -> GameSnapshot | None:
        """The game as it is now, in one read (its state decoded once per version: the
        loader's cache), or ``None``; :class:`Kept` for a deal others may still be playing.
        Its version names everything a page or picture of it shows."""
        try:
            game = await self.games.get(game_id)
        except GameNotFound:
            return None
        if await self._kept(game):
            raise Kept()
        return game

    async def game(self, game_id: int) -> GameShown | None:
        """The game, as anyone holding its address may see it; ``None`` if there is none;
        :class:`Kept` for a deal others may still be playing."""
        game = await self.current(game_id)
        return None if game is None else await self.shown(game)

    async def shown(self, game: GameSnapshot) -> GameShown:
        """``game`` (from :meth:`current`) as a page shows it: its moves once over, else its
        last move (one more read either way)."""
        rules = game.rules
        over = game.status not in (GameStatus.ACTIVE, GameStatus.CHALLENGE)
        steps: tuple[LogEntry, ...] = ()
        if over:
            steps = tuple(entry for entry, _ in public_steps(await self.games.event_log(game.id)))
        last = await self.games.last_public_events(game.id) if not over else ()
        changes = game.rating_changes
        seats = tuple(
            SeatShown(
                s.seat,
                s.display_name,
                rules.seat_name(s.seat, "ja"),
                rules.seat_name(s.seat, "en"),
                s.user_id if is_person(s.user_id) and not s.is_bot else None,
                s.is_bot,
                is_former_player(s.user_id),
                s.to_act and game.status == GameStatus.ACTIVE,
                changes.get(s.seat),
            )
            for s in game.seats
        )
        outcome = game.outcome
        reason = rules.reason_text(outcome.reason) if outcome is not None else None
        title = rules.title_for(game.settings)
        return GameShown(
            id=game.id,
            version=game.version,
            game_type=game.game_type,
            title_ja=title("ja"),
            title_en=title("en"),
            status=game.status,
            rated=game.rated,
            seats=seats,
            outcome=outcome,
            counts=outcome is not None and rules.counts(outcome),
            reason_ja=reason("ja") if reason else "",
            reason_en=reason("en") if reason else "",
            move_seconds=game.move_seconds,
            deadline_at=game.deadline_at if game.status == GameStatus.ACTIVE else None,
            held=game.held_since is not None,
            created_at=game.created_at,
            finished_at=game.finished_at,
            steps=steps,
            last_ja=_described(game, last, "ja"),
            last_en=_described(game, last, "en"),
            commitment=game.commitment if game.status == GameStatus.ACTIVE else None,
            seed_revealed=self.seed_revealed(game),
            tournament_id=game.tournament_id,
            daily_day=game.daily_day,
            bank=bank_shown(game) if game.status == GameStatus.ACTIVE else None,
        )

    async def active_versions(self) -> dict[int, int]:
        """Every running game's version, in one read (the status index): what the painter
        ahead watches for moves."""
        async with self.db.read() as session:
            rows = await session.execute(
                select(GameRow.id, GameRow.version).where(GameRow.status == GameStatus.ACTIVE)
            )
            return {game_id: version for game_id, version in rows}

    async def versions(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The current version of each of ``game_ids`` a page may show (one read per
        thousand, on the primary key): what the pictures kept on disk are swept against."""
        found: dict[int, int] = {}
        ids = list(game_ids)
        async with self.db.read() as session:
            for start in range(0, len(ids), 1000):
                rows = await session.execute(
                    select(GameRow.id, GameRow.version).where(
                        GameRow.id.in_(ids[start : start + 1000]),
                        GameRow.status.in_(SHOWN_STATUSES),
                    )
                )
                found.update({game_id: version for game_id, version in rows})
        return found

    async def games_after(self, game_id: int, count: int) -> list[int]:
        """The ``count`` next games after ``game_id`` a page may show (the primary key's
        range): one begun and over between two looks at the running ones is made too."""
        async with self.db.read() as session:
            return list(
                await session.scalars(
                    select(GameRow.id)
                    .where(GameRow.id > game_id, GameRow.status.in_(SHOWN_STATUSES))
                    .order_by(GameRow.id)
                    .limit(count)
                )
            )

    async def latest_games(self, count: int) -> list[int]:
        """The ``count`` newest games a page may show (running or over), newest first."""
        async with self.db.read() as session:
            return list(
                await session.scalars(
                    select(GameRow.id)
                    .where(GameRow.status.in_(SHOWN_STATUSES))
                    .order_by(GameRow.id.desc())
                    .limit(count)
                )
            )

    def seed_revealed(self, game: GameSnapshot) -> bool:
        """Whether ``game``'s seed may be shown today (what, beside its version, its page
        depends on)."""
        return game.seed_revealed(self.clock().date())

    async def board(
        self, game: GameSnapshot, step: int | None, former: tuple[str, str]
    ) -> BoardShown:
        """The board a picture of ``game`` (from :meth:`current`) is painted from: as it is
        now (``step`` None), or after ``step`` public steps of a game that is over (0: the
        start; past its last step: the end). ``former``: a former player's name in Japanese
        and English."""
        if step is not None and game.status not in (GameStatus.ACTIVE, GameStatus.CHALLENGE):
            _, state, _, count = await self.games.state_at(game.id, step, None)
            if step < count:
                return _board(game, state, (), former)
        recent = await self.games.last_public_events(game.id)
        return _board(game, game.state, recent, former)

    async def verify_file(self, game_id: int) -> str | None:
        """The Verify record of a game whose seed may be shown (as Discord's Verify hands it
        over), or ``None`` while it may not."""
        game = await self.current(game_id)
        if game is None or not game.seed_revealed(self.clock().date()):
            return None
        try:
            checked = await self.games.verification(game_id, None)
        except ServiceError:
            return None
        return checked.record.to_json()

    # --- a player --------------------------------------------------------------------------

    async def display_name(self, user_id: int) -> str | None:
        """The name the player last played under (``None``: never played, or deleted)."""
        async with self.db.read() as session:
            return await session.scalar(
                select(GameSeatRow.display_name)
                .join(GameRow, GameRow.id == GameSeatRow.game_id)
                .where(GameSeatRow.user_id == user_id, GameSeatRow.is_bot.is_(False))
                .order_by(GameRow.updated_at.desc(), GameRow.id.desc())
                .limit(1)
            )

    async def player_marks(self, user_ids: Sequence[int]) -> dict[int, str]:
        """Each player's mark (``bot.db.marks``: what changes whenever their page may), as a
        hash, in one read of the hot path's (microseconds); a player with no page has none."""
        people = sorted({user_id for user_id in user_ids if is_person(user_id)})
        marks = {}
        for start in range(0, len(people), MARKS_AT_ONCE):
            marks.update(await self.db.store.read_marks(people[start : start + MARKS_AT_ONCE]))
        return {
            user_id: hashlib.sha256(repr(mark).encode()).hexdigest()[:24]
            for user_id, mark in marks.items()
        }

    async def recent_players(self, count: int) -> list[int]:
        """The people seated in the ``count`` newest games a page may show: the players whose
        pages are read most (their games' pages link them)."""
        newest = (
            select(GameRow.id)
            .where(GameRow.status.in_(SHOWN_STATUSES))
            .order_by(GameRow.id.desc())
            .limit(count)
            .scalar_subquery()
        )
        async with self.db.read() as session:
            users = await session.scalars(
                select(GameSeatRow.user_id)
                .where(GameSeatRow.game_id.in_(newest), GameSeatRow.is_bot.is_(False))
                .distinct()
            )
            return sorted(user_id for user_id in users if is_person(user_id))

    async def player(
        self, user_id: int, publications: Sequence[tuple[int, str]] | None = None
    ) -> PlayerShown | None:
        """What ``user_id``'s page shows; ``publications``: the servers published on the
        web as the page's version names them (:meth:`publications`; ``None``: read here), so
        a page is never kept under servers other than those it shows."""
        if not is_person(user_id):
            return None
        name = await self.display_name(user_id)
        if name is None:
            return None
        # Read afresh (the service keeps them a minute for clicks): the page itself is kept
        # ``PAGE_TTL``, and a player who hides their results shows so within that.
        self.standings_service.forget_cached(user_id)
        if (await self.standings_service.prefs(user_id)).hide_stats:
            return PlayerShown(user_id, name, hidden=True)
        async with self.db.read() as session:
            rows = list(
                await session.scalars(
                    select(PlayerStatRow)
                    .where(PlayerStatRow.user_id == user_id)
                    .order_by(PlayerStatRow.guild_id, PlayerStatRow.game_key)
                )
            )
        published = await self._published_of({r.guild_id for r in rows}, publications)
        tables = []
        for guild in sorted({r.guild_id for r in rows}):
            if guild != EVERYWHERE and guild not in published:
                continue
            stats = tuple(s for s in _stats(rows) if s[0] == guild)
            tables.append(TableShown(guild, published.get(guild), tuple(s[1] for s in stats)))
        return PlayerShown(
            user_id,
            name,
            hidden=False,
            tables=tuple(tables),
            puzzles=tuple(await self.puzzles.standings(user_id, None)),
            pace=tuple(await self.move_times.of(user_id)),
            recent=tuple(await self._recent_listed(user_id, publications)),
        )

    async def _published_of(
        self, guild_ids: set[int | None], publications: Sequence[tuple[int, str]] | None
    ) -> dict[int, str]:
        """Which of ``guild_ids`` are published on the web, and their names: of
        ``publications`` if given, else read."""
        wanted = {guild for guild in guild_ids if guild}
        if publications is None:
            return await self._published(wanted)
        return {guild: name for guild, name in publications if guild in wanted}

    async def _recent_listed(
        self, user_id: int, publications: Sequence[tuple[int, str]] | None = None
    ) -> list[GameSummary]:
        """The player's latest finished games that are listed (their server published on the
        web), with no deal anyone may still be playing."""
        finished = await self.games.finished_games(user_id, limit=RECENT_GAMES * 3, viewer=None)
        published = await self._published_of({g.guild_id for g in finished}, publications)
        shown = []
        for game in finished:
            if game.guild_id in published and not await self._kept(game):
                shown.append(game)
        return shown[:RECENT_GAMES]

    # --- standings -------------------------------------------------------------------------

    async def standings(self, guild_id: int, game_key: str, page: int) -> StandingsShown | None:
        """A table: "everywhere" (``guild_id`` 0), or a server's that its admins published."""
        if variant_for_key(game_key) is None:
            return None
        server_name = None
        if guild_id != EVERYWHERE:
            server_name = await self.web_name(guild_id)
            if server_name is None:
                return None
        shown = await self.standings_service.standings(
            guild_id or None, game_key, page, STANDINGS_PER_PAGE
        )
        names = await self._names_of([stat.user_id for _, stat in shown.rows])
        return StandingsShown(guild_id, server_name, shown, names)

    async def tables_of(self, guild_id: int) -> list[str]:
        """The game keys with any result in a table, in the registry's order."""
        async with self.db.read() as session:
            keys = set(
                await session.scalars(
                    select(PlayerStatRow.game_key)
                    .where(PlayerStatRow.guild_id == guild_id)
                    .group_by(PlayerStatRow.game_key)
                )
            )
        return [variant.key for _, variant in all_variants() if variant.key in keys]

    async def _names_of(self, user_ids: Sequence[int]) -> dict[int, str]:
        """Each player's latest name, in one read."""
        if not user_ids:
            return {}
        latest = (
            select(GameSeatRow.user_id, func.max(GameSeatRow.game_id).label("game_id"))
            .where(GameSeatRow.user_id.in_(set(user_ids)), GameSeatRow.is_bot.is_(False))
            .group_by(GameSeatRow.user_id)
            .subquery()
        )
        async with self.db.read() as session:
            rows = await session.execute(
                select(GameSeatRow.user_id, GameSeatRow.display_name).join(
                    latest,
                    (latest.c.user_id == GameSeatRow.user_id)
                    & (latest.c.game_id == GameSeatRow.game_id),
                )
            )
            return {user: name for user, name in rows}

    # --- a tournament ----------------------------------------------------------------------

    async def tournament(self, tournament_id: int) -> TournamentShown | None:
        try:
            standing = await self.tournaments.show(tournament_id)
        except TournamentError:
            return None
        async with self.db.read() as session:
            rows = await session.scalars(
                select(TournamentPairingRow)
                .where(TournamentPairingRow.tournament_id == tournament_id)
                .order_by(TournamentPairingRow.round_no, TournamentPairingRow.board)
            )
            pairings = tuple(
                PairingInfo(p.round_no, p.board, p.white_id, p.black_id, p.game_id, p.result)
                for p in rows
            )
        # The current round's results as the scheduler will record them (a game just over).
        current = {(p.round_no, p.board): p for p in standing.pairings}
        pairings = tuple(current.get((p.round_no, p.board), p) for p in pairings)
        names = {e.user_id: e.display_name for e in standing.entrants}
        # Pairings are two-player games, shown as their boards are (a solitaire event's deals,
        # which every entrant shares, are not pairings: none is linked).
        linked = frozenset(p.game_id for p in pairings if p.game_id is not None)
        return TournamentShown(standing, pairings, names, linked)

    # --- the daily deal --------------------------------------------------------------------

    async def daily(self, guild_id: int, game_key: str, day: date) -> DailyShown | None:
        """Everyone's game of a day's deal in a server that published on the web (or outside
        servers): shown only once the day is over."""
        found = variant_for_key(game_key)
        if found is None or not found[0].daily:
            return None
        server_name = None
        if guild_id != EVERYWHERE:
            server_name = await self.web_name(guild_id)
            if server_name is None:
                return None
        closed = day < self.clock().date()
        games: tuple[GameSnapshot, ...] = ()
        if closed:
            key = f"{day.isoformat()}:{game_key}"
            games = tuple(await self.games.daily_results(guild_id or None, key))
        return DailyShown(guild_id, server_name, game_key, day, closed, games)

    def closed_days(self) -> list[date]:
        """The last few days whose daily deals are over, newest first."""
        today = self.clock().date()
        return [today - timedelta(days=n) for n in range(1, DAILY_DAYS + 1)]

    def daily_games(self) -> list[str]:
        """The ranked variants that have a daily deal."""
        return [variant.key for spec, variant in all_variants() if spec.daily]


def _board(
    game: GameSnapshot, state: Any, recent: Sequence[Event], former: tuple[str, str]
) -> BoardShown:
    return BoardShown(
        game.game_type,
        game.rules.view_for(state, None),
        tuple(e for e in recent if e.visible_to is None),
        _names(game, former[0]),
        _names(game, former[1]),
    )


def _described(game: GameSnapshot, events: Sequence[Event], locale: Locale) -> str:
    lines = (game.rules.describe_event(e, locale) for e in events if e.visible_to is None)
    return " ".join(line for line in lines if line)


def _stats(rows: Sequence[PlayerStatRow]) -> list[tuple[int, PlayerStat]]:
    return [(r.guild_id, PlayerStat.of(r)) for r in rows]


def bank_shown(game: GameSnapshot) -> BankShown | None:
    """The game's time bank as it stands, or None for a clock per move."""
    bank = GameClock.load(game.clock).bank
    if bank is None:
        return None
    left = tuple(bank.left.get(s.seat, bank.rule.start) for s in game.seats)
    return BankShown(left, bank.rule.add, bank.rule.cap)

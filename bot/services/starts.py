"""Starting games: challenges and their answers, solitaires, daily deals and rematches — and
the new game itself, for the store or a tournament's transaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import Database, GameRow, GameSeatRow
from bot.db.game_columns import new_game_row
from bot.db.records import DeliveryWrite, NewGame, SeatRecord
from bot.games.registry import spec_for
from bot.services.actions import ActionPipeline
from bot.services.base import (
    GameLoader,
    GuardedWriter,
    Planned,
    rules_for,
    stored,
)
from bot.services.clock import Clock
from bot.services.errors import (
    ChallengeExpired,
    InvalidChallenge,
    NotAParticipant,
    StaleVersion,
    WrongStatus,
)
from bot.services.freshness import Sight, check_fresh
from bot.services.game_clock import BankRule, GameClock, tick
from bot.services.quiet_hours import QuietHours
from bot.services.quiet_settings import quiet_hours_of, seat_quiet
from bot.services.secrets import DeploymentSecrets
from bot.services.seeds import Seeds
from bot.services.snapshots import ActionResult, GameSnapshot, Player, is_former_player
from bot.statuses import OPEN_GAME_STATUSES, GameStatus
from bot.text.errors import (
    ABORT_TOO_LATE,
    BOT_CANNOT_PLAY,
    LEVEL_NEEDS_BOT,
    ONLY_CHALLENGED,
    SELF_CHALLENGE,
    TOO_MANY_CHALLENGES,
)
from bot.text.privacy import FORMER_PLAYER_GONE
from rules.core import Rng, Seat
from rules.core.fairness import daily_seed, new_salt
from rules.core.levels import LEVEL_SETTING

DAILY_SECRET = "daily"


class GameStarts:
    """Games begun and answered: created through ``db``'s store (their first state read back
    through ``loader``), answered with ``writer``'s guarded writes; a game against the bot gets
    its first answers from ``actions``."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        *,
        loader: GameLoader,
        writer: GuardedWriter,
        actions: ActionPipeline,
        seeds: Seeds,
        secrets: DeploymentSecrets,
        challenge_ttl: timedelta,
    ) -> None:
        self.db = db
        self.clock = clock
        self.loader = loader
        self.writer = writer
        self.actions = actions
        self.seeds = seeds
        self.secrets = secrets
        self.challenge_ttl = challenge_ttl
        #: How many challenges one user may have waiting for an answer (0: no cap).
        self.max_open_challenges = 0

    async def challenge(
        self,
        game_type: str,
        challenger: Player,
        opponent: Player,
        *,
        settings: Mapping[str, Any] | None = None,
        challenger_seat: Seat | None = None,
        rated: bool = False,
        move_seconds: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "en",
        bank: BankRule | None = None,
    ) -> ActionResult:
        """Open a challenge. Against the bot the game starts at once (the bot always accepts).
        ``bank``: a time bank, ``move_seconds`` then being what each move adds to it."""
        rules = rules_for(game_type)
        if rules.seats != 2:
            raise InvalidChallenge()
        if challenger.user_id == opponent.user_id:
            raise InvalidChallenge(SELF_CHALLENGE)
        if challenger.is_bot:
            raise InvalidChallenge()
        if opponent.is_bot and spec_for(game_type).bot_player is None:
            raise InvalidChallenge(BOT_CANNOT_PLAY)
        # A level is the bot's strength: between two people it would mean nothing.
        if settings and LEVEL_SETTING in settings and not opponent.is_bot:
            raise InvalidChallenge(LEVEL_NEEDS_BOT)
        normalized = rules.normalize_settings(settings)
        if not opponent.is_bot:
            await self.check_open_challenges(challenger.user_id)
        return await self.post_challenge(
            game_type,
            challenger,
            opponent,
            normalized,
            challenger_seat=challenger_seat,
            rated=rated,
            move_seconds=move_seconds,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            bank=bank,
        )

    async def post_challenge(
        self,
        game_type: str,
        challenger: Player,
        opponent: Player,
        settings: dict[str, Any],
        *,
        challenger_seat: Seat | None,
        rated: bool,
        move_seconds: int | None,
        guild_id: int | None,
        channel_id: int | None,
        locale: str,
        open_to: dict[str, Any] | None = None,
        bank: BankRule | None = None,
    ) -> ActionResult:
        """Store a checked challenge with normalised ``settings``: seats drawn from its seed
        unless chosen; against the bot, a game begun (the bot always accepts)."""
        seed = self.seeds.new()
        if challenger_seat is None:
            challenger_seat = Rng.from_seed(seed ^ 0x5EA7).below(2)[0]
        if challenger_seat not in (0, 1):
            raise InvalidChallenge()
        players = {challenger_seat: challenger, 1 - challenger_seat: opponent}
        async with self.db.read() as session:
            quiet = await quiet_hours_of(session, [p.user_id for p in players.values()])
        clock = self.clock_of(bank, players, quiet)
        game_id = await self.db.store.create(
            self.new_game(
                game_type,
                players,
                status=GameStatus.ACTIVE if opponent.is_bot else GameStatus.CHALLENGE,
                settings=settings,
                seed=seed,
                rated=rated and not opponent.is_bot,
                challenger_seat=challenger_seat,
                move_seconds=move_seconds,
                guild_id=guild_id,
                channel_id=channel_id,
                locale=locale,
                expires_at=None if opponent.is_bot else self.clock() + self.challenge_ttl,
                open_to=open_to,
                clock=clock,
            )
        )
        version = 1
        result = ActionResult(await self.loader.get(game_id), (), version)
        if opponent.is_bot:
            result = await self.actions.play_bot_turns(result)
        return result

    @staticmethod
    def clock_of(
        bank: BankRule | None, players: Mapping[Seat, Player], quiet: Mapping[int, QuietHours]
    ) -> GameClock:
        """A new game's clock: its bank, and its people's quiet hours as they are now."""
        by_seat = {
            seat: q
            for seat, p in players.items()
            if not p.is_bot and (q := quiet.get(p.user_id)) is not None
        }
        return replace(GameClock.with_bank(bank, players), quiet=by_seat)

    async def check_open_challenges(self, user_id: int) -> None:
        """Refuse a challenge beyond the cap on those the user has waiting (a challenge sent
        at the very same moment by the same user may slip past it: a cap, not a lock)."""
        cap = self.max_open_challenges
        if not cap:
            return
        async with self.db.read() as session:
            waiting = await session.scalar(
                select(func.count())
                .select_from(GameRow)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(
                    GameRow.status == GameStatus.CHALLENGE,
                    GameRow.expires_at > self.clock(),
                    GameSeatRow.seat == GameRow.challenger_seat,
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                )
            )
        if (waiting or 0) >= cap:
            raise InvalidChallenge(TOO_MANY_CHALLENGES.format(cap=cap))

    async def start_daily(
        self,
        game_type: str,
        player: Player,
        settings: Mapping[str, Any],
        *,
        guild_id: int | None,
        channel_id: int | None,
        locale: str = "en",
    ) -> tuple[ActionResult, bool]:
        """Today's deal for this server and variant: the same board and talon for everyone.
        Returns the game and whether it is new (a second try gives back the first game)."""
        normalized = rules_for(game_type).normalize_settings(settings)
        day = self.clock().date().isoformat()
        key = f"{day}:{spec_for(game_type).variant_of(normalized).key}"
        async with self.db.read() as session:
            existing = await session.scalar(
                select(GameRow.id)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(
                    GameRow.daily_key == key,
                    GameRow.guild_id == guild_id,
                    GameSeatRow.user_id == player.user_id,
                )
            )
        if existing is not None:
            game = await self.loader.get(existing)
            return ActionResult(game, (), game.version), False
        # Keyed by the deployment's secret: nobody can work out a day's deal in advance.
        secret = await self.secrets.get(DAILY_SECRET)
        seed = daily_seed(
            secret, guild_id or 0, day, spec_for(game_type).variant_of(normalized).key
        )
        result = await self.start_solitaire(
            game_type,
            player,
            settings=normalized,
            seed=seed,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            daily_key=key,
        )
        return result, True

    async def rematch(self, game_id: int, user_id: int) -> ActionResult:
        """A new challenge between the same players with the same settings, sides swapped."""
        game = await self.loader.get(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant()
        if game.status != GameStatus.FINISHED or len(game.seats) != 2:
            raise WrongStatus()
        me, other = game.player(seat), game.player(1 - seat)
        if is_former_player(other.user_id):
            raise WrongStatus(FORMER_PLAYER_GONE)  # they deleted their data and left
        return await self.challenge(
            game.game_type,
            Player(me.user_id, me.display_name),
            Player(other.user_id, other.display_name, is_bot=other.is_bot),
            settings=game.settings,
            challenger_seat=1 - seat,
            rated=game.rated,
            move_seconds=game.move_seconds,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            locale=game.locale,
            bank=bank.rule if (bank := GameClock.load(game.clock).bank) is not None else None,
        )

    async def accept(self, game_id: int, user_id: int, version: Sight = None) -> ActionResult:
        expired = False
        # The clock starts now: with each player's quiet hours as they are now.
        challenged = await self.loader.get(game_id)
        async with self.db.read() as session:
            quiet = await quiet_hours_of(session, [s.user_id for s in challenged.seats])

        def plan(game: GameSnapshot) -> Planned:
            nonlocal expired
            self._check_answer(game, user_id, version)
            expired = game.expires_at is not None and self.clock() >= game.expires_at
            if expired:
                write, to_act = self.writer.write_for(
                    game, game.state, status=GameStatus.EXPIRED, expires_at=game.expires_at
                )
            else:
                write, to_act = self.writer.write_for(
                    game,
                    game.state,
                    status=GameStatus.ACTIVE,
                    actor_id=user_id,
                    quiet=seat_quiet(game, quiet),
                )
            return Planned(write, game.state, to_act)

        changed = await self.writer.change(game_id, version, plan)
        if expired:
            raise ChallengeExpired()
        return ActionResult(changed.after, (), changed.before.version, changed.deliveries)

    async def expire(self, game_id: int, delivery: DeliveryWrite) -> ActionResult:
        """A challenge nobody answered in time expires: the move clock's claim, written with
        what it owes (``delivery``). :class:`StaleVersion` where it was answered meanwhile or
        another scheduler came first."""

        def plan(game: GameSnapshot) -> Planned:
            if game.status != GameStatus.CHALLENGE:
                raise StaleVersion()
            write, to_act = self.writer.write_for(
                game,
                game.state,
                status=GameStatus.EXPIRED,
                expires_at=game.expires_at,
                delivery=delivery,
            )
            return Planned(write, game.state, to_act)

        changed = await self.writer.change(game_id, None, plan)
        return ActionResult(changed.after, (), changed.before.version, changed.deliveries)

    async def decline(self, game_id: int, user_id: int, version: Sight = None) -> GameSnapshot:
        def plan(game: GameSnapshot) -> Planned:
            self._check_answer(game, user_id, version)
            write, to_act = self.writer.write_for(
                game, game.state, status=GameStatus.DECLINED, expires_at=game.expires_at
            )
            return Planned(write, game.state, to_act)

        return (await self.writer.change(game_id, version, plan)).after

    def _check_answer(self, game: GameSnapshot, user_id: int, version: Sight) -> None:
        seat = next((s for s in game.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotAParticipant()
        if seat.seat == game.challenger_seat:
            raise NotAParticipant(ONLY_CHALLENGED)
        # Freshness before status: a click on a challenge answered meanwhile is stale (the
        # board where it was clicked gets refreshed), not "no longer possible".
        check_fresh(game, version)
        if game.status != GameStatus.CHALLENGE:
            raise WrongStatus()

    async def abort(self, game_id: int, user_id: int, version: Sight = None) -> GameSnapshot:
        """Withdraw a challenge, or call off a game before its first move. No result counts."""

        def plan(game: GameSnapshot) -> Planned:
            if not any(s.user_id == user_id for s in game.seats):
                raise NotAParticipant()
            check_fresh(game, version)  # before status: see _check_answer
            if game.status not in OPEN_GAME_STATUSES:
                raise WrongStatus()
            if game.status == GameStatus.ACTIVE and game.ply > 0:
                raise WrongStatus(ABORT_TOO_LATE)
            write, to_act = self.writer.write_for(
                game,
                game.state,
                status=GameStatus.ABORTED,
                expires_at=game.expires_at,
                finished=True,
            )
            return Planned(write, game.state, to_act)

        return (await self.writer.change(game_id, version, plan)).after

    # --- solitaires ------------------------------------------------------------------------

    async def start_solitaire(
        self,
        game_type: str,
        player: Player,
        *,
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "en",
        daily_key: str | None = None,
    ) -> ActionResult:
        rules = rules_for(game_type)
        if rules.seats != 1:
            raise InvalidChallenge()
        normalized = rules.normalize_settings(settings)
        seed = self.seeds.new() if seed is None else seed
        game_id = await self.db.store.create(
            self.new_game(
                game_type,
                {0: player},
                settings=normalized,
                seed=seed,
                guild_id=guild_id,
                channel_id=channel_id,
                locale=locale,
                daily_key=daily_key,
            )
        )
        version = 1
        return ActionResult(await self.loader.get(game_id), (), version)

    def new_game(
        self,
        game_type: str,
        players: Mapping[Seat, Player],
        *,
        settings: dict[str, Any],
        seed: int,
        status: GameStatus = GameStatus.ACTIVE,
        rated: bool = False,
        challenger_seat: Seat = 0,
        move_seconds: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "en",
        expires_at: datetime | None = None,
        daily_key: str | None = None,
        tournament_id: int | None = None,
        sealed: bool = True,
        open_to: dict[str, Any] | None = None,
        clock: GameClock | None = None,
    ) -> NewGame:
        """Every new game, its seats and first state (``settings`` already normalised), for
        the store to create. A challenge waits on the challenged seat; a started game on
        whoever its rules say. ``sealed``: seal the seed with a salt if the game hides
        randomness (a tournament's deals are sealed by the tournament instead). ``clock``: its
        time bank and the seats' quiet hours, if any."""
        rules = rules_for(game_type)
        now = self.clock()
        seats = [players[n] for n in sorted(players)]
        after = stored(
            rules,
            rules.new_game(settings, seed),
            status=status,
            outcome=None,
            finished_at=None,
            humans=[n for n, p in enumerate(seats) if not p.is_bot],
            acting=(),
            move_seconds=move_seconds,
            deadline_at=None,
            now=now,
        )
        humans = frozenset(n for n, p in enumerate(seats) if not p.is_bot)
        ticked = tick(
            clock or GameClock(),
            running=after.status == GameStatus.ACTIVE,
            was_running=False,
            to_act=after.to_act,
            acting=frozenset(),
            humans=humans,
            actors=(),
            planned=False,
            move_seconds=move_seconds,
            deadline_at=None,
            held_since=None,
            now=now,
        )
        to_act = after.to_act
        if status == GameStatus.CHALLENGE:
            to_act = frozenset(n for n in range(len(seats)) if n != challenger_seat)
        return NewGame(
            game_type=game_type,
            rules_version=rules.rules_version,
            schema_version=rules.schema_version,
            status=after.status,
            settings=settings,
            seed=seed,
            salt=new_salt().hex() if sealed and spec_for(game_type).hidden_randomness else None,
            state=after.state,
            rated=rated,
            challenger_seat=challenger_seat,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            created_at=now,
            expires_at=expires_at,
            move_seconds=move_seconds,
            deadline_at=ticked.deadline_at,
            daily_key=daily_key,
            seats=tuple(
                SeatRecord(n, p.user_id, p.display_name[:100], p.is_bot, n in to_act)
                for n, p in enumerate(seats)
            ),
            tournament_id=tournament_id,
            open_to=open_to,
            clock=ticked.clock.dump(),
        )

    def build_game(
        self,
        session: AsyncSession,
        game_type: str,
        players: Mapping[Seat, Player],
        *,
        settings: dict[str, Any],
        seed: int,
        rated: bool = False,
        move_seconds: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        locale: str = "en",
        tournament_id: int | None = None,
        sealed: bool = True,
        clock: GameClock | None = None,
    ) -> GameRow:
        """A new game (:meth:`new_game`) added to ``session``: for games created in one
        transaction with other rows (a tournament's pairings and deals); they start at once."""
        new = self.new_game(
            game_type,
            players,
            settings=settings,
            seed=seed,
            rated=rated,
            move_seconds=move_seconds,
            guild_id=guild_id,
            channel_id=channel_id,
            locale=locale,
            tournament_id=tournament_id,
            sealed=sealed,
            clock=clock,
        )
        row = new_game_row(new)
        session.add(row)
        return row

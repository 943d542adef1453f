"""Use cases for two-player games and solitaires, with no Discord in them.

Every public method is one transaction: load → check → apply → save → commit. Front ends send
their messages only after a method returns. Optimistic locking: each ``game`` row has a
``version`` that every UPDATE bumps (SQLAlchemy ``version_id_col``), and actions carry the
version the player saw, so a stale board, a double click or two racing players produce exactly
one change and a friendly :class:`StaleVersion` for the rest.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.exc import StaleDataError

from bot.db import Database, GameEventRow, GameRow, GameSeatRow
from bot.services.clock import Clock, system_clock
from bot.services.errors import (
    ChallengeExpired,
    GameNotFound,
    InvalidChallenge,
    NotAParticipant,
    StaleVersion,
    WrongStatus,
)
from bot.services.registry import AnyRules, bot_player_for, hinter_for, rules_for
from bot.services.snapshots import (
    ACTIVE_STATUSES,
    ActionResult,
    GameSnapshot,
    Player,
)
from bot.services.stats import record_results
from rules.core import Event, Locale, Rng, RulesError, Seat, Text

log = logging.getLogger(__name__)

HINT_RATED = Text(
    "レート戦の対局中はヒントを使えません。",
    "Hints are not available in a rated game in progress.",
)
LOG_RESULT = Text("結果", "Result")
NO_HINTS = Text("このゲームにはヒントがありません。", "This game has no hints.")
SOLITAIRE_NOT_YOURS = Text(
    "これは他の人の一人遊びです。自分のゲームは /yosukou start で始められます。",
    "This solitaire belongs to someone else. Start your own with /yosukou start.",
)
SELF_CHALLENGE = Text("自分自身には挑戦できません。", "You can't challenge yourself.")
ONLY_CHALLENGED = Text(
    "この挑戦を受けられるのは挑戦された人だけです。",
    "Only the challenged player can answer this challenge.",
)
ABORT_TOO_LATE = Text(
    "最初の手が指された後は中止できません。投了はできます。",
    "A game can only be aborted before the first move. You can still resign.",
)
BOT_CANNOT_PLAY = Text(
    "このゲームではボットと対戦できません。", "The bot can't play this game yet."
)
#: Bot moves that may follow one human action (a solitaire never has bot seats).
MAX_BOT_PLIES = 200


def _public_text(rules: AnyRules, events: Sequence[Event], locale: str) -> str:
    lines = [rules.describe_event(e, locale) for e in events if e.visible_to is None]  # type: ignore[arg-type]
    return "\n".join(line for line in lines if line)


class GameService:
    def __init__(
        self,
        db: Database,
        *,
        clock: Clock = system_clock,
        challenge_ttl: timedelta = timedelta(hours=24),
        seed_source: Rng | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.challenge_ttl = challenge_ttl
        # Tests inject a seeded source; production draws seeds from the OS.
        self._seed_source = seed_source

    # --- helpers ---------------------------------------------------------------------------

    def _new_seed(self) -> int:
        if self._seed_source is None:
            return secrets.randbits(63)
        value, self._seed_source = self._seed_source.next_u64()
        return value >> 1

    async def _load(self, session: AsyncSession, game_id: int) -> GameRow:
        # One query for the game and its seats (the relationship's default is a second one).
        row = await session.get(GameRow, game_id, options=[joinedload(GameRow.seats)])
        if row is None:
            raise GameNotFound()
        return row

    @staticmethod
    def _check_version(row: GameRow, version: int | None) -> None:
        if version is not None and row.version != version:
            raise StaleVersion()

    def _store_state(self, row: GameRow, rules: AnyRules, state: Any) -> None:
        row.state = rules.dump(state)
        before = {seat.seat for seat in row.seats if seat.to_act}
        to_act = set(rules.to_act(state))
        for seat in row.seats:
            seat.to_act = seat.seat in to_act
        outcome = rules.outcome(state)
        if outcome is not None:
            row.status = "finished"
            row.outcome = outcome.dump()
            row.finished_at = self.clock()
        self._set_deadline(row, before, to_act)
        row.updated_at = self.clock()

    def _set_deadline(self, row: GameRow, before: set[Seat], to_act: set[Seat]) -> None:
        """Restart the move clock when someone new must act. The same player acting again
        (staging cards, the second janken pick) keeps the running deadline, so nobody can
        stall by fiddling."""
        humans = {s.seat for s in row.seats if not s.is_bot and s.seat in to_act}
        if row.status != "active" or not row.move_seconds or not humans:
            row.deadline_at = None
            row.reminders_sent = 0
        elif row.deadline_at is None or not to_act <= before:
            row.deadline_at = self.clock() + timedelta(seconds=row.move_seconds)
            row.reminders_sent = 0

    def _log(
        self,
        session: AsyncSession,
        row: GameRow,
        rules: AnyRules,
        seat: Seat | None,
        code: str,
        events: Sequence[Event],
    ) -> None:
        row.ply += 1
        session.add(
            GameEventRow(
                game_id=row.id,
                ply=row.ply,
                seat=seat,
                action=code,
                events={"events": [e.dump() for e in events]},
                public_text_ja=_public_text(rules, events, "ja"),
                public_text_en=_public_text(rules, events, "en"),
                created_at=self.clock(),
            )
        )

    async def _commit_guarded(self, session: AsyncSession) -> None:
        try:
            await session.flush()
        except (StaleDataError, IntegrityError) as exc:
            # Another transaction changed the game between our read and our write.
            raise StaleVersion() from exc

    # --- challenges ------------------------------------------------------------------------

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
    ) -> ActionResult:
        """Open a challenge. Against the bot the game starts at once (the bot always accepts)."""
        rules = rules_for(game_type)
        if rules.seats != 2:
            raise InvalidChallenge()
        if challenger.user_id == opponent.user_id:
            raise InvalidChallenge(SELF_CHALLENGE)
        if challenger.is_bot:
            raise InvalidChallenge()
        if opponent.is_bot and bot_player_for(game_type) is None:
            raise InvalidChallenge(BOT_CANNOT_PLAY)
        normalized = rules.normalize_settings(settings)
        seed = self._new_seed()
        if challenger_seat is None:
            challenger_seat = Rng.from_seed(seed ^ 0x5EA7).below(2)[0]
        if challenger_seat not in (0, 1):
            raise InvalidChallenge()
        state = rules.new_game(normalized, seed)
        now = self.clock()
        players = {challenger_seat: challenger, 1 - challenger_seat: opponent}
        async with self.db.transaction() as session:
            row = GameRow(
                game_type=game_type,
                rules_version=rules.rules_version,
                schema_version=rules.schema_version,
                status="active" if opponent.is_bot else "challenge",
                settings=normalized,
                seed=seed,
                state={},
                ply=0,
                rated=rated and not opponent.is_bot,
                challenger_seat=challenger_seat,
                move_seconds=move_seconds,
                guild_id=guild_id,
                channel_id=channel_id,
                locale=locale,
                created_at=now,
                updated_at=now,
                expires_at=None if opponent.is_bot else now + self.challenge_ttl,
            )
            row.seats = [
                GameSeatRow(
                    seat=seat,
                    user_id=p.user_id,
                    display_name=p.display_name[:100],
                    is_bot=p.is_bot,
                    to_act=False,
                )
                for seat, p in sorted(players.items())
            ]
            session.add(row)
            self._store_state(row, rules, state)
            if row.status == "challenge":
                for seat in row.seats:
                    seat.to_act = seat.seat != challenger_seat
            await session.flush()
            game_id = row.id
            version = row.version
        result = ActionResult(await self.get(game_id), (), version)
        if opponent.is_bot:
            result = await self._play_bot_turns(result)
        return result

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
        key = f"{day}:{normalized.get('variant', game_type)}"
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
            game = await self.get(existing)
            return ActionResult(game, (), game.version), False
        digest = hashlib.sha256(f"asobiba-daily:{guild_id or 0}:{key}".encode()).digest()
        seed = int.from_bytes(digest[:8], "big") >> 1
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

    async def daily_results(self, guild_id: int | None, daily_key: str) -> list[GameSnapshot]:
        """Everyone's game of one daily deal in a server: finished ones first, wins first."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameRow)
                .where(GameRow.daily_key == daily_key, GameRow.guild_id == guild_id)
                .order_by(GameRow.finished_at.is_(None), GameRow.finished_at)
            )
            games = [GameSnapshot.from_row(r) for r in rows]
        return sorted(
            games, key=lambda g: (g.outcome is None, -(g.outcome.points[0] if g.outcome else 0))
        )

    async def rematch(self, game_id: int, user_id: int) -> ActionResult:
        """A new challenge between the same players with the same settings, sides swapped."""
        game = await self.get(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAParticipant()
        if game.status != "finished" or len(game.seats) != 2:
            raise WrongStatus()
        me, other = game.player(seat), game.player(1 - seat)
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
        )

    async def accept(self, game_id: int, user_id: int, version: int | None = None) -> ActionResult:
        expired = False
        async with self.db.transaction() as session:
            row = await self._load(session, game_id)
            previous = row.version
            self._check_answer(row, user_id, version)
            if row.expires_at is not None and self.clock() >= row.expires_at:
                row.status = "expired"
                row.updated_at = self.clock()
                for seat in row.seats:
                    seat.to_act = False
                expired = True
            else:
                row.status = "active"
                row.expires_at = None
                self._store_state(
                    row, rules_for(row.game_type), rules_for(row.game_type).load(row.state)
                )
            await self._commit_guarded(session)
        if expired:
            raise ChallengeExpired()
        return ActionResult(await self.get(game_id), (), previous)

    async def decline(self, game_id: int, user_id: int, version: int | None = None) -> GameSnapshot:
        async with self.db.transaction() as session:
            row = await self._load(session, game_id)
            self._check_answer(row, user_id, version)
            row.status = "declined"
            row.updated_at = self.clock()
            for seat in row.seats:
                seat.to_act = False
            await self._commit_guarded(session)
        return await self.get(game_id)

    def _check_answer(self, row: GameRow, user_id: int, version: int | None) -> None:
        if row.status != "challenge":
            raise WrongStatus()
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotAParticipant()
        if seat.seat == row.challenger_seat:
            raise NotAParticipant(ONLY_CHALLENGED)
        self._check_version(row, version)

    async def abort(self, game_id: int, user_id: int, version: int | None = None) -> GameSnapshot:
        """Withdraw a challenge, or call off a game before its first move. No result counts."""
        async with self.db.transaction() as session:
            row = await self._load(session, game_id)
            if not any(s.user_id == user_id for s in row.seats):
                raise NotAParticipant()
            if row.status not in ACTIVE_STATUSES:
                raise WrongStatus()
            self._check_version(row, version)
            if row.status == "active" and row.ply > 0:
                raise WrongStatus(ABORT_TOO_LATE)
            row.status = "aborted"
            row.updated_at = self.clock()
            row.finished_at = self.clock()
            for seat in row.seats:
                seat.to_act = False
            await self._commit_guarded(session)
        return await self.get(game_id)

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
        seed = self._new_seed() if seed is None else seed
        state = rules.new_game(normalized, seed)
        now = self.clock()
        async with self.db.transaction() as session:
            row = GameRow(
                game_type=game_type,
                rules_version=rules.rules_version,
                schema_version=rules.schema_version,
                status="active",
                settings=normalized,
                seed=seed,
                state={},
                ply=0,
                rated=False,
                challenger_seat=0,
                guild_id=guild_id,
                channel_id=channel_id,
                locale=locale,
                daily_key=daily_key,
                created_at=now,
                updated_at=now,
            )
            row.seats = [
                GameSeatRow(
                    seat=0,
                    user_id=player.user_id,
                    display_name=player.display_name[:100],
                    is_bot=False,
                    to_act=False,
                )
            ]
            session.add(row)
            self._store_state(row, rules, state)
            await session.flush()
            game_id, version = row.id, row.version
        return ActionResult(await self.get(game_id), (), version)

    # --- playing ---------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, version: int | None, code: str) -> ActionResult:
        """Play ``code`` (a move or a meta action such as ``resign``) for ``user_id``."""
        try:
            result = await self._act_once(game_id, version, code, user_id=user_id)
        except StaleVersion:
            # Lost a race. Once more against the new state: still refused unless the phase is
            # simultaneous (both janken picks at the same instant must both count).
            result = await self._act_once(game_id, version, code, user_id=user_id)
        return await self._play_bot_turns(result)

    async def forfeit(
        self, game_id: int, loser: Seat, reason: str = "timeout", *, version: int | None = None
    ) -> ActionResult:
        """The platform ends a game against ``loser`` (a clock ran out). With ``version``, only
        if nothing happened since it was read (so two schedulers cannot both do it)."""
        return await self._act_once(game_id, version, f"forfeit:{loser}:{reason}", user_id=None)

    async def abort_by_platform(self, game_id: int, version: int) -> GameSnapshot:
        """Call a game off with no result (nobody acted in time, or a moderator stopped it)."""
        async with self.db.transaction() as session:
            row = await self._load(session, game_id)
            if row.status not in ACTIVE_STATUSES:
                raise WrongStatus()
            self._check_version(row, version)
            row.status = "aborted"
            row.updated_at = row.finished_at = self.clock()
            row.deadline_at = None
            for seat in row.seats:
                seat.to_act = False
            await self._commit_guarded(session)
        return await self.get(game_id)

    async def _act_once(
        self,
        game_id: int,
        version: int | None,
        code: str,
        *,
        user_id: int | None,
        as_seat: Seat | None = None,
    ) -> ActionResult:
        return await self._act_steps(game_id, version, [(as_seat, code)], user_id=user_id)

    async def _act_steps(
        self,
        game_id: int,
        version: int | None,
        steps: Sequence[tuple[Seat | None, str]],
        *,
        user_id: int | None,
    ) -> ActionResult:
        """Apply ``steps`` (seat, action code) in one transaction, each logged as its own ply.
        With ``user_id`` the seat is that user's (the seat given in ``steps`` is ignored)."""
        async with self.db.transaction() as session:
            row = await self._load(session, game_id)
            previous = row.version
            user_seat: Seat | None = None
            if user_id is not None:
                user_seat = next((s.seat for s in row.seats if s.user_id == user_id), None)
                if user_seat is None:
                    raise NotAParticipant(SOLITAIRE_NOT_YOURS if len(row.seats) == 1 else None)
            if row.status != "active":
                raise WrongStatus()
            rules = rules_for(row.game_type)
            state = rules.load(row.state)
            if version is not None and row.version != version:
                self._allow_simultaneous(rules, state, user_seat, steps)
            all_events: list[Event] = []
            for step_seat, code in steps:
                seat = user_seat if user_id is not None else step_seat
                action = rules.parse(code)
                state, events = rules.apply(state, seat, action)
                self._log(session, row, rules, seat, rules.format(action), events)
                all_events += events
            self._store_state(row, rules, state)
            # Write the game first: a lost race shows here, before anything else is recorded.
            await self._commit_guarded(session)
            outcome = rules.outcome(state)
            if outcome is not None:
                await record_results(session, row, outcome, self.clock())
            snapshot = GameSnapshot.from_row(row, state)
        return ActionResult(snapshot, tuple(all_events), previous)

    @staticmethod
    def _allow_simultaneous(
        rules: AnyRules, state: Any, seat: Seat | None, steps: Sequence[tuple[Seat | None, str]]
    ) -> None:
        """A stale version is refused — except in a phase where several seats act at once
        (janken): the other player's pick changed the version, not what this player sees, so
        their own pick, still legal, goes through."""
        to_act = rules.to_act(state)
        if (
            seat is None
            or not rules.is_simultaneous(state)
            or seat not in to_act
            or len(steps) != 1
        ):
            raise StaleVersion()
        if rules.parse(steps[0][1]) not in rules.legal_actions(state, seat):
            raise StaleVersion()

    async def play_timeout_defaults(self, game_id: int, version: int) -> ActionResult | None:
        """When a game defines what the clock plays instead of a forfeit (戦列札's default
        casualties), play it for the late seat; ``None`` if the game has no such default."""
        game = await self.get(game_id)
        steps = game.rules.timeout_actions(game.state)
        if not steps:
            return None
        codes = [(seat, game.rules.format(action)) for seat, action in steps]
        return await self._act_steps(game_id, version, codes, user_id=None)

    async def _play_bot_turns(self, result: ActionResult) -> ActionResult:
        """Let the bot answer while it is its turn; each bot move is its own transaction."""
        events = list(result.events)
        game = result.game
        player = bot_player_for(game.game_type)
        for _ in range(MAX_BOT_PLIES):
            if player is None or game.status != "active":
                break
            bot_seats = [s for s in game.seats_to_act if s.is_bot]
            if not bot_seats:
                break
            seat = bot_seats[0].seat
            rng = Rng.from_seed(game.seed ^ (0x9E37 * (game.ply + 1)))
            try:
                # Searching takes a while (戦列札's AI samples hidden hands): off the event loop.
                action, _ = await asyncio.to_thread(player, game.rules, game.state, seat, rng)
                step = await self._act_once(
                    game.id, game.version, game.rules.format(action), user_id=None, as_seat=seat
                )
            except (RulesError, StaleVersion):
                log.exception("bot move failed in game %s", game.id)
                break
            events += step.events
            game = step.game
        return ActionResult(game, tuple(events), result.previous_version)

    # --- reading ---------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameSnapshot:
        async with self.db.read() as session:
            return GameSnapshot.from_row(await self._load(session, game_id))

    async def list_games(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        statuses: Sequence[str] = ACTIVE_STATUSES,
        limit: int = 25,
        newest_first: bool = False,
        offset: int = 0,
    ) -> list[GameSnapshot]:
        """A user's games, the ones waiting on them first, then the most recently moved."""
        async with self.db.read() as session:
            query = (
                select(GameRow)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(GameSeatRow.user_id == user_id, GameRow.status.in_(statuses))
                .order_by(
                    *(() if newest_first else (GameSeatRow.to_act.desc(),)),
                    GameRow.updated_at.desc(),
                    GameRow.id.desc(),
                )
                .offset(offset)
                .limit(limit)
            )
            if guild_id is not None:
                query = query.where(GameRow.guild_id == guild_id)
            rows = (await session.scalars(query)).all()
            return [GameSnapshot.from_row(r) for r in rows]

    async def finished_games(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 10, offset: int = 0
    ) -> list[GameSnapshot]:
        """A user's finished games, newest first (``offset`` skips that many)."""
        return await self.list_games(
            user_id,
            guild_id=guild_id,
            statuses=("finished",),
            limit=limit,
            newest_first=True,
            offset=offset,
        )

    async def event_log(self, game_id: int) -> list[GameEventRow]:
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameEventRow)
                .where(GameEventRow.game_id == game_id)
                .order_by(GameEventRow.ply)
            )
            return list(rows)

    async def state_at(
        self, game_id: int, ply: int
    ) -> tuple[GameSnapshot, Any, GameEventRow | None, int]:
        """The game as it stood after ``ply`` actions (0 = the start), for replays: the
        snapshot, that state, the log row of that ply, and the number of plies."""
        game = await self.get(game_id)
        rows = await self.event_log(game_id)
        ply = min(max(ply, 0), len(rows))
        state = game.rules.replay(
            game.settings, game.seed, [(r.seat, r.action) for r in rows[:ply]]
        )
        return game, state, rows[ply - 1] if ply else None, len(rows)

    async def rebuild_state(self, game_id: int) -> Any:
        """Replay the event log from the settings and seed: must equal the stored snapshot."""
        game = await self.get(game_id)
        log_rows = await self.event_log(game_id)
        return game.rules.replay(game.settings, game.seed, [(r.seat, r.action) for r in log_rows])

    async def attach_message(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Remember where the board is. A Core UPDATE: it does not bump the version, so the
        buttons on that very board stay current."""
        async with self.db.transaction() as session:
            await session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(channel_id=channel_id, message_id=message_id)
            )

    async def swap_ping(self, game_id: int, message_id: int) -> int | None:
        """Record the newest turn ping and return the one it replaces (not a versioned change:
        it must not make the board's buttons stale)."""
        async with self.db.transaction() as session:
            previous = await session.scalar(
                select(GameRow.ping_message_id).where(GameRow.id == game_id)
            )
            await session.execute(
                update(GameRow).where(GameRow.id == game_id).values(ping_message_id=message_id)
            )
        return previous

    async def hint(self, game_id: int, locale: str) -> str:
        """What perfect play says about the current position (casual or finished games only:
        a hint during a rated game would be cheating)."""
        game = await self.get(game_id)
        hinter = hinter_for(game.game_type)
        if hinter is None:
            raise WrongStatus(NO_HINTS)
        if game.status == "active" and game.rated:
            raise WrongStatus(HINT_RATED)
        if game.status not in ("active", "finished"):
            raise WrongStatus()
        seats = game.rules.to_act(game.state)
        seat = seats[0] if seats else 0
        # Some hints simulate (易双六 runs a few thousand games): keep the event loop free.
        return await asyncio.to_thread(
            hinter, game.rules, game.state, seat, "ja" if locale == "ja" else "en"
        )

    async def log_text(self, game_id: int, locale: str) -> str:
        """The whole public log of a game as plain text, one numbered line per action."""
        loc: Locale = "ja" if locale == "ja" else "en"
        game = await self.get(game_id)
        rules = game.rules
        title_for = getattr(rules, "title_for", None)
        title: Text = title_for(game.settings) if callable(title_for) else rules.title
        lines = [f"{title(loc)} #{game.id}"]
        lines += [f"{rules.seat_name(s.seat, loc)}: {s.display_name}" for s in game.seats]
        lines.append("")
        for row in await self.event_log(game_id):
            text = row.public_text_ja if loc == "ja" else row.public_text_en
            for n, line in enumerate(text.splitlines() or ["—"]):
                lines.append(f"{row.ply:>4}. {line}" if n == 0 else f"      {line}")
        if game.outcome is not None:
            reason = rules.reason_text(game.outcome.reason)(loc)
            winner = game.outcome.winner
            if winner is None:
                points = " / ".join(f"{p:g}" for p in game.outcome.points)
                lines += ["", f"{LOG_RESULT(loc)}: {points} ({reason})"]
            else:
                lines += ["", f"{LOG_RESULT(loc)}: {game.player(winner).display_name} ({reason})"]
        return "\n".join(lines) + "\n"

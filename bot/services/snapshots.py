"""Plain, immutable pictures of games that the service layer hands to front ends."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from bot.db.models import GameRow, next_version
from bot.db.records import GameRecord, GameWrite, Written
from bot.games.registry import spec_for
from bot.games.spec import AnyRules, AnySpec
from bot.statuses import BoardReach, GameStatus
from rules import verify
from rules.core import Event, Locale, Outcome, Seat
from rules.core.fairness import commitment

#: Local players (the console's, and its bot) have ids up to this one; Discord's are positive.
LOCAL_USER_MAX = 0
#: A player who deleted their data (/privacy) is "a former player": their seats keep an id at or
#: below this one, drawn once at random per deletion (the same in all their games, so a table
#: still adds up). Discord's ids are positive and the console's local ids fill the 48 bits
#: below zero, so no person, here or on Discord, ever has one.
FORMER_PLAYER_MAX = -(1 << 60)
#: What a former player's seat keeps as a name (boards say it in the reader's language).
FORMER_PLAYER_NAME = "元プレイヤー · a former player"


def is_former_player(user_id: int) -> bool:
    return user_id <= FORMER_PLAYER_MAX


@dataclass(frozen=True, slots=True)
class Player:
    """Someone taking a seat: a Discord user (or a local console player), or the bot itself."""

    user_id: int
    display_name: str
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: Seat
    user_id: int
    display_name: str
    is_bot: bool
    to_act: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game without its state: what lists, clocks and links need, read without decoding
    (or even loading) the state snapshot."""

    id: int
    game_type: str
    status: GameStatus
    settings: dict[str, Any]
    version: int
    ply: int
    rated: bool
    challenger_seat: Seat
    outcome: Outcome | None
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    #: How the bot reaches the board (itself, or only through the interactions on it).
    board_reach: BoardReach
    locale: str
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None
    finished_at: datetime | None
    seats: tuple[SeatInfo, ...]
    move_seconds: int | None
    deadline_at: datetime | None
    reminders_sent: int
    raw_outcome: dict[str, Any] | None
    daily_key: str | None
    #: The tournament this game belongs to (a round's pairing or a solitaire deal), if any.
    tournament_id: int | None
    #: How many players hold a planned line in it (0: no plan to look at after a move).
    planners: int = 0
    #: Since when its clock is stopped, and why (see :mod:`bot.services.holds`).
    held_since: datetime | None = None
    pause: dict[str, Any] | None = None
    #: An open challenge's rating range (``None``: not an open challenge).
    open_to: dict[str, Any] | None = None
    #: What its deadline is worked out from (see :mod:`bot.services.game_clock`).
    clock: dict[str, Any] | None = None

    @property
    def spec(self) -> AnySpec:
        return spec_for(self.game_type)

    @property
    def rules(self) -> AnyRules:
        return spec_for(self.game_type).rules

    @property
    def rating_changes(self) -> dict[int, tuple[int, int]]:
        """After a rated game: each seat's rating before and after."""
        raw = (self.raw_outcome or {}).get("rating") or {}
        return {int(seat): (int(b), int(a)) for seat, (b, a) in raw.items()}

    @property
    def is_active(self) -> bool:
        return self.status == GameStatus.ACTIVE

    @property
    def daily_day(self) -> date | None:
        """The day (UTC) of a daily deal: its key begins with it."""
        return None if self.daily_key is None else date.fromisoformat(self.daily_key[:10])

    def daily_deal_open(self, today: date) -> bool:
        """A daily deal is the same for everyone in the server all its day: until that day is
        over, its cards are its player's alone."""
        day = self.daily_day
        return day is not None and day >= today

    @property
    def private_deal(self) -> bool:
        """A deal others are dealt too (a daily deal, a solitaire tournament's deal): its
        board is shown to its player alone."""
        return len(self.seats) == 1 and (
            self.daily_key is not None or self.tournament_id is not None
        )

    def seat_of(self, user_id: int) -> Seat | None:
        for info in self.seats:
            if info.user_id == user_id:
                return info.seat
        return None

    def player(self, seat: Seat) -> SeatInfo:
        return self.seats[seat]

    @property
    def challenger(self) -> SeatInfo:
        return self.seats[self.challenger_seat]

    @property
    def challenged(self) -> SeatInfo:
        return next(s for s in self.seats if s.seat != self.challenger.seat)

    @property
    def seats_to_act(self) -> tuple[SeatInfo, ...]:
        return tuple(s for s in self.seats if s.to_act) if self.status == GameStatus.ACTIVE else ()

    @staticmethod
    def fields_from(row: GameRow) -> dict[str, Any]:
        return {
            "id": row.id,
            "game_type": row.game_type,
            "status": row.status,
            "settings": dict(row.settings),
            "version": row.version,
            "ply": row.ply,
            "rated": row.rated,
            "challenger_seat": row.challenger_seat,
            "outcome": Outcome.load(row.outcome) if row.outcome else None,
            "guild_id": row.guild_id,
            "channel_id": row.channel_id,
            "message_id": row.message_id,
            "board_reach": row.board_reach,
            "locale": row.locale,
            "created_at": row.created_at,
            "updated_at": row.updated_at,
            "expires_at": row.expires_at,
            "finished_at": row.finished_at,
            "seats": tuple(
                SeatInfo(s.seat, s.user_id, s.display_name, s.is_bot, s.to_act) for s in row.seats
            ),
            "move_seconds": row.move_seconds,
            "deadline_at": row.deadline_at,
            "reminders_sent": row.reminders_sent,
            "raw_outcome": dict(row.outcome) if row.outcome else None,
            "daily_key": row.daily_key,
            "tournament_id": row.tournament_id,
            "planners": row.planners,
            "held_since": row.held_since,
            "pause": row.pause,
            "open_to": row.open_to,
            "clock": row.clock,
        }

    @classmethod
    def summary_of(cls, row: GameRow) -> GameSummary:
        """A row loaded without its state column."""
        return GameSummary(**GameSummary.fields_from(row))


@dataclass(frozen=True, slots=True)
class GameSnapshot(GameSummary):
    """A whole game: the summary, its seed and its decoded state."""

    seed: int = 0
    state: Any = None
    salt: str | None = None

    @property
    def commitment(self) -> str | None:
        """The seal on the seed: SHA-256 of seed and salt (``rules.core.fairness``)."""
        return None if self.salt is None else commitment(self.seed, bytes.fromhex(self.salt))

    def seed_revealed(self, today: date) -> bool:
        """A seed is shown once nobody can use it: after the game — and for a daily deal,
        which others may still be playing, after its day."""
        if self.salt is None or self.status != GameStatus.FINISHED:
            return False
        return not self.daily_deal_open(today)

    @classmethod
    def from_row(cls, row: GameRow, state: Any = None) -> GameSnapshot:
        """``state``: the already-loaded state of ``row``, to skip decoding it again."""
        if state is None:
            state = spec_for(row.game_type).rules.load(row.state)
        return cls(**GameSummary.fields_from(row), seed=row.seed, state=state, salt=row.salt)

    @classmethod
    def from_record(
        cls, record: GameRecord, state: Any, seats: tuple[SeatInfo, ...]
    ) -> GameSnapshot:
        """A game read by the hot path; ``state`` and ``seats`` are already decoded (a record
        read at a version the caller held carries neither)."""
        return cls(
            id=record.id,
            game_type=record.game_type,
            status=record.status,
            settings=record.settings,
            version=record.version,
            ply=record.ply,
            rated=record.rated,
            challenger_seat=record.challenger_seat,
            outcome=Outcome.load(record.outcome) if record.outcome else None,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            message_id=record.message_id,
            board_reach=record.board_reach,
            locale=record.locale,
            created_at=record.created_at,
            updated_at=record.updated_at,
            expires_at=record.expires_at,
            finished_at=record.finished_at,
            seats=seats,
            move_seconds=record.move_seconds,
            deadline_at=record.deadline_at,
            reminders_sent=record.reminders_sent,
            raw_outcome=record.outcome,
            daily_key=record.daily_key,
            tournament_id=record.tournament_id,
            planners=record.planners,
            held_since=record.held_since,
            pause=record.pause,
            open_to=record.open_to,
            clock=record.clock,
            seed=record.seed,
            state=state,
            salt=record.salt,
        )

    def moved(
        self,
        *,
        state: Any,
        change: GameWrite,
        to_act: Collection[Seat],
        written: Written,
    ) -> GameSnapshot:
        """This game after an action's write (its version bumped by one; ``written``: the
        columns read back in that write's transaction)."""
        outcome = change.outcome
        if written.rating is not None:
            outcome = {**(outcome or {}), "rating": written.rating}
        seated = {
            s.seat: replace(self.seats[s.seat], user_id=s.user_id, display_name=s.display_name)
            for s in change.seated
        }
        return GameSnapshot(
            id=self.id,
            game_type=self.game_type,
            status=change.status,
            settings=self.settings,
            version=next_version(self.version),
            ply=change.ply,
            rated=self.rated,
            challenger_seat=self.challenger_seat,
            outcome=Outcome.load(outcome) if outcome else None,
            guild_id=self.guild_id,
            channel_id=written.channel_id,
            message_id=written.message_id,
            board_reach=written.board_reach,
            locale=self.locale,
            created_at=self.created_at,
            updated_at=change.updated_at,
            expires_at=change.expires_at,
            finished_at=change.finished_at,
            seats=tuple(
                SeatInfo(s.seat, s.user_id, s.display_name, s.is_bot, s.seat in to_act)
                for s in (seated.get(s.seat, s) for s in self.seats)
            ),
            move_seconds=self.move_seconds,
            deadline_at=change.deadline_at,
            reminders_sent=written.reminders_sent,
            raw_outcome=outcome,
            daily_key=self.daily_key,
            tournament_id=self.tournament_id,
            planners=written.planners,
            held_since=change.held_since,
            pause=change.pause,
            open_to=change.open_to,
            clock=change.clock,
            seed=self.seed,
            state=state,
            salt=self.salt,
        )


def seat_infos(record: GameRecord) -> tuple[SeatInfo, ...]:
    assert record.seats is not None
    return tuple(
        SeatInfo(s.seat, s.user_id, s.display_name, s.is_bot, s.to_act) for s in record.seats
    )


@dataclass(frozen=True, slots=True)
class Verification:
    """A finished game's revealed seal, checked: its record for ``python -m rules.verify``
    (the moves anyone may see, the seed, salt, commitment and result), that record's report,
    and whether the whole log (private steps included) replays to the stored end."""

    game: GameSnapshot
    record: verify.GameRecord
    report: verify.Report
    replayed: bool

    @property
    def ok(self) -> bool:
        return self.report.ok and self.replayed


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One logged action: its ply, who acted, its code and the public text in both languages."""

    ply: int
    seat: Seat | None
    action: str
    public_text_ja: str
    public_text_en: str

    def public_text(self, locale: Locale) -> str:
        return self.public_text_ja if locale == "ja" else self.public_text_en


def public_steps(rows: Sequence[LogEntry]) -> list[tuple[LogEntry, int]]:
    """What others may see of a log: each action with public text, numbered 1, 2, … with no
    gaps, and how many logged actions lead up to it. Private actions (戦列札's staging and
    take-backs have no public text) are folded into the next public step, so neither their
    count nor their position shows."""
    out: list[tuple[LogEntry, int]] = []
    for index, row in enumerate(rows, start=1):
        if row.public_text_ja or row.public_text_en:
            numbered = LogEntry(
                len(out) + 1, row.seat, row.action, row.public_text_ja, row.public_text_en
            )
            out.append((numbered, index))
    return out


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What one call changed: the game after it, and the events in order (with their seats)."""

    game: GameSnapshot
    events: tuple[Event, ...]
    #: The version the game had before this call; a front end may compare.
    previous_version: int
    #: The deliveries its changes wrote (what they owe people), oldest first.
    deliveries: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.game.status == GameStatus.FINISHED

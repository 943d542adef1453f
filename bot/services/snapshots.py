"""Plain, immutable pictures of games that the service layer hands to front ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from operator import attrgetter
from typing import Any

from bot.db.game_columns import WRITE_COLUMNS, WRITTEN_BACK, record_of, record_of_summary
from bot.db.models import GameRow, next_version
from bot.db.records import GameColumns, GameRecord, GameWrite, SeatRecord, Written
from bot.games.registry import spec_for
from bot.games.spec import AnyRules, AnySpec
from bot.statuses import GameStatus
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


#: A seat as front ends see it: the very seat a read returns (who sits there, and whether
#: they must act).
SeatInfo = SeatRecord


@dataclass(frozen=True, slots=True)
class GameSummary(GameColumns):
    """A game without its state: what lists, clocks and links need, read without decoding
    (or even loading) the state snapshot. Its columns are its record's, typed once in
    :class:`~bot.db.records.GameColumns`; besides them, its seats and its outcome decoded."""

    seats: tuple[SeatInfo, ...]
    outcome: Outcome | None
    #: The outcome as stored (with a rated game's rating changes).
    raw_outcome: dict[str, Any] | None

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

    @classmethod
    def summary_of(cls, row: GameRow) -> GameSummary:
        """A row loaded without its state column."""
        return GameSummary(*_summarised(record_of(row, with_state=False), None))

    @classmethod
    def from_summary(cls, summary: dict[str, Any]) -> GameSummary:
        """A finished game as its seats' ``summary`` holds it (what /history reads)."""
        return GameSummary(*_summarised(record_of_summary(summary), None))


@dataclass(frozen=True, slots=True)
class GameSnapshot(GameSummary):
    """A whole game: the summary, its seed and its decoded state."""

    #: Decoded by the rules (``None`` in a game read without it).
    state: Any

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
        return cls(*_summarised(record_of(row), None, state))

    @classmethod
    def from_record(
        cls, record: GameRecord, state: Any, seats: tuple[SeatInfo, ...] | None = None
    ) -> GameSnapshot:
        """A game read by the hot path, ``state`` already decoded; ``seats``: those held here
        when the record was read at a version the caller held (it carries none)."""
        return cls(*_summarised(record, seats, state))

    def moved(self, *, state: Any, change: GameWrite, written: Written) -> GameSnapshot:
        """This game after an action's write, not read again: the columns the write set and
        those it read back in its transaction (``written``), by name; its version bumped by
        one, its seats as the write left them (someone new, the turns), its outcome with the
        ratings it moved."""
        values = list(_fields_of(self))
        for at, value in zip(_SET_AT, _set_by(change), strict=True):
            values[at] = value
        for at, value in zip(_WRITTEN_AT, _written_back(written), strict=True):
            values[at] = value
        outcome = change.outcome
        if written.rating is not None:
            outcome = {**(outcome or {}), "rating": written.rating}
        values[_VERSION_AT] = next_version(self.version)
        values[_OUTCOME_AT] = Outcome.load(outcome) if outcome else None
        values[_RAW_OUTCOME_AT] = outcome
        values[_STATE_AT] = state
        seats = self.seats
        if change.seated:  # someone new in a seat (an open challenge's taken)
            newcomers = {s.seat: s for s in change.seated}
            seats = tuple(
                replace(s, user_id=new.user_id, display_name=new.display_name)
                if (new := newcomers.get(s.seat))
                else s
                for s in seats
            )
        mask = change.to_act_mask
        if mask is not None:  # else the turns are as they were
            seats = tuple([s.acting(bool(mask >> s.seat & 1)) for s in seats])
        values[_SEATS_AT] = seats
        return GameSnapshot(*values)


_columns_of = attrgetter(*(f.name for f in fields(GameColumns)))


def _summarised(
    record: GameRecord, seats: tuple[SeatInfo, ...] | None, *more: Any
) -> tuple[Any, ...]:
    """A summary's fields from ``record``, in order: its columns as they are, its seats (or
    ``seats``, held already), its outcome decoded and as stored; then ``more`` (a snapshot's
    state)."""
    outcome = record.outcome
    seats = record.seats if seats is None else seats
    assert seats is not None, "a record read without its seats needs the seats held"
    decoded = Outcome.load(outcome) if outcome else None
    return (*_columns_of(record), seats, decoded, outcome, *more)


#: A snapshot's fields in order; the places of those a write sets (but the state and outcome,
#: which a snapshot holds decoded) and of those it reads back — every one taken by name.
_FIELDS = tuple(f.name for f in fields(GameSnapshot))
_fields_of = attrgetter(*_FIELDS)
_SET = tuple(name for name in WRITE_COLUMNS if name not in ("state", "outcome"))
_set_by = attrgetter(*_SET)
_SET_AT = tuple(_FIELDS.index(name) for name in _SET)
_written_back = attrgetter(*WRITTEN_BACK)
_WRITTEN_AT = tuple(_FIELDS.index(name) for name in WRITTEN_BACK)
_VERSION_AT, _SEATS_AT, _OUTCOME_AT, _RAW_OUTCOME_AT, _STATE_AT = (
    _FIELDS.index(name) for name in ("version", "seats", "outcome", "raw_outcome", "state")
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

"""The hot path's shapes: a game as one read returns it, one guarded write, and the store that
does both in one hand-off to the database each (no ORM unit of work in between).

A :class:`GameStore` is the only thing the action pipeline needs from the database for an
ordinary action: ``read`` (one statement's worth of work, optionally leaving the state out when
the caller already holds that version) and ``write`` (``UPDATE game … WHERE id = :id AND
version = :seen``, the event rows and the seats, in one transaction; ``None`` when the version
moved on, and then nothing was written).

It is also the one door to the ``game`` row: every change to it is one of the store's named
operations (a test checks that nothing else writes the table). A change worked out from a read
of the game (a move, a start, an open seat taken, a clock stopped for a player away) is a
guarded ``write``, with what it owes people; the bookkeeping that is no move (where the board
is, the newest ping, the planners, a reminder's or a board's claim, a deleted player's seats)
has an operation of its own (:class:`GameBookkeeping`), which writes what it owes there too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from operator import attrgetter
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.marks import Mark
from bot.statuses import BoardReach, DeliveryKind, GameStatus


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat of a game: as a read returns it, as a new game's seat is written, and as front
    ends see it (``bot.services.snapshots.SeatInfo`` is this very class)."""

    seat: int
    user_id: int
    display_name: str
    is_bot: bool
    to_act: bool

    def acting(self, to_act: bool) -> SeatRecord:
        """This seat with ``to_act`` (after a write that moved the turn)."""
        return SeatRecord(self.seat, self.user_id, self.display_name, self.is_bot, to_act)


@dataclass(frozen=True, slots=True)
class GameColumns:
    """A game's columns as every reader sees them, typed once: a :class:`GameRecord` (what
    the stores read) and the snapshots front ends get (``bot.services.snapshots``) are these
    and more. Left to each: the outcome (stored, or decoded too), the state and the seats."""

    id: int
    game_type: str
    status: GameStatus
    settings: dict[str, Any]
    seed: int
    salt: str | None
    version: int
    ply: int
    rated: bool
    challenger_seat: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    board_reach: BoardReach
    ping_message_id: int | None
    locale: str
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None
    finished_at: datetime | None
    move_seconds: int | None
    deadline_at: datetime | None
    reminders_sent: int
    daily_key: str | None
    tournament_id: int | None
    planners: int
    held_since: datetime | None
    pause: dict[str, Any] | None
    open_to: dict[str, Any] | None
    clock: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class GameRecord(GameColumns):
    """A ``game`` row and its seats. ``state`` and ``seats`` are ``None`` when the read was
    told the caller already holds this version (they change only with the version)."""

    outcome: dict[str, Any] | None
    state: dict[str, Any] | None
    seats: tuple[SeatRecord, ...] | None


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One logged action (a ``game_event`` row)."""

    ply: int
    seat: int | None
    action: str
    events: dict[str, Any]
    public_text_ja: str
    public_text_en: str
    #: The player's thinking time (``GameEventRow.thought_seconds``).
    thought_seconds: int | None = None

    def timed(self, thought_seconds: int | None) -> EventRecord:
        """This action with its player's thinking time (known once the whole change is worked
        out): made at once, not copied through ``replace`` (a score of calls, every move)."""
        return EventRecord(*(*_untimed(self), thought_seconds))


#: A logged action's fields but its thinking time, the last one.
_untimed = attrgetter(*[f.name for f in fields(EventRecord)][:-1])
if fields(EventRecord)[-1].name != "thought_seconds":
    raise TypeError("EventRecord: its thinking time last")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One person's result in a finished game (each of won, drawn, lost is 0 or 1)."""

    seat: int
    user_id: int
    won: int
    drawn: int
    lost: int


#: From each player's rating before (mean, uncertainty; None: never rated), in seat order, to
#: their ratings after and what the outcome records of the change (seat → [before, after]).
Rate = Callable[
    [Sequence[tuple[float | None, float | None]]],
    tuple[Sequence[tuple[float, float]], dict[str, list[int]]],
]


@dataclass(frozen=True, slots=True)
class ResultsWrite:
    """What a finishing change counts, in its own transaction (so exactly once): a line per
    person in ``player_stat`` and, for a rated game between two people, their new ratings."""

    guild_id: int
    game_key: str
    seats: tuple[SeatResult, ...]
    rate: Rate | None


@dataclass(frozen=True, slots=True)
class DeliveryWrite:
    """What a change owes people (a ``delivery`` row, the outbox): written in the change's
    own transaction, so a crash cannot lose it; held by ``owner`` until ``due_at`` (the
    writer delivers it at once, and anyone may take it after that)."""

    kind: DeliveryKind
    number: int = 0
    deadline_at: datetime | None = None
    #: Who made the change (they are not told of their own move).
    actor_id: int | None = None
    owner: str | None = None
    #: ``None``: due at once (nobody is about to deliver it).
    due_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Seated:
    """Someone new in a seat (an open challenge's empty seat taken): who, and the name the
    boards show. A turn notice sent by DM to whoever sat there before is theirs, not kept."""

    seat: int
    user_id: int
    display_name: str


@dataclass(frozen=True, slots=True)
class GameWrite:
    """One guarded write: everything an ordinary action changes."""

    game_id: int
    #: The version the action was computed from; the write happens only if it is still current.
    seen_version: int
    state: dict[str, Any]
    ply: int
    status: GameStatus
    outcome: dict[str, Any] | None
    finished_at: datetime | None
    expires_at: datetime | None
    deadline_at: datetime | None
    #: A new deadline (or none): its reminders start again from zero.
    reset_reminders: bool
    updated_at: datetime
    #: The clock stopped since (``None``: running) and why (``GameRow.pause``): carried over
    #: from the version planned on unless the change stops or restarts it.
    held_since: datetime | None
    pause: dict[str, Any] | None
    #: An open challenge's rating range, carried over unless the change closes it (its seat
    #: taken).
    open_to: dict[str, Any] | None
    events: tuple[EventRecord, ...]
    #: Bit ``n`` set: seat ``n`` must act; ``None``: the seats stay as they are.
    to_act_mask: int | None
    #: A turn ping sent since the last write, recorded with this one; ``None``: keep the column.
    ping_message_id: int | None = None
    #: A finishing change: the results it counts.
    results: ResultsWrite | None = None
    #: What the change owes people, inserted with it (its id comes back).
    delivery: DeliveryWrite | None = None
    #: Seats someone new now holds.
    seated: tuple[Seated, ...] = ()
    #: The clock's column (``GameRow.clock``), carried over unless the change moves it on.
    clock: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game being created (a challenge, a solitaire, a daily deal), with its seats; it starts
    at version 1 and ply 0, with no result, board message or ping yet."""

    game_type: str
    rules_version: int
    schema_version: int
    status: GameStatus
    settings: dict[str, Any]
    seed: int
    salt: str | None
    state: dict[str, Any]
    rated: bool
    challenger_seat: int
    guild_id: int | None
    channel_id: int | None
    locale: str
    created_at: datetime
    expires_at: datetime | None
    move_seconds: int | None
    deadline_at: datetime | None
    daily_key: str | None
    seats: tuple[SeatRecord, ...]
    #: The tournament the game is a pairing or a deal of.
    tournament_id: int | None = None
    #: An open challenge: the rating range of who may take it (see ``GameRow.open_to``).
    open_to: dict[str, Any] | None = None
    #: Its clock's column: a time bank, if it has one (``GameRow.clock``).
    clock: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """What a write reads back in its own transaction: the columns that change without the
    version (where the board and the newest ping are, the reminders sent)."""

    channel_id: int | None
    message_id: int | None
    board_reach: BoardReach
    ping_message_id: int | None
    reminders_sent: int
    #: How many players hold a planned line in the game (read back so the move can answer it).
    planners: int = 0
    #: After a rated game: each seat's rating before and after, as stored in the outcome.
    rating: dict[str, list[int]] | None = None
    #: The ``delivery`` row written with the change (``GameWrite.delivery``).
    delivery_id: int | None = None


class GameBookkeeping(Protocol):
    """The game row's bookkeeping: what changes without its version (so no board or button goes
    stale), or moves it on with nothing worked out from a read to guard. Each runs in the
    caller's unit of work (``session``), so it commits with whatever else that unit writes."""

    async def attach_board(
        self,
        session: AsyncSession,
        game_id: int,
        channel_id: int,
        message_id: int,
        reach: BoardReach,
    ) -> None:
        """Where the game's board is now, and how the bot reaches it."""
        ...

    async def swap_ping(self, session: AsyncSession, game_id: int, message_id: int) -> int | None:
        """Record the newest turn ping; returns the one it replaces."""
        ...

    async def count_planners(self, session: AsyncSession, game_id: int) -> None:
        """Count again the players who hold a planned line in the game."""
        ...

    async def claim_reminder(
        self,
        session: AsyncSession,
        game_id: int,
        *,
        sent: int,
        deadline_at: datetime,
        delivery: DeliveryWrite,
        now: datetime,
    ) -> int | None:
        """Claim the reminder ``delivery.number`` of a running clock: only if ``sent``
        reminders are still recorded for ``deadline_at`` (so once, by one process); writes its
        delivery and returns its id (``None``: not claimed)."""
        ...

    async def claim_board(self, session: AsyncSession, game_id: int, now: datetime) -> bool:
        """Claim a board never posted, to announce it again: once, by one process."""
        ...

    async def hand_seats(
        self,
        session: AsyncSession,
        user_id: int,
        to_user_id: int,
        display_name: str,
        delivery: DeliveryWrite,
        now: datetime,
    ) -> list[int]:
        """Every seat of ``user_id``, in every game, handed to ``to_user_id`` named
        ``display_name``: each game's version moves on (copies held anywhere are read again)
        and owes ``delivery`` (its boards show the new name). Returns the games."""
        ...

    async def rebuild_snapshot(
        self,
        session: AsyncSession,
        game_id: int,
        state: dict[str, Any] | None,
        *,
        schema_version: int | None = None,
    ) -> None:
        """Replace the game's snapshot with ``state`` rebuilt from its log (a damaged one, or
        one of an older schema, then stamped ``schema_version``; ``None``: the snapshot stays,
        only stamped). The position is the one the log holds, so the version stays: a board
        drawn before is still current."""
        ...


class GameStore(GameBookkeeping, Protocol):
    async def read(
        self, game_id: int, known_version: int | None = None, *, with_state: bool = True
    ) -> GameRecord | None:
        """The game (``None``: no such game); state and seats left out if its version is
        ``known_version``, the state also without ``with_state``."""
        ...

    async def read_log(self, game_id: int) -> list[tuple[int, int | None, str, str, str]]:
        """The logged actions in order as (ply, seat, code, public text ja, public text en):
        what logs and replays show, and nothing else."""
        ...

    async def create(self, game: NewGame) -> int:
        """Insert ``game`` and its seats in one transaction; returns its id."""
        ...

    async def write(self, change: GameWrite) -> Written | None:
        """Apply ``change`` in one transaction; ``None`` (nothing written) if the game's version
        is no longer ``change.seen_version``."""
        ...

    async def read_published(self) -> list[tuple[int, str]]:
        """Every server published on the web and its name there, by id (the web pages ask
        for each reader: a server that stops publishing is gone from them at once)."""
        ...

    async def read_marks(self, user_ids: Sequence[int]) -> dict[int, Mark]:
        """Each of ``user_ids``' web page's mark (:mod:`bot.db.marks`), in one read: what
        changes whenever their page may (none: no seat, no page)."""
        ...

    async def read_moves(self, game_id: int) -> list[tuple[int | None, str]]:
        """The logged actions in order, (seat, code): to rebuild a damaged snapshot."""
        ...

    async def save_pings(self, pings: dict[int, tuple[int | None, int]]) -> set[int]:
        """Record turn pings ``{game: (expected current, new)}`` in one transaction, each only
        where the column still holds the expected value; returns the games recorded."""
        ...

    async def close(self) -> None: ...

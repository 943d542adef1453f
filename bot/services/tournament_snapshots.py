"""Plain, immutable pictures of tournaments that the tournament service hands to front ends:
the tournament, its entrants and pairings, its table, and what the scheduler did."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.db import TournamentEntrantRow, TournamentPairingRow, TournamentRow
from bot.games.registry import spec_for
from bot.games.spec import AnySpec
from bot.services.snapshots import ActionResult, GameSnapshot
from bot.statuses import OVER_TOURNAMENT_STATUSES, TournamentFormat, TournamentStatus
from bot.tournament import BYE_POINTS, Format, SolitaireRow, TableRow
from rules.core import Text
from rules.core.fairness import commitment


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game_type: str
    settings: dict[str, Any]
    format: TournamentFormat
    rounds: int
    move_seconds: int | None
    rated: bool
    max_players: int | None
    entrant_count: int
    status: TournamentStatus
    signup_until: datetime
    play_seconds: int | None
    closes_at: datetime | None
    current_round: int
    locale: str
    started_at: datetime | None
    finished_at: datetime | None
    #: The seal on the secret seed of the solitaire deals (SHA-256 of seed and salt).
    commitment: str
    #: The seed and salt, once the tournament is over (anyone may then check the seal).
    revealed: tuple[int, str] | None
    #: How long a round lasts (None: until its last game ends) and when the current one ends.
    round_seconds: int | None = None
    round_deadline_at: datetime | None = None
    #: Every game's time bank (``{"start": s, "add": s, "cap": s}``); None: per move.
    bank: dict[str, int] | None = None

    @classmethod
    def from_row(cls, row: TournamentRow) -> TournamentInfo:
        over = row.status in OVER_TOURNAMENT_STATUSES
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            organiser_id=row.organiser_id,
            name=row.name,
            game_type=row.game_type,
            settings=dict(row.settings),
            format=row.format,
            rounds=row.rounds,
            move_seconds=row.move_seconds,
            rated=row.rated,
            max_players=row.max_players,
            entrant_count=row.entrant_count,
            status=row.status,
            signup_until=row.signup_until,
            play_seconds=row.play_seconds,
            closes_at=row.closes_at,
            current_round=row.current_round,
            locale=row.locale,
            started_at=row.started_at,
            finished_at=row.finished_at,
            commitment=commitment(row.seed, bytes.fromhex(row.salt)),
            revealed=(row.seed, row.salt) if over else None,
            round_seconds=row.round_seconds,
            round_deadline_at=row.round_deadline_at,
            bank=None if row.bank is None else {k: int(v) for k, v in row.bank.items()},
        )

    @property
    def spec(self) -> AnySpec:
        return spec_for(self.game_type)

    @property
    def title(self) -> Text:
        """The game and its variant, as lists and tables name it."""
        return self.spec.rules.title_for(self.settings)

    @property
    def solitaire(self) -> bool:
        return self.format == TournamentFormat.SOLITAIRE

    @property
    def played(self) -> bool:
        """Whether play began (a round was paired, or the deals opened): it has a table, even
        if it was cancelled later. One cancelled at the start for too few players has none."""
        return self.current_round > 0 or self.closes_at is not None

    @property
    def pairing_format(self) -> Format:
        return Format(self.format)

    @property
    def bye_points(self) -> float:
        return bye_points(self.format)


def bye_points(format: TournamentFormat) -> float:
    """A Swiss bye scores a point; a round robin's (each player sits out once) scores none."""
    return BYE_POINTS if format == TournamentFormat.SWISS else 0.0


@dataclass(frozen=True, slots=True)
class EntrantInfo:
    user_id: int
    display_name: str
    #: The seeding rank, once the tournament has started.
    seed: int | None
    withdrawn_round: int | None

    @classmethod
    def from_row(cls, row: TournamentEntrantRow) -> EntrantInfo:
        return cls(row.user_id, row.display_name, row.seed, row.withdrawn_round)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_round is not None


@dataclass(frozen=True, slots=True)
class PairingInfo:
    """One board of a round; ``black`` None is a bye. ``result`` is an outcome code
    (``1-0``, ``½-½``, ``+/-`` …), ``bye``, or None while the game is played."""

    round_no: int
    board: int
    white: int
    black: int | None
    game_id: int | None
    result: str | None
    #: Where the game's board is (for a link), once it has been posted.
    channel_id: int | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class Adjudicated:
    """A game decided at its round's deadline: the result and the rule's proof."""

    round_no: int
    board: int
    white: int
    black: int
    result: str
    rule: str
    proof: Text

    @classmethod
    def of(cls, row: TournamentPairingRow) -> Adjudicated | None:
        note = row.adjudication
        if note is None or row.black_id is None or row.result is None:
            return None
        proof = Text(str(note["proof"]["ja"]), str(note["proof"]["en"]))
        return cls(
            row.round_no, row.board, row.white_id, row.black_id, row.result, note["rule"], proof
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """Everything ``/tournament show`` shows: the table (by points and tie-breaks, or by deals
    won for a solitaire event), the current round's pairings and the entrants."""

    tournament: TournamentInfo
    entrants: tuple[EntrantInfo, ...]
    rows: tuple[TableRow, ...]
    tie_breaks: tuple[str, ...]
    solitaire_rows: tuple[SolitaireRow, ...]
    pairings: tuple[PairingInfo, ...]
    #: Every game of the event decided at a round's deadline, in round and board order.
    adjudicated: tuple[Adjudicated, ...] = ()

    def entrant(self, user_id: int) -> EntrantInfo | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def name_of(self, user_id: int) -> str:
        entrant = self.entrant(user_id)
        return entrant.display_name if entrant is not None else str(user_id)


@dataclass(frozen=True, slots=True)
class BoardLabel:
    """What a tournament game's board says of its tournament: the name, and the round (of a
    paired event) or the deal (of a solitaire event) out of how many. None of it changes once
    the game exists, so it may be kept for as long as the process runs."""

    tournament_id: int
    name: str
    solitaire: bool
    number: int
    of: int


# --- what the scheduler did, for the front end to announce --------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round was paired and its games started (boards still to be posted)."""

    tournament: TournamentInfo
    round_no: int
    pairings: tuple[PairingInfo, ...]
    games: tuple[GameSnapshot, ...]
    names: dict[int, str]


@dataclass(frozen=True, slots=True)
class DealsOpened:
    """A solitaire event started: entrants may play their deals until it closes."""

    tournament: TournamentInfo
    entrants: tuple[EntrantInfo, ...]


@dataclass(frozen=True, slots=True)
class Cancelled:
    """Called off: by its organiser or a server manager (``by``), or for too few players at
    the start (``by`` None)."""

    tournament: TournamentInfo
    by: int | None = None


@dataclass(frozen=True, slots=True)
class Finished:
    standing: Standing


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game the platform ended for a tournament: a withdrawn player's, resigned; one in
    progress when the tournament was cancelled or closed, aborted."""

    result: ActionResult


TournamentNotice = RoundStarted | DealsOpened | Cancelled | Finished | GameEnded


@dataclass(frozen=True, slots=True)
class Deal:
    """A solitaire event's deal as its player starts (or resumes) it."""

    tournament: TournamentInfo
    result: ActionResult
    deal_no: int
    new: bool


@dataclass(frozen=True, slots=True)
class Withdrawal:
    tournament: TournamentInfo
    notices: tuple[TournamentNotice, ...]

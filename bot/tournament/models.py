"""The vocabulary of a tournament: players, pairings, results, byes and table rows.

Every type is a frozen dataclass or an enum so that a schedule or a table can be shared, hashed
and compared freely. Players are opaque ``int`` ids; who they are is the caller's business.
Points are ``float``: every score here is a multiple of ½, which binary floats hold exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

PlayerId = int


class Colour(Enum):
    """Which side a player takes; "white" moves first, as in the chess vocabulary we borrow."""

    WHITE = "white"
    BLACK = "black"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(Enum):
    """How a game ended. Forfeits are games that were never played."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "½-½"
    WHITE_WINS_BY_FORFEIT = "+/-"
    BLACK_WINS_BY_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"

    @property
    def played(self) -> bool:
        """Only games actually played count for colours and, as games, for tie-breaks."""
        return self in (Outcome.WHITE_WINS, Outcome.BLACK_WINS, Outcome.DRAW)

    def points(self, colour: Colour) -> float:
        """Points scored by the player who had ``colour``: 1 for a win, ½ for a draw, else 0."""
        if self is Outcome.DRAW:
            return 0.5
        white_won = self in (Outcome.WHITE_WINS, Outcome.WHITE_WINS_BY_FORFEIT)
        black_won = self in (Outcome.BLACK_WINS, Outcome.BLACK_WINS_BY_FORFEIT)
        won = white_won if colour is Colour.WHITE else black_won
        return 1.0 if won else 0.0


class Format(Enum):
    ROUND_ROBIN = "round_robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    SWISS = "swiss"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the event. ``seed`` is the seeding rank: 1 is the strongest (or first to join)."""

    player: PlayerId
    seed: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: ``board`` numbers the games of a round from 1."""

    white: PlayerId
    black: PlayerId
    board: int

    @property
    def players(self) -> frozenset[PlayerId]:
        return frozenset((self.white, self.black))


@dataclass(frozen=True, slots=True)
class RoundSchedule:
    """A round of a prepared schedule (round robin): its games, and who sits out, if anyone."""

    round_no: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None


@dataclass(frozen=True, slots=True)
class SwissRound:
    """The pairings of one Swiss round, and the player given the bye (one point), if any."""

    round_no: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished (or forfeited) game."""

    round_no: int
    white: PlayerId
    black: PlayerId
    outcome: Outcome

    def colour_of(self, player: PlayerId) -> Colour:
        if player == self.white:
            return Colour.WHITE
        if player == self.black:
            return Colour.BLACK
        raise ValueError(f"player {player} did not take part in this game")

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.black if self.colour_of(player) is Colour.WHITE else self.white

    def points_of(self, player: PlayerId) -> float:
        return self.outcome.points(self.colour_of(player))


BYE_POINTS = 1.0


@dataclass(frozen=True, slots=True)
class ByeRecord:
    """A round a player sat out with no opponent (odd number of players)."""

    round_no: int
    player: PlayerId
    points: float = BYE_POINTS


Record = GameRecord | ByeRecord


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of the table. ``tie_breaks`` are in the order the format ranks by."""

    rank: int
    player: PlayerId
    points: float
    tie_breaks: tuple[float, ...]
    games_played: int
    wins: int
    draws: int
    losses: int

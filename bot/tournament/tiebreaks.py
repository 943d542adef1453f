"""Tie-breaks: Sonneborn-Berger and the Buchholz family, with FIDE's handling of unplayed rounds.

Unplayed rounds are byes, wins and losses by forfeit. Following the FIDE Tie-Break Regulations
(2023, article 16) in simplified form:

* A player's *own* unplayed round counts as a game against a dummy opponent whose score equals
  the player's own final score (so a bye neither helps nor hurts the Buchholz much).
* An *opponent's* score is taken "adjusted": each of the opponent's unplayed rounds counts as a
  draw (½) instead of what it scored, so beating someone who later collected forfeit wins or
  withdrew is valued by the games they actually played.
* Buchholz Cut 1 drops the lowest contribution and Median Buchholz the highest and the lowest;
  FIDE would cut dummy contributions first when they tie, which gives the same sum.

Rounds a withdrawn player was simply not paired in (no record) contribute nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.tournament.models import ByeRecord, PlayerId, Record

DRAW = 0.5


@dataclass(frozen=True, slots=True)
class _Round:
    """One round of one player: the opponent (None for a bye), points, and whether it was played."""

    opponent: PlayerId | None
    points: float
    played: bool


class Results:
    """Everybody's rounds, scores and adjusted scores, worked out once from the records."""

    def __init__(self, records: Iterable[Record]):
        self.rounds: dict[PlayerId, list[_Round]] = {}
        for record in records:
            if isinstance(record, ByeRecord):
                self._add(record.player, _Round(None, record.points, played=False))
                continue
            for player in (record.white, record.black):
                self._add(
                    player,
                    _Round(
                        record.opponent_of(player),
                        record.points_of(player),
                        record.outcome.played,
                    ),
                )
        self.score = {p: sum(r.points for r in rs) for p, rs in self.rounds.items()}
        self.adjusted = {
            p: sum(r.points if r.played else DRAW for r in rs) for p, rs in self.rounds.items()
        }

    def _add(self, player: PlayerId, round_: _Round) -> None:
        self.rounds.setdefault(player, []).append(round_)

    def of(self, player: PlayerId) -> Sequence[_Round]:
        return self.rounds.get(player, [])

    def points(self, player: PlayerId) -> float:
        return self.score.get(player, 0.0)

    def opponent_value(self, player: PlayerId, round_: _Round) -> float:
        """What one round adds to the Buchholz: the opponent's adjusted score, or the dummy's."""
        if round_.played and round_.opponent is not None:
            return self.adjusted[round_.opponent]
        return self.points(player)


def buchholz_contributions(results: Results, player: PlayerId) -> list[float]:
    return sorted(results.opponent_value(player, r) for r in results.of(player))


def buchholz(results: Results, player: PlayerId) -> float:
    return sum(buchholz_contributions(results, player))


def buchholz_cut_1(results: Results, player: PlayerId) -> float:
    return sum(buchholz_contributions(results, player)[1:])


def median_buchholz(results: Results, player: PlayerId) -> float:
    values = buchholz_contributions(results, player)
    return sum(values[1:-1]) if len(values) >= 3 else 0.0


def sonneborn_berger(results: Results, player: PlayerId) -> float:
    """Sum over rounds of the opponent's (adjusted) score times the points scored against them."""
    return sum(results.opponent_value(player, r) * r.points for r in results.of(player))

"""The table: players ranked by points, then by the format's tie-breaks.

* Round robin (single or double): points, Sonneborn-Berger, number of wins.
* Swiss: points, Buchholz, Buchholz Cut 1, Median Buchholz.

Players level on everything share a rank; among them the better seed is listed first. Wins,
draws and losses include results by forfeit; ``games_played`` counts only games actually played;
byes add their points and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.tournament.models import Entrant, Format, PlayerId, Record, TableRow
from bot.tournament.tiebreaks import (
    Results,
    buchholz,
    buchholz_cut_1,
    median_buchholz,
    sonneborn_berger,
)

TieBreak = Callable[[Results, PlayerId], float]


def _wins(results: Results, player: PlayerId) -> float:
    return float(sum(1 for r in results.of(player) if r.opponent is not None and r.points == 1))


TIE_BREAKS: dict[Format, tuple[tuple[str, TieBreak], ...]] = {
    Format.ROUND_ROBIN: (("Sonneborn-Berger", sonneborn_berger), ("wins", _wins)),
    Format.DOUBLE_ROUND_ROBIN: (("Sonneborn-Berger", sonneborn_berger), ("wins", _wins)),
    Format.SWISS: (
        ("Buchholz", buchholz),
        ("Buchholz Cut 1", buchholz_cut_1),
        ("Median Buchholz", median_buchholz),
    ),
}


def tie_break_names(format: Format) -> tuple[str, ...]:
    """Headings for ``TableRow.tie_breaks``, in the same order."""
    return tuple(name for name, _ in TIE_BREAKS[format])


def table(format: Format, entrants: Sequence[Entrant], records: Sequence[Record]) -> list[TableRow]:
    """The ranked table of ``entrants`` (withdrawn players included, if listed) after ``records``."""
    results = Results(records)
    unranked: list[tuple[tuple[float, ...], Entrant, TableRow]] = []
    for entrant in entrants:
        player = entrant.player
        rounds = results.of(player)
        games = [r for r in rounds if r.opponent is not None]
        breaks = tuple(rule(results, player) for _, rule in TIE_BREAKS[format])
        row = TableRow(
            rank=0,
            player=player,
            points=results.points(player),
            tie_breaks=breaks,
            games_played=sum(1 for r in games if r.played),
            wins=sum(1 for r in games if r.points == 1),
            draws=sum(1 for r in games if r.points == 0.5),
            losses=sum(1 for r in games if r.points == 0),
        )
        unranked.append(((row.points, *breaks), entrant, row))
    unranked.sort(key=lambda item: (tuple(-v for v in item[0]), item[1].seed, item[1].player))
    rows: list[TableRow] = []
    for position, (key, _, row) in enumerate(unranked, start=1):
        shared = bool(rows) and unranked[position - 2][0] == key
        rank = rows[-1].rank if shared else position
        rows.append(
            TableRow(
                rank,
                row.player,
                row.points,
                row.tie_breaks,
                row.games_played,
                row.wins,
                row.draws,
                row.losses,
            )
        )
    return rows

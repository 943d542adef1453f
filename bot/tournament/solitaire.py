"""The table of a solitaire event (易双六): every entrant plays the same deals.

Ranked by deals won, then by fewer cards drawn in the deals won (a quicker win is the better
one), then by fewer cards drawn over all deals. Entrants level on all three share a rank and are
listed by id. An entrant who has not finished every deal is ranked on the deals played so far.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.tournament.models import PlayerId


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of one entrant: whether it came out, and how many cards were drawn."""

    won: bool
    draws: int


@dataclass(frozen=True, slots=True)
class SolitaireRow:
    rank: int
    player: PlayerId
    wins: int
    deals: int
    draws_in_wins: int
    draws: int


def solitaire_table(entries: Mapping[PlayerId, Sequence[DealResult]]) -> list[SolitaireRow]:
    rows = [
        SolitaireRow(
            rank=0,
            player=player,
            wins=sum(1 for d in deals if d.won),
            deals=len(deals),
            draws_in_wins=sum(d.draws for d in deals if d.won),
            draws=sum(d.draws for d in deals),
        )
        for player, deals in entries.items()
    ]

    def merit(row: SolitaireRow) -> tuple[int, int, int]:
        return (-row.wins, row.draws_in_wins, row.draws)

    rows.sort(key=lambda row: (merit(row), row.player))
    ranked: list[SolitaireRow] = []
    for position, row in enumerate(rows, start=1):
        shared = bool(ranked) and merit(ranked[-1]) == merit(row)
        rank = ranked[-1].rank if shared else position
        ranked.append(
            SolitaireRow(rank, row.player, row.wins, row.deals, row.draws_in_wins, row.draws)
        )
    return ranked

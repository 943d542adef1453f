"""Round-robin schedules from the FIDE Berger tables (FIDE Handbook C.05, Annex 1).

Players get pairing numbers 1..n in the order given. With an odd count a dummy takes the highest
number and whoever meets the dummy sits out (a bye). Round r of the table pairs, among numbers
1..n-1, every a with the b for which a + b ≡ r + 1 (mod n-1); the one number left over meets n.
That rotation, with the colours the published tables give, is exactly the table for every even n
(tests check 4, 6 and 8 number by number).

A double round robin plays the table twice, the second cycle with every colour reversed. As the
Annex recommends, the last two rounds of the first cycle are swapped, so that no player has the
same colour three times running across the seam between the cycles (true from five players
on; with four it cannot be helped for two of them).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournament.models import (
    GameRecord,
    Outcome,
    Pairing,
    PlayerId,
    RoundSchedule,
)


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """The Berger table for an even ``n``: per round, (white, black) pairing numbers in board order."""
    if n < 2 or n % 2:
        raise ValueError(f"a Berger table needs an even number of at least 2, not {n}")
    cycle = n - 1
    table: list[list[tuple[int, int]]] = []
    for round_no in range(1, n):
        # The number that meets n this round: 2·anchor ≡ round + 1 (mod n-1).
        anchor = next(a for a in range(1, n) if (2 * a - round_no - 1) % cycle == 0)
        # n is Black in odd rounds and White in even rounds, as the published tables have it.
        games = [(anchor, n)] if round_no % 2 else [(n, anchor)]
        for step in range(1, n // 2):
            white = (anchor - 1 + step) % cycle + 1
            black = (anchor - 1 - step) % cycle + 1
            games.append((white, black))
        table.append(games)
    return table


def round_robin_schedule(
    players: Sequence[PlayerId], *, double: bool = False
) -> list[RoundSchedule]:
    """Every round of a round robin among ``players`` (listed in pairing-number order)."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if len(players) < 2:
        raise ValueError("a round robin needs at least two players")
    numbered: list[PlayerId | None] = list(players)
    if len(numbered) % 2:
        numbered.append(None)  # the dummy: meeting it is a bye
    rounds = berger_table(len(numbered))
    if double:
        if len(rounds) >= 2:
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        rounds = rounds + [[(black, white) for white, black in games] for games in rounds]
    schedule: list[RoundSchedule] = []
    for round_no, games in enumerate(rounds, start=1):
        pairings: list[Pairing] = []
        bye: PlayerId | None = None
        for white_no, black_no in games:
            white, black = numbered[white_no - 1], numbered[black_no - 1]
            if white is None:
                bye = black
            elif black is None:
                bye = white
            else:
                pairings.append(Pairing(white, black, board=len(pairings) + 1))
        schedule.append(RoundSchedule(round_no, tuple(pairings), bye))
    return schedule


def forfeits_after_withdrawal(
    schedule: Sequence[RoundSchedule], player: PlayerId, from_round: int
) -> list[GameRecord]:
    """The games a withdrawing player forfeits: every scheduled game from ``from_round`` on.

    Each opponent is credited with a win by forfeit (FIDE's usual handling when a player leaves).
    """
    forfeits: list[GameRecord] = []
    for round_ in schedule:
        if round_.round_no < from_round:
            continue
        for pairing in round_.pairings:
            if pairing.white == player:
                outcome = Outcome.BLACK_WINS_BY_FORFEIT
            elif pairing.black == player:
                outcome = Outcome.WHITE_WINS_BY_FORFEIT
            else:
                continue
            forfeits.append(GameRecord(round_.round_no, pairing.white, pairing.black, outcome))
    return forfeits

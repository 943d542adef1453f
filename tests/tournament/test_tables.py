"""Tables and tie-breaks on hand-computed examples."""

from __future__ import annotations

from bot.tournament import (
    ByeRecord,
    DealResult,
    Entrant,
    Format,
    GameRecord,
    Outcome,
    Record,
    TableRow,
    solitaire_table,
    table,
    tie_break_names,
)

W, B, D = Outcome.WHITE_WINS, Outcome.BLACK_WINS, Outcome.DRAW
WF, BF = Outcome.WHITE_WINS_BY_FORFEIT, Outcome.BLACK_WINS_BY_FORFEIT
FOUR = [Entrant(p, p) for p in (1, 2, 3, 4)]


def by_player(rows: list[TableRow]) -> dict[int, TableRow]:
    return {row.player: row for row in rows}


def test_round_robin_sonneborn_berger() -> None:
    # The Berger table for four: 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1.
    records: list[Record] = [
        GameRecord(1, 1, 4, W),
        GameRecord(1, 2, 3, D),
        GameRecord(2, 4, 3, B),
        GameRecord(2, 1, 2, D),
        GameRecord(3, 2, 4, W),
        GameRecord(3, 3, 1, B),
    ]
    rows = table(Format.ROUND_ROBIN, FOUR, records)
    assert tie_break_names(Format.ROUND_ROBIN) == ("Sonneborn-Berger", "wins")
    assert [(r.rank, r.player, r.points) for r in rows] == [
        (1, 1, 2.5),
        (2, 2, 2.0),
        (3, 3, 1.5),
        (4, 4, 0.0),
    ]
    # SB of 1: beat 4 (0) + drew 2 (2 × ½) + beat 3 (1.5) = 2.5; of 2: ½·1.5 + ½·2.5 + 0 = 2;
    # of 3: ½·2 + 1·0 + 0 = 1.
    assert [r.tie_breaks for r in rows] == [(2.5, 2.0), (2.0, 1.0), (1.0, 1.0), (0.0, 0.0)]
    assert (rows[0].games_played, rows[0].wins, rows[0].draws, rows[0].losses) == (3, 2, 1, 0)


def test_forfeits_after_a_withdrawal_count_as_dummy_games_and_adjusted_scores() -> None:
    # Player 4 loses round 1 and then withdraws: rounds 2 and 3 are forfeited to 3 and 2.
    records: list[Record] = [
        GameRecord(1, 1, 4, W),
        GameRecord(1, 2, 3, D),
        GameRecord(2, 4, 3, BF),
        GameRecord(2, 1, 2, D),
        GameRecord(3, 2, 4, WF),
        GameRecord(3, 3, 1, B),
    ]
    rows = by_player(table(Format.ROUND_ROBIN, FOUR, records))
    # Adjusted scores (unplayed rounds as ½): 1: 2.5, 2: 1.5, 3: 1.0, 4: 1.0.
    # SB 1: 1.0 + ½·1.5 + 1.0 = 2.75. SB 2: ½·1.0 + ½·2.5 + own 2 × 1 (forfeit win) = 3.75.
    # SB 3: ½·1.5 + own 1.5 × 1 (forfeit win) + 0 = 2.25.
    assert rows[1].tie_breaks[0] == 2.75
    assert rows[2].tie_breaks[0] == 3.75
    assert rows[3].tie_breaks[0] == 2.25
    assert rows[4].tie_breaks[0] == 0.0
    assert (rows[2].games_played, rows[2].wins, rows[2].draws) == (2, 1, 2)
    assert (rows[4].games_played, rows[4].losses) == (1, 3)


def test_swiss_buchholz_with_byes() -> None:
    five = [Entrant(p, p) for p in (1, 2, 3, 4, 5)]
    records: list[Record] = [
        GameRecord(1, 1, 2, W),
        GameRecord(1, 3, 4, D),
        ByeRecord(1, 5),
        GameRecord(2, 5, 1, B),
        GameRecord(2, 2, 4, D),
        ByeRecord(2, 3),
    ]
    rows = table(Format.SWISS, five, records)
    assert tie_break_names(Format.SWISS) == ("Buchholz", "Buchholz Cut 1", "Median Buchholz")
    # Adjusted scores (byes as ½): 1: 2, 2: ½, 3: 1, 4: 1, 5: ½.
    # BH 1 = 2(½) + 5(½) = 1; BH 2 = 1(2) + 4(1) = 3; BH 3 = 4(1) + bye (own 1.5) = 2.5;
    # BH 4 = 3(1) + 2(½) = 1.5; BH 5 = bye (own 1) + 1(2) = 3. 4 and 5 tie on points: 5 first.
    assert [(r.rank, r.player, r.points, r.tie_breaks) for r in rows] == [
        (1, 1, 2.0, (1.0, 0.5, 0.0)),
        (2, 3, 1.5, (2.5, 1.5, 0.0)),
        (3, 5, 1.0, (3.0, 2.0, 0.0)),
        (4, 4, 1.0, (1.5, 1.0, 0.0)),
        (5, 2, 0.5, (3.0, 2.0, 0.0)),
    ]
    bye_taker = rows[2]
    assert (bye_taker.games_played, bye_taker.wins, bye_taker.losses) == (1, 0, 1)


def test_median_buchholz_drops_the_highest_and_the_lowest() -> None:
    records: list[Record] = [
        GameRecord(1, 1, 4, W),
        GameRecord(1, 2, 3, D),
        GameRecord(2, 4, 3, B),
        GameRecord(2, 1, 2, D),
        GameRecord(3, 2, 4, W),
        GameRecord(3, 3, 1, B),
    ]
    top = table(Format.SWISS, FOUR, records)[0]
    # Opponents' scores 0, 2, 1.5: Buchholz 3.5, Cut 1 3.5, Median (only 1.5 left) 1.5.
    assert top.tie_breaks == (3.5, 3.5, 1.5)


def test_complete_ties_share_a_rank_and_list_the_better_seed_first() -> None:
    two = [Entrant(7, 2), Entrant(9, 1)]
    rows = table(Format.ROUND_ROBIN, two, [GameRecord(1, 7, 9, D)])
    assert [(r.rank, r.player) for r in rows] == [(1, 9), (1, 7)]


def test_solitaire_ranks_by_wins_then_fewer_draws_in_won_deals() -> None:
    rows = solitaire_table(
        {
            10: [DealResult(True, 30), DealResult(False, 50), DealResult(True, 40)],
            11: [DealResult(True, 20), DealResult(True, 45), DealResult(False, 10)],
            12: [DealResult(True, 10), DealResult(False, 60), DealResult(False, 60)],
            13: [DealResult(True, 25), DealResult(True, 40), DealResult(False, 50)],
            14: [DealResult(True, 40), DealResult(True, 30), DealResult(False, 50)],
        }
    )
    # 11: 2 wins in 65 draws; 13: 2 in 65 but 115 in all; 10 and 14: 2 in 70, 120 in all.
    assert [(r.rank, r.player, r.wins, r.draws_in_wins) for r in rows] == [
        (1, 11, 2, 65),
        (2, 13, 2, 65),
        (3, 10, 2, 70),
        (3, 14, 2, 70),
        (5, 12, 1, 10),
    ]
    assert rows[0].deals == 3 and rows[0].draws == 75

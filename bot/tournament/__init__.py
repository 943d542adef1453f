"""Pairing and tables for tournaments: pure code, no database and no Discord.

Entry points: ``round_robin_schedule`` (FIDE Berger tables), ``swiss_pairings`` (one round at a
time, from the history so far), ``table`` (ranked rows with tie-breaks) and ``solitaire_table``
(易双六 events where everyone plays the same deals).
"""

from bot.tournament.models import (
    BYE_POINTS,
    ByeRecord,
    Colour,
    Entrant,
    Format,
    GameRecord,
    Outcome,
    Pairing,
    PlayerId,
    Record,
    RoundSchedule,
    SwissRound,
    TableRow,
)
from bot.tournament.roundrobin import berger_table, forfeits_after_withdrawal, round_robin_schedule
from bot.tournament.solitaire import DealResult, SolitaireRow, solitaire_table
from bot.tournament.swiss import swiss_pairings
from bot.tournament.table import table, tie_break_names

__all__ = [
    "BYE_POINTS",
    "ByeRecord",
    "Colour",
    "DealResult",
    "Entrant",
    "Format",
    "GameRecord",
    "Outcome",
    "Pairing",
    "PlayerId",
    "Record",
    "RoundSchedule",
    "SolitaireRow",
    "SwissRound",
    "TableRow",
    "berger_table",
    "forfeits_after_withdrawal",
    "round_robin_schedule",
    "solitaire_table",
    "swiss_pairings",
    "table",
    "tie_break_names",
]

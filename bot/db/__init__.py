"""Persistence: SQLAlchemy models, the engine, and migrations at start-up. No Discord here."""

from bot.db.engine import Database
from bot.db.models import (
    Base,
    ClockNoticeRow,
    DeploymentSecretRow,
    GameEventRow,
    GameRow,
    GameSeatRow,
    GuildSettingRow,
    PlayerStatRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
    UserPrefRow,
)

__all__ = [
    "Base",
    "ClockNoticeRow",
    "Database",
    "DeploymentSecretRow",
    "GameEventRow",
    "GameRow",
    "GameSeatRow",
    "GuildSettingRow",
    "PlayerStatRow",
    "TournamentDealRow",
    "TournamentEntrantRow",
    "TournamentPairingRow",
    "TournamentRow",
    "UserPrefRow",
]

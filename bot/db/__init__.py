"""Persistence: SQLAlchemy models, the engine, and migrations at start-up. No Discord here."""

from bot.db.engine import Database
from bot.db.models import (
    AwayUsedRow,
    Base,
    DeliveryRow,
    DeploymentSecretRow,
    DmReachRow,
    GameEventRow,
    GameRow,
    GameSeatRow,
    GuildSettingRow,
    PlayerAwayRow,
    PlayerStatRow,
    StandingsSizeRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
    UserPrefRow,
)

__all__ = [
    "AwayUsedRow",
    "Base",
    "Database",
    "DeliveryRow",
    "DeploymentSecretRow",
    "DmReachRow",
    "GameEventRow",
    "GameRow",
    "GameSeatRow",
    "GuildSettingRow",
    "PlayerAwayRow",
    "PlayerStatRow",
    "StandingsSizeRow",
    "TournamentDealRow",
    "TournamentEntrantRow",
    "TournamentPairingRow",
    "TournamentRow",
    "UserPrefRow",
]

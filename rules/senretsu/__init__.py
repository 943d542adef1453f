"""戦列札 (Senretsu-fuda, "Line Infantry"): a two-player card battle with secret hands.

The rules follow ``shared/specs/senretsu.md``. Use :class:`SenretsuRules` through the
:class:`rules.core.GameRules` protocol; :mod:`rules.senretsu.ai` plays against a person.
"""

from rules.senretsu.actions import (
    Action,
    Casualty,
    DrawCount,
    EndPlacement,
    Janken,
    Place,
    TakeBack,
    private_to_mover,
)
from rules.senretsu.game import SenretsuRules
from rules.senretsu.state import FieldCard, SenretsuState, Side
from rules.senretsu.view import SenretsuView

#: The game, as the rules registry (``rules.registry``) finds it.
RULES = SenretsuRules()

__all__ = [
    "RULES",
    "Action",
    "Casualty",
    "DrawCount",
    "EndPlacement",
    "FieldCard",
    "Janken",
    "Place",
    "SenretsuRules",
    "SenretsuState",
    "SenretsuView",
    "Side",
    "TakeBack",
    "private_to_mover",
]

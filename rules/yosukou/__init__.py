"""易双六 (Youscout) and 略式易双六 (Simplified Youscout): tarot solitaires by JRF.

One package for both variants: they share the setup, the end card and the win rule, and differ
only in what a drawn minor does. ``settings["variant"]`` is ``"original"`` or ``"simplified"``.
"""

from rules.yosukou.game import REASON_TEXT, TITLE, TITLE_SIMPLIFIED, YosukouRules
from rules.yosukou.settings import YosukouSettings, parse_settings
from rules.yosukou.state import (
    Draw,
    Move,
    Start,
    Stay,
    WarCancel,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouState,
    YosukouView,
)

#: The game, as the rules registry (``rules.registry``) finds it.
RULES = YosukouRules()

__all__ = [
    "REASON_TEXT",
    "RULES",
    "TITLE",
    "TITLE_SIMPLIFIED",
    "Draw",
    "Move",
    "Start",
    "Stay",
    "WarCancel",
    "WarPlace",
    "WarTake",
    "YosukouAction",
    "YosukouRules",
    "YosukouSettings",
    "YosukouState",
    "YosukouView",
    "parse_settings",
]

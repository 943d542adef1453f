"""武士将棋 (Bushi Shogi): Georg Dunkel's smallest shogi variant, one cube each.

``BushiRules`` is the game; ``rules.bushi.solve`` holds the complete solution and a perfect
player; ``rules.bushi.cube`` the cube itself.
"""

from rules.bushi.cube import (
    CUBE_TABLE,
    ORIENTATIONS,
    CubeReading,
    Face,
    FaceType,
    Facing,
    MoveKind,
    Orientation,
    allowed_moves,
    is_mate,
    is_pointing,
    legal_drops,
)
from rules.bushi.game import (
    BushiAction,
    BushiRules,
    BushiSettings,
    BushiState,
    Drop,
    Move,
    Position,
)
from rules.bushi.render import BushiView, render_orientation

#: The game, as the rules registry (``rules.registry``) finds it.
RULES = BushiRules()

__all__ = [
    "CUBE_TABLE",
    "ORIENTATIONS",
    "RULES",
    "BushiAction",
    "BushiRules",
    "BushiSettings",
    "BushiState",
    "BushiView",
    "CubeReading",
    "Drop",
    "Face",
    "FaceType",
    "Facing",
    "Move",
    "MoveKind",
    "Orientation",
    "Position",
    "allowed_moves",
    "is_mate",
    "is_pointing",
    "legal_drops",
    "render_orientation",
]

"""Playing a game: challenges, turns, results, the board's buttons, fairness, logs and replays."""

from __future__ import annotations

from rules.core import Text

LOG_RESULT = Text("結果", "Result")

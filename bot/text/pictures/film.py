"""The words drawn on a shared game's animation and result card."""

from __future__ import annotations

from rules.core import Text

START = Text("開始局面", "Start")
MOVES = Text("{n}手", "{n} moves")
VERSUS = Text("{first}　対　{second}", "{first}  vs  {second}")
WIN = Text("{name} の勝ち（{reason}）", "{name} wins ({reason})")
SOLO_LOSS = Text("{name} の負け（{reason}）", "{name} lost ({reason})")
DRAW = Text("引き分け（{reason}）", "Draw ({reason})")
NO_RESULT = Text("勝ち負けなし（{reason}）", "Neither won nor lost ({reason})")
RATING = Text("{name} {before} → {after}（{delta}）", "{name} {before} → {after} ({delta})")

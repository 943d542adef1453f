"""The daily deal: the words of /<game> daily and /<game> today."""

from __future__ import annotations

from rules.core import Text

DAILY = Text("今日の配札", "daily")

TODAY = Text("今日の結果", "today")

"""The words drawn on 戦列札's pictures."""

from __future__ import annotations

from typing import Final

from rules.core import Text
from rules.senretsu.state import JankenHand

TURN = Text("{t}ターン目", "turn {t}")
DECK = Text("山札 {n}", "deck {n}")
HAND = Text("手札 {n}", "hand {n}")
FIRST = Text("先攻", "1st")
TO_ACT = Text("手番", "to act")
KNOWN = Text("公開済みの手札", "known in hand")
FRONT = Text("前線", "front")
DISCARD = Text("捨て札 {p}", "discard {p}")
PLACED = Text("配置", "placed")
LOST = Text("倒れた", "lost")
STAGED = Text("配置中", "staged")
OWED = Text("犠牲 ×{n}", "lose ×{n}")
HAND_OF = Text("{p}の手札（{c}）", "Hand of {p} ({c})")
YOUR_PICK = Text("あなたの手：{h}", "your pick: {h}")
PICK = Text("グー・チョキ・パーを選んでください", "pick rock, paper or scissors")
PREVIEW = Text("確定前の盤面（枠は配置中）", "preview (framed = staged, not yet shown)")
FIELD_NOW = Text("いまの盤面", "the field now")
FIELD_NOW_FRAMED = Text("いまの盤面（枠は直前の配置）", "the field now (framed = just placed)")
DECKS_FACE = Text(
    "山札どうしが前線で向き合って始まります", "the two decks start face to face at the front"
)
QUIET = Text("ほかに{n}枚は当たらず", "{n} more hit nothing")
RANGE = Text("射程{n}", "rng {n}")
SPECTATOR = Text("観戦者に手札はありません。", "Spectators have no hand.")

HANDS: Final[dict[JankenHand, Text]] = {
    "rock": Text("グー", "rock"),
    "paper": Text("パー", "paper"),
    "scissors": Text("チョキ", "scissors"),
}

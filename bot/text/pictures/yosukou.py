"""The words drawn on 易双六's pictures."""

from __future__ import annotations

from rules.core import Text

STATUS = Text("終了札 {n}/{m}回　山札 {t}枚", "end card {n}/{m} · talon {t}")
UPRIGHT = Text("正位置", "upright")
REVERSED = Text("逆位置", "reversed")
GOAL = Text("目標", "goal")
MAY_START = Text("開始可", "may start")
TOKEN = Text("駒", "token")
DRAWN = Text("引いた札", "drawn")
MOVED = Text("移動", "moved")
ASIDE = Text("除外 X", "aside X")
TALON = Text("山札", "talon")
END_CARDS = Text("終了札 {n}/{m}", "end card {n}/{m}")
DISCARD = Text("捨て札 {n}枚", "discard {n}")
SUM = Text("計{n}", "sum {n}")
MAX = Text("最大{n}", "max {n}")
LAST = Text("直前", "last")
VALUES = Text(
    "値 x{m}：Sw 攻/守 · Co 苦/喜 · Cu 上/下 · Wa 上/下",
    "values x{m}: Sw atk/def · Co pain/joy · Cu up/down · Wa up/down",
)
VALUES_SIMPLE = Text("値 x{m}：M = Sw攻 · F = Co苦", "values x{m}: M = Sw atk · F = Co pain")
CHOOSE_START = Text("開始位置を選んでください（{s}）", "Choose the start ({s})")
NEXT_DRAW = Text("次：カードを引く", "Next: draw a card")
CHOICE = Text("{c}：{p}→{q}に動ける。動く／留まる？", "{c}: may move {p}→{q}. MOVE or STAY?")
WAR_CHOICE = Text(
    "戦乱置換 {n}/{m}回 · Co {k}/{l}（引くと終了）", "War {n}/{m} · Co {k}/{l} (draw to end)"
)
HOLDING = Text("{c}の置き場所は？", "Where does {c} go?")
WIN = Text("終了：駒は{p}、勝ち！", "Over: token on {p}, you win!")
LOSE = Text("終了：駒は{p}、負け", "Over: token on {p}, you lose")
NO_RESULT = Text("終了札0回：結果なし", "End card count 0: no result")
GOAL_LINE = Text("開始{p}（{side}）：最後に{a}か{b}で勝ち", "Start {p} ({side}): win on {a} or {b}")
UPPER = Text("上卦", "upper")
LOWER = Text("下卦", "lower")

"""The rules in brief, for the bot's help; rules that are our additions are labelled."""

from __future__ import annotations

from typing import Final

from rules.core.text import Text

RULES_HELP: Final = Text(
    ja="""**武士将棋**（ゲオルク・ドゥンケル作、2000年）— 一つずつの立方体の駒で戦うサムライの決闘。

**駒** 各面に「武士」と「刀」が描かれています。面の種類は 正面打ち（前に刀）・左構え（左に刀）・右構え（右に刀）・三方払い（前と左右に刀）。武士の辺から面の中心へ向かう方向が駒の**向き**です。駒は自分の席から読みます（前＝相手の方）。
**刀を向けている**: 上面の刀が自分の前の辺にある状態。

**進行** 先手が駒を置き、後手が置きます（相手に刀を向ける置き方は禁止）。その後は交互に一手ずつ。パスはできません。
・**回転**: 上の面のまま時計回りに90°
・**前**: 向こうへ転がす（手前の面が上に）
・**左** / **右**: 左 / 右へ転がす（右 / 左の面が上に）
**強制手**: 相手だけが刀を向けていれば回転のみ。互いに向けていれば自分の向きの方へ転がすのみ。
**詰み**: 両方の上面が正面打ちか三方払いで、互いに前を向いた形。その形を作った側の勝ち。

**追加ルール**（原作にはありません）
・同じ局面（両方の駒と手番）が4回目に現れたら引き分け（千日手）。
・合意による引き分け、投了。
・駒の解釈は対局の設定で選べます（標準／別の解釈）。""",
    en="""**武士将棋 Bushi Shogi** (Georg Dunkel, 2000) — a samurai duel with one cube each.

**The cube** Each face shows 武士 (the samurai) at one edge and swords (刀) at others: 正面打ち (sword in front), 左構え (sword left), 右構え (sword right), 三方払い (three swords). The **facing** points from the samurai edge to the face centre. You read your cube from your own seat (forward = toward the opponent).
**Pointing**: your top face has a sword on your forward edge.

**Play** Black drops its cube, then White (a drop may not point at the opponent). Then players alternate; no passing.
• **Turn** (ROT): same face up, 90° clockwise
• **Forward** (FWD): tip away from you (the near face comes up)
• **Left** / **Right**: tip to your left / right (the right / left face comes up)
**Forced moves**: if only your opponent points at you, you must turn; if both point, you must tip toward your own facing.
**Mate**: both top faces are 正面打ち or 三方払い and both face forward. Whoever makes that position wins.

**Additions** (not in the original)
• The fourth occurrence of the same position (both cubes and side to move) is a draw (like shogi's 千日手).
• Draws by agreement, and resignation.
• The cube's reading is a game option (seed reading / alternate reading).""",
)

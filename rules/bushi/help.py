"""The rules in brief, for the bot's ``/rules``; additions to the original are labelled.

Plain text in the words the board, the buttons and the log use (``rules.bushi.words``); a test
keeps them in step.
"""

from __future__ import annotations

from typing import Final

from rules.core.text import Text

RULES_HELP: Final = Text(
    "\n".join(
        [
            "武士将棋（ゲオルク・ドゥンケル作、2000年）— 立方体の駒一つずつで戦う武士の決闘。",
            "",
            "駒：各面の一辺に武士、ほかの辺に刀。面の種類は 正面打ち（前に刀）・左構え（左に刀）・"
            "右構え（右に刀）・三方払い（前と左右に刀）。前・左・右は武士から見た方向です。",
            "向き：武士の辺から面の中心へ向かう方向。いつも自分の席から読みます："
            "前向き（相手の方）・後ろ向き・左向き・右向き。",
            "刀を向けている：上の面の前の辺（相手の側）に刀がある状態。",
            "",
            "進行：先手が駒を置き、次に後手が置きます（相手に刀を向ける置き方は禁止）。"
            "置き方の一覧は上の面と武士の向きで示し、上の面が同じに見える置き方は"
            "三方払いの面の位置（手前・向こう・左・右・下）で区別します。",
            "その後は交互に一手ずつ。パスはできません。",
            "・旋回 ↻（ROT）：上の面のまま時計回りに90°",
            "・前に転がす ↑（FWD）：向こうへ転がす（手前の面が上に）",
            "・左に転がす ←（LEFT）／右に転がす →（RIGHT）：左／右へ転がす（右／左の面が上に）",
            "手前へ転がす手と反時計回りの旋回はありません。",
            "強制手：相手だけが刀を向けていれば「旋回 ↻」のみ。互いに向けていれば"
            "自分の向きの方へ転がす手のみ（前向きなら前に転がす、左向きなら左に転がす、"
            "右向きなら右に転がす）。",
            "詰み：両方の上の面が正面打ちか三方払いで、両方とも前向き。その形を作った側の勝ち。",
            "",
            "二つの解釈：標準の解釈（既定）では、勝負は一手詰みを見逃すかどうかだけで決まります。"
            "一手で詰まされる手を指さなければ負けることはなく、ほとんどの対局は引き分けです。"
            "別の解釈（左右の面の種類が逆）では何手も先まで読む必勝手順があり、"
            "こちらが先を読む勝負です。",
            "",
            "追加ルール（原作にはありません）",
            "・同じ局面（両方の駒と手番）が4回目に現れたら引き分け（千日手）。",
            "・打ち切り：完全解析でどちらも勝ちを強制できない局面が各20手続いたら、"
            "手番の側は引き分けを宣言できます（CLAIM）。"
            "勝てる局面が一度でも現れたら数え直し。ボットは一度引き分けを提案し、"
            "さらに各20手たつと自分で宣言します。",
            "・合意による引き分け、投了。",
            "・駒の解釈は対局の設定で選べます（標準／別の解釈）。",
            "括弧内の英字（ROT など）はコンソールで手を入力するときのコードです。",
        ]
    ),
    "\n".join(
        [
            "武士将棋 Bushi Shogi (Georg Dunkel, 2000) — a samurai duel with one cube each.",
            "",
            "The cube: each face shows 武士 (the samurai) at one edge and swords (刀) at others:"
            " 正面打ち front strike (sword ahead), 左構え left guard (sword at the samurai's"
            " left), 右構え right guard (sword at the samurai's right), 三方払い three swords"
            " (ahead and both sides).",
            "Facing: where the samurai looks, from its edge to the face centre. Always read from"
            " your own seat: facing forward (toward the opponent), facing back, facing left,"
            " facing right.",
            "Pointing: your top face has a sword on its forward edge (toward the opponent).",
            "",
            "Play: Black drops its cube, then White; a drop may not point at the opponent. The"
            " drop menu names the face up and the samurai's facing; where two drops look alike"
            " on top, it says where the 三方払い face is (near, far, left, right or below).",
            "Then the players alternate; no passing.",
            "• Turn ↻ (ROT): same face up, 90° clockwise",
            "• Roll forward ↑ (FWD): tip the cube away from you (the near face comes up)",
            "• Roll left ← (LEFT) / Roll right → (RIGHT): tip it to your left / right"
            " (the right / left face comes up)",
            "There is no roll toward you and no anticlockwise turn.",
            "Forced moves: if only your opponent is pointing, your only move is Turn ↻; if both"
            " are pointing, you must roll toward your facing (Roll forward when facing forward,"
            " Roll left when facing left, Roll right when facing right).",
            "Mate: both top faces are 正面打ち or 三方払い and both samurai are facing forward."
            " Whoever makes that position wins.",
            "",
            "Two readings of the cube: on the seed reading (the default) a game is decided only"
            " by a mate in one being missed — avoid allowing one and you never lose, so most"
            " games are draws. On the alternate reading (the side faces' kinds swapped) there are"
            " wins you must plan many moves ahead: that is the deeper game.",
            "",
            "Additions (not in the original)",
            "• The fourth occurrence of the same position (both cubes and side to move) is a"
            " draw (like shogi's 千日手).",
            "• Dead draw: after 20 moves each in which, by the game's complete solution, neither"
            " side could force a win, the player to move may claim a draw (CLAIM). A position"
            " someone could win starts the count again. The bot offers the draw once and claims"
            " it itself 20 moves each later.",
            "• Draws by agreement, and resignation.",
            "• The cube's reading is a game option (seed reading / alternate reading).",
            "The codes in brackets (ROT, FWD, LEFT, RIGHT) are what you type to move in the"
            " console.",
        ]
    ),
)

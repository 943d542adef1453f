"""武士将棋's lesson (``/learn``): faces, facing, the four moves, which face a roll brings up,
pointing, the first-drop restriction, both forced moves, the winning shape, repetition, and the
seed cube's dead draw — each on a position played by the rules from a new game."""

from __future__ import annotations

from rules.core.lesson import Lesson, LessonStep, Position
from rules.core.text import Text

NEW_GAME = Position()
#: Two cubes on the board that are not the next step's answer: 左構え looking forward, 正面打ち.
FACES = NEW_GAME.then((0, "D-L3-F"), (1, "D-F1-B"))
#: Black drops 三方払い looking back, White 正面打ち looking back: nobody points yet.
DROPPED = NEW_GAME.then((0, "D-T0-B"), (1, "D-F1-B"))
#: Black turned: its 三方払い now points at White, who does not point back.
BLACK_POINTS = DROPPED.then((0, "ROT"))
BOTH_TURNED = BLACK_POINTS.then((1, "ROT"))
#: Forty plies from White's drop, every one leaving a position neither side can force mate
#: from (a careful game on the seed cube): White may claim a dead draw.
_CAREFUL = "RIGHT ROT LEFT ROT ROT FWD FWD ROT ROT LEFT FWD LEFT RIGHT ROT FWD RIGHT ROT RIGHT ROT"
_CAREFUL += " ROT ROT FWD LEFT ROT FWD RIGHT ROT ROT LEFT ROT RIGHT ROT FWD FWD RIGHT RIGHT RIGHT"
_CAREFUL += " ROT RIGHT"
DEAD_DRAW = DROPPED.then(*((ply % 2, code) for ply, code in enumerate(_CAREFUL.split())))
#: Black's 正面打ち and White's 右構え point at each other, Black to move.
BOTH_POINT = DROPPED.then((0, "FWD"), (1, "FWD"), (0, "ROT"), (1, "ROT"))
#: White's 正面打ち faces forward; Black's faces left and must turn — into the winning shape.
MATE_IN_ONE = DROPPED.then((0, "ROT"), (1, "ROT"), (0, "FWD"), (1, "FWD"), (0, "RIGHT"), (1, "FWD"))
#: Both cubes turned round and round: White's turn in a position seen three times already.
ROUND_AND_ROUND = NEW_GAME.then(
    (0, "D-F1-B"), (1, "D-F1-R"), *(((ply % 2), "ROT") for ply in range(23))
)

LESSON = Lesson(
    key="bushi",
    title=Text("武士将棋", "Bushi Shogi"),
    steps=(
        LessonStep(
            Text("駒の面", "The faces"),
            Text(
                "二人とも同じ立方体の駒を一つずつ持ちます。上の面には武士（武）と刀が描かれ、"
                "刀の数と位置で四種類：正面打ち（前に刀）、左構え（左に刀）、右構え（右に刀）、"
                "三方払い（前と左右に刀）。盤面は上から見た二つの駒です。",
                "Each player has one identical cube. Its top face shows the samurai (武) and "
                "swords (刀), in four kinds: 正面打ち (a sword in front), 左構え (sword on the "
                "left), 右構え (sword on the right) and 三方払い (three swords: front and both "
                "sides). The board shows both cubes from above.",
            ),
            FACES,
        ),
        LessonStep(
            Text("最初の置き方", "The first drop"),
            Text(
                "まず先手、次に後手が駒を置きます。どの面を上に、どの向きでも置けますが、"
                "相手に刀を向ける置き方だけは禁止です。三方払いを上にして置いてみましょう"
                "（前・左・右には刀があるので、後ろ向きしか置けません）。",
                "First Black, then White puts the cube down, any face up and looking any way — "
                "except a way that points a sword at the opponent. Drop your cube with 三方払い "
                "on top (its swords are front, left and right, so it may only look back).",
            ),
            NEW_GAME,
            taught=("D-T0-B",),
            tempting=("D-T0-F",),
            hint=Text(
                "三方払いを後ろ向き（↓）で置いてください。",
                "Drop 三方払い looking back (↓).",
            ),
            done=Text(
                "置けました。後手も置いて、駒を動かす段階に入ります。",
                "Placed. White drops too, and the moves begin.",
            ),
        ),
        LessonStep(
            Text("向き", "Facing"),
            Text(
                "武士の視線が駒の向きです。向きは自分の席から見て決まります：前は相手の方、"
                "後ろは自分の方。あなたの三方払いは後ろ向き（↓）、相手の正面打ちも相手から見て"
                "後ろ向きです。",
                "The samurai's gaze is the cube's facing, always seen from its owner's seat: "
                "forward is toward the opponent, back toward yourself. Your 三方払い looks back "
                "(↓); White's 正面打ち looks back too, from White's seat.",
            ),
            DROPPED,
        ),
        LessonStep(
            Text("手1：旋回", "Move 1: Turn ↻"),
            Text(
                "手番では四つの手から一つを指します（パスはなし）。一つ目は「旋回 ↻」："
                "同じ面のまま、上から見て時計回りに90度回します（反時計回りはできません）。"
                "旋回してみましょう。",
                "On your turn you make one of four moves (no passing). The first is Turn ↻: the "
                "same face stays on top and turns a quarter clockwise, seen from above (never "
                "anticlockwise). Turn your cube now.",
            ),
            DROPPED,
            taught=("ROT",),
            hint=Text("「旋回 ↻」を選んでください。", "Choose Turn ↻."),
            done=Text(
                "三方払いが左を向き、前の刀が相手を向きました。",
                "Your 三方払い now looks left, and one of its swords points at White.",
            ),
        ),
        LessonStep(
            Text("刀を向ける", "Pointing a sword"),
            Text(
                "自分の前（相手の方）の辺に刀があると「刀を向けている」状態です（王手のようなもの）。"
                "いまあなたは相手に刀を向けていて、相手は向けていません。これが次の手を縛ります。",
                "A sword on the forward edge (toward the opponent) means you are pointing at "
                "them, like a check. You now point at White, who does not point back. That "
                "limits what White may do next.",
            ),
            BLACK_POINTS,
        ),
        LessonStep(
            Text("強制手1：向けられたら旋回", "Forced move 1: pointed at, you turn"),
            Text(
                "ここではあなたが後手です。相手に刀を向けられ、自分は向けていないとき、"
                "指せるのは「旋回 ↻」だけです。ほかの手を試してみてもかまいません。",
                "Here you play White. When the opponent points at you and you do not point "
                "back, your only move is Turn ↻. Try another move if you like: the rules refuse it.",
            ),
            BLACK_POINTS,
            seat=1,
            taught=("ROT",),
            tempting=("FWD", "LEFT", "RIGHT"),
            hint=Text("旋回するしかありません。", "Turn ↻ is the only move here."),
        ),
        LessonStep(
            Text("転がすと何が上に来るか", "What a roll brings up"),
            Text(
                "転がす前に、上に来る面を読めます。向かい合う面は、三方払いと右構え（上と下）、"
                "正面打ち同士（手前と向こう）、右構えと左構え（右と左）。左向きのあなたの三方払い"
                "なら、前に転がすと左構え・後ろ向き、左に転がすと正面打ち・右向き、"
                "右に転がすと正面打ち・前向きになります。",
                "You can tell which face comes up before you roll. Opposite faces: 三方払い and "
                "右構え (top and bottom), the two 正面打ち (near and far), 右構え and 左構え "
                "(right and left). From your 三方払い facing left: Roll forward brings up "
                "左構え facing back, Roll left 正面打ち facing right, Roll right 正面打ち "
                "facing forward.",
            ),
            BOTH_TURNED,
        ),
        LessonStep(
            Text("手2〜4：転がす", "Moves 2–4: roll the cube"),
            Text(
                "残りの三つは駒を転がす手です：前に転がす（向こうへ倒す：手前の面が上に）、"
                "左に転がす（右の面が上に）、右に転がす（左の面が上に）。"
                "自分の方へは転がせません。前に転がしてください。",
                "The other three roll the cube over: Roll forward (away from you: the near face "
                "comes up), Roll left (the right face comes up) and Roll right (the left face "
                "comes up). There is no roll toward yourself. Roll forward now.",
            ),
            BOTH_TURNED,
            taught=("FWD",),
            hint=Text("「前に転がす ↑」を選んでください。", "Choose Roll forward ↑."),
            done=Text(
                "手前の面が上に来て、別の面になりました。",
                "The near face came to the top: a different face now.",
            ),
        ),
        LessonStep(
            Text("強制手2：互いに向けたら向きの方へ転がす", "Forced move 2: both point, roll"),
            Text(
                "互いに刀を向けているときは、自分の向きの方へ転がす手しか指せません"
                "（前向きなら前に、左向きなら左に、右向きなら右に転がす）。"
                "あなたの正面打ちは前向きです。",
                "When both point at each other, your only move is to roll the way you face: "
                "facing forward, Roll forward; facing left, Roll left; facing right, Roll "
                "right. Your 正面打ち faces forward.",
            ),
            BOTH_POINT,
            taught=("FWD",),
            tempting=("ROT", "LEFT", "RIGHT"),
            hint=Text("前向きなので「前に転がす」です。", "You face forward, so: Roll forward."),
        ),
        LessonStep(
            Text("勝ちの形", "The winning shape"),
            Text(
                "両方の上の面が正面打ちか三方払いで、両方が前を向いた形（詰み）を作った方が勝ちです。"
                "相手の正面打ちは前向き。あなたは刀を向けられているので旋回するしかなく、"
                "それで勝ちの形になります。",
                "Both top faces 正面打ち or 三方払い, both facing forward: whoever makes that "
                "shape (mate) wins at once. White's 正面打ち faces forward; you are pointed at, "
                "so you must Turn ↻ — and turning makes the shape.",
            ),
            MATE_IN_ONE,
            taught=("ROT",),
            tempting=("FWD", "LEFT", "RIGHT"),
            hint=Text("旋回すれば勝ちです。", "Turn ↻ wins."),
            done=Text(
                "詰み！勝ちの形を作ったあなたの勝ちです。",
                "Mate! You made the winning shape, so you win.",
            ),
        ),
        LessonStep(
            Text("千日手（引き分け）", "Repetition (a draw)"),
            Text(
                "同じ局面（両方の駒と手番）が4回目に現れたら引き分けです（原作にない追加ルール）。"
                "ここではあなたが後手で、二人が旋回を続けたので、この局面はもう3回出ています。"
                "もう一度旋回して4回目にしてみましょう。",
                "When the same position (both cubes and the side to move) occurs for the "
                "fourth time, the game is drawn (an addition to the original rules). You play "
                "White; both cubes have only been turning, and this position has been seen "
                "three times. Turn ↻ once more to make it four.",
            ),
            ROUND_AND_ROUND,
            seat=1,
            taught=("ROT",),
            hint=Text(
                "旋回すると同じ局面が4回目になります。",
                "Turn ↻ brings the position round a fourth time.",
            ),
            done=Text(
                "千日手で引き分け。合意による引き分けもできます。",
                "Drawn by repetition. Players may also agree to a draw.",
            ),
        ),
        LessonStep(
            Text("打ち切り（引き分けの宣言）", "Dead draw (claiming a draw)"),
            Text(
                "標準の駒では、一手で詰まされる手を指さない限り負けません。完全解析でどちらも勝ちを"
                "強制できない局面が各20手続いたら、手番の側は引き分けを宣言できます"
                "（原作にない追加ルール）。いまがそうです。宣言してみましょう。",
                "On the seed cube you never lose unless you allow a mate in one. After 20 moves "
                "each in which, by the game's complete solution, neither side could force a win, "
                "the player to move may claim a draw (an addition to the original rules). That "
                "is the case here: claim it.",
            ),
            DEAD_DRAW,
            seat=1,
            taught=("CLAIM",),
            hint=Text(
                "「引き分けを宣言する（打ち切り）」を選んでください。",
                "Choose Claim a draw (dead draw).",
            ),
            done=Text(
                "打ち切りで引き分け。先を読む勝負を遊ぶなら、駒の解釈を「別の解釈」にして"
                "対局しましょう。",
                "Drawn. For the deeper game, challenge with the cube set to the alternate reading.",
            ),
        ),
    ),
)

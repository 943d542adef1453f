"""易双六's lessons (``/learn``), one per variant: 易双六 teaches the whole game on one seeded
deal played by the rules (then the solid method's forced start on another, and the 戦乱置換
option on the first with it on); 略式易双六 teaches what differs, on another. Every position is that
deal after real draws, so what the learner sees drawn is what the engine draws."""

from __future__ import annotations

from rules.core.lesson import Lesson, LessonStep, Position
from rules.core.outcome import Seat
from rules.core.text import Text
from rules.yosukou.game import TITLE, TITLE_SIMPLIFIED


def draws(count: int) -> tuple[tuple[Seat, str], ...]:
    return ((0, "draw"),) * count


START = (0, "start:2")
MOVE = (0, "move")

#: A deal whose first draws from 2 are a cup, a wand that fails, then a sword that may MOVE;
#: its end card comes up at draws 46, 49 and 54, the last with the token on 2 (a win).
ORIGINAL = Position(settings=(("variant", "original"),), seed=29)
ORIGINAL_STARTED = ORIGINAL.then(START)
ORIGINAL_MOVED = ORIGINAL_STARTED.then(*draws(3), MOVE)

#: A deal the solid method (固式, the default) restricts: its six majors all lie upright after
#: the (8)/(11) swap (旋乾 Force Whirl), so the token must start in the lower trigram.
SOLID = Position(settings=(("variant", "original"),), seed=159)
#: :data:`ORIGINAL` with 戦乱置換 on (one card a time): its MOVE leaves a cup on 2's pile to move.
WAR = Position(settings=(("variant", "original"), ("rule_replacement", 1)), seed=29)
WAR_MOVED = WAR.then(START, *draws(3), MOVE)
WAR_TAKEN = WAR_MOVED.then((0, "take:cups_2:H10"))

#: A 略式 deal whose first draws from 2 are a coin, a sword that loses, then one that wins;
#: the game ends at draw 76 with the token on 2 (a win).
SIMPLIFIED = Position(settings=(("variant", "simplified"),), seed=638)
SIMPLIFIED_STARTED = SIMPLIFIED.then(START)

START_HINT = Text("2 を選んでください。", "Choose 2.")
DRAW_HINT = Text("カードを引いてください。", "Draw a card.")
STARTED = Text(
    "トークンは 2 から。目標は 2 か 5 です。終了カード (13) 死神が小アルカナ 56 枚の山札に"
    "混ぜられました。",
    "The token starts on 2, so your goal is 2 or 5. The end card, (13) Death, is shuffled "
    "into the talon of 56 minor cards.",
)

LESSON = Lesson(
    key="yosukou:original",
    title=TITLE,
    steps=(
        LessonStep(
            Text("六枚の盤と卦", "The six-card board and its trigrams"),
            Text(
                "大アルカナ6枚が爻 1〜6 に配られます。1〜3 が下卦、4〜6 が上卦です。各カードには"
                "数の組（ソードの攻/守、コインの苦/喜、カップとワンドの上流/下流）があり、"
                "逆位置では左右が入れ替わります。盤面にその数が出ています。",
                "Six major arcana are dealt to positions 1–6: 1–3 form the lower trigram, 4–6 "
                "the upper. Each card carries pairs of numbers (sword attack/defence, coin "
                "pain/joy, cup and wand upper/lower), swapped when it lies reversed; the board "
                "shows them.",
            ),
            ORIGINAL,
        ),
        LessonStep(
            Text("開始位置と目標", "Where you start, and your goal"),
            Text(
                "トークンの開始位置を選びます。それで目標が決まります：下卦から始めたら最後に 2 か "
                "5、上卦から始めたら 5 か 6 にいれば勝ち。2 から始めましょう。",
                "You choose where the token starts, and that fixes your goal: start in the "
                "lower trigram and you win if the token ends on 2 or 5; start in the upper one, "
                "on 5 or 6. Start on 2.",
            ),
            ORIGINAL,
            taught=("start:2",),
            hint=START_HINT,
            done=STARTED,
        ),
        LessonStep(
            Text("カードを引く", "Drawing a card"),
            Text(
                "毎手、山札の一番上を引きます。スートが何が起こるかを決め、数字がその値です"
                "（エース 1 … キング 14）。引いて、スートが何をしたか見てみましょう。",
                "Each turn you draw the top card of the talon. Its suit decides what happens, "
                "its number is its value (Ace 1 … King 14). Draw, and see what the suit did.",
            ),
            ORIGINAL_STARTED,
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("下卦でのスート", "The suits in the lower trigram"),
            Text(
                "トークンが下卦（1〜3）にいるとき：♥カップはその爻のカップ置き場に積まれ、動きません。"
                "♦コインは前へ（1→2→3→4）、♣ワンドはその爻のカップを使って後ろへ（2→1、1→6）、"
                "♠ソードは向かいの爻（1↔4、2↔5、3↔6）へ、それぞれ比較に勝てば動きます。",
                "With the token in the lower trigram (1–3): a cup (♥) is laid on that "
                "position's cup pile and the token stays. A coin (♦) tries to move it forward "
                "(1→2→3→4), a wand (♣) back (2→1, 1→6) using a cup from its pile, a sword (♠) "
                "across to the opposite position (1↔4, 2↔5, 3↔6) — each if it wins a comparison.",
            ),
            ORIGINAL_STARTED.then(*draws(1)),
        ),
        LessonStep(
            Text("比較の数", "The comparison and its numbers"),
            Text(
                "動こうとするスートは二つの和を比べます：引いたカードの値に大アルカナの数（と置き場の"
                "カード）を足したものと、行き先側の数。厳密に大きければ動き、同じなら留まります。"
                "引いて、数を読んでみましょう。",
                "A suit that tries to move compares two sums: the drawn card's value plus "
                "numbers of the majors (and cards in piles), against the numbers on the side it "
                "moves toward. Strictly greater moves; a tie stays. Draw, and read the sums.",
            ),
            ORIGINAL_STARTED.then(*draws(1)),
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("動く（MOVE）か留まる（STAY）か", "MOVE or STAY"),
            Text(
                "いま引いたソードは比較に勝ちました。下卦のソードが勝つと、選べます。動く：トークンは向かいの爻へ、Sw と Co は捨て札になり、"
                "このソードが新しい Sw に。留まる：この爻のカップとソードを捨てます。いまは 5"
                "（目標の一つ）へ動きましょう。",
                "The sword you just drew won its comparison, and a lower sword that wins lets "
                "you choose. MOVE: "
                "the token jumps to the opposite position, Sw and Co are discarded and the sword "
                "starts a new Sw. STAY: your cups here and the sword are discarded. MOVE now, "
                "to 5 — one of your goals.",
            ),
            ORIGINAL_STARTED.then(*draws(3)),
            taught=("move",),
            tempting=("draw",),
            hint=Text("「動く」を選んでください。", "Choose MOVE."),
        ),
        LessonStep(
            Text("Sw・Co・捨て札", "The Sw, Co and discard piles"),
            Text(
                "Sw（上卦のソード置き場）と Co（下卦のコイン置き場）はそれぞれ一つの山です。下卦のソードは"
                "攻めに Co の合計を足し、守る側は Sw の合計を足します。捨て札（D）は終了カードが"
                "出たときにだけ山札へ戻ります。",
                "Sw (the upper trigram's swords) and Co (the lower trigram's coins) are single "
                "piles: a lower sword adds all of Co to its attack, and the side it attacks adds "
                "all of Sw to its defence. Discards (D) return to the talon only when an end "
                "card comes up.",
            ),
            ORIGINAL_MOVED,
        ),
        LessonStep(
            Text("上卦でのスート", "The suits in the upper trigram"),
            Text(
                "上卦（4〜6）では：♦コインはその爻に積まれて動きません。♠ソードは比較しだいで一つ戻り"
                "（6→5→4→3）、♥カップは比較に勝てば前へ（4→5→6→1）、♣ワンドは向かいのカップを"
                "使って向かいの爻へ。引いてみましょう。",
                "In the upper trigram (4–6): a coin (♦) piles up on the token's position and it "
                "stays; a sword (♠) moves it one back (6→5→4→3) when the comparison says so; a "
                "cup (♥) forward (4→5→6→1) if it wins; a wand (♣) across, using the cups "
                "opposite. Draw.",
            ),
            ORIGINAL_MOVED,
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("終了カード", "End cards"),
            Text(
                "下卦から始めたので終了カードは (13) 死神です。1回目と2回目に出たときは、残りの山札・"
                "終了カード・捨て札をまとめて切り直します（場のカードはそのまま）。"
                "何十枚か進んで、次の1枚がその終了カードです。",
                "You started low, so your end card is (13) Death. The first and second time it "
                "comes up, the rest of the talon, the end card and the discards are shuffled "
                "together; cards on the table stay. Many draws later, the next card is that end card.",
            ),
            ORIGINAL_MOVED.then(*draws(41)),
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("勝ち負け", "Winning"),
            Text(
                "終了カードの3回目でゲームが終わり、そのときトークンが目標（下卦開始なら 2 か 5、"
                "上卦開始なら 5 か 6）にいれば勝ち。点数も引き分けもありません。数枚後、次が3回目で、"
                "トークンは 2 にいます。引きましょう。",
                "The third end card ends the game: you win if the token then stands on your "
                "goal (2 or 5 from a lower start, 5 or 6 from an upper one). No score, no "
                "draw. A few draws on, the third is next and your token is on 2: draw it.",
            ),
            ORIGINAL_MOVED.then(*draws(49)),
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("固式：開始が決まる盤", "The solid method: a forced start"),
            Text(
                "配られた (8)力 と (11)正義 は入れ替わることがあります（既定の方法は固式）。固式では"
                "入れ替えのあと奇数の札がちょうど3枚で、向きが決まった形（全部正位置＝旋乾、全部逆位置"
                "＝旋坤、奇数と偶数で逆＝重乾・重坤）になると、始める卦が決まります。この盤は"
                "旋乾で、下卦（1〜3）からしか始められません。",
                "(8) Strength and (11) Justice may be swapped after the deal (the default "
                "method is solid, 固式). Under it, when exactly three odd cards lie on the board "
                "after the swap and their spins form a pattern (all upright 旋乾, all reversed "
                "旋坤, odd and even opposite 重乾/重坤), the start trigram is forced. This "
                "deal is 旋乾, so you may start only in the lower trigram (1–3).",
            ),
            SOLID,
            taught=("start:1", "start:2", "start:3"),
            tempting=("start:4", "start:5", "start:6"),
            hint=Text("下卦（1〜3）から始めてください。", "Start in the lower trigram (1–3)."),
        ),
        LessonStep(
            Text("戦乱置換（オプション）", "War replacement (戦乱置換, an option)"),
            Text(
                "戦乱置換は本来のルールだけのオプションで、既定はオフ"
                "（始めるときのオプション「戦乱置換」で回数を決めます）。"
                "下卦のソードで「動く」を選んだあと、置き場の札を別の置き場へ、その回数まで移せます。"
                "最初の盤に戻り、回数 1 で、いま動いたところ。2 のカップの ♥10 を取りましょう。",
                "War replacement (戦乱置換) is an option of the original rules only, off by "
                "default (the war option when you start a game sets how many moves). After you "
                "MOVE on a lower sword, you may move cards from pile to pile, up to that many. "
                "Back on the first deal, with a limit of 1, you have just moved: take the ♥10 "
                "from 2's cups.",
            ),
            WAR_MOVED,
            taught=("take:cups_2:H10",),
            hint=Text("♥10（2のカップ）を選んでください。", "Choose the ♥10 (cups 2)."),
        ),
        LessonStep(
            Text("戦乱置換：置き場所", "War replacement: where it goes"),
            Text(
                "既定では、コインとカップの置き場の間なら向きも上下も越えて置けます（越境）。ソード"
                "置き場と捨て札には置けず、Co へは2回まで。値は変わりません：Co に置いたカップも"
                "その値のコインとして数えます。Co へ置きましょう（札を取る前なら、次の札を引けば終わります）。",
                "By default a card may go between any coin and cup piles, across the trigrams "
                "(越境); never to Sw or the discards, and to Co at most twice. Its value never "
                "changes: a cup on Co counts as a coin of its value. Put it on Co. (Before you "
                "take a card, drawing the next one ends war replacement.)",
            ),
            WAR_TAKEN,
            taught=("place:coins_lower",),
            hint=Text("「Coへ置く」を選んでください。", "Choose Place on Co."),
        ),
    ),
)

SIMPLIFIED_LESSON = Lesson(
    key="yosukou:simplified",
    title=TITLE_SIMPLIFIED,
    steps=(
        LessonStep(
            Text("易双六と違うところ", "What differs from Youscout"),
            Text(
                "略式は同じ盤・同じ開始と目標・同じ終了カードと勝ち負けで遊びます。違うのは引いた"
                "カードの働き：Sw と Co は使わず、大アルカナの数はソード（M）とコイン（F）の"
                "組だけを使います。戦乱置換はなく、(8)/(11) は既定で記念式（いつも入れ替え、"
                "開始の制限なし）です。",
                "Simplified Youscout (略式) plays on the same board, with the same start, goal, "
                "end cards and winning as Youscout. What a drawn card does differs: Sw and Co "
                "are never used, and of the majors' numbers only the sword (M) and coin (F) "
                "pairs count. There is no war replacement (戦乱置換), and (8)/(11) are swapped "
                "by the memorial method by default (always, with no forced start).",
            ),
            SIMPLIFIED,
        ),
        LessonStep(
            Text("開始位置", "The start"),
            Text(
                "易双六と同じく、下卦から始めれば目標は 2 か 5、上卦からなら 5 か 6。2 から始めましょう。",
                "As in Youscout, a lower start aims for 2 or 5, an upper one for 5 or 6. Start "
                "on 2.",
            ),
            SIMPLIFIED,
            taught=("start:2",),
            hint=START_HINT,
            done=STARTED,
        ),
        LessonStep(
            Text("コインとカップは比較なし", "Coins and cups act at once"),
            Text(
                "コイン（♦）とカップ（♥）は比較なしで働きます。下卦では、コインは向かいの爻のコイン"
                "置き場に置かれトークンは必ず前へ、カップはその爻に積まれて留まります。上卦では逆："
                "コインは積まれて留まり、カップで必ず前へ。",
                "Coins (♦) and cups (♥) act without a comparison. In the lower trigram a coin "
                "goes to the opposite position's coin pile and the token always moves forward; "
                "a cup piles up where it stands. In the upper trigram it is the other way "
                "round: a coin piles up, a cup always moves it forward.",
            ),
            SIMPLIFIED_STARTED,
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("ソードとワンドの判定", "Swords and wands: the judgement"),
            Text(
                "ソードとワンドは判定します：カードの値＋移動元の F（その置き場の最大の札、なければ"
                "大アルカナの F 値）が、移動先の M＋移動先の F より大きければ動きます。下卦のソードは"
                "向かいへ、ワンドは一つ戻る方へ。上卦ではソードが一つ戻り、ワンドが向かいへ。引いてみましょう。",
                "Swords and wands are judged: the card's value plus the F of the position the "
                "token leaves (its pile's best card, or the major's F value when the pile is "
                "empty) must beat the M plus the F of the position it would go to. In the lower "
                "trigram a sword aims across, a wand one back; in the upper, a sword one back "
                "and a wand across. Draw.",
            ),
            SIMPLIFIED_STARTED.then(*draws(1)),
            taught=("draw",),
            hint=DRAW_HINT,
        ),
        LessonStep(
            Text("留まる（STAY）が軽い", "A lighter STAY"),
            Text(
                "いま引いたソードは判定に勝ちました。下卦のソードが勝つと、動くか留まるかを選べます。動く：引いたカードと移動元の F の"
                "札を捨てて向かいへ。略式の留まる：捨てるのは引いたソードだけです。今回は留まりましょう。",
                "The sword you just drew won its judgement, and a lower sword that wins lets you "
                "choose. MOVE discards the drawn card and the F card of the position it leaves, "
                "and crosses over. In the simplified rules, STAY discards only the drawn sword. "
                "STAY this time.",
            ),
            SIMPLIFIED_STARTED.then(*draws(3)),
            taught=("stay",),
            tempting=("draw",),
            hint=Text("「留まる」を選んでください。", "Choose STAY."),
        ),
        LessonStep(
            Text("終わりと勝ち", "The end, and winning"),
            Text(
                "易双六と同じです：終了カードの1・2回目は捨て札ごと切り直し、3回目で終わり。"
                "トークンが目標にいれば勝ち。何十枚も進んで次が3回目の終了カード、トークンは 2 "
                "にいます。引きましょう。",
                "As in Youscout: the end card's first and second appearances reshuffle the "
                "discards back in, the third ends the game, won if the token stands on your "
                "goal. Many draws later, the third end card is next and your token is on 2: "
                "draw it.",
            ),
            SIMPLIFIED_STARTED.then(
                *draws(3), MOVE, *draws(40), MOVE, *draws(8), MOVE, *draws(7), MOVE, *draws(13)
            ),
            taught=("draw",),
            hint=DRAW_HINT,
        ),
    ),
)

"""戦列札's lesson (``/learn``): janken, lines and the front, jokers, ranges, the second
player's first draw, the attack order and its hits, casualties, deck hits and losing — on one
seeded deal whose turns are played here move by move through the rules. The learner is
Player 1 (red), except for the first draw, which is Player 2's."""

from __future__ import annotations

from rules.core.lesson import Lesson, LessonStep, Position
from rules.core.text import Text
from rules.senretsu.render import TITLE

#: A deal where Player 1 (red) holds ♥9 ♦J and a joker on the first turn.
DEAL = Position(settings=(("colours", "red"),), seed=10)
#: Player 1 won the janken and goes first: the hand is ♥9 ♦J Jk, the field two decks.
FIRST_TURN = DEAL.then((0, "j:rock"), (1, "j:scissors"))
#: ♥9 staged as a new front line.
FRONT_PLACED = FIRST_TURN.then((0, "p:H9:+0"))
#: …and the joker, range 3, as a new back line (behind the deck).
JOKER_PLACED = FRONT_PLACED.then((0, "p:JR:+2:3"))
#: Player 1 ended the turn; Player 2 draws for the first time.
SECOND_PLAYER_DRAWS = JOKER_PLACED.then((0, "end"))
#: Player 2 put ♣9 ♣2 in front of the deck and ♣3 behind; Player 1's joker hit the front
#: line, Player 2 gave up ♣9, and Player 1 drew ♥8 ♥4 ♦K.
ATTACKED = SECOND_PLAYER_DRAWS.then(
    (1, "draw:6"),
    (1, "p:C9:+0"),
    (1, "p:C2:0"),
    (1, "p:C3:+2"),
    (1, "end"),
    (1, "x:C9"),
)
#: ♦K joined ♥9 in the front line; Player 2's attack hit that line and the deck.
HIT = ATTACKED.then((0, "p:DK:0"), (0, "end"))
#: Player 1 gave up ♦K.
AFTER_CASUALTY = HIT.then((0, "x:DK"))

PLACE_HINT = Text(
    "メニューからカードと置き場所を選んでください。", "Pick the card and its place in the menu."
)

LESSON = Lesson(
    key="senretsu",
    title=TITLE,
    steps=(
        LessonStep(
            Text("じゃんけん", "Janken"),
            Text(
                "二人はそれぞれ一色の27枚（二つのスートの A〜K とジョーカー）を自分の山札にします。"
                "先攻はじゃんけんで決めます。",
                "Each player's deck is one colour's 27 cards: A–K of two suits and a joker, "
                "shuffled. Janken decides who goes first.",
            ),
            DEAL,
            taught=("j:rock", "j:paper", "j:scissors"),
            hint=Text("どれか一つを選んでください。", "Pick any one."),
            done=Text(
                "このレッスンではあなたが勝って先攻、最初の3枚を引きました。",
                "In this lesson you win and go first, and draw your first 3 cards.",
            ),
        ),
        LessonStep(
            Text("戦列と前線", "Lines and the front"),
            Text(
                "場は戦列の一列です。山札そのものも自分の戦列の一つで、最初は二人の山札が前線で"
                "接しています。置く札は自分の戦列に加えるか、いちばん前か最後尾の後ろに新しい戦列を"
                "作ります。山札の戦列には置けません。♥9 を前に新しい戦列として置きましょう。",
                "The field is one row of lines. Your deck is itself one of your lines, and at "
                "first the two decks touch at the front. A card joins one of your lines, or "
                "starts a new line in front of your front line or behind your last one — never "
                "on the deck's line. Put ♥9 down as a new front line.",
            ),
            FIRST_TURN,
            taught=("p:H9:+0",),
            tempting=("p:H9:0",),
            hint=Text("「♥9→前に新戦列」を選んでください。", "Choose ♥9 → new front line."),
        ),
        LessonStep(
            Text("ジョーカー", "The joker"),
            Text(
                "ジョーカーは置くときに射程（1〜99）を宣言し、その射程は最後まで変わりません。"
                "ジョーカーを山札の後ろに新しい戦列として置き、射程 3 を入れてください。",
                "A joker's range is whatever you declare when you place it (1 to 99), and it "
                "keeps that range to the end. Put your joker behind your deck, as a new back "
                "line, and type range 3.",
            ),
            FRONT_PLACED,
            taught=("p:JR:+2:3",),
            hint=Text(
                "「Jk→後ろに新戦列」を選び、射程 3 を入れてください。",
                "Choose Jk → new back line, then type 3.",
            ),
        ),
        LessonStep(
            Text("射程", "Ranges"),
            Text(
                "札の射程はランク（A=1 … K=13）。札の戦列から敵の方へ射程の数だけ戦列を数えます"
                "（まず自分の前にある戦列、次に敵の1列から）。数え終わった戦列に当たり、自分の側や敵の最後尾の"
                "先なら攻撃しません。3列のジョーカー（3）は自分の2列・1列、そして敵の1列に届きます。"
                "♦J は手札に残して、配置を終えましょう。",
                "A card's range is its rank (A=1 … K=13). From the card's line, count that many "
                "lines toward the enemy — your own lines in front of it first, then theirs from "
                "their front; it hits the line where the count ends, and does not attack if that "
                "is on your side or past their last line. Your joker (3) on L3 counts your L2, "
                "L1, then their L1. Keep ♦J in hand and end your placement.",
            ),
            JOKER_PLACED,
            taught=("end",),
            hint=Text("「配置終了」を選んでください。", "Choose End placement."),
            done=Text(
                "配置を終えるまで、相手には何も見えません。",
                "Until you end your placement, your opponent sees none of it.",
            ),
        ),
        LessonStep(
            Text("後攻の最初の引き", "The second player's first draw"),
            Text(
                "ここではあなたが後攻（プレイヤー2）です。毎ターン、攻撃・3枚引く・置くの順ですが、後攻の"
                "最初の引きだけは 3〜6 枚から選べます。今回は6枚引きましょう。",
                "Here you are the second player. Every turn goes attack, draw 3, place — but "
                "the second player's first draw may be any number from 3 to 6. Take 6 this "
                "time.",
            ),
            SECOND_PLAYER_DRAWS,
            seat=1,
            taught=("draw:6",),
            hint=Text(
                "どれも引けますが、今回は6枚です。", "Any of them is allowed; take 6 this time."
            ),
            done=Text(
                "プレイヤー2として ♣9 ♣2 を前に、♣3 を後ろに置いたところで、あなたの番に戻ります。",
                "As Player 2 you then put ♣9 ♣2 in front and ♣3 behind; back to your side.",
            ),
        ),
        LessonStep(
            Text("攻撃の順番と命中", "The attack order and hits"),
            Text(
                "自分のターンの初めに、場の札すべてが自動で攻撃します：最後尾の戦列から前へ、同じ戦列では"
                "射程の大きい順。あなたのジョーカーが敵の1列に当たり、敵はその戦列から1枚を失いました。"
                "♥9 は敵の戦列を越えて攻撃なし。",
                "At the start of your turn every card of yours attacks by itself: the rearmost "
                "line first, toward the front, and in a line the longest range first. Your "
                "joker hit their front line, so they lost one card of it; ♥9 flew past their "
                "lines.",
            ),
            ATTACKED,
        ),
        LessonStep(
            Text("一つの戦列に何枚も", "Many cards in a line"),
            Text(
                "戦列には何枚でも置けます。戦列が攻撃を受けると、その持ち主が失う札を選びます。"
                "最後の1枚を失った戦列は消え、後ろの戦列が前に詰めます。♦K を ♥9 の戦列（1列）に"
                "加えてください。",
                "A line holds any number of cards. When a line is hit, its owner chooses which "
                "card to lose; a line that loses its last card vanishes and the lines behind "
                "close up. Add ♦K to ♥9's line (L1).",
            ),
            ATTACKED,
            taught=("p:DK:0",),
            hint=Text("「♦K→1列」を選んでください。", "Choose ♦K → L1."),
            done=Text(
                "このあと配置を終えると、相手のターンの攻撃が来ます。",
                "Next you end your placement, and your opponent's turn attacks you.",
            ),
        ),
        LessonStep(
            Text("犠牲を選ぶ", "Casualties"),
            Text(
                "相手の ♣3 があなたの1列に当たりました。その戦列から失う札をあなたが選びます"
                "（戦列の札すべてが同じ射程なら自動）。今回は ♦K を失いましょう。",
                "Their ♣3 hit your L1: you choose which card of that line you lose (when all "
                "its cards have the same range, it happens by itself). Give up ♦K this time.",
            ),
            HIT,
            taught=("x:DK",),
            tempting=("x:DJ",),
            hint=Text(
                "当たった戦列（1列）の ♦K を選んでください。",
                "Choose ♦K, from the line that was hit (L1).",
            ),
        ),
        LessonStep(
            Text("山札への命中", "Hits on the deck"),
            Text(
                "相手の ♣2 はあなたの山札に当たりました。山札が撃たれると一番上の札が表にされて捨て札に"
                "なります（今回は ♦9）。ただし A・2・3・ジョーカーなら手札に入ります。",
                "Their ♣2 hit your deck. A hit on the deck turns its top card up and discards "
                "it (here ♦9) — unless it is an A, 2, 3 or a joker, which goes to your hand "
                "instead.",
            ),
            AFTER_CASUALTY,
        ),
        LessonStep(
            Text("勝ち負け", "Winning and losing"),
            Text(
                "引くたび、撃たれるたびに山札は減ります。引くときでも撃たれたときでも、山札がなくなった方の"
                "負けです。引き分けはありません。",
                "Every draw and every hit on the deck eats into it. A player whose deck runs "
                "out — by drawing or by a hit — loses at once. There are no drawn games.",
            ),
            AFTER_CASUALTY,
        ),
    ),
)

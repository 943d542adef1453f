"""The rules in brief, for the bot's help; rules that are our additions are labelled."""

from __future__ import annotations

from typing import Final

from rules.core.text import Text

RULES_HELP: Final = Text(
    ja="""**易双六**（JRF作）— タロットで遊ぶ一人用の双六。

**準備** (0)愚者と(13)死神を除く大アルカナ20枚から6枚を爻1〜6に配ります（正位置・逆位置はそれぞれ独立）。(8)力と(11)正義は設定の方式（記念式・開式・固式）で入れ替えます。固式では盤によって開始できる卦が限られます。
**開始** 駒を置く爻を選びます。下卦(1〜3)から始めると(13)が終了札になり、最後に駒が**2か5**にあれば勝ち。上卦(4〜6)から始めると(0)が終了札になり、**5か6**で勝ち。終了札は小アルカナ56枚に混ぜて山札にします。
**手番** 山札を1枚引きます。小アルカナはスートと駒のいる卦で処理が決まり、引いた札の数値（A=1 … K=14、人物札は設定による）と大アルカナの値（攻/守・苦/喜・上流/下流、倍率で変わる）を比べて、駒が動くか留まるかと、札の置き場所（各爻のコイン・カップ、Sw、Co、捨て札）が決まります。比較は「より大きい」で、同じなら留まります。
下卦で剣を引いて動けるときだけ、**動く/留まる**を選べます。
**終了札** 出るたびに残りの山札と捨て札と一緒に切り直し、設定回数目（既定3回目）に出たら終局。そのときの駒の位置で勝敗が決まります。
**戦乱置換**（設定、本来のルールのみ）「動く」を選んだあと、決められた回数までカードを別の置き場へ移せます。次の札を引くと終わります。

盤には各大アルカナの値と、引いた札ごとの比較の数字が表示されます。""",
    en="""**易双六 Youscout** (by JRF) — a one-player board race played with a tarot deck.

**Setup** Six of the 20 majors (all but (0) Fool and (13) Death) are dealt to positions 1–6, each upright or reversed at random. (8) Strength and (11) Justice are swapped by the chosen method (memorial, expansive or solid); the solid method may restrict which trigram you can start in.
**Start** Choose where your token starts. Start in the lower trigram (1–3) and (13) becomes the end card: you win if the token ends on **2 or 5**. Start in the upper trigram (4–6) and (0) is the end card: you win on **5 or 6**. The end card is shuffled into the 56 minors to make the talon.
**Turns** Draw a card. A minor's suit and the token's trigram decide what happens: the card's value (A=1 … K=14; court values per setting) is compared with the majors' values (attack/defence, pain/joy, upper/lower, scaled by the multiplier) to decide whether the token moves, and where the cards go (each position's coin or cup pile, Sw, Co, or the discard pile). Comparisons are strict: on a tie the token stays.
Only when a sword drawn in the lower trigram lets you move do you choose **MOVE or STAY**.
**End card** Each time it appears it is shuffled back with the rest of the talon and the discards; at its last appearance (3rd by default) the game ends and the token's position decides the result.
**戦乱置換 War replacement** (option, original rules only) After a MOVE you may move up to a set number of cards between piles; drawing the next card ends it.

The board shows every major's values, and each draw shows the comparison with its numbers.""",
)

SIMPLIFIED_RULES_HELP: Final = Text(
    ja="""**略式易双六** — 易双六の手軽な版。準備・開始・終了札・勝敗は同じです。
**F札**（コイン・カップ）は比べずに置かれます。上卦でコイン：その爻のコイン置き場へ。上卦でカップ：向かいの爻へ置いて、駒は**必ず**一つ進みます。下卦でコイン：向かいの爻のコイン置き場へ置いて必ず進みます。下卦でカップ：その爻のカップ置き場へ。
**M札**（剣・棒）は判定します。移る先をToとして、「引いた札＋FromのF小札 > ToのM大札＋ToのF小札」（設定で≥）なら駒が移り、そうでなければ留まります。引いた札と、勝った側の最大のF札が捨て札になります。
下卦で剣に勝ったときだけ、動くか留まるかを選べます（留まると引いた剣だけを捨てます）。
**設定** 判定の「>」「≥」。""",
    en="""**略式易双六 Simplified Youscout** — the quick form of Youscout. Setup, start, end card and winning are the same.
**F suits** (coins, cups) are placed without a check. Upper trigram, coin: onto that position's coins. Upper, cup: onto the opposite position's cups, and the token **always** steps forward. Lower, coin: onto the opposite position's coins, and the token always steps forward. Lower, cup: onto that position's cups.
**M suits** (swords, wands) are judged: with To the position the token would go to, it moves if *drawn card + From's F minor > To's M major + To's F minor* (or ≥, by setting); otherwise it stays. The drawn card and the winning side's highest F card are discarded.
Only a sword that wins in the lower trigram lets you choose MOVE or STAY (STAY discards just the drawn sword).
**Setting** the judgement uses > or ≥.""",
)

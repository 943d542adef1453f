"""The rules in brief, for the bot's help; our resolutions and changes are marked."""

from __future__ import annotations

from typing import Final

from rules.core.text import Text

RULES_HELP: Final = Text(
    "\n".join(
        [
            "戦列札（化身バレッタ, 2021）",
            "赤（♥♦＋ジョーカー）と黒（♠♣＋ジョーカー）の27枚ずつが各自の山札。"
            "自分の山札が先に尽きたら負け。",
            "場は一列の戦列。互いの最前列は常に接し、山札も自分の戦列の一つ（山札の戦列）。",
            "手番は 攻撃 → ドロー → 配置。",
            "・攻撃：場札が自動で攻撃。最後列から、同じ戦列なら射程の大きい順。"
            "前から i 列目（最前列=1）の射程 r の札は、敵の前から r−i+1 列目だけを攻撃"
            "（自陣側や敵の最後列の先なら攻撃なし）。",
            "・戦列を攻撃されたら、守る側がその戦列から倒れる札を選ぶ"
            "（選んでも結果が同じなら自動で、先に置いた札から）。空になった戦列は消え、後ろが詰める。",
            "・山札を攻撃されたら一番上を表にして捨て札に。A・2・3・ジョーカーなら手札へ。",
            "・ドロー：3枚。後攻の最初だけ3〜6枚を選べる。",
            "・配置：手札から何枚でも。自分の戦列（山札の戦列を除く）に加えるか、"
            "最前列の前か最後列の後ろに新しい戦列を作る。戦列の間には作れない。"
            "ジョーカーは射程（1〜99）を宣言して置く。",
            "【本ボットの変更】配置は「配置終了」まで自分にだけ見える仮置きで、"
            "戻したり置き直したりできる（原作では相手に見えてもよい）。",
            "【本ボットの解決】先攻はじゃんけん（あいこはやり直し）かコイントス。"
            "引く途中で山札が尽きたら、あるだけ引いて負け。",
            "投了と持ち時間切れは負け。犠牲の選択の時間切れは、射程の大きい札から失う。",
        ]
    ),
    "\n".join(
        [
            'Senretsu-fuda, "Line Infantry" (by 化身バレッタ, 2021)',
            "Red (hearts, diamonds, a joker) and black (spades, clubs, a joker): 27 cards each,"
            " each player's deck. Whoever's deck runs out first loses.",
            "The field is one row of lines; the two front lines always touch, and each deck is"
            " one of its owner's lines (the deck line).",
            "A turn: attack, draw, place.",
            "- Attack: field cards attack by themselves, rearmost line first, highest range"
            " first within a line. A card of range r in your line i (front = 1) hits only the"
            " enemy line r - i + 1 counted from their front (none if that is on your side or"
            " past their rearmost line).",
            "- A hit line loses one card of the defender's choice (automatic, earliest placed,"
            " when the choice cannot matter). An empty line vanishes; the lines behind close up.",
            "- A hit deck turns its top card up and discards it; an A, 2, 3 or joker goes to"
            " the defender's hand instead.",
            "- Draw: 3 cards. Only the second player's first draw is 3 to 6, their choice.",
            "- Place: any number of cards from your hand, onto one of your lines (not the deck"
            " line), or as a new line in front of your front line or behind your rearmost line;"
            " never between two lines. A joker is placed with a declared range (1-99).",
            "[Change in this bot] Placements stay private and can be taken back or moved until"
            " you end the phase (in the original the opponent may see them).",
            "[Resolutions] The first player is decided by janken (a tie repeats) or a coin toss."
            " A player whose deck runs out while drawing draws what there is, then loses.",
            "Resigning or running out of time loses. When time runs out on a casualty choice,"
            " the cards of highest range are lost first.",
        ]
    ),
)

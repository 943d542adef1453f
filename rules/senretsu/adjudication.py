"""戦列札 at a tournament round's deadline — our addition, not the game's own rule. The game
is lost by the player whose deck runs out first, so a deck is a player's life: the player
with more cards left in their deck wins; equal decks are a draw. Deck sizes are public
(the board shows them), so the verdict needs no secret.
"""

from __future__ import annotations

from typing import Final

from rules.core.adjudication import Adjudication, Verdict
from rules.core.text import Text
from rules.senretsu.state import SenretsuState

RULE: Final = "deck_ahead"

STATEMENT: Final = Text(
    "（遊び場の追加ルール）ラウンドの期限に終わっていない対局は、山札の残りが多い方の勝ち、"
    "同数なら引き分け（山札が尽きた方が負けるゲームなので、山札は残りの命です）。",
    "(Our addition to the rules) A game still running at the round's deadline is won by the "
    "player with more cards left in their deck; equal decks are a draw (the first deck to run "
    "out loses, so a deck is a player's life).",
)
_AHEAD: Final = Text(
    "山札の残り：プレイヤー1 {a}枚、プレイヤー2 {b}枚。多いプレイヤー{winner}の勝ち"
    "（遊び場の追加ルール）。",
    "Cards left in the decks: Player 1 {a}, Player 2 {b}. Player {winner} is ahead and wins "
    "(our added rule).",
)
_EVEN: Final = Text(
    "山札の残り：どちらも{a}枚で同数、引き分け（遊び場の追加ルール）。",
    "Cards left in the decks: {a} each, even: a draw (our added rule).",
)


def judge(state: SenretsuState) -> Verdict:
    a, b = (len(deck) for deck in state.decks)
    if a == b:
        return Verdict(None, RULE, _EVEN.format(a=a))
    winner = 0 if a > b else 1
    return Verdict(winner, RULE, _AHEAD.format(a=a, b=b, winner=winner + 1))


ADJUDICATION: Final = Adjudication(STATEMENT, judge, ours=True)

"""武士将棋 puzzles: "win in N" positions with exactly one fastest winning first move.

Every answer comes from the complete solution (``rules.bushi.solve``): the position is won for
the side to move, exactly one move keeps the fastest win, and the proof lists every move's
value. Tempting alternatives are the other moves that still win (slower) or draw.
"""

from __future__ import annotations

from pathlib import Path

from rules.bushi.game import BushiRules, BushiState
from rules.bushi.solve import Result, solution
from rules.core.puzzle import Puzzle, PuzzleBook
from rules.core.text import Locale, Text

KIND_WIN_IN_N = "win_in_n"

QUESTION = Text(
    "{side}の番です。最短で勝つ手はただ一つ：相手が最善を尽くしても自分の{moves}手目で"
    "詰ませる手を選んでください。",
    "{side} to move. Exactly one move wins fastest: choose the move that mates on your move "
    "{moves} however well the opponent defends.",
)
#: Why the puzzles use the alternate reading, said in every question (a player who learnt the
#: seed reading must not be surprised by a cube that behaves otherwise).
CUBE_WORDS = {
    "alternate": Text(
        "（このパズルは駒の「別の解釈」を使います：左右の面の種類を入れ替えた読み方です。"
        "標準の読み方では1手詰めを見逃さない限り引き分けになり、先を読む問題が作れないため、"
        "何手も先まで読む勝ちがあるこちらを使います。）",
        "(This puzzle uses the cube's alternate reading: the kinds of its side faces swapped. "
        "On the usual reading every game is a draw unless someone misses a mate in one, so "
        "there is nothing to plan; the alternate reading has wins you must plan moves ahead.)",
    ),
    "seed": Text("", ""),
}
SIDE = (Text("先手（黒）", "Black"), Text("後手（白）", "White"))
PROOF_HEAD = Text(
    "全576局面を最後まで読み切った結果による、各手の行き着く先：",
    "Where each move leads, from working out all 576 positions of the game to the end:",
)
VALUE_LINE = Text("・{move}：{value}", "• {move}: {value}")
VALUE_WORDS = {
    Result.WIN: Text("勝ち：自分の{mine}手目で詰ませる", "wins: you mate on your move {mine}"),
    Result.DRAW: Text("引き分け（どちらも詰ませられない）", "a draw (neither side can force mate)"),
    Result.LOSS: Text(
        "負け：相手の{theirs}手目で詰まされる", "loses: mated on their move {theirs}"
    ),
}
ONLY_ONE = Text("最短の勝ちは{move}だけです。", "{move} is the only move that wins this fast.")


def value_words(result: str, plies: int, locale: Locale) -> str:
    # A value's plies count the move itself: a win in 3 mates on the mover's second move, a
    # loss in 2 is a mate on the opponent's first.
    return VALUE_WORDS[Result(result)].format(n=plies, mine=(plies + 1) // 2, theirs=plies // 2)(
        locale
    )


class BushiPuzzles(PuzzleBook):
    def __init__(self) -> None:
        self.rules = BushiRules()
        self.path = Path(__file__).with_name("puzzles.json")

    def question(self, puzzle: Puzzle, locale: Locale) -> str:
        plies = int(puzzle.proof["plies"])
        asked = QUESTION.format(side=SIDE[puzzle.seat](locale), moves=(plies + 1) // 2)(locale)
        cube = CUBE_WORDS[str(puzzle.settings.get("cube", "seed"))](locale)
        return f"{asked}\n{cube}" if cube else asked

    def explain(self, puzzle: Puzzle, locale: Locale) -> str:
        lines = [PROOF_HEAD(locale)]
        for code, (result, plies) in puzzle.proof["values"].items():
            label = self.rules.action_label(self.rules.parse(code), locale)
            lines.append(
                VALUE_LINE.format(move=label, value=value_words(result, plies, locale))(locale)
            )
        best = self.rules.action_label(self.rules.parse(puzzle.answers[0]), locale)
        lines.append(ONLY_ONE.format(move=best)(locale))
        return "\n".join(lines)

    def prove(self, puzzle: Puzzle) -> tuple[str, ...]:
        state: BushiState = puzzle.position(self.rules)
        return prove_state(state)[0]


def prove_state(state: BushiState) -> tuple[tuple[str, ...], dict[str, tuple[str, int]]]:
    """The fastest winning moves of a position and every move's value (for the side to move)."""
    rules = BushiRules()
    scored = solution(state.cube).move_values(state)
    values = {rules.format(a): (v.result.value, v.plies) for a, v in scored}
    wins = [(v.plies, rules.format(a)) for a, v in scored if v.result is Result.WIN]
    if not wins:
        return (), values
    fastest = min(p for p, _ in wins)
    return tuple(code for p, code in wins if p == fastest), values


PUZZLES = BushiPuzzles()

"""易双六 and 略式易双六 puzzles: "where do you start?" and "MOVE or STAY?", by simulation.

Chance decides these games, so no answer is certain; an answer is *significantly* best. The
simulator plays each choice many times on the position as the player knows it (the talon's
order unknown: each game shuffles it afresh) and plays on with a fixed simple rule — later
lower swords: STAY only when the token stands on a goal and MOVE would leave it; 戦乱置換
skipped. A puzzle is kept only when its right answers' win rates beat every wrong answer's by
a one-sided two-proportion z-test with p < 0.01 (see :func:`significant_best`). The proof keeps the simulator's seed and
counts, so re-running it gives the same games.
"""

from __future__ import annotations

import math
from pathlib import Path

from rules.core.puzzle import Puzzle, PuzzleBook
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.yosukou.engine import shuffle_in_place
from rules.yosukou.game import YosukouRules
from rules.yosukou.render import action_label
from rules.yosukou.simulate import estimate_start_win_rates, play_on
from rules.yosukou.state import CHOOSE, START, YosukouState

KIND_START = "start"
KIND_MOVE_OR_STAY = "move_or_stay"
#: The largest p-value a kept puzzle may have.
SIGNIFICANCE = 0.01
#: The rule the simulated games follow after the puzzle's choice.
SWORD_POLICY = "goal"

QUESTIONS = {
    KIND_START: Text(
        "盤が配られました。どこから始めますか？ 勝つ見込みが最も高い開始位置を選んでください"
        "（ほぼ同じくらい良い開始位置が複数あれば、どれでも正解です）。",
        "The board is dealt. Where do you start? Choose a start with the best chance to win "
        "(where several starts are about equally good, any of them is right).",
    ),
    KIND_MOVE_OR_STAY: Text(
        "下卦のソードを引きました。動く（MOVE）か留まる（STAY）か？ "
        "勝つ見込みが高い方を選んでください。",
        "You drew a lower sword. MOVE or STAY? Choose the one with the better chance to win.",
    ),
}
PROOF_HEAD = Text(
    "各選択を{n}回ずつシミュレーションしました（山札の順は毎回シャッフル。その後の下卦のソードは"
    "「ゴール上でMOVEが離れるときだけSTAY」、戦乱置換はしない）：",
    "Out of {n} simulated games for each choice (the talon shuffled afresh every time; later "
    "lower swords: STAY only when MOVE would leave a goal; no 戦乱置換):",
)
RATE_LINE = Text("・{choice}：{wins}勝（{pct}%）", "• {choice}: {wins} won ({pct}%)")
SURE = Text(
    "正解（{best}）はどれも、それ以外で最も良い{second}よりはっきり勝ちやすく、"
    "偶然だけでこれほどの差がつく確率は1%未満です。",
    "Every right answer ({best}) wins clearly more often than the best of the others, "
    "{second}: a gap this large would come by luck alone less than once in a hundred times.",
)


def one_sided_p(wins_a: int, wins_b: int, games: int) -> float:
    """P(a gap this large or larger | both choices equally good): the two-proportion z-test
    with a pooled proportion, ``games`` each."""
    if games <= 0:
        return 1.0
    pooled = (wins_a + wins_b) / (2 * games)
    spread = math.sqrt(pooled * (1 - pooled) * 2 / games)
    if spread == 0:
        return 1.0
    z = (wins_a - wins_b) / games / spread
    return 0.5 * math.erfc(z / math.sqrt(2))


def start_wins(state: YosukouState, games: int, seed: int) -> dict[str, int]:
    """Wins out of ``games`` for each legal start of a dealt board (by action code)."""
    rates = estimate_start_win_rates(state, games, Rng.from_seed(seed), sword=SWORD_POLICY)
    return {f"start:{p}": rate.wins for p, rate in sorted(rates.items())}


def choice_wins(state: YosukouState, games: int, seed: int) -> dict[str, int]:
    """Wins out of ``games`` for MOVE and for STAY at a lower sword. Each game starts from
    the same position with the talon's order shuffled afresh (the player cannot see it)."""
    if state.phase != CHOOSE:
        raise ValueError("not a MOVE-or-STAY moment")
    rules = YosukouRules()
    raw = Rng.from_seed(seed).state
    out: dict[str, int] = {}
    for code, move in (("move", True), ("stay", False)):
        wins = 0
        for _ in range(games):
            table = rules.table_of(state)
            raw = shuffle_in_place(table.stack, raw)
            table.rng = raw
            table.choose(move)
            won, _, raw = play_on(table, SWORD_POLICY)
            wins += won
        out[code] = wins
    return out


def ranked(wins: dict[str, int]) -> list[tuple[str, int]]:
    return sorted(wins.items(), key=lambda item: -item[1])


def significant_best(
    wins: dict[str, int], games: int, level: float = SIGNIFICANCE
) -> tuple[tuple[str, ...], float] | None:
    """The right answers and the p-value of the weakest of them against the strongest wrong
    one, if p < ``level``. The right answers are the best choice alone if it is
    significantly best; else, for a start, every start of the best one's trigram if each
    beats every start of the other trigram (within a trigram starts are often too close to
    call with any practical number of games)."""
    order = ranked(wins)
    if len(order) < 2:
        return None
    groups: list[tuple[str, ...]] = [(order[0][0],)]
    if order[0][0].startswith("start:"):
        upper = _upper(order[0][0])
        same = tuple(code for code, _ in order if _upper(code) == upper)
        if 1 < len(same) < len(order):
            groups.append(same)
    for right in groups:
        weakest = min(wins[c] for c in right)
        strongest = max(w for c, w in wins.items() if c not in right)
        p = one_sided_p(weakest, strongest, games)
        if p < level:
            return tuple(sorted(right)), p
    return None


def _upper(code: str) -> bool:
    return int(code.split(":")[1]) >= 4


def simulate(state: YosukouState, kind: str, games: int, seed: int) -> dict[str, int]:
    return start_wins(state, games, seed) if kind == KIND_START else choice_wins(state, games, seed)


class YosukouPuzzles(PuzzleBook):
    def __init__(self) -> None:
        self.yosukou = YosukouRules()
        self.rules = self.yosukou
        self.path = Path(__file__).with_name("puzzles.json")

    def choices(self, puzzle: Puzzle, state: YosukouState) -> tuple[str, ...]:
        if state.phase == START:
            return tuple(f"start:{p}" for p in self.yosukou.legal_starts(state))
        return super().choices(puzzle, state)

    def question(self, puzzle: Puzzle, locale: Locale) -> str:
        return QUESTIONS[puzzle.kind](locale)

    def explain(self, puzzle: Puzzle, locale: Locale) -> str:
        games = int(puzzle.proof["games"])
        wins: dict[str, int] = dict(puzzle.proof["wins"])
        lines = [PROOF_HEAD.format(n=games)(locale)]
        for code, won in ranked(wins):
            lines.append(
                RATE_LINE.format(
                    choice=self._label(code, locale), wins=won, pct=f"{100 * won / games:.1f}"
                )(locale)
            )
        second = next(code for code, _ in ranked(wins) if code not in puzzle.answers)
        lines.append(
            SURE.format(
                best="、".join(self._label(c, locale) for c in puzzle.answers)
                if locale == "ja"
                else ", ".join(self._label(c, locale) for c in puzzle.answers),
                second=self._label(second, locale),
            )(locale)
        )
        return "\n".join(lines)

    def _label(self, code: str, locale: Locale) -> str:
        return action_label(self.yosukou.parse_action(code), locale)

    def prove(self, puzzle: Puzzle) -> tuple[str, ...]:
        state: YosukouState = puzzle.position(self.rules)
        games = int(puzzle.proof["games"])
        wins = simulate(state, puzzle.kind, games, int(puzzle.proof["sim_seed"]))
        best = significant_best(wins, games)
        return () if best is None else best[0]


PUZZLES = YosukouPuzzles()

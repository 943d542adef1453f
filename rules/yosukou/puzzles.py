"""易双六 and 略式易双六 puzzles: "where do you start?" and "MOVE or STAY?", by simulation.

Chance decides these games, so no answer is certain; an answer is *clearly* best. The
simulator plays each choice many times (200 000 games each for the committed books, see
:mod:`rules.yosukou.make_puzzles`) on the position as the player knows it (the talon's order
unknown: each game shuffles it afresh) and plays on with a fixed simple rule — later lower
swords: STAY only when the token stands on a goal and MOVE would leave it; 戦乱置換 skipped. A
puzzle is kept only when its one right answer wins more often than every other choice by more
than luck would explain (a one-sided two-proportion test, p < 0.01, see
:func:`significant_best`). The proof keeps the simulator's seed and counts, so re-running it
gives the same games; the explanation says only what the counts mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from rules.cards.tarot import MINOR_CODES
from rules.core.puzzle import Pick, Puzzle, PuzzleBook, Rule
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.yosukou import fastsim
from rules.yosukou.engine import (
    Table,
    board_values,
    compile_settings,
    goal_of,
    shuffle_in_place,
    terminal_of,
)
from rules.yosukou.game import YosukouRules
from rules.yosukou.render import action_label
from rules.yosukou.simulate import estimate_start_win_rates, play_on, play_out
from rules.yosukou.state import CHOOSE, START, YosukouState

KIND_START = "start"
KIND_MOVE_OR_STAY = "move_or_stay"
#: The largest p-value a kept puzzle may have.
SIGNIFICANCE = 0.01
#: The rule the simulated games follow after the puzzle's choice.
SWORD_POLICY = "goal"

QUESTIONS = {
    KIND_START: Text(
        "盤が配られました。どこから始めますか？ 勝つ見込みが最も高い開始位置を一つ選んでください。",
        "The board is dealt. Where do you start? Choose the one start with the best chance to win.",
    ),
    KIND_MOVE_OR_STAY: Text(
        "下卦のソードを引きました。動く（MOVE）か留まる（STAY）か？ "
        "勝つ見込みが高い方を選んでください。",
        "You drew a lower sword. MOVE or STAY? Choose the one with the better chance to win.",
    ),
}
PROOF_HEAD = Text(
    "選択ごとに{n}回、最後まで遊んでみました（山札の順は毎回シャッフル。その後の下卦のソードは"
    "「ゴールにいてMOVEで離れてしまうときだけSTAY」、戦乱置換はしない）。勝った回数：",
    "We played {n} games to the end from each choice (the talon shuffled afresh every time; "
    "later lower swords: STAY only when MOVE would leave a goal; no 戦乱置換). Games won:",
)
RATE_LINE = Text("・{choice}：{wins}勝（{pct}%）", "• {choice}: {wins} won ({pct} %)")
SURE = Text(
    "{n}回のうち{best}は{best_pct}%、次に良い{second}は{second_pct}%勝ちました。"
    "同じくらい良い選択どうしなら、これほどの差が偶然つくことは100回に1回もありません。",
    "In {n} played-out games, {best} won {best_pct} % and the next best, {second}, "
    "{second_pct} %: two equally good choices would show a gap this large by luck less than "
    "once in a hundred times.",
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
    raw = Rng.from_seed(seed).state
    out: dict[str, int] = {}
    for code in ("move", "stay"):
        out[code], raw = _play_choice(state, code == "move", games, raw)
    return out


def _play_choice(state: YosukouState, move: bool, games: int, raw: int) -> tuple[int, int]:
    """Wins of ``games`` played on after MOVE (or STAY), each with the talon shuffled afresh;
    and the generator's state after them."""
    if state.phase != CHOOSE:
        raise ValueError("not a MOVE-or-STAY moment")
    rules = YosukouRules()
    wins = 0
    for _ in range(games):
        table = rules.table_of(state)
        raw = shuffle_in_place(table.stack, raw)
        table.rng = raw
        table.choose(move)
        won, _, raw = play_on(table, SWORD_POLICY)
        wins += won
    return wins, raw


def ranked(wins: dict[str, int]) -> list[tuple[str, int]]:
    return sorted(wins.items(), key=lambda item: -item[1])


def significant_best(
    wins: dict[str, int], games: int, level: float = SIGNIFICANCE, *, single: bool = False
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
    if order[0][0].startswith("start:") and not single:
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


#: Games simulated in one piece of a choice's simulation: each piece has a seed of its own,
#: so the pieces can run in separate processes and still add up to the same counts.
CHUNK = 10_000


def options(state: YosukouState, kind: str) -> tuple[str, ...]:
    """The choices a puzzle of ``kind`` offers at ``state``, as action codes."""
    if kind == KIND_START:
        return tuple(f"start:{p}" for p in YosukouRules().legal_starts(state))
    return ("move", "stay")


def chunks(games: int) -> list[tuple[int, int]]:
    """``(index, games)`` of each piece of a ``games``-game simulation."""
    return [(i, min(CHUNK, games - first)) for i, first in enumerate(range(0, games, CHUNK))]


def piece_seed(seed: int, code: str, chunk: int) -> int:
    """The seed of one piece: apart for every choice and piece of one simulation."""
    return Rng.from_seed(seed).state ^ (hash_code(code) << 20) ^ (chunk + 1)


def hash_code(code: str) -> int:
    # A fixed hash (Python's str hash changes from run to run).
    return sum((i + 1) * ord(ch) for i, ch in enumerate(code)) & 0xFFFFFFFF


def option_wins(state: YosukouState, code: str, games: int, seed: int) -> int:
    """Wins out of ``games`` played to the end after choosing ``code`` (a start, MOVE or
    STAY), the talon shuffled afresh for every game."""
    raw = Rng.from_seed(seed).state
    fast = _fast_wins(state, code, games, raw)
    if fast is not None:
        return fast
    wins = 0
    if code.startswith("start:"):
        cfg = compile_settings(state.settings)
        vals = board_values(state.board, cfg.multiplier)
        start = int(code.split(":")[1])
        for _ in range(games):
            won, _, raw = play_out(cfg, vals, start, raw, SWORD_POLICY)
            wins += won
        return wins
    return _play_choice(state, code == "move", games, raw)[0]


def _fast_wins(state: YosukouState, code: str, games: int, raw: int) -> int | None:
    """:func:`option_wins` by the C play-out (:mod:`rules.yosukou.fastsim`: the same games),
    or None where it is not available."""
    cfg = compile_settings(state.settings)
    if code.startswith("start:"):
        start = int(code.split(":")[1])
        terminal = terminal_of(start)[0]
        table = Table(
            cfg,
            board_values(state.board, cfg.multiplier),
            start=start,
            token=start,
            stack=[*MINOR_CODES, terminal],
            terminal=terminal,
        )
        out = fastsim.play(cfg, table, games, raw, fresh=True)
    else:
        if state.phase != CHOOSE:
            raise ValueError("not a MOVE-or-STAY moment")
        out = fastsim.play(
            cfg, YosukouRules().table_of(state), games, raw, fresh=False, move=code == "move"
        )
    return None if out is None else out[0]


def piece(job: tuple[YosukouState, str, int, int, int]) -> int:
    """One piece of a simulation (a picklable job for a process pool)."""
    state, code, chunk, games, seed = job
    return option_wins(state, code, games, piece_seed(seed, code, chunk))


def jobs(
    state: YosukouState, kind: str, games: int, seed: int
) -> list[tuple[YosukouState, str, int, int, int]]:
    return [
        (state, code, chunk, size, seed)
        for code in options(state, kind)
        for chunk, size in chunks(games)
    ]


def simulate(state: YosukouState, kind: str, games: int, seed: int) -> dict[str, int]:
    """Wins out of ``games`` for each choice, in pieces of :data:`CHUNK` (the generator runs
    the same pieces in a process pool and gets the same counts)."""
    wins = dict.fromkeys(options(state, kind), 0)
    for job in jobs(state, kind, games, seed):
        wins[job[1]] += piece(job)
    return wins


def _goal_rule(puzzle: Puzzle, choices: tuple[str, ...]) -> str | None:
    """The simulator's own rule for later swords: STAY only on a goal that MOVE would leave."""
    state: YosukouState = puzzle.position(YosukouRules())
    if state.start is None or state.token is None:
        return None
    goal = goal_of(state.start)
    return "stay" if state.token in goal and state.token + 3 not in goal else "move"


def _first_of(upper: bool) -> Pick:
    def pick(_puzzle: Puzzle, choices: tuple[str, ...]) -> str | None:
        return next((c for c in choices if _upper(c) == upper), None)

    return pick


GOAL_RULE = Rule("STAY only on a goal MOVE would leave", _goal_rule)
LOWER_TRIGRAM_FIRST = Rule("the lowest start of the lower trigram", _first_of(False))
UPPER_TRIGRAM_FIRST = Rule("the lowest start of the upper trigram", _first_of(True))


class YosukouPuzzles(PuzzleBook):
    def __init__(self) -> None:
        self.yosukou = YosukouRules()
        self.rules = self.yosukou
        self.path = Path(__file__).with_name("puzzles.json")

    def choices(self, puzzle: Puzzle, state: YosukouState) -> tuple[str, ...]:
        if state.phase == START:
            return options(state, KIND_START)
        return super().choices(puzzle, state)

    def question(self, puzzle: Puzzle, locale: Locale) -> str:
        return QUESTIONS[puzzle.kind](locale)

    def explain(self, puzzle: Puzzle, locale: Locale) -> str:
        games = int(puzzle.proof["games"])
        wins: dict[str, int] = dict(puzzle.proof["wins"])
        n = f"{games:,}"
        lines = [PROOF_HEAD.format(n=n)(locale)]
        for code, won in ranked(wins):
            lines.append(
                RATE_LINE.format(
                    choice=self._label(code, locale),
                    wins=f"{won:,}",
                    pct=f"{100 * won / games:.1f}",
                )(locale)
            )
        second = next(code for code, _ in ranked(wins) if code not in puzzle.answers)
        best = puzzle.answers[0]
        lines.append(
            SURE.format(
                n=n,
                best=self._label(best, locale),
                best_pct=f"{100 * wins[best] / games:.1f}",
                second=self._label(second, locale),
                second_pct=f"{100 * wins[second] / games:.1f}",
            )(locale)
        )
        return "\n".join(lines)

    def binary(self, kind: str) -> bool:
        return kind == KIND_MOVE_OR_STAY

    def obvious_rules(self, kind: str) -> Sequence[Rule]:
        if kind == KIND_MOVE_OR_STAY:
            return (GOAL_RULE,)
        return (LOWER_TRIGRAM_FIRST, UPPER_TRIGRAM_FIRST)

    def _label(self, code: str, locale: Locale) -> str:
        return action_label(self.yosukou.parse_action(code), locale)

    def prove(self, puzzle: Puzzle) -> tuple[str, ...]:
        state: YosukouState = puzzle.position(self.rules)
        games = int(puzzle.proof["games"])
        wins = simulate(state, puzzle.kind, games, int(puzzle.proof["sim_seed"]))
        best = significant_best(wins, games, single=len(puzzle.answers) == 1)
        return () if best is None else best[0]


PUZZLES = YosukouPuzzles()

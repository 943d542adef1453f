"""武士将棋 at a tournament round's deadline: decided by the game's complete solution, so the
verdict is exact — a proven win, loss or draw — and its proof is shown: the forced line to
mate, or, in a draw, how the mover's moves split (none of them wins).
"""

from __future__ import annotations

from typing import Final

from rules.bushi.game import BushiAction, BushiRules, BushiState
from rules.bushi.solve import Result, solution
from rules.bushi.words import SEAT_NAME
from rules.core.adjudication import Adjudication, Verdict
from rules.core.text import Locale, Text

#: A forced line is shown at most this long (the seed cube's longest mate is far shorter).
MAX_LINE: Final = 40
RULE: Final = "solver"

_RULES: Final = BushiRules()

STATEMENT: Final = Text(
    "ラウンドの期限に終わっていない対局は、完全解析（ソルバー）の値で判定：必勝なら勝ち、"
    "必敗なら負け、それ以外は引き分け。証明（詰みまでの手順）を最終表に示します。",
    "A game still running at the round's deadline is decided by the solver's exact value of "
    "the position: a proven win wins, a proven loss loses, anything else is a draw. The proof "
    "(the forced line to mate) is shown in the final table.",
)
_WIN: Final = Text(
    "{side}の番で{n}手の必勝（完全解析の証明）：{line}",
    "{side} to move wins by force in {n} (the solver's proof): {line}",
)
_LOSS: Final = Text(
    "{side}の番ですが、どの手を指しても負け（最長の粘りでも{n}手で詰み）：{line}",
    "{side} to move loses whatever they play (the longest defence is mated in {n}): {line}",
)
_DRAW: Final = Text(
    "どちらも詰みを強制できません（完全解析の値：引き分け）。{side}の{total}通りの手は"
    "どれも勝ちにならず、{drawn}通りが引き分け、{lost}通りが負け。",
    "Neither side can force mate (the solver's value: draw). None of {side}'s {total} moves "
    "wins: {drawn} draw, {lost} lose.",
)
_STEP: Final = Text("{side} {action}", "{side} {action}")
_MATE: Final = Text("（詰み）", " (mate)")
_ARROW: Final = " → "


def forced_line(state: BushiState) -> tuple[tuple[int, BushiAction], ...]:
    """Best play from ``state`` (fastest win, slowest loss) until the game ends: each step's
    seat and action."""
    solved = solution(state.cube)
    line: list[tuple[int, BushiAction]] = []
    while state.outcome is None and len(line) < MAX_LINE:
        action = solved.best_actions(state)[0]
        line.append((state.to_move, action))
        state = _RULES.apply(state, state.to_move, action).state
    return tuple(line)


def _line_words(line: tuple[tuple[int, BushiAction], ...], locale: Locale) -> str:
    steps = [
        _STEP.format(side=SEAT_NAME[seat](locale), action=_RULES.action_label(action, locale))(
            locale
        )
        for seat, action in line
    ]
    return _ARROW.join(steps) + _MATE(locale)


def judge(state: BushiState) -> Verdict:
    solved = solution(state.cube)
    value = solved.value(state)
    mover = state.to_move
    side = SEAT_NAME[mover]
    if value.result is Result.WIN:
        line = forced_line(state)
        proof = Text(
            _WIN.format(side=side.ja, n=value.plies, line=_line_words(line, "ja")).ja,
            _WIN.format(side=side.en, n=value.plies, line=_line_words(line, "en")).en,
        )
        return Verdict(mover, RULE, proof)
    if value.result is Result.LOSS:
        line = forced_line(state)
        proof = Text(
            _LOSS.format(side=side.ja, n=value.plies, line=_line_words(line, "ja")).ja,
            _LOSS.format(side=side.en, n=value.plies, line=_line_words(line, "en")).en,
        )
        return Verdict(1 - mover, RULE, proof)
    values = [v for _, v in solved.move_values(state)]
    drawn = sum(1 for v in values if v.result is Result.DRAW)
    proof = Text(
        _DRAW.format(side=side.ja, total=len(values), drawn=drawn, lost=len(values) - drawn).ja,
        _DRAW.format(side=side.en, total=len(values), drawn=drawn, lost=len(values) - drawn).en,
    )
    return Verdict(None, RULE, proof)


ADJUDICATION: Final = Adjudication(STATEMENT, judge)

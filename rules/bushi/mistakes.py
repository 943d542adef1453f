"""武士将棋 mistakes by the solver: each drop or move of the player that lost value (a slower win,
a won or drawn game thrown away, a faster loss) — the review's slips — becomes a personal
puzzle whose answers are every action keeping the position's value. Nothing is hidden in
武士将棋, so the snapshot is the state itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.bushi.game import BushiRules, BushiState, Drop, Move
from rules.bushi.puzzles import SIDE, value_words
from rules.bushi.review import slips
from rules.bushi.solve import solution
from rules.core.mistakes import Mistake, MistakeFinder, Step, Stop, never
from rules.core.outcome import Seat
from rules.core.text import Locale, Text

KIND_BEST_MOVE = "best_move"

QUESTION = Text(
    "あなたの対局から：{side}の番で、あなたは「{played}」と指しました。"
    "局面の評価を保つ手（勝ちなら最短、引き分けなら引き分けを保つ手）を選んでください。",
    "From your game: {side} to move, and you played {played}. Choose a move that keeps the "
    "position's value (the fastest win where it is won, a draw kept where it is drawn).",
)
PROOF_HEAD = Text("完全解析による評価：", "By the game's complete solution:")
BEST_LINE = Text("・最善 {move}：{value}", "• best, {move}: {value}")
PLAYED_LINE = Text("・あなたの手 {move}：{value}", "• yours, {move}: {value}")


class BushiMistakes(MistakeFinder):
    def __init__(self) -> None:
        self.rules = BushiRules()

    def find(self, steps: Sequence[Step], seat: Seat, stop: Stop = never) -> list[Mistake]:
        # The review's own slips, each placed by its step in the game's log.
        number = {id(state): index for index, (state, _, _) in enumerate(steps, 1)}
        found = []
        for slip in slips(steps):
            if slip.seat != seat:
                continue
            scored = solution(slip.before.cube).move_values(slip.before)
            best = max(v.rank for _, v in scored)
            found.append(
                Mistake(
                    ply=number[id(slip.before)],
                    seat=seat,
                    kind=KIND_BEST_MOVE,
                    position=self.rules.dump(slip.before),
                    played=self.rules.format(slip.played),
                    answers=tuple(self.rules.format(a) for a, v in scored if v.rank == best),
                    proof={
                        "values": {
                            self.rules.format(a): [v.result.value, v.plies] for a, v in scored
                        }
                    },
                )
            )
        return found

    def choices(self, kind: str, state: BushiState, seat: Seat) -> tuple[str, ...]:
        return tuple(
            self.rules.format(a)
            for a in self.rules.legal_actions(state, seat)
            if isinstance(a, Drop | Move)
        )

    def question(self, kind: str, state: Any, seat: Seat, played: str, locale: Locale) -> str:
        return QUESTION.format(side=SIDE[seat](locale), played=self._label(played, locale))(locale)

    def explain(self, mistake: Mistake, locale: Locale) -> str:
        values: dict[str, list[Any]] = dict(mistake.proof["values"])
        lines = [PROOF_HEAD(locale)]
        for code in mistake.answers:
            result, plies = values[code]
            lines.append(
                BEST_LINE.format(
                    move=self._label(code, locale), value=value_words(result, plies, locale)
                )(locale)
            )
        result, plies = values[mistake.played]
        lines.append(
            PLAYED_LINE.format(
                move=self._label(mistake.played, locale), value=value_words(result, plies, locale)
            )(locale)
        )
        return "\n".join(lines)

    def _label(self, code: str, locale: Locale) -> str:
        return self.rules.action_label(self.rules.parse(code), locale)


MISTAKES = BushiMistakes()

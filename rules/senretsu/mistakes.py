"""戦列札 mistakes by the strongest level's scoring of the turn: a placement (or ending the
place phase) that the strongest level's model — every legal placement scored, each with its
best second card, as that level chooses — puts clearly below its best becomes a personal
puzzle; one per turn, the costliest. "Clearly" is the gap the searching levels already treat
as the model's certainty (:data:`rules.senretsu.ai.GAP`, about one expected hit on a deck).

The snapshot never holds the opponent's hidden cards: it is the player's own view made into a
state by :func:`rules.senretsu.ai.determinize` with a fixed generator, so the cards the player
could not see (the opponent's hand, both decks' order) are a fixed shuffle of the unseen cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rules.cards.playing import sort_key
from rules.core.mistakes import Mistake, MistakeFinder, Step, Stop, never
from rules.core.outcome import Seat
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.senretsu.actions import EndPlacement, Place
from rules.senretsu.ai import GAP, determinize, placement_scores
from rules.senretsu.game import SenretsuRules
from rules.senretsu.levels import LEVELS
from rules.senretsu.state import SenretsuState
from rules.senretsu.view import SenretsuView

KIND_PLACEMENT = "placement"
#: The generator that fills in what the player could not see (not the game's: nothing of it).
UNSEEN_SEED = 0x5E11
#: A placement this far below the best, by the strongest level's model, is a mistake.
CLEAR_GAP = GAP

QUESTION = Text(
    "あなたの対局から（{turn}ターン目の配置）：あなたは「{played}」としました。"
    "最強レベルの評価で最善の次の一手は？\nあなたの手札：{hand}",
    "From your game (turn {turn}, placing): you chose {played}. Which next step does the "
    "strongest level score best?\nYour hand: {hand}",
)
PROOF_HEAD = Text(
    "最強レベルがこの手番のすべての置き方に点数をつけました（点数は見込みの打撃の差）：",
    "The strongest level scored every placement of the turn (points are expected hits gained):",
)
SCORE_LINE = Text("・{label} {move}：{score}", "• {label}, {move}: {score}")
BEST = Text("最善", "best")
YOURS = Text("あなたの手", "yours")
NOTHING = Text("何も置かずに終える", "place nothing more")


class SenretsuMistakes(MistakeFinder):
    def __init__(self) -> None:
        self.rules = SenretsuRules()

    def find(self, steps: Sequence[Step], seat: Seat, stop: Stop = never) -> list[Mistake]:
        weights = LEVELS[-1].budget.weights if LEVELS[-1].budget is not None else None
        costliest: dict[int, tuple[float, Mistake]] = {}
        for index, (state, actor, action) in enumerate(steps, 1):
            if (
                actor != seat
                or state.phase != "place"
                or not isinstance(action, Place | EndPlacement)
            ):
                continue
            view = self.rules.view_for(state, seat)
            scores = placement_scores(view, self.rules.legal_actions(state, seat), weights)
            if action not in scores:
                continue  # a joker at a range the model does not list: no fair comparison
            best = max(scores.values())
            cost = best - scores[action]
            if cost < CLEAR_GAP:
                continue
            answers = tuple(self.rules.format(a) for a, s in scores.items() if s >= best - 1e-9)
            shown = _as_seen(view)
            mistake = Mistake(
                ply=index,
                seat=seat,
                kind=KIND_PLACEMENT,
                position=self.rules.dump(shown),
                played=self.rules.format(action),
                answers=answers,
                proof={
                    "best": round(best, 3),
                    "played": round(scores[action], 3),
                    "turn": state.turn,
                },
            )
            if state.turn not in costliest or cost > costliest[state.turn][0]:
                costliest[state.turn] = (cost, mistake)
        return sorted((m for _, m in costliest.values()), key=lambda m: m.ply)

    def choices(self, kind: str, state: SenretsuState, seat: Seat) -> tuple[str, ...]:
        return tuple(
            self.rules.format(a)
            for a in self.rules.legal_actions(state, seat)
            if isinstance(a, Place | EndPlacement)
        )

    def question(
        self, kind: str, state: SenretsuState, seat: Seat, played: str, locale: Locale
    ) -> str:
        hand = " ".join(card.label for card in sorted(state.placing_hand(seat), key=sort_key))
        return QUESTION.format(
            turn=state.turn, played=self._label(played, locale), hand=hand or "-"
        )(locale)

    def explain(self, mistake: Mistake, locale: Locale) -> str:
        lines = [PROOF_HEAD(locale)]
        for code in mistake.answers:
            lines.append(self._line(BEST, code, float(mistake.proof["best"]), locale))
        lines.append(self._line(YOURS, mistake.played, float(mistake.proof["played"]), locale))
        return "\n".join(lines)

    def _line(self, label: Text, code: str, score: float, locale: Locale) -> str:
        return SCORE_LINE.format(
            label=label(locale), move=self._label(code, locale), score=f"{score:+.2f}"
        )(locale)

    def _label(self, code: str, locale: Locale) -> str:
        if code == EndPlacement.code:
            return NOTHING(locale)
        return self.rules.action_label(self.rules.parse(code), locale)


def _as_seen(view: SenretsuView) -> SenretsuState:
    """A state showing ``view.viewer`` exactly ``view``: the hidden cards a fixed shuffle of
    the ones they could not see (the public facts the sampler leaves out copied over)."""
    shown, _ = determinize(view, Rng.from_seed(UNSEEN_SEED))
    return dataclasses.replace(shown, drawn=view.drawn, previous_turn=view.previous_turn)


MISTAKES = SenretsuMistakes()

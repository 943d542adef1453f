"""易双六 and 略式易双六 mistakes by simulation: a MOVE or STAY at a lower sword becomes a personal
puzzle where the other choice wins significantly more often — at least
:data:`CONFIRM_GAMES` simulated games per choice, the gap one-sided p < :data:`LEVEL` — as the
puzzles' own simulator plays on (:func:`rules.yosukou.puzzles.choice_wins`).

That many games take from half a minute to minutes of one core per decision, so they are spent
only where smaller looks first (:data:`LOOKS`: games per choice and the p they must reach, each
with seeds of its own) already lean against the player's choice; most choices are close calls
or right, and the first look clears them in a few tenths of a second.

The snapshot holds the position with the talon's order (which the player could not see)
replaced by a fixed shuffle of the same cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from rules.core.mistakes import Mistake, MistakeFinder, Step, Stop, Stopped, never
from rules.core.outcome import Seat
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.yosukou.game import YosukouRules
from rules.yosukou.puzzles import RATE_LINE, choice_wins, one_sided_p
from rules.yosukou.render import action_label
from rules.yosukou.state import CHOOSE, Move, Stay, YosukouState

KIND_MOVE_OR_STAY = "move_or_stay"
#: Simulated games per choice that decide a mistake, and the significance they must reach.
CONFIRM_GAMES = 100_000
LEVEL = 0.001
#: The looks before it: games per choice, and how clearly each must lean against the choice
#: made to be worth the next (a decision not clear at 10 000 is rarely clear at 100 000).
LOOKS: tuple[tuple[int, float], ...] = ((500, 0.2), (10_000, 0.01))
#: Seeds of the simulations (per look and step, so the same game always gives the same cards).
SIM_SEED = 0x9_0000
#: Games simulated between two looks at whether to stop.
CHUNK = 5_000
#: The generator of the talon's stand-in order (not the game's: nothing of it).
UNSEEN_SEED = 0x7A1

QUESTION = Text(
    "あなたの対局から：下卦のソードを引いたところで、あなたは「{played}」を選びました。"
    "勝つ見込みが高いのは動く（MOVE）か留まる（STAY）か？",
    "From your game: you drew a lower sword and chose {played}. Which wins more often, "
    "MOVE or STAY?",
)
PROOF_HEAD = Text(
    "この局面から各選択を{n}回ずつシミュレーションしました（山札の順は毎回シャッフル）：",
    "From this position, {n} simulated games for each choice (the talon shuffled every time):",
)
SURE = Text(
    "偶然だけでこれほどの差がつく確率は1000回に1回未満です。",
    "A gap this large would come by luck alone less than once in a thousand times.",
)


class YosukouMistakes(MistakeFinder):
    def __init__(
        self,
        confirm_games: int = CONFIRM_GAMES,
        looks: tuple[tuple[int, float], ...] = LOOKS,
    ) -> None:
        self.rules = self.yosukou = YosukouRules()
        self.confirm_games = confirm_games
        self.looks = tuple((games, level) for games, level in looks if games < confirm_games)

    def find(self, steps: Sequence[Step], seat: Seat, stop: Stop = never) -> list[Mistake]:
        found = []
        for index, (state, actor, action) in enumerate(steps, 1):
            if actor != seat or state.phase != CHOOSE or not isinstance(action, Move | Stay):
                continue
            played = "move" if isinstance(action, Move) else "stay"
            other = "stay" if played == "move" else "move"
            looks = (*self.looks, (self.confirm_games, LEVEL))
            for number, (games, level) in enumerate(looks):
                wins = _wins(state, games, SIM_SEED + (number << 12) + index, stop)
                p = one_sided_p(wins[other], wins[played], games)
                if p >= level:
                    break
            else:
                found.append(
                    Mistake(
                        ply=index,
                        seat=seat,
                        kind=KIND_MOVE_OR_STAY,
                        position=self.rules.dump(_unseen_shuffled(state)),
                        played=played,
                        answers=(other,),
                        proof={"games": self.confirm_games, "wins": wins, "p": p},
                    )
                )
        return found

    def question(self, kind: str, state: Any, seat: Seat, played: str, locale: Locale) -> str:
        return QUESTION.format(played=self._label(played, locale))(locale)

    def explain(self, mistake: Mistake, locale: Locale) -> str:
        games = int(mistake.proof["games"])
        wins: dict[str, int] = dict(mistake.proof["wins"])
        lines = [PROOF_HEAD.format(n=f"{games:,}")(locale)]
        for code in (*mistake.answers, mistake.played):
            lines.append(
                RATE_LINE.format(
                    choice=self._label(code, locale),
                    wins=f"{wins[code]:,}",
                    pct=f"{100 * wins[code] / games:.1f}",
                )(locale)
            )
        lines.append(SURE(locale))
        return "\n".join(lines)

    def _label(self, code: str, locale: Locale) -> str:
        return action_label(self.yosukou.parse_action(code), locale)


def _wins(state: YosukouState, games: int, seed: int, stop: Stop) -> dict[str, int]:
    """:func:`choice_wins` in chunks of :data:`CHUNK` games (each with a seed of its own), so
    that a stopping bot is not kept waiting for a hundred thousand games."""
    total = {"move": 0, "stay": 0}
    for chunk, start in enumerate(range(0, games, CHUNK)):
        if stop():
            raise Stopped()
        wins = choice_wins(state, min(CHUNK, games - start), (seed << 8) + chunk)
        total = {code: total[code] + wins[code] for code in total}
    return total


def _unseen_shuffled(state: YosukouState) -> YosukouState:
    """``state`` with the talon in a fixed shuffled order and a fixed generator: what the player
    could see, and nothing of what they could not."""
    talon, rng = Rng.from_seed(UNSEEN_SEED).shuffled(list(state.talon))
    return dataclasses.replace(state, talon=tuple(talon), rng=rng, planned=())


MISTAKES = YosukouMistakes()

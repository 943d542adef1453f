"""戦列札 puzzles: one placement proven best by exhaustive search of the turn.

The position is the start of a place phase, with everything shown (the opponent's hand too).
The player places exactly one card; every legal placement is tried through the engine, and
each is scored exactly by what follows (attacks are automatic, so nothing is left to chance):

1. the fewest hits on your deck in the opponent's next attack (it comes straight after your
   turn, so nothing can change their lines before it);
2. then the fewest of your field cards lost in it;
3. then, with your best choice of which hit cards to lose, the most hits on the opponent's
   deck by your next attack against their lines as they stand now;
4. then the most of their field cards that attack removes.

A position is a puzzle when one placement scores strictly best, better than placing nothing,
and the strongest bot's model (:data:`rules.senretsu.ai.TUNED`, every single-card placement
of the turn scored) ranks it first too: the answer is best by the exact count and by the
bot's judgement alike, so the order of the tie-breaks above rarely decides it. That order is
said once, in the explanation's first line, not in every question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product
from pathlib import Path

from rules.cards.playing import parse_card, sort_key
from rules.core.puzzle import Pick, Puzzle, PuzzleBook, Rule
from rules.core.text import Locale, Text
from rules.senretsu.actions import EndPlacement, Place
from rules.senretsu.ai import TUNED, SimSide, sim_attack, sim_side
from rules.senretsu.ai import placement_scores as model_scores
from rules.senretsu.game import SenretsuRules
from rules.senretsu.state import SenretsuState

KIND_BEST_PLACEMENT = "best_placement"
#: A placement's score, larger is better: (−deck hits taken, −cards lost, deck hits dealt,
#: cards removed).
Score = tuple[int, int, int, int]

QUESTION = Text(
    "あなたの配置フェイズです（相手の手札も公開）。カードを1枚だけ置くなら、最善の置き方は？\n"
    "あなた（P{seat}）の手札：{mine}\n相手の手札：{hand}",
    "Your place phase (the opponent's hand is shown too). Placing exactly one card, which "
    "placement is best?\nYour hand (P{seat}): {mine}\nOpponent's hand: {hand}",
)
#: How "best" is judged: said once, at the head of every explanation.
JUDGED = Text(
    "最善の決め方：直後の相手の攻撃で自分の山札が受ける攻撃が最も少ない置き方。"
    "同じなら失う場札が少ない方、さらに同じなら次の自分の攻撃で相手に与える打撃が大きい方。"
    "いちばん強いボットの評価も同じ手を選びます。",
    "How best is judged: the fewest hits on your deck in their next attack; on a tie, the "
    "fewest of your field cards lost, then the most damage in your next attack. The "
    "strongest bot's judgement picks the same placement.",
)
PROOF_HEAD = Text(
    "全{n}通りの置き方を実際に置いて試しました（相手の攻撃、続いてあなたの次の攻撃）：",
    "All {n} placements were tried on the table (their attack, then your next one):",
)
SCORE_LINE = Text(
    "・{move}：山札に{taken}回被弾、場札{lost}枚を失う／相手の山札に{dealt}回、場札{killed}枚",
    "• {move}: your deck hit {taken}×, {lost} field card(s) lost / their deck hit {dealt}×, "
    "{killed} of their cards removed",
)
NOTHING = Text("何も置かない", "place nothing")
OTHERS = Text("（ほか{n}通りはさらに悪い）", "({n} other placements are worse still)")
SHOWN = 6


def _survivor_choices(before: SimSide, attacker: SimSide) -> list[SimSide]:
    """Every way the defender may choose which hit cards to lose in ``attacker``'s attack:
    the lines after it, one per choice (which card dies never changes where later hits land)."""
    options: list[list[list[int] | None]] = []
    for line, lost in _hits_per_line(attacker, before):
        if line is None:
            options.append([None])
        elif lost == 0:
            options.append([line])
        else:
            kept = {tuple(sorted(k)) for k in combinations(line, len(line) - lost)}
            options.append([list(k) for k in sorted(kept)])
    return [list(choice) for choice in product(*options)]


def _hits_per_line(att: SimSide, target: SimSide) -> list[tuple[list[int] | None, int]]:
    """The defender's surviving lines, each with how many of its cards were hit (as
    :func:`sim_attack` counts them: a line vanishes when its hits reach its size)."""
    lines: list[list[int] | None] = [None if ln is None else list(ln) for ln in target]
    hits = [0] * len(lines)
    for i in range(len(att) - 1, -1, -1):
        line = att[i]
        if line is None:
            continue
        for r in sorted(line, reverse=True):
            j = r - i - 1
            if j < 0 or j >= len(lines) or lines[j] is None:
                continue
            hits[j] += 1
            cards = lines[j]
            assert cards is not None
            if hits[j] == len(cards):
                del lines[j], hits[j]
    return list(zip(lines, hits, strict=True))


def score(mine: SimSide, theirs: SimSide) -> Score:
    """The exact score of ending the place phase with lines ``mine``."""
    taken, lost, _ = sim_attack(theirs, mine)
    best = max(
        (sim_attack(after, theirs)[:2] for after in _survivor_choices(mine, theirs)),
        default=(0, 0),
    )
    return (-taken, -lost, best[0], best[1])


def placement_scores(state: SenretsuState) -> dict[str, Score]:
    """Every single-card placement of the active player (and ``end``: placing nothing),
    each applied through the engine and scored."""
    rules = SenretsuRules()
    seat = state.active
    assert seat is not None and state.phase == "place"
    theirs = sim_side(state.sides[1 - seat])
    out: dict[str, Score] = {}
    for action in rules.legal_actions(state, seat):
        if isinstance(action, Place | EndPlacement):
            after = state
            if isinstance(action, Place):
                after = rules.apply(state, seat, action).state
            assert after.staging is not None
            out[rules.format(action)] = score(sim_side(after.staging.side), theirs)
    return out


def answer_class(code: str) -> tuple[int, str]:
    """What makes two placements the same answer: the card's range and where it goes."""
    _, card, target = code.split(":")[:3]
    return parse_card(card).rank, target


def best_placements(scores: dict[str, Score]) -> tuple[str, ...]:
    """The placements that score best, if they are one answer and beat placing nothing."""
    placements = {c: s for c, s in scores.items() if c != EndPlacement.code}
    if not placements:
        return ()
    top = max(placements.values())
    best = tuple(c for c, s in placements.items() if s == top)
    if len({answer_class(c) for c in best}) != 1 or scores[EndPlacement.code] >= top:
        return ()
    return best


def model_agrees(state: SenretsuState, best: tuple[str, ...]) -> bool:
    """Whether the strongest bot's model, scoring every single-card placement of the turn,
    ranks the answer first (alone: no other placement scores as well)."""
    rules = SenretsuRules()
    seat = state.active
    assert seat is not None
    view = rules.view_for(state, seat)
    legal = rules.legal_actions(state, seat)
    scored = {
        rules.format(a): s
        for a, s in model_scores(view, legal, TUNED, pairs=False).items()
        if isinstance(a, Place)
    }
    top = max(scored.values())
    return {c for c, s in scored.items() if s == top} == set(best)


def _card_at(lowest: bool, target: Callable[[tuple[str, ...]], str]) -> Pick:
    """The lowest (or highest) card of the hand placed at a target chosen from the offered
    targets (a new front line is ``+0``)."""

    def pick(_puzzle: Puzzle, choices: tuple[str, ...]) -> str | None:
        if not choices:
            return None
        ranks = {c.split(":")[1]: parse_card(c.split(":")[1]).rank for c in choices}
        card = (min if lowest else max)(ranks, key=lambda k: (ranks[k], k))
        targets = tuple(c.split(":")[2] for c in choices if c.split(":")[1] == card)
        return f"p:{card}:{target(targets)}"

    return pick


OBVIOUS: tuple[Rule, ...] = (
    Rule("lowest card as a new front line", _card_at(True, lambda _t: "+0")),
    Rule("highest card as a new front line", _card_at(False, lambda _t: "+0")),
    Rule("lowest card onto the front line", _card_at(True, lambda _t: "0")),
    Rule("highest card onto the front line", _card_at(False, lambda _t: "0")),
    Rule("lowest card as a new back line", _card_at(True, lambda t: t[-1])),
    Rule("highest card as a new back line", _card_at(False, lambda t: t[-1])),
    Rule("place nothing", lambda _p, _c: EndPlacement.code),
)


class SenretsuPuzzles(PuzzleBook):
    def __init__(self) -> None:
        self.rules = SenretsuRules()
        self.path = Path(__file__).with_name("puzzles.json")

    def choices(self, puzzle: Puzzle, state: SenretsuState) -> tuple[str, ...]:
        return tuple(
            self.rules.format(a)
            for a in self.rules.legal_actions(state, puzzle.seat)
            if isinstance(a, Place)
        )

    def question(self, puzzle: Puzzle, locale: Locale) -> str:
        state: SenretsuState = puzzle.position(self.rules)
        mine = " ".join(card.label for card in sorted(state.hands[puzzle.seat], key=sort_key))
        hand = " ".join(parse_card(code).label for code in puzzle.proof["opponent_hand"])
        return QUESTION.format(seat=puzzle.seat + 1, mine=mine, hand=hand or "-")(locale)

    def explain(self, puzzle: Puzzle, locale: Locale) -> str:
        scores: dict[str, list[int]] = dict(puzzle.proof["scores"])
        order = sorted(scores.items(), key=lambda item: tuple(item[1]), reverse=True)
        lines = [JUDGED(locale), PROOF_HEAD.format(n=len(scores) - 1)(locale)]
        for code, (taken, lost, dealt, killed) in order[:SHOWN]:
            lines.append(
                SCORE_LINE.format(
                    move=self._label(code, locale),
                    taken=-taken,
                    lost=-lost,
                    dealt=dealt,
                    killed=killed,
                )(locale)
            )
        if len(order) > SHOWN:
            lines.append(OTHERS.format(n=len(order) - SHOWN)(locale))
        return "\n".join(lines)

    def _label(self, code: str, locale: Locale) -> str:
        if code == EndPlacement.code:
            return NOTHING(locale)
        return self.rules.action_label(self.rules.parse(code), locale)

    def prove(self, puzzle: Puzzle) -> tuple[str, ...]:
        state: SenretsuState = puzzle.position(self.rules)
        best = best_placements(placement_scores(state))
        return best if best and model_agrees(state, best) else ()

    def obvious_rules(self, kind: str) -> Sequence[Rule]:
        return OBVIOUS


PUZZLES = SenretsuPuzzles()

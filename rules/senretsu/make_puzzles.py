"""Make the 戦列札 puzzle set: ``python -m rules.senretsu.make_puzzles`` writes puzzles.json.

Games are played through the engine by the fast bot (its heuristic alone) from seeds 1, 2, 3 …;
at each place phase from the third turn on, with no joker in hand and at most 25 placements
(one menu), every single-card placement is scored (:mod:`rules.senretsu.puzzles`) and the
position kept when one placement alone is proven best, the strongest bot's model agrees, and
the book still passes the depth check with it (:mod:`rules.core.puzzle_depth`: no one-line
rule such as "the lowest card as a new front line" right in more than half of the book). At
most one puzzle per game, so the set is varied; the run stops at a fixed count, so it always
makes the same set. A puzzle kept from the earlier book (same position, same answer) keeps its
id; a new one gets an id never used before, so players' earlier answers stay with theirs.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from rules.core.puzzle import Puzzle, read_puzzles, stable_ids, write_puzzles
from rules.core.puzzle_depth import RULE_LIMIT, Asked, check
from rules.core.rng import Rng
from rules.senretsu.actions import Place
from rules.senretsu.ai import HEURISTIC_ONLY, choose_action
from rules.senretsu.game import SenretsuRules
from rules.senretsu.puzzles import (
    KIND_BEST_PLACEMENT,
    PUZZLES,
    best_placements,
    model_agrees,
    placement_scores,
)
from rules.senretsu.state import SenretsuState

TARGET = 36
FIRST_TURN = 3
#: A position's placements must fit one menu.
MAX_CHOICES = 25
MAX_TURNS = 40


def difficulty(scores: dict[str, tuple[int, int, int, int]], best: tuple[str, ...]) -> int:
    """Harder when the answer wins on a later criterion, and when many placements come close."""
    top = scores[best[0]]
    runner = max(s for c, s in scores.items() if c not in best)
    deciding = next(i for i in range(4) if top[i] != runner[i])  # 0: deck hits … 3: kills
    close = sum(1 for c, s in scores.items() if c not in best and s[:2] == top[:2])
    return max(1, min(5, 1 + deciding + (1 if close >= 6 else 0)))


def _candidate(state: SenretsuState, rules: SenretsuRules) -> bool:
    seat = state.active
    if seat is None or state.phase != "place" or state.turn < FIRST_TURN:
        return False
    assert state.staging is not None
    if state.staging.staged or any(c.is_joker for c in state.hands[seat]):
        return False
    places = [a for a in rules.legal_actions(state, seat) if isinstance(a, Place)]
    return 1 < len(places) <= MAX_CHOICES


def fits(book: list[Puzzle], puzzle: Puzzle) -> bool:
    """Whether the book of :data:`TARGET` puzzles can still pass the depth check with it."""
    trial = [*book, puzzle]
    asked = [Asked(p, PUZZLES.choices(p, p.position(PUZZLES.rules))) for p in trial]
    [report] = check("senretsu", asked, PUZZLES.obvious_rules, PUZZLES.binary)
    return all(r.right <= int(RULE_LIMIT * TARGET) for k in report.kinds for r in k.rules)


def puzzle_from_game(seed: int, book: list[Puzzle] | None = None) -> Puzzle | None:
    rules = SenretsuRules()
    state = rules.new_game({}, seed)
    rng = Rng.from_seed(seed)
    line: tuple[tuple[int, str], ...] = ()
    while state.outcome is None and state.turn <= MAX_TURNS:
        if _candidate(state, rules):
            scores = placement_scores(state)
            best = best_placements(scores)
            if len(best) == 1 and model_agrees(state, best):
                assert state.active is not None
                opponent = 1 - state.active
                found = Puzzle(
                    id="",
                    kind=KIND_BEST_PLACEMENT,
                    settings={},
                    seed=seed,
                    moves=line,
                    seat=state.active,
                    answers=best,
                    difficulty=difficulty(scores, best),
                    proof={
                        "scores": {c: list(s) for c, s in scores.items()},
                        "opponent_hand": [c.code for c in state.hands[opponent]],
                    },
                )
                if fits(book or [], found):
                    return found
        seat = rules.to_act(state)[0]
        action, rng = choose_action(rules.view_for(state, seat), rules, rng, HEURISTIC_ONLY)
        line = (*line, (seat, rules.format(action)))
        state = rules.apply(state, seat, action).state
    return None


def make(old: Sequence[Puzzle] = ()) -> list[Puzzle]:
    made: list[Puzzle] = []
    seed = 0
    while len(made) < TARGET:
        seed += 1
        found = puzzle_from_game(seed, made)
        if found is not None:
            made.append(found)
    return stable_ids(made, old, "p-", 3)


def main() -> None:
    began = time.perf_counter()
    puzzles = make(read_puzzles(PUZZLES.path))
    write_puzzles(PUZZLES.path, puzzles, "python -m rules.senretsu.make_puzzles")
    print(f"{len(puzzles)} puzzles in {time.perf_counter() - began:.1f} s -> {PUZZLES.path}")


if __name__ == "__main__":
    main()

"""Where a game of 戦列札 turned for one player: the placements where the strongest level,
put in that player's seat with that player's view, would have done something else — the ones
the fast model thinks cost the most first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.outcome import Seat
from rules.core.rng import Rng
from rules.senretsu.actions import Action, EndPlacement, Place
from rules.senretsu.ai import Rules, placement_scores
from rules.senretsu.levels import LEVELS
from rules.senretsu.state import SenretsuState

#: The strongest level's time per decision in a review: a game has a few dozen placements,
#: and the player is waiting for the answer.
REVIEW_SECONDS = 0.1
REVIEW_SEED = 0x5E71E
#: How many disagreements a review names.
SHOWN = 3


@dataclass(frozen=True, slots=True)
class Disagreement:
    """At ``turn``, the player did ``played`` where the strongest level would have done
    ``instead``; ``cost`` is the fast model's score of ``instead`` less that of ``played``."""

    turn: int
    played: Action
    instead: Action
    cost: float


def disagreements(
    rules: Rules,
    steps: Sequence[tuple[SenretsuState, Seat | None, Any]],
    seat: Seat,
) -> list[Disagreement]:
    """The player's placements the strongest level would have made otherwise, the costliest
    first, one per turn (at most :data:`SHOWN` turns), the cost counted by the strongest level's own model. The
    level decides from ``seat``'s own view, as in play, its
    generator seeded from the step's number: the same game always gets the same review (when
    the time cap is not reached)."""
    strongest = LEVELS[-1]
    found: list[Disagreement] = []
    for index, (state, actor, action) in enumerate(steps):
        if actor != seat or state.phase != "place" or not isinstance(action, Place | EndPlacement):
            continue
        view = rules.view_for(state, seat)
        rng = Rng.from_seed(REVIEW_SEED + index)
        choice, _ = strongest.choose(view, rules, rng, REVIEW_SECONDS)
        if choice == action:
            continue
        weights = strongest.budget.weights if strongest.budget is not None else None
        scores = placement_scores(view, rules.legal_actions(state, seat), weights)
        if choice not in scores or action not in scores:
            continue  # a joker at a range the model does not list: no fair comparison
        cost = scores[choice] - scores[action]
        if cost > 0:
            found.append(Disagreement(state.turn, action, choice, cost))
    # A turn has several placements: name each turn once, by its costliest disagreement, so
    # the review's lines are distinct turns and not three slips of one.
    costliest: dict[int, Disagreement] = {}
    for d in found:
        if d.turn not in costliest or d.cost > costliest[d.turn].cost:
            costliest[d.turn] = d
    return sorted(costliest.values(), key=lambda d: -d.cost)[:SHOWN]

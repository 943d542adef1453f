"""戦列札's bot levels, weakest first: random legal moves, the fast model alone with its hand-set
weights, the fast model with weights tuned by self-play, and that tuned model planning whole
turns and checking its best first cards against sampled deals of the hidden cards (key
``sampling``; the key stays so stored games and the menu keep working). The searching levels of before
(``search``, the default until the tuned model, and ``deep``) are retired: no challenge offers
them, a game that names one is played by the default level, and the ladder keeps ``search``
as "today's bot" the strongest level is measured against.

Every level decides from the acting seat's view alone (``view_for(state, seat)``): what the view
hides is sampled by :func:`rules.senretsu.ai.determinize` from the ``rng`` handed in, so two
states that differ only in cards the seat cannot see get the same decision from the same
generator."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rules.core.rng import Rng
from rules.senretsu.actions import Action, TakeBack
from rules.senretsu.ai import (
    DEFAULT_BUDGET,
    HEURISTIC_ONLY,
    TUNED,
    Budget,
    Rules,
    choose_action,
    determinize,
)
from rules.senretsu.game import LEVEL_KEYS, RETIRED_LEVEL_KEYS
from rules.senretsu.view import SenretsuView


@dataclass(frozen=True, slots=True)
class SenretsuLevel:
    """One strength: a search budget, or ``None`` for a uniformly random legal action."""

    key: str
    budget: Budget | None

    def choose(
        self, view: SenretsuView, rules: Rules, rng: Rng, seconds: float | None = None
    ) -> tuple[Action, Rng]:
        """An action for ``view.viewer``; ``seconds`` replaces the budget's time cap."""
        if self.budget is None:
            return _random_action(view, rules, rng)
        budget = self.budget
        if seconds is not None:
            budget = dataclasses.replace(budget, seconds=seconds)
        return choose_action(view, rules, rng, budget)


def _random_action(view: SenretsuView, rules: Rules, rng: Rng) -> tuple[Action, Rng]:
    """Any legal action but taking a card back (which could undo placements for ever)."""
    seat = view.viewer
    if seat is None or seat not in view.to_act or view.outcome is not None:
        raise ValueError("a level can only act for a seat whose turn it is")
    state, rng = determinize(view, rng)
    legal = [a for a in rules.legal_actions(state, seat) if not isinstance(a, TakeBack)]
    return rng.choice(legal)


#: The fast model alone with the tuned weights. It beats the retired searches at their own
#: time cap (their playouts count with the hand-set weights, and more samples of them did not
#: help: see docs/development.md, "bench.ladder"); it decides in milliseconds.
SHARP = dataclasses.replace(HEURISTIC_ONLY, weights=TUNED)
#: The tuned model planning whole turns, then checking its best few first cards against sampled
#: deals of the hidden cards: a beam of 32 part-placed turns credits each placement with the
#: best whole turn after it (``sharp`` looks one card further only); the best 4 placements, each
#: with the rest of its planned turn, are played on to our next placement in 16 sampled deals of
#: the opponent's hand and the decks, and the best average is played (the plan alone when fewer
#: than 4 deals finish by the cap). It scored 63.7 % (60.7–66.7) against ``sharp`` on 968 of
#: 1 000 fresh deals (docs/levels.md), where the planner alone scored 56.7 % (53.6–59.7).
SAMPLING = Budget(
    samples=16,
    candidates=4,
    seconds=0.8,
    playout_pairs=False,
    min_samples=4,
    weights=TUNED,
    plan_once=True,
    plan_width=32,
)
#: The searching level that was the bot until the tuned model ("today's bot" of the ladder).
SEARCH = DEFAULT_BUDGET
#: That search with twice the samples under the same time cap, trusting them only when enough
#: finished.
WIDE = Budget(samples=16, candidates=3, seconds=DEFAULT_BUDGET.seconds, min_samples=4)

LEVELS: tuple[SenretsuLevel, ...] = (
    SenretsuLevel("random", None),
    SenretsuLevel("greedy", HEURISTIC_ONLY),
    SenretsuLevel("sharp", SHARP),
    SenretsuLevel("sampling", SAMPLING),
)
#: Levels no challenge offers any more, kept to measure against.
RETIRED: tuple[SenretsuLevel, ...] = (
    SenretsuLevel("search", SEARCH),
    SenretsuLevel("deep", WIDE),
)
#: The level that plays a game naming none (or a retired one): the fast model decides in
#: milliseconds; ``sampling`` plans and samples, stronger, for up to 0.8 s a card.
DEFAULT_LEVEL = "sharp"
#: Today's bot before the tuned model: what the strongest level is measured against.
TODAY = "search"
assert tuple(level.key for level in LEVELS) == LEVEL_KEYS
assert tuple(level.key for level in RETIRED) == RETIRED_LEVEL_KEYS


def level(key: str) -> SenretsuLevel:
    return next(lv for lv in (*LEVELS, *RETIRED) if lv.key == key)

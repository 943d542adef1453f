"""The AI: legal moves only, from its own view only, and better than random play."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from itertools import pairwise

import pytest

from rules.core import Rng
from rules.senretsu import Casualty, DrawCount, Janken, SenretsuRules, SenretsuState
from rules.senretsu.ai import DEFAULT_BUDGET, HEURISTIC_ONLY, Budget, choose_action, determinize

R = SenretsuRules()


def play_vs_random(seed: int, ai_seat: int, budget: Budget) -> tuple[int | None, float]:
    """One game; returns the winner and the slowest AI decision in seconds (of the clock the
    AI reads: see ``cpu_clock``)."""
    rnd, rng = random.Random(seed), Rng.from_seed(seed)
    state = R.new_game({"first_player": ("janken", "coin")[seed % 2]}, seed)
    slowest = 0.0
    while not R.is_over(state):
        for seat in R.to_act(state):
            legal = R.legal_actions(state, seat)
            if seat == ai_seat:
                started = time.monotonic()
                action, rng = choose_action(R.view_for(state, seat), R, rng, budget)
                slowest = max(slowest, time.monotonic() - started)
                assert action in legal
            else:
                action = rnd.choice(legal)
            state = R.apply(state, seat, action).state
            break
    assert state.outcome is not None
    return state.outcome.winner, slowest


@pytest.fixture
def cpu_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI's time budget counted in this process's CPU seconds: on a loaded machine it
    samples as much as on a quiet one (its strength and its time are then the machine's
    doing, not the load's), and the slowest decision is measured on the same clock."""
    from rules.senretsu import ai

    monkeypatch.setattr(ai.time, "monotonic", time.process_time)


@pytest.mark.slow
@pytest.mark.usefixtures("cpu_clock")
def test_the_ai_beats_a_random_player() -> None:
    results = [play_vs_random(seed, seed % 2, DEFAULT_BUDGET) for seed in range(4)]
    assert sum(winner == seed % 2 for seed, (winner, _) in enumerate(results)) >= 3
    assert max(slowest for _, slowest in results) < 1.0


@pytest.mark.slow
def test_the_fast_model_alone_also_beats_random() -> None:
    results = [play_vs_random(seed, 1 - seed % 2, HEURISTIC_ONLY) for seed in range(20)]
    assert sum(winner == 1 - seed % 2 for seed, (winner, _) in enumerate(results)) >= 16


def midgame(seed: int, phase: str) -> SenretsuState:
    """A state of random play where the seat to act is in ``phase``."""
    rnd = random.Random(seed)
    state = R.new_game({"first_player": 0}, seed)
    while not R.is_over(state):
        if state.phase == phase and state.turn >= 4:
            return state
        seat = rnd.choice(R.to_act(state))
        state = R.apply(state, seat, rnd.choice(R.legal_actions(state, seat))).state
    pytest.skip("no such phase in this game")


def scramble_hidden(state: SenretsuState, seat: int, seed: int) -> SenretsuState:
    """Another state with the same view for ``seat``: hidden cards dealt differently."""
    other = replace(state, rng=Rng(12345))
    view = R.view_for(other, seat)
    fake, _ = determinize(view, Rng.from_seed(seed))
    scrambled = replace(state, decks=fake.decks, hands=fake.hands, rng=Rng(54321))
    assert R.view_for(scrambled, seat) == R.view_for(state, seat)
    assert scrambled.decks != state.decks
    return scrambled


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "phase"), [(3, "place"), (8, "place"), (1, "casualties")])
def test_the_ai_sees_only_its_view(seed: int, phase: str) -> None:
    state = midgame(seed, phase)
    seat = R.to_act(state)[0]
    scrambled = scramble_hidden(state, seat, seed)
    budget = Budget(seconds=600)  # no time cap: the two runs must sample alike
    a = choose_action(R.view_for(state, seat), R, Rng.from_seed(seed), budget)
    b = choose_action(R.view_for(scrambled, seat), R, Rng.from_seed(seed), budget)
    assert a == b
    assert a[0] in R.legal_actions(state, seat) and a[0] in R.legal_actions(scrambled, seat)


def test_the_ai_answers_every_kind_of_decision() -> None:
    rng = Rng.from_seed(1)
    janken = R.new_game(None, 2)
    action, rng = choose_action(R.view_for(janken, 1), R, rng)
    assert isinstance(action, Janken)
    state = R.apply(R.new_game({"first_player": 0}, 2), 0, R.parse("end")).state
    action, rng = choose_action(R.view_for(state, 1), R, rng)
    assert action == DrawCount(6)
    casualties = midgame(1, "casualties")
    defender = R.to_act(casualties)[0]
    action, rng = choose_action(R.view_for(casualties, defender), R, rng)
    assert isinstance(action, Casualty) and action in R.legal_actions(casualties, defender)


def test_the_ai_only_acts_for_a_seat_whose_turn_it_is() -> None:
    state = R.new_game({"first_player": 0}, 2)
    with pytest.raises(ValueError):
        choose_action(R.view_for(state, 1), R, Rng(0))
    with pytest.raises(ValueError):
        choose_action(R.view_for(state, None), R, Rng(0))


def test_the_ai_starts_no_step_that_could_end_past_its_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a clock where every step of a playout takes longer and longer (a busy machine), the
    decision still ends within its budget: a step is started only if the longest one so far
    would still fit."""
    from rules.senretsu import ai

    now = [0.0]
    step = [0.0]
    real_fast_choice = ai._fast_choice

    def slow_fast_choice(*args: object) -> object:
        step[0] += 0.01  # each step 10 ms slower than the one before
        now[0] += step[0]
        return real_fast_choice(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(ai, "_fast_choice", slow_fast_choice)
    state = midgame(3, "place")
    seat = R.to_act(state)[0]
    action, _ = choose_action(R.view_for(state, seat), R, Rng.from_seed(3), Budget(seconds=0.3))
    assert action in R.legal_actions(state, seat)
    assert step[0] > 0  # it did sample
    # The last step started only where the longest before it still fitted; it overran by its
    # own growth at most.
    assert now[0] <= 0.3 + 0.01


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_the_planner_credits_each_placement_at_least_its_best_pair(seed: int) -> None:
    """A beam of whole turns can only add to what a placement and its best second card are
    worth to the model; with a wide enough beam it finds turns that pairs do not."""
    from rules.senretsu import ai

    state = midgame(seed, "place")
    seat = R.to_act(state)[0]
    view, legal = R.view_for(state, seat), R.legal_actions(state, seat)
    pairs = {a: score for score, a in ai._candidates(view, legal, True, ai.TUNED)}
    planned = ai._planned(view, legal, 32, ai.TUNED)
    assert len(planned) == len(pairs)
    assert all(score >= pairs[a] for score, a in planned)
    assert [s for s, _ in planned] == sorted((s for s, _ in planned), reverse=True)


def test_the_planner_beats_pairs_somewhere_and_stops_when_its_time_is_up() -> None:
    from rules.senretsu import ai

    better = 0
    for seed in range(3, 12):
        try:
            state = midgame(seed, "place")
        except pytest.skip.Exception:
            continue
        seat = R.to_act(state)[0]
        view, legal = R.view_for(state, seat), R.legal_actions(state, seat)
        pairs = ai._candidates(view, legal, True, ai.TUNED)
        planned = ai._planned(view, legal, 32, ai.TUNED)
        better += planned[0][0] > pairs[0][0]
        # A clock already past its deadline grows no turn: the pairs' ranking stands.
        expired = ai._Clock(deadline=-1.0)
        assert ai._planned(view, legal, 32, ai.TUNED, expired) == pairs
    assert better > 0


def test_a_deck_counted_in_draws_loses_a_draw_only_where_a_hit_costs_one() -> None:
    """A deck of 7 survives two more draws of three, one of 6, 5 or 4 one: counted wholly in
    draws, the hit from 7 to 6 costs three cards' worth and the hits to 5 and 4 nothing."""
    from rules.senretsu.ai import deck_value

    assert [deck_value(d, 0.0) for d in range(8)] == list(range(8))
    whole = [deck_value(d, 1.0) for d in (7, 6, 5, 4, 3)]
    assert [a - b for a, b in pairwise(whole)] == [3, 0, 0, 3]
    half = [deck_value(d, 0.5) for d in (7, 6, 5, 4)]
    assert [a - b for a, b in pairwise(half)] == [2, 0.5, 0.5]


@pytest.mark.parametrize(("spread", "expected"), [(0.0, 24), (5.0, 8)])
def test_a_close_call_takes_more_samples_and_a_clear_one_does_not(
    monkeypatch: pytest.MonkeyPatch, spread: float, expected: int
) -> None:
    """With ``more_samples`` the sampling goes on past ``samples`` while the best two
    candidates' averages stay within ``close``; a clear gap stops it at ``samples``."""
    from rules.senretsu import ai

    playouts: list[int] = []

    def playout(state: object, rules: object, plan: list[object], *rest: object) -> float:
        playouts.append(1)
        return spread if len(playouts) % 2 else 0.0  # the first candidate ``spread`` ahead

    state = midgame(3, "place")
    seat = R.to_act(state)[0]
    budget = replace(
        Budget(samples=8, candidates=2, seconds=600.0, min_samples=1, weights=ai.TUNED),
        more_samples=16,
        close=1.0,
    )
    monkeypatch.setattr(ai, "_playout", playout)
    monkeypatch.setattr(ai, "GAP", 1e9)  # both candidates always sampled
    choose_action(R.view_for(state, seat), R, Rng.from_seed(3), budget)
    assert len(playouts) == 2 * expected

"""Random playouts (Hypothesis): every invariant of the protocol holds in every reached state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bushi import ORIENTATIONS, BushiRules, BushiState, Drop, Move, MoveKind
from rules.bushi.game import BushiAction
from rules.core import (
    LOCALES,
    AcceptDraw,
    DeclineDraw,
    IllegalActionError,
    MetaAction,
    NotYourTurnError,
    OfferDraw,
    Resign,
    Rng,
)

RULES = BushiRules()
ALL_ACTIONS: tuple[BushiAction, ...] = (
    *(Move(k) for k in MoveKind),
    *(Drop(x.face, x.facing) for x in ORIENTATIONS),
)
#: Every position can occur at most three times before the fourth ends the game.
MAX_PLIES = 2 + 3 * len(ORIENTATIONS) ** 2 * 2 + 1


def check_state(state: BushiState) -> None:
    assert RULES.load(json.loads(json.dumps(RULES.dump(state)))) == state
    for viewer in (None, 0, 1):
        view = RULES.view_for(state, viewer)
        for locale in LOCALES:
            assert RULES.render(view, locale)


def check_turn(state: BushiState, rng: Rng) -> Rng:
    """Every legal action applies, an illegal one and one out of turn raise."""
    (seat,) = RULES.to_act(state)
    legal = RULES.legal_actions(state, seat)
    assert legal
    assert RULES.legal_actions(state, 1 - seat) == ()
    for action in legal:
        new, events = RULES.apply(state, seat, action)
        assert new.ply == state.ply + 1
        assert RULES.parse(RULES.format(action)) == action
        for locale in LOCALES:
            assert RULES.action_label(action, locale)
            for event in events:
                assert RULES.describe_event(event, locale)
                json.dumps(event.dump())
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    action, rng = rng.choice(illegal)
    try:
        RULES.apply(state, seat, action)
    except IllegalActionError as error:
        assert error.message("ja") and error.message("en")
    else:
        raise AssertionError(f"{RULES.format(action)} was accepted")
    try:
        RULES.apply(state, 1 - seat, legal[0])
    except NotYourTurnError:
        pass
    else:
        raise AssertionError("a move out of turn was accepted")
    return rng


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), cube=st.sampled_from(["seed", "alternate"]))
def test_random_games_keep_every_invariant_and_end(seed: int, cube: str) -> None:
    rng = Rng.from_seed(seed)
    state = RULES.new_game({"cube": cube}, seed)
    plies = 0
    while not RULES.is_over(state):
        assert plies <= MAX_PLIES
        check_state(state)
        rng = check_turn(state, rng)
        (seat,) = RULES.to_act(state)
        action, rng = rng.choice(RULES.legal_actions(state, seat))
        state = RULES.apply(state, seat, action).state
        plies += 1
    check_state(state)
    assert state.outcome is not None
    assert state.outcome.reason in ("mate", "repetition", "dead_draw")
    if state.outcome.reason == "repetition":
        assert state.times_seen() == 4
        assert max(n for _, n in state.seen) == 4
    else:
        assert max((n for _, n in state.seen), default=0) <= 3


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_random_games_with_meta_actions(seed: int) -> None:
    """Draw offers, answers and resignations mixed into play, by either seat."""
    rng = Rng.from_seed(seed)
    state = RULES.new_game(None, seed)
    while not RULES.is_over(state):
        roll, rng = rng.below(8)
        if roll == 0:
            seat, rng = rng.below(2)
            metas: tuple[MetaAction, ...] = RULES.meta_actions(state, seat)
            meta, rng = rng.choice([m for m in metas if not isinstance(m, Resign)] or [Resign()])
            before = state
            state = RULES.apply(state, seat, meta).state
            if isinstance(meta, OfferDraw):
                assert state.draw_offer == seat
            elif isinstance(meta, DeclineDraw):
                assert state.draw_offer is None
            elif isinstance(meta, AcceptDraw):
                assert state.outcome is not None and state.outcome.is_draw
            assert before.ply == state.ply
        else:
            (seat,) = RULES.to_act(state)
            action, rng = rng.choice(RULES.legal_actions(state, seat))
            offer = state.draw_offer
            state = RULES.apply(state, seat, action).state
            if offer is not None and offer != seat:
                assert state.draw_offer is None
        check_state(state)

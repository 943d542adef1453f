"""The dead-draw rule (our addition, ``rules.bushi.dead_draw``): when it opens, what resets it,
the claim itself, how the bot uses it — and the issue's measure of it: a player who only
avoids allowing a mate in one sees every game against every level end within 120 plies."""

from __future__ import annotations

import dataclasses

import pytest

from rules.bushi import BushiRules, BushiState, Move
from rules.bushi.dead_draw import BOT_CLAIMS_AFTER, DEAD_DRAW_RUN, is_drawn
from rules.bushi.game import BushiAction, Claim
from rules.bushi.levels import LEVELS, BushiLevel
from rules.bushi.solve import Result, solution
from rules.core import AcceptDraw, IllegalActionError, MetaAction, OfferDraw, Rng

R = BushiRules()
MAX_PLIES = 120


def careful_action(state: BushiState, rng: Rng) -> tuple[BushiAction, Rng]:
    """The issue's player: mates when it can, else any drop or move that does not hand the
    opponent a mate in one (on the seed cube there always is one)."""
    scored = solution(state.cube).move_values(state)
    mates = [a for a, v in scored if v.result is Result.WIN and v.plies == 1]
    if mates:
        return rng.choice(mates)
    safe = [a for a, v in scored if not (v.result is Result.LOSS and v.plies <= 2)]
    return rng.choice(safe or [a for a, _ in scored])


def play_out(
    level: BushiLevel, careful_seat: int, seed: int, *, takes_draws: bool, cube: str = "seed"
) -> tuple[BushiState, int]:
    """A game of ``level`` against the careful player; it takes an offered or claimable draw
    if ``takes_draws``. The final state and how many plies (drops and moves) it took."""
    state, rng = R.new_game({"cube": cube}, seed), Rng.from_seed(seed)
    for _ in range(10 * MAX_PLIES):
        if state.outcome is not None:
            return state, state.ply
        seat = state.to_move
        action: BushiAction | MetaAction
        if seat == careful_seat:
            if takes_draws and state.draw_offer == 1 - seat:
                action = AcceptDraw()
            elif takes_draws and state.may_claim_draw:
                action = Claim()
            else:
                action, rng = careful_action(state, rng)
        else:
            action, rng = level.choose(state, rng)
        state = R.apply(state, seat, action).state
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("takes_draws", [True, False], ids=["takes draws", "plays on"])
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.key)
def test_a_careful_player_sees_every_game_against_the_bot_end_within_120_plies(
    level: BushiLevel, takes_draws: bool
) -> None:
    reasons = set()
    for seed in range(12):
        state, plies = play_out(level, seed % 2, seed, takes_draws=takes_draws)
        assert state.outcome is not None and plies <= MAX_PLIES, (seed, plies)
        reasons.add(state.outcome.reason)
    # Against a careful player the bot draws: by agreement when its offer is taken, by its
    # own claim when not; a weak level may also blunder into a mate.
    assert reasons <= {"mate", "agreement", "dead_draw"}
    assert ("agreement" if takes_draws else "dead_draw") in reasons


def test_the_claim_opens_after_forty_drawn_plies_and_a_winnable_position_resets_the_count() -> None:
    state = R.new_game({}, 0)
    rng = Rng.from_seed(1)
    runs = []
    while state.drawn_run < DEAD_DRAW_RUN:
        assert Claim() not in R.legal_actions(state, state.to_move)
        with pytest.raises(IllegalActionError):
            R.apply(state, state.to_move, Claim())
        action, rng = careful_action(state, rng)
        state = R.apply(state, state.to_move, action).state
        runs.append(state.drawn_run)
    # From White's drop on, every ply left a drawn position: forty plies, twenty each.
    assert runs[0] == 0 and runs[1:] == list(range(1, DEAD_DRAW_RUN + 1))
    assert state.ply == DEAD_DRAW_RUN + 1
    assert R.legal_actions(state, state.to_move)[-1] == Claim()
    assert R.format(Claim()) == "CLAIM" and R.parse("CLAIM") == Claim()
    over = R.apply(state, state.to_move, Claim())
    assert over.state.outcome is not None and over.state.outcome.reason == "dead_draw"
    assert over.state.outcome.winner is None
    assert [e.kind for e in over.events] == ["dead_draw", "game_over"]
    assert "dead draw" in R.describe_event(over.events[0], "en")
    assert "打ち切り" in R.describe_event(over.events[0], "ja")
    assert R.load(R.dump(state)) == state


def test_a_ply_that_leaves_a_winnable_position_starts_the_count_again() -> None:
    state = R.new_game({}, 0)
    rng = Rng.from_seed(3)
    for _ in range(MAX_PLIES):
        action, rng = careful_action(state, rng)
        state = R.apply(state, state.to_move, action).state
        scored = solution(state.cube).move_values(state)
        blunders = [a for a, v in scored if v.result is Result.LOSS]
        if state.drawn_run > 2 and blunders:
            break
    else:
        raise AssertionError("no blunder was ever on offer")
    # A move that hands the opponent a mate in one leaves a won position: not a drawn ply.
    after = R.apply(state, state.to_move, blunders[0]).state
    assert after.drawn_run == 0
    mover, other = after.mover_and_opponent()
    assert not is_drawn(mover, other, after.cube)


def test_the_bot_offers_the_draw_once_then_claims_it_after_twenty_more_moves_each() -> None:
    perfect = LEVELS[-1]
    state = R.new_game({}, 0)
    rng = Rng.from_seed(2)
    while state.drawn_run < DEAD_DRAW_RUN:
        action, rng = careful_action(state, rng)
        state = R.apply(state, state.to_move, action).state
    offered, _ = perfect.choose(state, rng)
    assert offered == OfferDraw()
    with_offer = R.apply(state, state.to_move, OfferDraw()).state
    moved, _ = perfect.choose(with_offer, rng)
    assert isinstance(moved, Move)  # the offer stands; the bot still moves
    later = dataclasses.replace(state, drawn_run=DEAD_DRAW_RUN + 2)
    assert isinstance(perfect.choose(later, rng)[0], Move)  # offered once, not every turn
    assert perfect.choose(dataclasses.replace(state, drawn_run=BOT_CLAIMS_AFTER), rng)[0] == (
        Claim()
    )


def test_the_solution_values_only_cube_actions() -> None:
    state = R.new_game({}, 0)
    rng = Rng.from_seed(4)
    while not state.may_claim_draw:
        action, rng = careful_action(state, rng)
        state = R.apply(state, state.to_move, action).state
    assert Claim() in R.legal_actions(state, state.to_move)
    assert all(isinstance(a, Move) for a, _ in solution(state.cube).move_values(state))

"""武士将棋's bot levels: legal, reproducible from their generator; the weak ones blunder, the
perfect one never loses value; and the review finds a player's first slip."""

from __future__ import annotations

import pytest

from rules.bushi import BushiRules, BushiState, Drop, Move
from rules.bushi.cube import CubeReading
from rules.bushi.levels import LEVELS, level
from rules.bushi.review import first_slip
from rules.bushi.solve import Result, Value, solution
from rules.core import Rng
from rules.core.errors import InvalidSettingsError

R = BushiRules()


def game(keys: tuple[str, str], seed: int) -> list[tuple[BushiState, int, object]]:
    """A whole game between two levels: (state before, seat, action) for every action."""
    players = (level(keys[0]), level(keys[1]))
    state, rng = R.new_game({}, seed), Rng.from_seed(seed)
    steps: list[tuple[BushiState, int, object]] = []
    while state.outcome is None:
        seat = state.to_move
        action, rng = players[seat].player(R, state, seat, rng)
        assert action in R.legal_actions(state, seat) or action in R.meta_actions(state, seat)
        steps.append((state, seat, action))
        state = R.apply(state, seat, action).state
    return steps


def value_lost(state: BushiState, action: object) -> bool:
    if not isinstance(action, Drop | Move):
        return False  # a draw offered or claimed in a dead draw loses nothing
    scored = solution(state.cube).move_values(state)
    best = max(v.rank for _, v in scored)
    return next(v for a, v in scored if a == action).rank < best


def test_levels_play_legal_games_the_same_for_a_seed() -> None:
    assert [s[2] for s in game(("beginner", "novice"), 3)] == [
        s[2] for s in game(("beginner", "novice"), 3)
    ]
    games = {
        tuple(map(R.format, (s[2] for s in game(("beginner", "strong"), n)))) for n in range(6)
    }
    assert len(games) > 1  # the seed matters


def test_the_beginner_blunders_sometimes_and_perfect_play_never_does() -> None:
    beginner = perfect = blunders = 0
    for seed in range(10):
        for state, seat, action in game(("beginner", "perfect"), seed):
            if seat == 0:
                beginner += 1
                blunders += value_lost(state, action)
            else:
                perfect += 1
                assert not value_lost(state, action)
    assert perfect > 0 and 0 < blunders < beginner


def losing_share(state: BushiState, action: object) -> float:
    """The share of the opponent's answers to ``action`` that lose."""
    after = R.apply(state, state.to_move, action).state
    if after.outcome is not None:
        return 1.0
    answers = solution(after.cube).move_values(after)
    return sum(v.result is Result.LOSS for _, v in answers) / len(answers)


def test_perfect_play_sets_traps_among_drawing_moves() -> None:
    """Where drawing moves differ in how many of the opponent's answers lose, the perfect
    level picks one that leaves the most."""
    checked = 0
    for seed in range(10):
        for state, _, _ in game(("novice", "novice"), seed):
            scored = solution(state.cube).move_values(state)
            drawing = [a for a, v in scored if v == Value.draw()]
            if max(v.rank for _, v in scored) != Value.draw().rank or len(drawing) < 2:
                continue
            shares = {losing_share(state, a) for a in drawing}
            if len(shares) < 2:
                continue
            action, _ = level("perfect").player(R, state, state.to_move, Rng.from_seed(seed))
            assert losing_share(state, action) == max(shares)
            checked += 1
    assert checked > 0


def test_the_level_setting_is_checked() -> None:
    assert R.normalize_settings({"level": "novice"}) == {"cube": "seed", "level": "novice"}
    assert R.normalize_settings({}) == {"cube": "seed"}
    with pytest.raises(InvalidSettingsError):
        R.normalize_settings({"level": "grandmaster"})
    assert [lv.key for lv in LEVELS][-1] == "perfect"


def test_the_review_finds_the_first_move_that_lost_value() -> None:
    for seed in range(20):
        steps = game(("beginner", "perfect"), seed)
        slips = [i for i, (s, seat, a) in enumerate(steps) if seat == 0 and value_lost(s, a)]
        slip = first_slip(steps, 0)
        if not slips:
            assert slip is None
            continue
        assert slip is not None and slip.ply == slips[0] + 1
        assert slip.played == steps[slips[0]][2]
        assert slip.better_value.rank > slip.played_value.rank
        assert first_slip(steps, 1) is None  # perfect play never slips
        return
    pytest.fail("the beginner never slipped in 20 games")


def test_on_the_seed_cube_the_beginner_never_sees_a_mate_in_one() -> None:
    """On the seed reading every slip is a mate in one given or missed, and the beginner makes
    each one it can (the steps between levels need it, bench.ladder); on the alternate reading
    it still plays a best move on some turns where it could lose value."""
    assert [level(k).blunder_for(CubeReading.SEED) for k in ("beginner", "novice")] == [
        1000,
        400,
    ]
    on_offer = {"seed": [0, 0], "alternate": [0, 0]}  # turns with a worse move, blunders
    for cube in on_offer:
        for seed in range(6):
            state, rng = R.new_game({"cube": cube}, seed), Rng.from_seed(seed)
            while state.outcome is None:
                seat = state.to_move
                action, rng = level("beginner" if seat == 0 else "perfect").choose(state, rng)
                if seat == 0 and isinstance(action, Drop | Move):
                    scored = solution(state.cube).move_values(state)
                    if len({v.rank for _, v in scored}) > 1:
                        on_offer[cube][0] += 1
                        on_offer[cube][1] += value_lost(state, action)
                state = R.apply(state, seat, action).state
    seed_turns, seed_blunders = on_offer["seed"]
    assert seed_turns > 0 and seed_blunders == seed_turns
    alternate_turns, alternate_blunders = on_offer["alternate"]
    assert 0 < alternate_blunders < alternate_turns

"""The solver: terminal positions, consistency with successors, an independent check, and a
perfect player that never lets a draw or a win slip."""

from __future__ import annotations

import itertools
import time
from collections import Counter

import pytest

from rules.bushi import (
    ORIENTATIONS,
    BushiRules,
    BushiSettings,
    BushiState,
    CubeReading,
    Orientation,
    is_mate,
)
from rules.bushi.game import BushiAction
from rules.bushi.solve import (
    Result,
    Solution,
    Value,
    choose_action,
    main,
    perfect_player,
    reachable_states,
    solution,
)
from rules.core import Outcome, Rng

RULES = BushiRules()
CUBES = list(CubeReading)


def placed(black: Orientation, white: Orientation, to_move: int, cube: CubeReading) -> BushiState:
    position = (black, white, to_move)
    return BushiState(BushiSettings(cube), (black, white), to_move, 2, ((position, 1),))


def move_phase_states(cube: CubeReading) -> list[BushiState]:
    """Every unfinished move-phase state, both sides to move."""
    return [
        placed(black, white, seat, cube)
        for black, white in itertools.product(ORIENTATIONS, repeat=2)
        for seat in (0, 1)
        if not is_mate(black, white, cube)
    ]


def successor_value(state: BushiState, action: BushiAction, solved: Solution) -> Value:
    """The value after ``action`` for the seat then to act, through the game's own rules."""
    after = RULES.apply(state, state.to_move, action).state
    if after.outcome is not None:
        assert after.outcome.reason == "mate"  # fresh states never reach repetition here
        return Value.loss(0)
    return solved.value(after)


def test_values_describe_themselves() -> None:
    assert Value.win(3).describe("ja") == "3手で勝ち"
    assert Value.win(3).describe("en") == "win in 3"
    assert Value.draw().describe("ja") == "引き分け"
    assert Value.draw().describe("en") == "draw"
    assert Value.loss(5).describe("ja") == "5手で負け"
    assert Value.loss(5).describe("en") == "loss in 5"
    assert str(Value.loss(0)) == "loss in 0"


def test_value_order_and_backing_up() -> None:
    ordered = [Value.loss(0), Value.loss(4), Value.draw(), Value.win(9), Value.win(1)]
    assert sorted(ordered, key=lambda v: v.rank) == ordered
    assert Value.loss(0).one_ply_earlier() == Value.win(1)
    assert Value.win(1).one_ply_earlier() == Value.loss(2)
    assert Value.draw().one_ply_earlier() == Value.draw()


@pytest.mark.parametrize("cube", CUBES)
def test_mate_positions_are_lost_in_zero_and_nothing_else_is(cube: CubeReading) -> None:
    solved = solution(cube)
    for mover, other in itertools.product(ORIENTATIONS, repeat=2):
        value = solved.position_value(mover, other)
        assert (value == Value.loss(0)) == is_mate(mover, other, cube)


@pytest.mark.parametrize("cube", CUBES)
def test_every_value_is_consistent_with_its_successors(cube: CubeReading) -> None:
    solved = solution(cube)
    for state in move_phase_states(cube):
        value = solved.value(state)
        after = [
            successor_value(state, a, solved) for a in RULES.legal_actions(state, state.to_move)
        ]
        assert after
        if value.result is Result.WIN:
            assert Value.loss(value.plies - 1) in after
            assert all(v.result is not Result.LOSS or v.plies >= value.plies - 1 for v in after)
        elif value.result is Result.LOSS:
            assert all(v.result is Result.WIN for v in after)
            assert max(v.plies for v in after) == value.plies - 1
        else:
            assert all(v.result is not Result.LOSS for v in after)
            assert Value.draw() in after


def _naive_values(cube: CubeReading) -> dict[tuple[Orientation, Orientation], Value]:
    """The same values by plain iteration over plies, from the game's rules alone."""
    successors: dict[tuple[Orientation, Orientation], list[tuple[Orientation, Orientation]]] = {}
    values: dict[tuple[Orientation, Orientation], Value] = {}
    for mover, other in itertools.product(ORIENTATIONS, repeat=2):
        state = placed(mover, other, 0, cube)
        if is_mate(mover, other, cube):
            values[(mover, other)] = Value.loss(0)
            continue
        successors[(mover, other)] = []
        for action in RULES.legal_actions(state, 0):
            after = RULES.apply(state, 0, action).state.cubes[0]
            assert after is not None
            successors[(mover, other)].append((other, after))
    for plies in itertools.count(1):
        found: dict[tuple[Orientation, Orientation], Value] = {}
        for position, nexts in successors.items():
            if position in values:
                continue
            known = [values.get(n) for n in nexts]
            if Value.loss(plies - 1) in known:
                found[position] = Value.win(plies)
            elif all(v is not None and v.result is Result.WIN for v in known):
                found[position] = Value.loss(plies)
        if not found:
            break
        values |= found
    return {(a, b): values.get((a, b), Value.draw()) for a in ORIENTATIONS for b in ORIENTATIONS}


@pytest.mark.parametrize("cube", CUBES)
def test_retrograde_agrees_with_naive_iteration(cube: CubeReading) -> None:
    naive = _naive_values(cube)
    solved = solution(cube)
    assert {p: solved.position_value(*p) for p in naive} == naive


@pytest.mark.parametrize("cube", CUBES)
def test_drop_phase_values_are_minimax_over_drops(cube: CubeReading) -> None:
    solved = solution(cube)
    empty = RULES.new_game({"cube": cube.value}, 0)
    first = solved.move_values(empty)
    assert [a for a, _ in first] == list(RULES.legal_actions(empty, 0))
    assert len(first) == 16
    assert solved.value(empty) == max((v for _, v in first), key=lambda v: v.rank)
    assert solved.value(empty) == solved.game_value()
    for action, value in first:
        after = RULES.apply(empty, 0, action).state
        assert solved.value(after).one_ply_earlier() == value
        replies = solved.move_values(after)
        assert len(replies) == 16
        assert solved.value(after) == max((v for _, v in replies), key=lambda v: v.rank)
        for reply, reply_value in replies:
            placed_state = RULES.apply(after, 1, reply).state
            assert solved.value(placed_state).one_ply_earlier() == reply_value


def test_known_results() -> None:
    """Regression numbers, as printed by ``python -m rules.bushi.solve``."""
    seed, alternate = solution("seed"), solution("alternate")
    assert seed.counts() == {Result.WIN: 6, Result.LOSS: 9, Result.DRAW: 561}
    assert alternate.counts() == {Result.WIN: 130, Result.LOSS: 52, Result.DRAW: 394}
    assert seed.game_value() == alternate.game_value() == Value.draw()
    for cube in CUBES:
        reachable = reachable_states(cube)
        assert len(reachable) == 1077
        assert (None, None, 0) in reachable
    blunders = {
        RULES.format(a): v
        for a, v in alternate.move_values(RULES.new_game({"cube": "alternate"}, 0))
        if v != Value.draw()
    }
    assert blunders == {"D-F1-L": Value.loss(12), "D-R2-L": Value.loss(14)}


def test_solution_is_cached_and_fast() -> None:
    from rules.bushi.solve import _solve

    _solve.cache_clear()
    started = time.process_time()  # CPU seconds: a loaded machine's other work is not ours
    for cube in CUBES:
        solution(cube)
    assert time.process_time() - started < 1.0
    assert solution("seed") is solution(CubeReading.SEED)


def test_values_refuse_finished_games_and_other_cubes() -> None:
    over = RULES.apply(
        placed(Orientation.parse("F4-L"), Orientation.parse("F1-F"), 0, CubeReading.SEED),
        0,
        RULES.parse("ROT"),
    ).state
    assert over.outcome == Outcome.win(0, 2, "mate")
    with pytest.raises(ValueError):
        solution("seed").value(over)
    with pytest.raises(ValueError):
        solution("alternate").value(RULES.new_game(None, 0))


def test_a_mating_move_is_a_win_in_one() -> None:
    state = placed(Orientation.parse("F4-L"), Orientation.parse("F1-F"), 0, CubeReading.SEED)
    assert solution("seed").move_values(state) == [(RULES.parse("ROT"), Value.win(1))]
    assert solution("seed").value(state) == Value.win(1)


@pytest.mark.parametrize("cube", CUBES)
def test_choose_action_picks_at_random_among_the_best(cube: CubeReading) -> None:
    solved = solution(cube)
    state = RULES.new_game({"cube": cube.value}, 0)
    best = solved.best_actions(state)
    rng = Rng.from_seed(7)
    seen: Counter[object] = Counter()
    for _ in range(400):
        action, next_rng = choose_action(state, rng)
        assert next_rng != rng
        rng = next_rng
        seen[action] += 1
    assert set(seen) == set(best)
    assert choose_action(state, Rng.from_seed(1)) == choose_action(state, Rng.from_seed(1))
    assert perfect_player(RULES, state, 0, Rng.from_seed(1)) == choose_action(
        state, Rng.from_seed(1)
    )
    with pytest.raises(ValueError):
        perfect_player(RULES, state, 1, Rng.from_seed(1))


def _play(cube: CubeReading, perfect_seat: int | None, seed: int) -> tuple[BushiState, list[str]]:
    """One game with a perfect player on ``perfect_seat`` (``None``: both) and a random one."""
    solved = solution(cube)
    rng = Rng.from_seed(seed)
    state = RULES.new_game({"cube": cube.value}, seed)
    promised: list[str] = []
    deadline: int | None = None
    while not RULES.is_over(state):
        seat = state.to_move
        if perfect_seat is None or seat == perfect_seat:
            value = solved.value(state)
            promised.append(value.result.value)
            if value.result is Result.WIN and deadline is None:
                deadline = state.ply + value.plies
            action, rng = choose_action(state, rng)
        else:
            action, rng = rng.choice(RULES.legal_actions(state, seat))
        state = RULES.apply(state, seat, action).state
        if deadline is not None:
            assert state.ply <= deadline
    return state, promised


@pytest.mark.slow
@pytest.mark.parametrize("cube", CUBES)
@pytest.mark.parametrize("perfect_seat", [0, 1])
def test_perfect_play_never_loses_from_a_drawn_or_won_position(
    cube: CubeReading, perfect_seat: int
) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(120):
        state, promised = _play(cube, perfect_seat, seed)
        assert state.outcome is not None
        if any(p != "loss" for p in promised):
            assert state.outcome.points[perfect_seat] >= 0.5, (seed, promised)
        if "win" in promised:
            assert state.outcome == Outcome.win(perfect_seat, 2, "mate")
        outcomes[state.outcome.reason] += 1
    assert outcomes["mate"] > 0  # random opponents do walk into mate


@pytest.mark.parametrize("cube", CUBES)
def test_perfect_against_perfect_is_a_draw(cube: CubeReading) -> None:
    for seed in range(10):
        state, promised = _play(cube, None, seed)
        assert state.outcome == Outcome.draw(2, "repetition")
        assert set(promised) == {"draw"}


@pytest.mark.parametrize("cube", CUBES)
def test_reachable_states_are_those_the_game_reaches(cube: CubeReading) -> None:
    start = RULES.new_game({"cube": cube.value}, 0)
    found: set[tuple[Orientation | None, Orientation | None, int]] = {(None, None, 0)}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        if state.outcome is not None:
            continue
        for action in RULES.legal_actions(state, state.to_move):
            after = RULES.apply(state, state.to_move, action).state
            key = (after.cubes[0], after.cubes[1], after.to_move)
            if key not in found:
                found.add(key)
                frontier.append(after)
    assert found == reachable_states(cube)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    main([])
    seed = capsys.readouterr().out
    assert "cube reading: seed" in seed
    assert "24 × 24 = 576" in seed
    assert "won for the side to move:  6" in seed
    assert "states reachable from the empty board: 1077" in seed
    assert seed.count("D-") == 16
    assert "game value (for Black, who drops first): draw" in seed
    main(["--cube", "alternate"])
    alternate = capsys.readouterr().out
    assert "won for the side to move:  130" in alternate
    assert "D-R2-L  左構え (left guard) facing left" in alternate
    assert "loss in 14" in alternate

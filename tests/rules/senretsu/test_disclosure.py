"""What a finished 戦列札 game shows of its moves: the same end from the same seed, without the
staging and take-backs (or an undecided janken pick) that stay private for good."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.rng import Rng
from rules.senretsu import SenretsuRules, logic
from rules.senretsu.actions import TakeBack
from rules.senretsu.disclosure import placements_building
from rules.senretsu.state import Side, Staging

RULES = SenretsuRules()
Move = tuple[int | None, str]


def random_game(seed: int, stop_after: int | None = None) -> list[Move]:
    """Random legal moves, take-backs included (they are legal and get picked often)."""
    state = RULES.new_game({}, seed)
    rng = Rng.from_seed(seed ^ 0xD15C)
    moves: list[Move] = []
    while not RULES.is_over(state) and (stop_after is None or len(moves) < stop_after):
        seat = RULES.to_act(state)[0]
        action, rng = rng.choice(RULES.legal_actions(state, seat))
        moves.append((seat, RULES.format(action)))
        state = RULES.apply(state, seat, action).state
    return moves


def public(moves: list[Move]) -> list[Move]:
    return [(s, c) for s, c in moves if not c.startswith(("p:", "t:", "j:"))]


@pytest.mark.parametrize("seed", [1, 2, 3, 20261125])
def test_disclosed_moves_reach_the_same_end_without_take_backs(seed: int) -> None:
    moves = random_game(seed)
    assert any(code.startswith("t:") for _, code in moves)  # the case that needs rewriting
    disclosed = RULES.disclosed_moves({}, seed, moves)
    assert not any(code.startswith("t:") for _, code in disclosed)
    whole, shown = RULES.replay({}, seed, moves), RULES.replay({}, seed, disclosed)
    assert shown.outcome == whole.outcome is not None
    assert (shown.sides, shown.hands, shown.discards) == (whole.sides, whole.hands, whole.discards)
    assert public(disclosed) == public(moves)  # nothing public is lost or added
    assert len(disclosed) < len(moves)


def test_a_phase_cut_short_by_a_resignation_shows_no_staging() -> None:
    moves = random_game(7, stop_after=60)
    state = RULES.replay({}, 7, moves)
    while state.phase != "place" or not state.staging or not state.staging.staged:
        seat = RULES.to_act(state)[0]
        action = next(a for a in RULES.legal_actions(state, seat) if not isinstance(a, TakeBack))
        moves.append((seat, RULES.format(action)))
        state = RULES.apply(state, seat, action).state
    moves.append((state.active, "resign"))  # with cards staged, never committed
    disclosed = RULES.disclosed_moves({}, 7, moves)
    assert disclosed[-1] == (state.active, "resign")
    assert not disclosed[-2][1].startswith("p:")  # the staging went with the phase
    assert RULES.replay({}, 7, disclosed).outcome == RULES.replay({}, 7, moves).outcome


def test_an_undecided_janken_pick_is_not_shown() -> None:
    moves: list[Move] = [(0, "j:rock"), (1, "j:rock"), (0, "j:paper"), (None, "forfeit:1:timeout")]
    disclosed = RULES.disclosed_moves({}, 5, moves)
    assert disclosed == [(0, "j:rock"), (1, "j:rock"), (None, "forfeit:1:timeout")]
    assert RULES.replay({}, 5, disclosed).outcome == RULES.replay({}, 5, moves).outcome


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("DECK", "H2 | S3 D4 | DECK | C5 | JR=7 H6"),
        ("H2 | DECK | C5", "S9 | H2 D3 | DECK | C5 JR=12 | H8"),
    ],
)
def test_placements_building_lines(before: str, after: str) -> None:
    """New lines at both ends (two in front, built rearmost first), cards added to old ones."""
    start, goal = Side.parse(before), Side.parse(after)
    # Placed by the rules themselves, each checked legal, onto lines that start as ``before``.
    state = RULES.new_game({"first_player": 0}, 1)
    assert state.staging is not None and state.active == 0
    places = placements_building(start, goal)
    hand = tuple(p.card for p in places)
    state = replace(state, staging=Staging(start), hands=(hand, state.hands[1]))
    for place in places:
        assert logic.illegal_reason(state, 0, place) is None, place
        state = logic.place(state, place, [])
    assert state.staging is not None
    side = state.staging.side
    assert side == goal

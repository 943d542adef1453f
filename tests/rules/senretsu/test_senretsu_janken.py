"""Deciding the first player: janken as a real simultaneous phase, with hidden picks."""

from __future__ import annotations

import pytest

from rules.core import IllegalActionError, NotYourTurnError
from rules.senretsu import Janken, SenretsuRules
from rules.senretsu.state import JANKEN_HANDS

R = SenretsuRules()


def test_janken_is_the_default_and_both_act_at_once() -> None:
    state = R.new_game(None, 1)
    assert state.phase == "janken" and state.first_player is None
    assert R.to_act(state) == (0, 1)
    assert R.legal_actions(state, 0) == tuple(Janken(h) for h in JANKEN_HANDS)
    assert state.hands == ((), ()) and [len(d) for d in state.decks] == [27, 27]


def test_a_pick_is_hidden_from_the_other_seat_until_both_have_picked() -> None:
    state = R.new_game(None, 1)
    state, events = R.apply(state, 1, Janken("scissors"))
    assert [(e.kind, e.seat, dict(e.data)) for e in events] == [("janken_pick", 1, {})]
    assert R.to_act(state) == (0,)
    other, own, public = R.view_for(state, 0), R.view_for(state, 1), R.view_for(state, None)
    assert other.janken_chosen == (False, True) and other.janken_pick is None
    assert public.janken_pick is None
    assert own.janken_pick == "scissors"
    for view in (other, public):
        assert "scissors" not in R.render(view, "en") and "チョキ" not in R.render(view, "ja")
    assert R.render_hand(other, "en").endswith("pick rock, scissors or paper")
    assert R.render_hand(own, "en").endswith("your pick: scissors")
    with pytest.raises(NotYourTurnError):
        R.apply(state, 1, Janken("rock"))


def test_a_tie_repeats() -> None:
    state = R.new_game(None, 1)
    state = R.apply(state, 0, Janken("paper")).state
    state, events = R.apply(state, 1, Janken("paper"))
    assert events[-1].kind == "janken" and events[-1].data["winner"] is None
    assert state.phase == "janken" and state.janken == (None, None)
    assert state.janken_last == ("paper", "paper") and state.janken_rounds == 1
    assert R.to_act(state) == (0, 1)


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("rock", "scissors", 0),
        ("scissors", "paper", 0),
        ("paper", "rock", 0),
        ("scissors", "rock", 1),
        ("paper", "scissors", 1),
        ("rock", "paper", 1),
    ],
)
def test_the_winner_goes_first(a: str, b: str, winner: int) -> None:
    state = R.new_game(None, 1)
    state = R.apply(state, 0, R.parse(f"j:{a}")).state
    state, events = R.apply(state, 1, R.parse(f"j:{b}"))
    assert state.first_player == winner and state.start == "janken"
    assert state.active == winner and state.turn == 1 and state.phase == "place"
    assert len(state.hands[winner]) == 3 and state.hands[1 - winner] == ()
    kinds = [e.kind for e in events]
    assert kinds == [
        "janken_pick",
        "janken",
        "first_player",
        "turn",
        "attack_none",
        "draw",
        "draw_cards",
    ]


def test_janken_actions_only_during_janken() -> None:
    state = R.new_game({"first_player": 0}, 1)
    with pytest.raises(IllegalActionError):
        R.apply(state, 0, Janken("rock"))

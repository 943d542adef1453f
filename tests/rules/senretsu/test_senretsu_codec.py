"""Action codes and the state codec."""

from __future__ import annotations

import json

import pytest

from rules.cards.playing import parse_card
from rules.core import CodecError, InvalidActionError
from rules.senretsu import (
    Casualty,
    DrawCount,
    EndPlacement,
    Janken,
    Place,
    SenretsuRules,
    TakeBack,
    private_to_mover,
)

R = SenretsuRules()
H5, JR = parse_card("H5"), parse_card("JR")


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Janken("rock"), "j:rock"),
        (DrawCount(6), "draw:6"),
        (Place(H5, 2), "p:H5:2"),
        (Place(H5, 0, new=True), "p:H5:+0"),
        (Place(JR, 4, new=True, joker_range=99), "p:JR:+4:99"),
        (TakeBack(H5), "t:H5"),
        (EndPlacement(), "end"),
        (Casualty(parse_card("S10")), "x:S10"),
    ],
)
def test_codes_round_trip(action: object, code: str) -> None:
    assert R.format(action) == code  # type: ignore[arg-type]
    assert R.parse(code) == action


@pytest.mark.parametrize(
    "code",
    [
        "",
        "p",
        "p:H5",
        "p:h5:1",
        "p:H5:x",
        "p:H5:1:2:3",
        "p:H5:100",
        "draw:six",
        "j:lizard",
        "t:ZZ",
        "x:",
        "end:1",
        "p:H5:-1",
        "p:H5:+",
        "draw:٣",
    ],
)
def test_bad_codes_are_refused(code: str) -> None:
    with pytest.raises(InvalidActionError):
        R.parse(code)


def test_which_codes_stay_private_to_the_mover() -> None:
    assert private_to_mover(Place(H5, 0)) and private_to_mover(TakeBack(H5))
    assert private_to_mover(Janken("rock"))
    assert not private_to_mover(EndPlacement()) and not private_to_mover(DrawCount(3))
    assert not private_to_mover(Casualty(H5))
    assert R.action_private_to(1, Place(H5, 0)) == 1
    assert R.action_private_to(1, EndPlacement()) is None


def test_dump_load_round_trip_through_json() -> None:
    state = R.new_game({"first_player": 0}, 4)
    hand = state.hands[0]
    action = Place(hand[0], 0, new=True, joker_range=5 if hand[0].is_joker else None)
    state = R.apply(state, 0, action).state  # with staging
    data = json.loads(json.dumps(R.dump(state)))
    assert data["game"] == "senretsu" and data["schema_version"] == 2
    assert R.load(data) == state


def test_load_refuses_foreign_or_corrupt_data() -> None:
    data = R.dump(R.new_game(None, 4))
    with pytest.raises(CodecError):
        R.load({**data, "schema_version": 1})  # an older release's: rebuilt from the log
    with pytest.raises(CodecError):
        R.load({**data, "schema_version": 3})
    with pytest.raises(CodecError):
        R.load({**data, "game": "bushi"})
    broken = json.loads(json.dumps(data))
    broken["state"]["decks"][0][0] = "ZZ"
    with pytest.raises(CodecError):
        R.load(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["sides"][0]["front"] = [[]]
    with pytest.raises(CodecError):
        R.load(broken)
    broken = json.loads(json.dumps(data))
    broken["state"]["phase"] = "lunch"
    with pytest.raises(CodecError):
        R.load(broken)

"""Dump and load: JSON-safe, exact round trips in every phase, corrupt data refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.core.errors import CodecError
from rules.core.outcome import Outcome
from rules.yosukou import Draw, Move, WarTake, YosukouRules, YosukouState

RULES = YosukouRules()
UPRIGHT = [("A01", True), ("A02", True), ("A03", True), ("A04", True), ("A05", True)]
UPRIGHT += [("A06", True)]


def states() -> list[YosukouState]:
    out = [RULES.new_game({"variant": "simplified"}, 2**64 - 1), RULES.new_game({}, 0)]
    state = RULES.new_game_from_position(
        {"rule_replacement": "infinity", "rule_major_influence": 2.5},
        UPRIGHT,
        start=1,
        talon=["S14"],
        piles={"cups_2": ["H01"]},
    )
    for action in (Draw(), Move(), WarTake("cups_2", "H01")):
        state = RULES.apply(state, 0, action).state
        out.append(state)
    planned = RULES.new_game_from_deal({}, UPRIGHT, reshuffles=[["S01", "S02"]], seed=9, start=2)
    out.append(planned)
    return out


@pytest.mark.parametrize("state", states(), ids=lambda s: s.phase)
def test_round_trip_through_json(state: YosukouState) -> None:
    text = json.dumps(RULES.dump(state), ensure_ascii=False)
    assert RULES.load(json.loads(text)) == state


def test_the_dump_shape() -> None:
    dumped = RULES.dump(states()[3])
    assert (dumped["game"], dumped["schema_version"], dumped["rules_version"]) == (
        "yosukou",
        1,
        1,
    )
    state = dumped["state"]
    assert state["phase"] == "war"
    assert state["piles"]["swords_upper"] == ["S14"]
    assert isinstance(state["rng"], str)


def corrupt(change: Any) -> dict[str, Any]:
    dumped = copy.deepcopy(RULES.dump(states()[3]))
    change(dumped["state"])
    return dumped


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(phase="dance"),
        lambda s: s.update(token=7),
        lambda s: s.update(draws=-1),
        lambda s: s.update(talon="S01"),
        lambda s: s["piles"].pop("cups_1"),
        lambda s: s.update(settings={"variant": "other"}),
        lambda s: s.update(settings={"variant": "original"}),
        lambda s: s.update(rng=5),
        lambda s: s.update(holding=["pile", "S01"]),
        lambda s: s["board"].__setitem__(0, {"card": "S01", "upright": True}),
        lambda s: s.pop("planned"),
    ],
)
def test_corrupt_data_is_refused(change: Any) -> None:
    with pytest.raises(CodecError):
        RULES.load(corrupt(change))


def test_other_games_and_schemas_are_refused() -> None:
    dumped = RULES.dump(states()[0])
    with pytest.raises(CodecError):
        RULES.load(dict(dumped, game="bushi"))
    with pytest.raises(CodecError):
        RULES.load(dict(dumped, schema_version=2))


def test_outcome_texts() -> None:
    assert RULES.outcome_text(Outcome((1.0,), "goal"), "ja") == "目標の爻に到達"
    assert RULES.outcome_text(Outcome((0.0,), "missed_goal"), "en") == "goal missed"
    assert RULES.outcome_text(Outcome((0.0,), "resign"), "en") == "resignation"

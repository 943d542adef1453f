"""The reference traces of the author's browser game replay exactly (tests/data/vectors)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.yosukou import WarPlace, WarTake, YosukouState
from rules.yosukou.vectors import TRACE_WAR_ENDS, Checker, Mismatch, check_case, main

ROOT = Path(__file__).resolve().parents[3]
VECTORS = ROOT / "tests" / "data" / "vectors" / "yosukou"
FILES = sorted(VECTORS.glob("*.jsonl"))


def cases() -> list[tuple[str, dict[str, object]]]:
    out = []
    for path in FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                out.append((f"{path.stem}:{case['id']}", case))
    return out


def test_all_three_files_are_there() -> None:
    assert [p.name for p in FILES] == ["original.jsonl", "setup.jsonl", "simplified.jsonl"]


@pytest.mark.parametrize(("name", "case"), cases(), ids=[name for name, _ in cases()])
def test_each_trace_replays(name: str, case: dict[str, object]) -> None:
    assert check_case(case) == []


def test_the_checker_reports_every_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(p) for p in FILES]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "143 passed, 0 failed"


def test_the_checker_catches_a_wrong_trace(tmp_path: Path) -> None:
    case = json.loads((VECTORS / "original.jsonl").read_text(encoding="utf-8").splitlines()[0])
    case["steps"][5]["token"] = 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(case) + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "rules.yosukou.vectors", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert "step 6: token" in lines[0]
    assert lines[-1] == "0 passed, 1 failed"


def test_special_endings() -> None:
    case = json.loads((VECTORS / "original.jsonl").read_text(encoding="utf-8").splitlines()[8])
    assert case["setup"]["restriction"] is not None
    refused = dict(case, end={"reason": "token_start_not_allowed"}, steps=[])
    refused["setup"] = dict(case["setup"], token_start=5)
    assert check_case(refused) == []
    accepted = dict(refused, setup=dict(case["setup"], token_start=1))
    assert check_case(accepted) != []
    zero = dict(case, end={"reason": "rule_terminals_zero_or_not_number"}, steps=[])
    zero["settings"] = dict(case["settings"], rule_terminals="x")
    assert check_case(zero) == []


def _war_states() -> dict[str, YosukouState]:
    """One engine state per way a 戦乱置換 phase ends, reached as the game reaches them."""
    from tests.rules.yosukou.test_yosukou_war import act, war

    running, _ = war({"cups_2": ["H01", "H05"]})
    nothing, _ = war({})
    limited, _ = war({"cups_2": ["H01", "H05"]}, rule_replacement=1)
    limited = act(limited, WarTake("cups_2", "H01"), WarPlace("cups_1"))
    return {"player_drew": running, "nothing_to_replace": nothing, "limit_reached": limited}


@pytest.mark.parametrize("name", ["player_drew", "limit_reached", "nothing_to_replace"])
def test_the_checker_speaks_the_traces_words_for_how_war_ends(name: str) -> None:
    states = _war_states()
    assert set(TRACE_WAR_ENDS) == set(states)
    Checker("case").check_war_end(states[name], name, "step 1")  # accepted
    for other, state in states.items():
        if other != name:
            checker = Checker("case")
            with pytest.raises(Mismatch):
                checker.check_war_end(state, name, "step 1")
            assert "step 1: war" in checker.errors[0]


@pytest.mark.parametrize("name", ["no_source", "nothing", "", None, 3])
def test_an_unknown_war_end_is_rejected(name: object) -> None:
    checker = Checker("case")
    with pytest.raises(Mismatch):
        checker.check_war_end(_war_states()["nothing_to_replace"], name, "step 2")
    assert checker.errors == [
        f"case: step 2: unknown war_end {name!r} (the traces say one of "
        "player_drew, limit_reached, nothing_to_replace)"
    ]


def test_a_trace_with_an_unknown_war_end_fails() -> None:
    lines = (VECTORS / "original.jsonl").read_text(encoding="utf-8").splitlines()
    case = next(json.loads(line) for line in lines if '"war_end":"limit_reached"' in line)
    assert check_case(case) == []
    step = next(s for s in case["steps"] if s.get("war_end") == "limit_reached")
    step["war_end"] = "nothing_to_replace"
    assert "war end: got 'limit_reached', expected 'no_source'" in check_case(case)[0]
    step["war_end"] = "limit"
    assert "unknown war_end 'limit'" in check_case(case)[0]

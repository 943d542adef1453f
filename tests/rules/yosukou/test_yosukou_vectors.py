"""The reference traces of the author's browser game replay exactly (tests/data/vectors)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.yosukou.vectors import check_case, main

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

"""The replay CLI: python -m rules.senretsu.replay FILE.json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rules.cards.playing import Colour, colour_deck
from rules.senretsu import SenretsuRules
from rules.senretsu.replay import main, run

R = SenretsuRules()
EXAMPLE = Path(__file__).parent / "data" / "walkthrough.json"
ROOT = Path(__file__).resolve().parents[3]


def cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules.senretsu.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_example_replays() -> None:
    result = cli(EXAMPLE)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["error"] is None and out["outcome"] is None
    state = R.load(out["state"])
    assert state.turn == 4 and state.phase == "place" and state.active == 1
    assert out["events"][0] == {
        "index": 0,
        "kind": "stage",
        "seat": 0,
        "data": {"card": "H2", "line": 0, "new": True},
        "visible_to": 0,
        "text": "Staged: ♥2→new front line.",
    }
    assert {e["kind"] for e in out["events"]} >= {"placed", "strike", "casualty", "draw"}


def test_an_illegal_action_is_reported_with_its_index(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"].insert(3, "p:H7:1")  # onto red's deck line
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = cli(bad)
    assert result.returncode == 1
    out = json.loads(result.stdout)
    assert out["error"] == {
        "index": 3,
        "action": "p:H7:1",
        "reason": "That card is not in your hand.",
    }
    assert "action 3 (p:H7:1) refused" in result.stderr
    data["actions"][3:4] = []
    data["actions"].insert(1, "p:D4:1")  # red's lines are ♥2 | DECK: index 1 is the deck line
    assert run(data)["error"] == {
        "index": 1,
        "action": "p:D4:1",
        "reason": "The deck line never takes cards.",
    }


def test_janken_entries_name_their_seat_and_ja_texts(tmp_path: Path) -> None:
    data = {
        "decks": [
            [c.code for c in colour_deck(Colour.BLACK)],
            [c.code for c in colour_deck(Colour.RED)],
        ],
        "actions": [[0, "j:rock"], [1, "j:rock"], [1, "j:paper"], [0, "j:scissors"], "end"],
    }
    out = run(data, "ja")
    assert out["error"] is None
    state = R.load(out["state"])
    assert state.first_player == 0 and state.colours == (Colour.BLACK, Colour.RED)
    assert state.phase == "draw" and state.janken_rounds == 2
    assert any(e["text"] == "じゃんけん：グーとグーであいこ。もう一度。" for e in out["events"])
    # A bare code is ambiguous while both seats may act.
    assert run({**data, "actions": ["j:rock"]})["error"]["index"] == 0


def test_invalid_files(tmp_path: Path, capsys: object) -> None:
    missing = tmp_path / "missing.json"
    assert main([str(missing)]) == 1
    broken = tmp_path / "broken.json"
    broken.write_text('{"decks": [["SA"], []]}', encoding="utf-8")
    assert main([str(broken)]) == 1

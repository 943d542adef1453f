"""The Monte Carlo simulator and the bot's start estimate."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules.core.rng import Rng
from rules.yosukou import Start, YosukouRules
from rules.yosukou.engine import board_values, compile_settings, shuffle_in_place
from rules.yosukou.simulate import (
    estimate_start_win_rates,
    main,
    play_out,
    simulate,
    wilson_interval,
)

RULES = YosukouRules()
ROOT = Path(__file__).resolve().parents[3]
WAR_FLAGS = ["--war", "random", "--replacement", "3", "--sword", "goal"]


def test_the_fast_shuffle_is_the_core_rng_shuffle() -> None:
    for seed in range(20):
        items = list(range(57))
        state = shuffle_in_place(items, seed)
        expected, rng = Rng(seed).shuffled(range(57))
        assert tuple(items) == expected and state == rng.state


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_playout_matches_the_game_played_through_the_rules() -> None:
    for seed in range(10):
        state = RULES.new_game({}, seed)
        start = RULES.legal_starts(state)[0]
        raw = state.rng.state
        state = RULES.apply(state, 0, Start(start)).state
        while state.outcome is None:
            state = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0]).state
        cfg = compile_settings(state.settings)
        won, draws, _ = play_out(cfg, board_values(state.board, 2), start, raw)
        assert (won, draws) == (state.outcome.points[0] == 1.0, state.draws)


def test_simulate_is_deterministic() -> None:
    first = simulate({"variant": "simplified"}, 60, seed=7)
    second = simulate({"variant": "simplified"}, 60, seed=7)
    assert first.rates == second.rates
    assert sum(r.games for r in first.rates.values()) == 360
    fixed = simulate({}, 40, seed=7, start="5", sword="random", war="random")
    assert set(fixed.rates) == {5}
    assert fixed.rates[5].games + fixed.skipped == 40


def test_estimate_covers_the_legal_starts_quickly() -> None:
    state = RULES.new_game({}, 5)
    began = time.process_time()  # CPU seconds: a loaded machine's other work is not ours
    rates = estimate_start_win_rates(state, 200, Rng.from_seed(1))
    elapsed = time.process_time() - began
    assert set(rates) == set(RULES.legal_starts(state))
    assert all(r.games == 200 and 0 <= r.wins <= 200 for r in rates.values())
    assert rates == estimate_start_win_rates(state, 200, Rng.from_seed(1))
    assert elapsed < 5  # about 0.2 s on a laptop; generous for slow CI machines
    view = RULES.view_for(state, 0)
    assert estimate_start_win_rates(view, 20, Rng.from_seed(1)).keys() == rates.keys()


def test_estimate_respects_the_solid_restriction() -> None:
    dealt = [("A01", False), ("A03", False), ("A05", False)]
    dealt += [("A02", False), ("A04", False), ("A06", False)]
    state = RULES.new_game_from_deal({}, dealt)
    assert set(estimate_start_win_rates(state, 5)) == {4, 5, 6}


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["--games", "30", "--seed", "3", "--variant", "simplified", "--start", "random"]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("略式易双六 Simplified Youscout: 30 boards, seed 3")
    assert out[-2].split()[:2] == ["all", "30"]
    assert "games/s" in out[-1]
    assert main(["--games", "5", "--replacement", "9"]) == 2


def test_the_module_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules.yosukou.simulate", "--games", "10", *WAR_FLAGS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "95% CI" in result.stdout

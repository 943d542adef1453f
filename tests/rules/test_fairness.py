"""Provably fair deals: the commitment scheme, daily seeds, and ``python -m rules.verify``
checking real games of 易双六 and 戦列札 end to end."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core import GameRules, Rng
from rules.core.fairness import (
    commitment,
    commitment_bytes,
    daily_seed,
    deal_seed,
    new_salt,
    new_seed,
    verify_commitment,
)
from rules.registry import rules_for
from rules.senretsu import SenretsuRules
from rules.verify import GameRecord, InputError, describe, main, verify
from rules.yosukou import YosukouRules

ROOT = Path(__file__).resolve().parents[2]
SALT = bytes(range(16))
SECRET = b"deployment secret, 32 bytes long"


# --- the commitment -----------------------------------------------------------------------


def test_the_commitment_hashes_the_documented_bytes() -> None:
    raw = b"asobiba-commit-v1:" + (42).to_bytes(8, "big") + SALT
    assert commitment_bytes(42, SALT) == raw
    assert commitment(42, SALT) == hashlib.sha256(raw).hexdigest()
    # Pinned: changing the encoding would break every published commitment.
    assert commitment(42, SALT) == (
        "078ce218a4808863d20465108f1a471e7cbe56329b648b4d925d120ddb0396c1"
    )
    assert verify_commitment(commitment(42, SALT), 42, SALT)
    assert verify_commitment(commitment(42, SALT).upper(), 42, SALT)


def test_any_tampering_breaks_the_commitment() -> None:
    seed = (1 << 63) + 12345
    commit = commitment(seed, SALT)
    assert verify_commitment(commit, seed, SALT)
    for i in range(len(SALT)):
        tampered = bytearray(SALT)
        tampered[i] ^= 0x01
        assert not verify_commitment(commit, seed, bytes(tampered))
    for bit in range(64):
        assert not verify_commitment(commit, seed ^ (1 << bit), SALT)
    assert not verify_commitment(commit, seed, SALT + b"\x00")
    assert not verify_commitment(commit, seed, SALT[:-1])
    flipped = ("0" if commit[0] != "0" else "1") + commit[1:]
    assert not verify_commitment(flipped, seed, SALT)


@pytest.mark.parametrize(
    ("commit", "seed", "salt"),
    [
        ("", 1, SALT),
        ("zz" * 32, 1, SALT),
        (None, 1, SALT),
        ("00" * 32, -1, SALT),
        ("00" * 32, 1 << 64, SALT),
        ("00" * 32, 1, "not bytes"),
    ],
)
def test_malformed_input_never_verifies_and_never_raises(commit: Any, seed: Any, salt: Any) -> None:
    assert verify_commitment(commit, seed, salt) is False


def test_commitments_refuse_a_short_salt_or_a_bad_seed() -> None:
    with pytest.raises(ValueError, match="16 bytes"):
        commitment(1, b"short")
    with pytest.raises(ValueError, match="seed"):
        commitment(-1, SALT)
    with pytest.raises(ValueError, match="seed"):
        commitment(True, SALT)
    assert len(new_salt()) == 16 and new_salt() != new_salt()
    assert 0 <= new_seed() < 1 << 63


# --- daily seeds --------------------------------------------------------------------------


def test_daily_seeds_are_keyed_63_bit_and_differ_by_every_input() -> None:
    seed = daily_seed(SECRET, 1234, "2026-11-22", "original")
    assert seed == daily_seed(SECRET, 1234, "2026-11-22", "original")
    assert 0 <= seed < 1 << 63
    others = {
        daily_seed(SECRET + b"!", 1234, "2026-11-22", "original"),
        daily_seed(SECRET, 1235, "2026-11-22", "original"),
        daily_seed(SECRET, 1234, "2026-11-23", "original"),
        daily_seed(SECRET, 1234, "2026-11-22", "simplified"),
    }
    assert seed not in others and len(others) == 4
    # The documented HMAC, recomputed by hand.
    import hmac

    message = (
        b"asobiba-daily-v1"
        + (1234).to_bytes(8, "big")
        + (10).to_bytes(4, "big")
        + b"2026-11-22"
        + (8).to_bytes(4, "big")
        + b"original"
    )
    mac = hmac.new(SECRET, message, hashlib.sha256).digest()
    assert seed == int.from_bytes(mac[:8], "big") >> 1 == 5076857517443153674  # pinned


@pytest.mark.parametrize("day", ["2026-1-2", "2026-11-22T00:00", "22/11/2026", ""])
def test_daily_seeds_want_one_spelling_of_the_day(day: str) -> None:
    with pytest.raises(ValueError, match="ISO date"):
        daily_seed(SECRET, 1, day, "original")


def test_tournament_deals_are_keyed_by_the_event_seed_and_documented() -> None:
    seeds = [deal_seed(12345, n) for n in range(1, 6)]
    assert len(set(seeds)) == 5 and all(0 <= s < 1 << 63 for s in seeds)
    assert deal_seed(12346, 1) != seeds[0]
    import hmac

    mac = hmac.new(
        (12345).to_bytes(8, "big"), b"asobiba-deal-v1" + (3).to_bytes(4, "big"), hashlib.sha256
    ).digest()
    assert seeds[2] == int.from_bytes(mac[:8], "big") >> 1
    with pytest.raises(ValueError, match="numbered from 1"):
        deal_seed(12345, 0)


def test_daily_seeds_want_a_real_secret() -> None:
    with pytest.raises(ValueError, match="secret"):
        daily_seed(b"short", 1, "2026-11-22", "original")
    with pytest.raises(ValueError, match="guild"):
        daily_seed(SECRET, -1, "2026-11-22", "original")


# --- verifying whole games ----------------------------------------------------------------


def play(rules: GameRules[Any, Any, Any], settings: dict[str, Any], seed: int) -> list[Any]:
    """A whole game of legal random moves (as a log would record them)."""
    state = rules.new_game(settings, seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    actions: list[Any] = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        action, rng = rng.choice(rules.legal_actions(state, seat))
        actions.append([seat, rules.format(action)])
        state = rules.apply(state, seat, action).state
        assert len(actions) < 5000
    return actions


def exported(game: str, settings: dict[str, Any], seed: int) -> dict[str, Any]:
    """What a finished game's log exports: settings, revealed seed and salt, the commitment
    shown on the board, every action, the result and the final state."""
    rules = rules_for(game)
    actions = play(rules, settings, seed)
    final = rules.replay(settings, seed, [tuple(a) for a in actions])
    return {
        "game": game,
        "settings": settings,
        "seed": seed,
        "salt": SALT.hex(),
        "commitment": commitment(seed, SALT),
        "actions": actions,
        "outcome": final.outcome.dump(),
        "final_state": rules.dump(final),
    }


@pytest.fixture(scope="module")
def yosukou_game() -> dict[str, Any]:
    return exported("yosukou", {"variant": "original", "rule_replacement": 2}, 20261122)


@pytest.fixture(scope="module")
def senretsu_game() -> dict[str, Any]:
    return exported("senretsu", {}, 987654321987654321)


def test_a_yosukou_game_verifies_and_its_deal_predicts_every_draw(
    yosukou_game: dict[str, Any],
) -> None:
    report = verify(GameRecord.load(yosukou_game))
    assert report.ok and report.commitment_ok and report.replay_ok
    assert report.outcome_ok and report.final_state_ok
    deal = report.deal
    fresh = YosukouRules().new_game(yosukou_game["settings"], yosukou_game["seed"])
    assert deal["board_dealt"] == [c.dump() for c in fresh.dealt]
    assert len(deal["talon"]) == 57 and deal["end_card"] in deal["talon"]
    # The talon printed is the order the cards came up, until the first reshuffle.
    rules = YosukouRules()
    state = rules.new_game(yosukou_game["settings"], yosukou_game["seed"])
    drawn: list[str] = []
    for seat, code in yosukou_game["actions"]:
        state, events = rules.apply(state, seat, rules.parse(code))
        cards = [e.data["card"] for e in events if e.kind in ("draw", "terminal")]
        drawn += cards
        if any(e.kind == "terminal" for e in events):
            break
    assert drawn == deal["talon"][: len(drawn)] and drawn


def test_a_senretsu_game_verifies_and_its_deal_is_both_decks(
    senretsu_game: dict[str, Any],
) -> None:
    report = verify(GameRecord.load(senretsu_game))
    assert report.ok and report.outcome_ok and report.final_state_ok
    decks = report.deal["decks"]
    assert [len(d) for d in decks] == [27, 27] and len(set(decks[0]) | set(decks[1])) == 54
    fresh = SenretsuRules().new_game({}, senretsu_game["seed"])
    assert decks == [[c.code for c in deck] for deck in fresh.decks]
    assert report.deal["colours"] == [c.value for c in fresh.colours]


@pytest.mark.parametrize("field", ["salt", "seed", "commitment"])
def test_tampering_with_one_byte_is_caught(field: str, yosukou_game: dict[str, Any]) -> None:
    game = dict(yosukou_game)
    if field == "salt":
        salt = bytearray(SALT)
        salt[7] ^= 0x80
        game["salt"] = salt.hex()
    elif field == "seed":
        game["seed"] ^= 1 << 8
    else:
        game["commitment"] = (
            game["commitment"][:10]
            + "0f"[game["commitment"][10] == "0"]
            + (game["commitment"][11:])
        )
    report = verify(GameRecord.load(game))
    assert not report.commitment_ok and not report.ok


def test_a_result_that_the_seed_does_not_give_is_caught(senretsu_game: dict[str, Any]) -> None:
    game = dict(senretsu_game, outcome={"points": [0.0, 1.0], "reason": "resign"})
    report = verify(GameRecord.load(game))
    assert report.commitment_ok and report.replay_ok and report.outcome_ok is False
    assert not report.ok
    # Another seed (committed honestly) deals other decks: the logged moves no longer fit.
    other = dict(senretsu_game, seed=senretsu_game["seed"] + 1)
    other["commitment"] = commitment(other["seed"], SALT)
    report = verify(GameRecord.load(other))
    assert report.commitment_ok and (not report.replay_ok or report.final_state_ok is False)


def test_the_command_line_on_a_file(tmp_path: Path, yosukou_game: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(yosukou_game), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "rules.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[2].startswith("commitment: MATCHES")
    assert any(line.startswith("  talon (top first): ") for line in lines)
    assert f"replay: {len(yosukou_game['actions'])} actions replayed legally" in lines
    assert any(
        line.startswith("recorded outcome: {") and line.endswith("} matches") for line in lines
    )
    assert "recorded final state: matches" in lines
    assert lines[-1] == "verified: yes"
    salt = bytearray(SALT)
    salt[0] ^= 1
    path.write_text(json.dumps(dict(yosukou_game, salt=salt.hex())), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "rules.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "commitment: DOES NOT MATCH" in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "NOT verified: the seed and salt do not give the commitment"
    )


def test_the_command_line_with_options(
    senretsu_game: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "--game",
        "senretsu",
        "--seed",
        str(senretsu_game["seed"]),
        "--salt",
        senretsu_game["salt"],
        "--commitment",
        senretsu_game["commitment"],
        "--actions",
        json.dumps(senretsu_game["actions"]),
        "--outcome",
        json.dumps(senretsu_game["outcome"]),
        "--json",
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["outcome"] == senretsu_game["outcome"]
    assert report["deal"]["decks"][0][0] and report["replay_error"] is None
    assert report["replayed"] == len(senretsu_game["actions"]) and report["reasons"] == []
    assert main([*args[: args.index("--outcome")], "--json"]) == 1  # no result given
    assert json.loads(capsys.readouterr().out)["reasons"] == [
        "the record gives no result to compare with"
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "game must be one of"),
        ({"seed": -1}, "seed"),
        ({"salt": "xyz"}, "salt"),
        ({"actions": [["0", "draw"]]}, "action 0"),
        ({"settings": []}, "settings"),
    ],
)
def test_unusable_input_is_named(
    change: dict[str, Any], message: str, yosukou_game: dict[str, Any]
) -> None:
    with pytest.raises(InputError, match=message):
        GameRecord.load(dict(yosukou_game, **change))


def test_an_illegal_logged_action_is_reported(yosukou_game: dict[str, Any]) -> None:
    actions = [list(a) for a in yosukou_game["actions"]]
    actions.insert(1, [0, "start:1"])
    report = verify(GameRecord.load(dict(yosukou_game, actions=actions)))
    assert not report.replay_ok and report.replay_error is not None
    assert report.replay_error.startswith("action 1 [0, 'start:1']")
    lines = describe(GameRecord.load(dict(yosukou_game, actions=actions)), report)
    assert any(line.endswith("(the replay did not get there)") for line in lines)
    assert lines[-1].startswith("NOT verified: the replay fails at action 1 [0, 'start:1']")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"actions": []}, "the game is not over after the 0 actions given"),
        ({"outcome": None}, "the record gives no result to compare with"),
        ({"outcome": {"points": [1.0, 0.0], "reason": "resign"}}, "recorded result"),
    ],
)
def test_missing_moves_or_result_are_not_verified(
    change: dict[str, Any], reason: str, senretsu_game: dict[str, Any]
) -> None:
    game = dict(senretsu_game, **change)
    game.pop("final_state")
    report = verify(GameRecord.load(game))
    assert report.commitment_ok and not report.ok
    assert any(reason in r for r in report.reasons), report.reasons
    assert describe(GameRecord.load(game), report)[-1].startswith("NOT verified: ")


def test_a_truncated_log_is_not_verified(yosukou_game: dict[str, Any]) -> None:
    game = dict(yosukou_game, actions=yosukou_game["actions"][:-1])
    game.pop("final_state")
    report = verify(GameRecord.load(game))
    assert report.replay_ok and report.outcome is None and not report.ok
    n = len(game["actions"])
    assert report.reasons == [f"the game is not over after the {n} actions given"]


def test_a_record_round_trips_through_its_dump(senretsu_game: dict[str, Any]) -> None:
    record = GameRecord.load(senretsu_game)
    assert GameRecord.load(json.loads(json.dumps(record.dump()))) == record
    text = record.to_json()
    assert GameRecord.load(json.loads(text)) == record
    assert f"    {json.dumps(list(record.actions[1]))}," in text.splitlines()  # one per line
    empty = GameRecord.load(dict(senretsu_game, actions=[]))
    assert GameRecord.load(json.loads(empty.to_json())) == empty

"""Check a finished game's fairness: its commitment, its deal, its result.

Usage::

    python -m rules.verify GAME.json [--json]
    python -m rules.verify --game senretsu --seed N --salt HEX --commitment HEX \\
        --actions JSON --outcome JSON [--settings JSON]

The file (or the options) describe one game as a finished game's **Verify** button hands it
over::

    {
      "game": "yosukou",                       // a game's name (rules.registry)
      "settings": {"variant": "simplified"},   // optional: the game's settings ({} = defaults)
      "seed": 1234567890123,                   // the revealed seed, 0 <= seed < 2**64
      "salt": "9f86d081884c7d65…",             // the revealed salt, hex
      "commitment": "5e884898da280471…",       // the commitment shown before the game, hex
      "actions": [[0, "start:3"], [0, "draw"], [null, "forfeit:0:timeout"]],
                                               // every action in order, [seat, code]
                                               // (seat null for the platform, e.g. a timeout)
      "outcome": {"points": [1.0], "reason": "goal"},   // the recorded result
      "final_state": {...}                     // optional: the recorded final state, as the
                                               // rules' dump() writes it
    }

The actions are the ones anyone may see once the game is over (``GameRules.disclosed_moves``:
戦列札's placements as committed, without the staging and take-backs that stay private).

It checks, and prints one line for each:

1. **commitment** — SHA-256 over ``b"asobiba-commit-v1:" + seed (8 bytes, big-endian) + salt``
   (``rules.core.fairness``) equals ``commitment``: the seed is the one fixed before play.
2. **deal** — the deal the seed gives, recomputed by the game's rules (``GameRules.deal``;
   every game is found by name in ``rules.registry``): for 易双六 the six majors
   as dealt and after the (8)/(11) swap, the talon (top card first) once the start is chosen and
   the talon after each end-card reshuffle; for 戦列札 the seats' colours, both deck orders
   (top card first) and any hand drawn before the first action; 武士将棋 has no hidden deal.
3. **replay** — every action replays legally from ``GameRules.new_game(settings, seed)``
   (``GameRules.replay``), the game ends there, and its outcome (and whole state, when given)
   equals the recorded ``outcome`` (and ``final_state``).

``verified: yes`` and exit status 0 only when the commitment matches and the replay reaches
the recorded result; otherwise ``NOT verified:`` with each reason and exit status 1 (a missing
result or missing moves included); 2 when the input cannot be read. ``--json`` prints the
report as one JSON object instead.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import RulesError
from rules.core.fairness import verify_commitment
from rules.core.protocol import Event
from rules.registry import game_names, rules_for

JSON = Any


class InputError(ValueError):
    """The game description cannot be used (names the field)."""


@dataclass(frozen=True)
class GameRecord:
    game: str
    seed: int
    salt: bytes
    commitment: str
    settings: Mapping[str, JSON] = field(default_factory=dict)
    actions: tuple[tuple[int | None, str], ...] = ()
    outcome: Mapping[str, JSON] | None = None
    final_state: Mapping[str, JSON] | None = None

    @classmethod
    def load(cls, raw: Any) -> GameRecord:
        if not isinstance(raw, Mapping):
            raise InputError("the game is a JSON object")
        game = raw.get("game")
        if game not in game_names():
            raise InputError(f"game must be one of {', '.join(game_names())}, not {game!r}")
        seed = raw.get("seed")
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise InputError("seed must be a whole number from 0 to 2**64 - 1")
        salt_hex = raw.get("salt")
        try:
            salt = bytes.fromhex(salt_hex) if isinstance(salt_hex, str) else None
        except ValueError:
            salt = None
        if salt is None:
            raise InputError("salt must be a hex string")
        commit = raw.get("commitment")
        if not isinstance(commit, str):
            raise InputError("commitment must be a hex string")
        settings = raw.get("settings")
        settings = {} if settings is None else settings
        if not isinstance(settings, Mapping):
            raise InputError("settings must be an object")
        actions: list[tuple[int | None, str]] = []
        for index, entry in enumerate(raw.get("actions") or []):
            if (
                not isinstance(entry, Sequence)
                or isinstance(entry, str)
                or len(entry) != 2
                or not (entry[0] is None or type(entry[0]) is int)
                or not isinstance(entry[1], str)
            ):
                raise InputError(f"action {index} must be [seat or null, code]")
            actions.append((entry[0], entry[1]))
        outcome, final = raw.get("outcome"), raw.get("final_state")
        if outcome is not None and not isinstance(outcome, Mapping):
            raise InputError("outcome must be an object")
        if final is not None and not isinstance(final, Mapping):
            raise InputError("final_state must be an object")
        return cls(game, seed, salt, commit, settings, tuple(actions), outcome, final)

    def dump(self) -> dict[str, JSON]:
        """The record as :meth:`load` reads it (and ``python -m rules.verify`` from a file)."""
        raw: dict[str, JSON] = {
            "game": self.game,
            "settings": dict(self.settings),
            "seed": self.seed,
            "salt": self.salt.hex(),
            "commitment": self.commitment,
            "actions": [[seat, code] for seat, code in self.actions],
            "outcome": None if self.outcome is None else dict(self.outcome),
        }
        if self.final_state is not None:
            raw["final_state"] = dict(self.final_state)
        return raw

    def to_json(self) -> str:
        """:meth:`dump` as a file a person can read: one field, or one action, per line."""
        fields = self.dump()
        actions = fields.pop("actions")
        lines = [
            f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in fields.items()
        ]
        moves = ",\n".join(f"    {json.dumps(action)}" for action in actions)
        lines += ['  "actions": [', moves, "  ]"] if moves else ['  "actions": []']
        return "{\n" + "\n".join(lines) + "\n}\n"


@dataclass
class Report:
    commitment_ok: bool
    deal: dict[str, JSON]
    replay_ok: bool
    replay_error: str | None = None
    #: How many actions replayed legally.
    replayed: int = 0
    outcome: JSON = None
    #: None when the record gives no result to compare with (which is not verified).
    outcome_ok: bool | None = None
    final_state_ok: bool | None = None

    @property
    def reasons(self) -> list[str]:
        """Why the game is not verified; empty when it is."""
        out = []
        if not self.commitment_ok:
            out.append("the seed and salt do not give the commitment")
        if not self.replay_ok:
            out.append(f"the replay fails at {self.replay_error}")
        elif self.outcome is None:
            out.append(f"the game is not over after the {self.replayed} actions given")
        elif self.outcome_ok is None:
            out.append("the record gives no result to compare with")
        elif not self.outcome_ok:
            out.append("the replay does not reach the recorded result")
        if self.final_state_ok is False:
            out.append("the replay does not reach the recorded final state")
        return out

    @property
    def ok(self) -> bool:
        return not self.reasons

    def dump(self) -> dict[str, JSON]:
        return {
            "ok": self.ok,
            "reasons": self.reasons,
            "replayed": self.replayed,
            "commitment_ok": self.commitment_ok,
            "deal": self.deal,
            "replay_ok": self.replay_ok,
            "replay_error": self.replay_error,
            "outcome": self.outcome,
            "outcome_ok": self.outcome_ok,
            "final_state_ok": self.final_state_ok,
        }


# --- checking ---------------------------------------------------------------------------


def verify(record: GameRecord) -> Report:
    """Check ``record``: commitment, deal and replay (see the module docstring)."""
    rules = rules_for(record.game)
    commitment_ok = verify_commitment(record.commitment, record.seed, record.salt)
    try:
        initial = rules.new_game(record.settings, record.seed)
    except RulesError as error:
        return Report(commitment_ok, {}, False, f"settings: {error.message('en')}")
    # Step by step (what GameRules.replay does) to see the talon after each reshuffle.
    state = initial
    steps: list[tuple[Any, Sequence[Event]]] = []
    error_text: str | None = None
    for index, (seat, code) in enumerate(record.actions):
        try:
            state, events = rules.apply(state, seat, rules.parse(code))
        except RulesError as error:
            error_text = f"action {index} [{seat}, {code!r}]: {error.message('en')}"
            break
        steps.append((state, events))
    report = Report(commitment_ok, rules.deal(initial, steps), error_text is None)
    report.replay_error = error_text
    report.replayed = len(steps)
    if error_text is not None:
        return report
    outcome = rules.outcome(state)
    report.outcome = outcome.dump() if outcome is not None else None
    if record.outcome is not None:
        report.outcome_ok = report.outcome == _normal_outcome(record.outcome)
    if record.final_state is not None:
        report.final_state_ok = _canonical(rules.dump(state)) == _canonical(record.final_state)
    return report


def _normal_outcome(raw: Mapping[str, JSON]) -> JSON:
    try:
        return {"points": [float(p) for p in raw["points"]], "reason": str(raw["reason"])}
    except (KeyError, TypeError, ValueError):
        return dict(raw)


def _canonical(data: JSON) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def describe(record: GameRecord, report: Report) -> list[str]:
    """The report as lines of text."""
    lines = [
        f"game: {record.game}  settings: {_canonical(dict(record.settings))}",
        f"seed: {record.seed}",
        "commitment: "
        + (
            "MATCHES (the seed and salt are the ones committed to before the game)"
            if report.commitment_ok
            else "DOES NOT MATCH: this seed and salt were not the ones committed to"
        ),
        "deal:",
    ]
    if not report.deal:
        lines.append("  (no hidden deal: nothing in this game is random)")
    lines += rules_for(record.game).describe_deal(report.deal)
    if report.replay_ok:
        lines.append(f"replay: {report.replayed} actions replayed legally")
        lines.append(f"outcome: {_canonical(report.outcome)}")
    else:
        lines.append(f"replay: FAILED at {report.replay_error}")
    if record.outcome is None:
        lines.append("recorded outcome: NONE GIVEN")
    elif report.outcome_ok is None:
        lines.append(
            f"recorded outcome: {_canonical(record.outcome)} (the replay did not get there)"
        )
    else:
        lines.append(
            "recorded outcome: "
            + (
                f"{_canonical(_normal_outcome(record.outcome or {}))} matches"
                if report.outcome_ok
                else f"{_canonical(record.outcome)} DOES NOT MATCH the replay"
            )
        )
    if report.final_state_ok is not None:
        lines.append(
            "recorded final state: "
            + ("matches" if report.final_state_ok else "DOES NOT MATCH the replay")
        )
    if report.ok:
        lines.append("verified: yes")
    else:
        lines.append("NOT verified: " + "; ".join(report.reasons))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules.verify",
        description="Check a finished game's commitment, recompute its deal and replay it.",
    )
    parser.add_argument("file", nargs="?", help="the game as JSON (see the module docstring)")
    parser.add_argument("--game", choices=game_names())
    parser.add_argument("--seed", type=int)
    parser.add_argument("--salt", help="hex")
    parser.add_argument("--commitment", help="hex")
    parser.add_argument("--settings", default="{}", help="JSON object")
    parser.add_argument("--actions", default="[]", help="JSON list of [seat, code]")
    parser.add_argument("--outcome", default="null", help="JSON object: the recorded result")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        if args.file is not None:
            with open(args.file, encoding="utf-8") as handle:
                raw = json.load(handle)
        else:
            if None in (args.game, args.seed, args.salt, args.commitment):
                parser.error("give a FILE, or --game, --seed, --salt and --commitment")
            raw = {
                "game": args.game,
                "seed": args.seed,
                "salt": args.salt,
                "commitment": args.commitment,
                "settings": json.loads(args.settings),
                "actions": json.loads(args.actions),
                "outcome": json.loads(args.outcome),
            }
        record = GameRecord.load(raw)
    except (OSError, ValueError) as error:  # json.JSONDecodeError and InputError too
        print(f"error: {error}", file=sys.stderr)
        return 2
    report = verify(record)
    if args.json:
        print(json.dumps(report.dump(), ensure_ascii=False))
    else:
        print("\n".join(describe(record, report)))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())

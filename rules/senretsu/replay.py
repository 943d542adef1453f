"""Replay a game of 戦列札 from explicit decks and a list of actions.

Usage::

    python -m rules.senretsu.replay FILE.json [--locale ja|en]

The file is one JSON object::

    {
      "settings": {"first_player": "janken"},      // optional; defaults as in a new game
      "decks": [["HA", "D7", ...], ["SK", ...]],    // seat 0's and seat 1's deck, top card first,
                                                    // each the 27 cards of one colour
      "first_player": 0,                            // optional: 0 or 1 skips janken / coin toss
      "seed": 0,                                    // optional: the coin toss's seed
      "actions": [                                  // in order; each one of
        "p:H2:+0",                                  //   a code, played by the only seat to act
        [1, "j:rock"],                              //   [seat, code] (needed during janken)
        [null, "forfeit:1:timeout"]                 //   [null, code] for the platform
      ]
    }

Codes are those of :mod:`rules.senretsu.actions` plus the meta actions (``resign`` …). Other
keys (a ``comment``) are ignored. ``tests/rules/senretsu/data/walkthrough.json`` is an example.

It prints one JSON object: ``state`` (the full final state, as ``SenretsuRules.dump``),
``events`` (every event with the index of the action that caused it and its English text),
``outcome`` (or ``null``) and ``error`` (``null``, or the failing action's ``index``, ``action``
and ``reason``). The exit status is 0, or 1 when an action was refused or the file is invalid.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import RulesError
from rules.core.outcome import Seat
from rules.core.text import Locale, normalize_locale
from rules.senretsu.game import SenretsuRules
from rules.senretsu.state import SenretsuState

JSON = Any


class ReplayError(Exception):
    """An action of the file was refused; ``index`` is its position in ``actions``."""

    def __init__(self, index: int, action: str, reason: str) -> None:
        super().__init__(f"action {index} ({action}): {reason}")
        self.index, self.action, self.reason = index, action, reason


def _seat_and_code(
    rules: SenretsuRules, state: SenretsuState, entry: JSON
) -> tuple[Seat | None, str]:
    if isinstance(entry, str):
        acting = rules.to_act(state)
        if len(acting) != 1:
            raise ValueError("give [seat, code] when no single seat is to act")
        return acting[0], entry
    if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str):
        seat = entry[0]
        if seat is None or (isinstance(seat, int) and not isinstance(seat, bool)):
            return seat, entry[1]
    raise ValueError("an action is a code or [seat, code]")


def run(data: Mapping[str, JSON], locale: Locale = "en") -> dict[str, JSON]:
    """Replay ``data`` (the file's object); an illegal action ends it with ``error`` set."""
    rules = SenretsuRules()
    state = rules.new_game_from_decks(
        data.get("settings"),
        data["decks"],
        data.get("first_player"),
        int(data.get("seed", 0)),
    )
    events: list[dict[str, JSON]] = []
    error: dict[str, JSON] | None = None
    actions: Sequence[JSON] = data.get("actions", [])
    for index, entry in enumerate(actions):
        code = entry if isinstance(entry, str) else json.dumps(entry)
        try:
            seat, code = _seat_and_code(rules, state, entry)
            transition = rules.apply(state, seat, rules.parse(code))
        except (RulesError, ValueError) as exc:
            reason = exc.message("en") if isinstance(exc, RulesError) else str(exc)
            error = {"index": index, "action": code, "reason": reason}
            break
        state = transition.state
        for event in transition.events:
            events.append(
                {"index": index, **event.dump(), "text": rules.describe_event(event, locale)}
            )
    outcome = rules.outcome(state)
    return {
        "state": rules.dump(state),
        "events": events,
        "outcome": None if outcome is None else outcome.dump(),
        "error": error,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.senretsu.replay", description=__doc__)
    parser.add_argument("file", help="the replay file (JSON)")
    parser.add_argument("--locale", default="en", help="language of the event texts (ja/en)")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            data = json.load(handle)
        result = run(data, normalize_locale(args.locale))
    except (OSError, ValueError, KeyError, TypeError, RulesError) as exc:
        message = exc.message("en") if isinstance(exc, RulesError) else str(exc)
        print(f"invalid replay file: {message}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False, indent=1))
    if result["error"] is not None:
        err = result["error"]
        print(f"action {err['index']} ({err['action']}) refused: {err['reason']}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Replay reference traces of the author's browser game and compare every step.

Usage: ``python -m rules.yosukou.vectors FILE.jsonl [FILE ...]``. Each line is one case: a setup
case (dealt board × swap method) or a full game of either variant, in the format of the
vectors README. Every mismatch is printed; the last line is ``N passed, M failed`` and the exit
status is non-zero if anything failed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.errors import IllegalActionError, RulesError
from rules.core.protocol import Event
from rules.yosukou.engine import PILES, BoardMajor, ReshuffleMismatch, swap_8_11
from rules.yosukou.game import SOLO, YosukouRules
from rules.yosukou.state import (
    CHOOSE,
    OVER,
    WAR,
    Draw,
    Move,
    Start,
    Stay,
    WarCancel,
    WarPlace,
    WarTake,
    YosukouAction,
    YosukouState,
)

#: Reference settings that only change the browser's screen.
UI_ONLY = ("draw_action", "calc_screen", "cards", "lang")
#: ``calc`` numbers compared when the trace has them.
CALC_KEYS = (
    "to",
    "lhs",
    "rhs",
    "rhs_without_cup",
    "chosen_cup",
    "has_cup",
    "f_minor_from",
    "f_minor_to",
    "m_major_to",
    "op",
)

RULES = YosukouRules()

#: How a step's 戦乱置換 phase ends, in the traces' words, and the engine's reason for it
#: (``YosukouState.war_end``). ``player_drew``: the phase is still open after the step's
#: actions and ends when the player draws the next card (the engine records that later, as an
#: event); ``limit_reached``: the moves allowed per MOVE are used up; ``nothing_to_replace``:
#: no card is left that may be moved (the engine's ``no_source``).
TRACE_WAR_ENDS: dict[str, str | None] = {
    "player_drew": None,
    "limit_reached": "limit_reached",
    "nothing_to_replace": "no_source",
}


class Mismatch(Exception):
    """Stops a case at its first divergence (later steps would only repeat it)."""


def trace_settings(raw: Mapping[str, Any], variant: str) -> dict[str, Any]:
    """The trace's settings as this engine's settings."""
    out = {k: v for k, v in raw.items() if k not in UI_ONLY}
    out["variant"] = variant
    terminals = out.get("rule_terminals", 3)
    try:
        float(terminals)
    except (TypeError, ValueError):
        # The reference treats a non-number like 0: no game at all.
        out["rule_terminals"] = 0
    return out


def _board(raw: Sequence[Mapping[str, Any]]) -> tuple[BoardMajor, ...]:
    return tuple(BoardMajor.load(c) for c in raw)


def _dump_board(board: Sequence[BoardMajor]) -> list[dict[str, Any]]:
    return [c.dump() for c in board]


class Checker:
    def __init__(self, case_id: str) -> None:
        self.case_id = case_id
        self.errors: list[str] = []

    def expect(self, what: str, got: Any, want: Any) -> None:
        if got != want:
            self.errors.append(f"{self.case_id}: {what}: got {got!r}, expected {want!r}")
            raise Mismatch

    def fail(self, message: str) -> None:
        self.errors.append(f"{self.case_id}: {message}")
        raise Mismatch

    # --- setup cases ---------------------------------------------------------------------

    def setup_case(self, case: Mapping[str, Any]) -> None:
        board, restriction = swap_8_11(_board(case["board_dealt"]), case["method"])
        self.expect("board", _dump_board(board), case["board"])
        self.expect("restriction", restriction.dump() if restriction else None, case["restriction"])
        state = RULES.new_game_from_deal(
            {"rule_swap_8_11": case["method"]}, _board(case["board_dealt"])
        )
        self.expect("legal_starts", list(RULES.legal_starts(state)), case["legal_starts"])

    # --- games ---------------------------------------------------------------------------

    def game(self, trace: Mapping[str, Any]) -> None:
        variant = trace.get("variant", "original")
        settings = trace_settings(trace["settings"], variant)
        setup = trace["setup"]
        end = trace["end"]
        talon = setup.get("talon") or trace.get("input", {}).get("deck")
        reshuffles = [s["reshuffled_talon"] for s in trace["steps"] if "reshuffled_talon" in s]
        state = RULES.new_game_from_deal(
            settings, _board(setup["board_dealt"]), talon, reshuffles=reshuffles
        )
        self.expect("board", _dump_board(state.board), setup["board"])
        self.expect(
            "restriction",
            state.restriction.dump() if state.restriction else None,
            setup.get("restriction"),
        )
        if "legal_starts" in setup:
            # Judged on the board alone: the recorded talon already holds the chosen end card.
            bare = RULES.new_game_from_deal(settings, _board(setup["board_dealt"]))
            self.expect("legal_starts", list(RULES.legal_starts(bare)), setup["legal_starts"])
        start = setup.get("token_start", trace.get("input", {}).get("token_start"))
        if end.get("reason") == "token_start_not_allowed":
            try:
                RULES.apply(state, SOLO, Start(int(start)))
            except IllegalActionError:
                return
            self.fail(f"start {start} was accepted but the reference refuses it")
        state = self.act(state, Start(int(start)))
        if "terminal" in setup:
            self.expect("terminal", state.terminal, setup["terminal"])
        if "left_out" in setup:
            self.expect("left_out", state.aside, setup["left_out"])
        if end.get("reason") == "rule_terminals_zero_or_not_number":
            self.expect("outcome", state.outcome and state.outcome.reason, "no_result")
            return
        for step in trace["steps"]:
            state = self.step(state, step)
        self.expect("game over", state.phase, OVER)
        assert state.outcome is not None
        self.expect("win", state.outcome.points[0] == 1.0, bool(end["win"]))
        if "draws" in end:
            self.expect("draws", state.draws, end["draws"])
        if "token" in end:
            self.expect("final token", state.token, end["token"])

    def act(self, state: YosukouState, action: YosukouAction) -> YosukouState:
        return self.transition(state, action)[0]

    def transition(
        self, state: YosukouState, action: YosukouAction
    ) -> tuple[YosukouState, tuple[Event, ...]]:
        try:
            new, events = RULES.apply(state, SOLO, action)
        except ReshuffleMismatch:
            self.fail(f"{RULES.format_action(action)}: reshuffled talon is not a permutation")
            raise
        except RulesError as exc:
            self.fail(f"{RULES.format_action(action)} refused: {exc.text.en}")
            raise
        return new, events

    def step(self, state: YosukouState, step: Mapping[str, Any]) -> YosukouState:
        n = step["n"]
        self.expect(f"step {n}: token before", state.token, step["token_before"])
        self.expect(f"step {n}: next card", state.talon[:1], (step["card"],))
        state, events = self.transition(state, Draw())
        event = next(e for e in events if e.kind in ("draw", "terminal"))
        if event.kind == "terminal":
            result = "terminal_" + str(event.data["result"])
        else:
            result = str(event.data["result"])
            calc = event.data.get("calc") or {}
            for key in CALC_KEYS:
                if key in step.get("calc", {}):
                    self.expect(f"step {n}: calc {key}", calc.get(key), step["calc"][key])
        self.expect(f"step {n}: card", event.data["card"], step["card"])
        self.expect(f"step {n}: result", result, step["result"])
        if result == "choose":
            self.expect(f"step {n}: phase", state.phase, CHOOSE)
            choice = step.get("choice")
            if choice not in ("move", "stay"):
                self.fail(f"step {n}: a choice is needed")
            state = self.act(state, Move() if choice == "move" else Stay())
        elif "choice" in step:
            self.fail(f"step {n}: the reference offered a choice")
        for i, war in enumerate(step.get("war", [])):
            state = self.war_action(state, war, f"step {n} war {i + 1}")
        war_end = step.get("war_end")
        if war_end is not None:
            self.check_war_end(state, war_end, f"step {n}")
        elif step.get("choice") == "move" and not state.settings.simplified:
            self.expect(f"step {n}: war running", state.phase == WAR, False)
        self.compare(state, step, f"step {n}")
        return state

    def check_war_end(self, state: YosukouState, war_end: Any, where: str) -> None:
        """How the step's 戦乱置換 phase ended, in the traces' words (``TRACE_WAR_ENDS``)."""
        if war_end not in TRACE_WAR_ENDS:
            self.fail(
                f"{where}: unknown war_end {war_end!r} (the traces say one of "
                f"{', '.join(TRACE_WAR_ENDS)})"
            )
        running = state.phase == WAR
        self.expect(f"{where}: war running", running, war_end == "player_drew")
        if not running:
            self.expect(f"{where}: war end", state.war_end, TRACE_WAR_ENDS[war_end])

    def war_action(self, state: YosukouState, war: Mapping[str, Any], where: str) -> YosukouState:
        self.expect(f"{where}: phase", state.phase, WAR)
        legal = RULES.legal_actions(state, SOLO)
        sources = sorted({a.pile for a in legal if isinstance(a, WarTake)}, key=PILES.index)
        if "legal_from" in war:
            self.expect(f"{where}: legal sources", sources, war["legal_from"])
        kind = war["action"]
        if kind == "stop":
            self.expect(f"{where}: draw allowed", Draw() in legal, True)
            return state
        if kind == "cancel_card":
            # Picking a pile and cancelling before a card is chosen changes nothing.
            self.expect(f"{where}: {war['from']} is a source", war["from"] in sources, True)
            return state
        state = self.act(state, WarTake(war["from"], war["card"]))
        dests = [a.pile for a in RULES.legal_actions(state, SOLO) if isinstance(a, WarPlace)]
        if "legal_to" in war:
            self.expect(f"{where}: legal destinations", dests, war["legal_to"])
        if kind == "replace":
            state = self.act(state, WarPlace(war["to"]))
        elif kind == "cancel_place":
            state = self.act(state, WarCancel())
        else:
            self.fail(f"{where}: unknown war action {kind!r}")
        if "counts_after" in war:
            counts = {"total": state.war_total, "coins_lower": state.war_to_co}
            self.expect(f"{where}: counts", counts, war["counts_after"])
        return state

    def compare(self, state: YosukouState, step: Mapping[str, Any], where: str) -> None:
        self.expect(f"{where}: token", state.token, step["token"])
        for name, pile in zip(PILES, state.piles, strict=True):
            if name in step["piles"]:
                self.expect(f"{where}: {name}", list(pile), step["piles"][name])
        self.expect(f"{where}: talon_len", len(state.talon), step["talon_len"])
        self.expect(f"{where}: drawn_terminals", state.drawn_terminals, step["drawn_terminals"])
        if "replacements" in step:
            counts = {"total": state.war_total, "coins_lower": state.war_to_co}
            self.expect(f"{where}: replacements", counts, step["replacements"])


def check_case(case: Mapping[str, Any]) -> list[str]:
    """The mismatches of one trace line (empty if it replays exactly)."""
    checker = Checker(str(case.get("id", "?")))
    try:
        if "steps" in case or "setup" in case:
            checker.game(case)
        else:
            checker.setup_case(case)
    except Mismatch:
        pass
    except (RulesError, ReshuffleMismatch, KeyError, TypeError, ValueError) as exc:
        checker.errors.append(f"{checker.case_id}: {type(exc).__name__}: {exc}")
    return checker.errors


def check_files(paths: Sequence[str]) -> tuple[int, int, list[str]]:
    passed = failed = 0
    messages: list[str] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    case = json.loads(line)
                except json.JSONDecodeError as exc:
                    failed += 1
                    messages.append(f"{path}:{number}: not JSON: {exc}")
                    continue
                errors = check_case(case)
                if errors:
                    failed += 1
                    messages += [f"{path}:{number}: {e}" for e in errors]
                else:
                    passed += 1
    return passed, failed, messages


def main(argv: Sequence[str] | None = None) -> int:
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m rules.yosukou.vectors FILE.jsonl [FILE ...]", file=sys.stderr)
        return 2
    passed, failed, messages = check_files(paths)
    for message in messages:
        print(message)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""The rules of 石取り: a pile of stones; each turn take one or two; whoever takes the last wins."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import Event, GameRules, InvalidActionError, Locale, Outcome, Seat, Text
from rules.core.protocol import Transition


@dataclass(frozen=True, slots=True)
class PileState:
    stones: int
    to_move: Seat = 0
    outcome: Outcome | None = None
    draw_offer: Seat | None = None


@dataclass(frozen=True, slots=True)
class Take:
    n: int


class PileRules(GameRules[PileState, Take, PileState]):
    name: ClassVar[str] = "pile"
    title: ClassVar[Text] = Text("石取り", "Take-away")
    seats: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    schema_version: ClassVar[int] = 1

    def normalize_settings(self, settings: Mapping[str, Any] | None) -> dict[str, Any]:
        return {"stones": int((settings or {}).get("stones", 5))}

    def new_game(self, settings: Mapping[str, Any] | None, seed: int) -> PileState:
        return PileState(self.normalize_settings(settings)["stones"])

    def _to_act(self, state: PileState) -> tuple[Seat, ...]:
        return (state.to_move,)

    def _legal_actions(self, state: PileState, seat: Seat) -> tuple[Take, ...]:
        return tuple(Take(n) for n in (1, 2) if n <= state.stones)

    def _apply(self, state: PileState, seat: Seat, action: Take) -> Transition[PileState]:
        left = state.stones - action.n
        outcome = Outcome.loss(1 - seat, 2, "last_stone") if left == 0 else None
        new = dataclasses.replace(state, stones=left, to_move=1 - seat, outcome=outcome)
        return Transition(new, (Event("take", seat, {"n": action.n}),))

    def parse_action(self, code: str) -> Take:
        if code not in ("take:1", "take:2"):
            raise InvalidActionError()
        return Take(int(code[-1]))

    def format_action(self, action: Take) -> str:
        return f"take:{action.n}"

    def action_label(self, action: Take, locale: Locale) -> str:
        return Text("{n}個取る", "Take {n}").format(n=action.n)(locale)

    def view_for(self, state: PileState, viewer: Seat | None) -> PileState:
        return state

    def render(self, view: PileState, locale: Locale) -> str:
        return "● " * view.stones or "—"

    def describe_event(self, event: Event, locale: Locale) -> str:
        common = self.describe_common_event(event, locale)
        if common is not None or event.kind == "game_over":
            return common or ""
        who = self.seat_name(event.seat or 0, locale)
        return Text("{p}が{n}個取った", "{p} took {n}").format(p=who, n=event.data["n"])(locale)

    def _dump_state(self, state: PileState) -> dict[str, Any]:
        return {
            "stones": state.stones,
            "to_move": state.to_move,
            "outcome": state.outcome.dump() if state.outcome else None,
        }

    def _load_state(self, data: Mapping[str, Any]) -> PileState:
        raw = data["outcome"]
        return PileState(data["stones"], data["to_move"], Outcome.load(raw) if raw else None)

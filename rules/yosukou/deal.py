"""What chance dealt in a game of 易双六, for anyone checking it once its seed is revealed
(``python -m rules.verify``): the six majors, the talon once the start is chosen, and the
talon after each end-card reshuffle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.protocol import Event
from rules.yosukou.state import YosukouState

JSON = Any


def deal(
    initial: YosukouState, steps: Sequence[tuple[YosukouState, Sequence[Event]]]
) -> dict[str, JSON]:
    dealt: dict[str, JSON] = {
        "board_dealt": [c.dump() for c in initial.dealt],
        "board": [c.dump() for c in initial.board],
    }
    reshuffles: list[list[str]] = []
    for state, events in steps:
        if "talon" not in dealt and state.start is not None:
            dealt["start"] = state.start
            dealt["end_card"] = state.terminal
            dealt["set_aside"] = state.aside
            dealt["talon"] = list(state.talon)
        if any(e.kind == "terminal" and e.data.get("result") == "reshuffle" for e in events):
            reshuffles.append(list(state.talon))
    if reshuffles:
        dealt["reshuffled_talons"] = reshuffles
    return dealt


def describe_deal(dealt: Mapping[str, JSON]) -> list[str]:
    lines: list[str] = []
    for key, value in dealt.items():
        if key in ("talon", "board_dealt", "board"):
            shown = value if key == "talon" else [_major(c) for c in value]
            lines.append(
                f"  {key} ({'top first' if key == 'talon' else '1..6'}): {' '.join(shown)}"
            )
        elif key == "reshuffled_talons":
            for n, talon in enumerate(value, 1):
                lines.append(f"  talon after reshuffle {n} (top first): {' '.join(talon)}")
        else:
            lines.append(f"  {key}: {value if not isinstance(value, list) else ' '.join(value)}")
    return lines


def _major(raw: Mapping[str, JSON]) -> str:
    return f"{raw['card']}{'' if raw['upright'] else 'r'}"

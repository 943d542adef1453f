"""What chance dealt in a game of 戦列札, for anyone checking it once its seed is revealed
(``python -m rules.verify``): the seats' colours, both deck orders and any hand drawn before
the first action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core.protocol import Event
from rules.senretsu.state import SenretsuState

JSON = Any


def deal(
    initial: SenretsuState, steps: Sequence[tuple[SenretsuState, Sequence[Event]]]
) -> dict[str, JSON]:
    dealt: dict[str, JSON] = {
        "colours": [c.value for c in initial.colours],
        "decks": [[card.code for card in deck] for deck in initial.decks],
    }
    if any(initial.hands):  # a first player known at once has drawn already
        dealt["hands"] = [[card.code for card in hand] for hand in initial.hands]
    return dealt


def describe_deal(dealt: Mapping[str, JSON]) -> list[str]:
    lines: list[str] = []
    for key, value in dealt.items():
        if key == "decks":
            for seat, deck in enumerate(value):
                lines.append(f"  deck of seat {seat} (top first): {' '.join(deck)}")
        elif key == "hands":
            for seat, hand in enumerate(value):
                if hand:
                    lines.append(f"  hand of seat {seat} at the start: {' '.join(hand)}")
        else:
            lines.append(f"  {key}: {value if not isinstance(value, list) else ' '.join(value)}")
    return lines

"""Every word of Bushi Shogi a player reads, in Japanese and English."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from rules.bushi.cube import Facing, MoveKind
from rules.core.outcome import REASON_TEXT, Seat
from rules.core.text import Locale, Text

SEAT_NAME: Final = (Text("先手", "Black"), Text("後手", "White"))
#: Seat names with the colour, for the board.
SEAT_TITLE: Final = (Text("先手（黒）", "Black (先手)"), Text("後手（白）", "White (後手)"))

FACING_WORD: Final = MappingProxyType(
    {
        Facing.F: Text("前向き", "facing forward"),
        Facing.R: Text("右向き", "facing right"),
        Facing.B: Text("後ろ向き", "facing back"),
        Facing.L: Text("左向き", "facing left"),
    }
)
#: Arrows for directions on the screen (F = up).
ARROW: Final = MappingProxyType({Facing.F: "↑", Facing.R: "→", Facing.B: "↓", Facing.L: "←"})

MOVE_LABEL: Final = MappingProxyType(
    {
        MoveKind.ROT: Text("旋回 ↻", "Turn ↻"),
        MoveKind.FWD: Text("前に転がす ↑", "Roll forward ↑"),
        MoveKind.LEFT: Text("左に転がす ←", "Roll left ←"),
        MoveKind.RIGHT: Text("右に転がす →", "Roll right →"),
    }
)
#: The move as a verb phrase for the log.
MOVE_DONE: Final = MappingProxyType(
    {
        MoveKind.ROT: Text("右に旋回した", "turned clockwise (ROT)"),
        MoveKind.FWD: Text("前に転がした", "rolled forward (FWD)"),
        MoveKind.LEFT: Text("左に転がした", "rolled left (LEFT)"),
        MoveKind.RIGHT: Text("右に転がした", "rolled right (RIGHT)"),
    }
)

REASONS: Final = MappingProxyType(
    {
        **REASON_TEXT,
        "mate": Text("詰み", "mate"),
        "repetition": Text("千日手", "repetition"),
    }
)

# --- refusals ------------------------------------------------------------------------------

MOVE_BEFORE_PLACED: Final = Text(
    "両者の駒が置かれるまで動かせません。まず駒を置いてください。",
    "Moves are not allowed before both cubes are placed: place your cube first.",
)
ALREADY_PLACED: Final = Text(
    "駒はもう置いてあります。駒を動かしてください。",
    "Your cube is already placed: make a move instead.",
)
DROP_POINTS: Final = Text(
    "その置き方は相手に刀を向けています（初期配置の禁じ手）。",
    "That drop points at the opponent (forbidden for the first placement).",
)
MUST_TURN: Final = Text(
    "相手に刀を向けられていて自分は向けていないので、右に旋回（ROT）するしかありません。",
    "You are being pointed at and are not pointing back, so you must turn (ROT).",
)
MUST_ROLL: Final = Text(
    "互いに刀を向けているので、自分の向き（{facing}）へ転がす（{move}）しかありません。",
    "Both swords are pointed, so you must roll toward your facing ({move}).",
)


def seat_name(seat: Seat, locale: Locale) -> str:
    return SEAT_NAME[seat](locale)


def reason_text(reason: str) -> Text:
    return REASONS.get(reason, Text(reason, reason))

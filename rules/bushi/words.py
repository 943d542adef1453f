"""Every word of Bushi Shogi a player reads, in Japanese and English."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from rules.bushi.cube import (
    FACE_TYPE_TEXT,
    CubeReading,
    CubeSide,
    Face,
    FaceType,
    Facing,
    MoveKind,
    Orientation,
    face_type,
    layout,
    sword_edges,
    swords,
)
from rules.core.outcome import REASON_TEXT, Seat
from rules.core.text import Locale, Text


def fill(template: Text, **fields: Text) -> Text:
    """``template`` with each language's fields in that language (``Text.format`` puts the
    same value in both)."""
    return Text(
        template.ja.format(**{k: v.ja for k, v in fields.items()}),
        template.en.format(**{k: v.en for k, v in fields.items()}),
    )


SEAT_NAME: Final = (Text("先手", "Black"), Text("後手", "White"))
#: Seat names with the colour, for the board.
SEAT_TITLE: Final = (Text("先手（黒）", "Black (先手)"), Text("後手（白）", "White (後手)"))

#: The samurai's gaze, always in the owner's frame (forward = toward the opponent). The board,
#: the drop menu, the log and the help all use these words.
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

#: A top face's type as the drop menu and the log name it: the kanji name the board prints,
#: with a gloss (the English one is the board's own).
FACE_NAME: Final = MappingProxyType(
    {
        FaceType.FRONT: Text("正面打ち（前に刀）", "正面打ち front strike"),
        FaceType.LEFT: Text("左構え（左に刀）", "左構え left guard"),
        FaceType.RIGHT: Text("右構え（右に刀）", "右構え right guard"),
        FaceType.THREE: Text("三方払い（前と左右に刀）", "三方払い three swords"),
    }
)
#: For a drop whose cube reading is unknown (a parsed code): the side faces' type depends on it.
SIDE_FACE_NAME: Final = Text("右構えか左構え（駒の解釈による）", "右構え/左構え (by cube reading)")
_TOP: Final = Text("{face}が上・武士は{facing}", "{face} up · samurai {facing}")
_SEPARATOR: Final = Text("・", " · ")

#: Where the one 三方払い face sits, to tell apart drops whose top faces look the same (the
#: menu's words: short, so that what differs comes before a phone cuts the label).
THREE_SIDE: Final = MappingProxyType(
    {
        CubeSide.NEAR: Text("手前の面", "near"),
        CubeSide.FAR: Text("向こうの面", "far"),
        CubeSide.LEFT: Text("左の面", "left"),
        CubeSide.RIGHT: Text("右の面", "right"),
        CubeSide.BOTTOM: Text("下の面", "below"),
    }
)
#: A drop in the menu: everything that tells one from another within the first 25 characters
#: (the face's kanji name, the facing's arrow, where 三方払い is); the words come in its
#: description (:data:`DROP_DESCRIPTION`).
_DROP: Final = Text("{face}が上・{facing} {arrow}", "{face} up, facing {arrow}")
_DROP_THREE: Final = Text("・三方払いは{side}", " (三方払い {side})")
#: A face type unknown until the cube's reading is known (a parsed code).
_SIDE_FACE_KANJI: Final = Text("右構えか左構え", "右構え/左構え")
#: (English adds the face's gloss: the kanji names are the board's.)
DROP_DESCRIPTION: Final = Text("武士は{facing}・{swords}", "{face} · samurai {facing} · {swords}")

#: One name per move, shared by the buttons, the board, the log, refusals and the help.
MOVE_NAME: Final = MappingProxyType(
    {
        MoveKind.ROT: Text("旋回", "Turn"),
        MoveKind.FWD: Text("前に転がす", "Roll forward"),
        MoveKind.LEFT: Text("左に転がす", "Roll left"),
        MoveKind.RIGHT: Text("右に転がす", "Roll right"),
    }
)
#: ↻ is the same seen from either seat; the roll arrows are in the mover's own frame.
MOVE_ARROW: Final = MappingProxyType(
    {MoveKind.ROT: "↻", MoveKind.FWD: "↑", MoveKind.LEFT: "←", MoveKind.RIGHT: "→"}
)
MOVE_LABEL: Final = MappingProxyType(
    {
        kind: Text(f"{name.ja} {MOVE_ARROW[kind]}", f"{name.en} {MOVE_ARROW[kind]}")
        for kind, name in MOVE_NAME.items()
    }
)
#: The move as a verb phrase for the log, read by both players: no frame-bound arrows.
MOVE_DONE: Final = MappingProxyType(
    {
        MoveKind.ROT: Text("旋回した ↻", "turned ↻"),
        MoveKind.FWD: Text("前に転がした", "rolled forward"),
        MoveKind.LEFT: Text("左に転がした", "rolled left"),
        MoveKind.RIGHT: Text("右に転がした", "rolled right"),
    }
)

REASONS: Final = MappingProxyType(
    {
        **REASON_TEXT,
        "mate": Text("詰み", "mate"),
        "repetition": Text("千日手", "repetition"),
        "dead_draw": Text("打ち切り", "dead draw"),
    }
)

# --- the dead-draw claim (our addition, rules.bushi.dead_draw) -----------------------------

CLAIM_LABEL: Final = Text("引き分けを宣言する（打ち切り）", "Claim a draw (dead draw)")
CLAIM_DESCRIPTION: Final = Text(
    "どちらも勝ちを強制できない局面が各{n}手続きました",
    "neither side could force a win for {n} moves each",
)
CLAIM_TOO_EARLY: Final = Text(
    "打ち切りの引き分けは、どちらも勝ちを強制できない局面が各{n}手続いてから宣言できます。",
    "A dead draw can be claimed only after {n} moves each in which neither side could force a win.",
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
MUST_TURN: Final = fill(
    Text(
        "相手に刀を向けられていて自分は向けていないので、「{move}」しかできません。",
        "You are being pointed at and are not pointing back, so your only move is {move}.",
    ),
    move=MOVE_LABEL[MoveKind.ROT],
)
MUST_ROLL: Final = Text(
    "互いに刀を向けているので、自分の向き（{facing}）の方へ転がす「{move}」しかできません。",
    "Both swords are pointed, so your only move is the roll toward your facing ({facing}): {move}.",
)


def seat_name(seat: Seat, locale: Locale) -> str:
    return SEAT_NAME[seat](locale)


def reason_text(reason: str) -> Text:
    return REASONS.get(reason, Text(reason, reason))


# --- a top face in words ---------------------------------------------------------------------


def top_words(kind: FaceType | None, facing: Facing) -> Text:
    """``三方払い three swords up · samurai facing back``: the type (``None``: a side face of
    unknown reading) and the samurai's facing, in the board's words; no arrow, for the log."""
    face = SIDE_FACE_NAME if kind is None else FACE_NAME[kind]
    return fill(_TOP, face=face, facing=FACING_WORD[facing])


def _has_twin(face: Face, cube: CubeReading) -> bool:
    """Whether another face has the same type, so that the top alone looks the same."""
    kind = face_type(face, cube)
    return any(face_type(other, cube) is kind for other in Face if other is not face)


def drop_label(orientation: Orientation, cube: CubeReading | None, locale: Locale) -> str:
    """A drop for the menu, from the dropper's seat (forward = up): the face up by its kanji
    name, the samurai's facing as an arrow, and, where two faces share the top's type, where
    the 三方払い face is: ``正面打ち up, facing ↓ (三方払い far)``. ``cube`` ``None`` (reading
    unknown) names the right and left faces by both possible types."""
    face, facing = orientation.face, orientation.facing
    readings = tuple(CubeReading) if cube is None else (cube,)
    kinds = {face_type(face, reading) for reading in readings}
    kind = kinds.pop() if len(kinds) == 1 else None
    name = _SIDE_FACE_KANJI(locale) if kind is None else FACE_TYPE_TEXT[kind].ja
    words = FACING_WORD[facing](locale) if locale == "ja" else ""
    label = _DROP(locale).format(face=name, facing=words, arrow=ARROW[facing])
    if any(_has_twin(face, reading) for reading in readings):
        side = next(spot.side for spot in layout(orientation) if spot.face is Face.T0)
        label += _DROP_THREE(locale).format(side=THREE_SIDE[side](locale))
    return label


#: Edges of a top face, in the owner's frame, in reading order.
EDGE_WORD: Final = MappingProxyType(
    {
        Facing.F: Text("前", "forward"),
        Facing.B: Text("後ろ", "back"),
        Facing.L: Text("左", "left"),
        Facing.R: Text("右", "right"),
    }
)
_SWORDS_AT: Final = Text("{edges}の辺に刀", "sword on the {edges} edge")
_SWORDS_AT_MANY: Final = Text("{edges}の辺に刀", "swords on the {edges} edges")
POINTING: Final = Text("刀を向けている", "pointing at the opponent")
NOT_POINTING: Final = Text("刀は向けていない", "not pointing")


def sword_words(orientation: Orientation, cube: CubeReading) -> Text:
    """``swords on the back, left, right edges · not pointing``: where the swords are, from
    the owner's seat, and whether one points at the opponent."""
    edges = swords(orientation, cube)
    names = [EDGE_WORD[edge] for edge in EDGE_WORD if edge in edges]
    template = _SWORDS_AT if len(names) == 1 else _SWORDS_AT_MANY
    at = Text("・".join(n.ja for n in names), ", ".join(n.en for n in names))
    pointing = POINTING if Facing.F in edges else NOT_POINTING
    return Text(
        f"{fill(template, edges=at).ja}・{pointing.ja}",
        f"{fill(template, edges=at).en} · {pointing.en}",
    )


# --- the log, in sentences -------------------------------------------------------------------

_NOW: Final = Text("{face}が上・武士は{facing}", "now {face} up, samurai {facing}")
POINTING_AT: Final = Text("{seat}に刀を向けている", "pointing at {seat}")
#: After a move the rules forced (see :data:`MUST_TURN` and :data:`MUST_ROLL`).
ONLY_MOVE: Final = Text("（これしかない手）", " (the only move)")
_PLACED: Final = Text("{seat}が駒を置いた", "{seat} placed the cube")
_MOVED: Final = Text("{seat}が{move}", "{seat} {move}")
_SENTENCE: Final = Text("{did}：{now}。", "{did}: {now}.")


def position_words(kind: FaceType, facing: Facing, opponent: Seat) -> Text:
    """``now 右構え right guard up, samurai facing left — pointing at White``: a cube after a
    drop or move, in the board's words (face names, facings, who it points at)."""
    now = fill(_NOW, face=FACE_NAME[kind], facing=FACING_WORD[facing])
    if Facing.F in sword_edges(kind, facing):
        point = fill(POINTING_AT, seat=SEAT_NAME[opponent])
    else:
        point = NOT_POINTING
    return Text(f"{now.ja} — {point.ja}", f"{now.en} — {point.en}")


def move_sentence(
    seat: Seat, move: MoveKind | None, kind: FaceType, facing: Facing, forced: bool = False
) -> Text:
    """A drop (``move`` ``None``) or move as one sentence for the log:
    ``Black rolled right: now 右構え right guard up, samurai facing left — pointing at White.``"""
    if move is None:
        did = fill(_PLACED, seat=SEAT_NAME[seat])
    else:
        did = fill(_MOVED, seat=SEAT_NAME[seat], move=MOVE_DONE[move])
        if forced:
            did = Text(did.ja + ONLY_MOVE.ja, did.en + ONLY_MOVE.en)
    return fill(_SENTENCE, did=did, now=position_words(kind, facing, 1 - seat))

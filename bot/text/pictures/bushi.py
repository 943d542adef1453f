"""The words drawn on 武士将棋's pictures."""

from __future__ import annotations

from typing import Final

from rules.bushi import MoveKind
from rules.core import Text

TO_MOVE = Text("手番", "to move")
NOT_PLACED = Text("まだ置いていない", "not placed yet")
POINTING = Text("{opponent}に刀を向けている", "pointing at {opponent}")
NOT_POINTING = Text("刀は向けていない", "not pointing")
BEFORE = Text("動く前", "before")
LAST = Text("直前の手", "last move")
PLY = Text("{n}手目", "ply {n}")
DROP_TURN = Text("{seat}が駒を置く番", "{seat} to place a cube")
MOVE_TURN = Text("{seat}の手番", "{seat} to move")
ONLY = Text("指せる手：{move}のみ", "only legal move: {move}")
REPEATED = Text("同一局面{n}回目（{limit}回目で引き分け）", "position seen {n}× ({limit} = draw)")
DRAW_OFFERED = Text("{seat}が引き分けを提案中", "{seat} offers a draw")
CLAIMABLE = Text("打ち切り：手番の側は引き分けを宣言できる", "dead draw: a draw may be claimed")
ALTERNATE = Text("駒：別解釈（左右の面の種類が逆）", "cube: alternate reading")
LEGEND = Text("武 = 武士の辺　刀 = 刀の辺　矢印 = 視線", "武 samurai · 刀 sword · arrow = gaze")

#: The moves by name, without the buttons' arrows: a roll's arrow is in the mover's frame, and
#: White's cube is seen from Black's side of the picture.
MOVE_NAME: Final = {
    MoveKind.ROT: Text("右に旋回", "turn clockwise"),
    MoveKind.FWD: Text("前に転がす", "roll forward"),
    MoveKind.LEFT: Text("左に転がす", "roll left"),
    MoveKind.RIGHT: Text("右に転がす", "roll right"),
}

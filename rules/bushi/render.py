"""What a player may see of a game, and the monospace text board drawn from it.

The cube pictures use only full-width characters (漢字, ・ and the ideographic space), so each
picture row has the same width whatever font a phone uses; the text after them may drift a
little without breaking the pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bushi.cube import (
    CubeReading,
    Facing,
    MoveKind,
    Orientation,
    is_mate,
    is_pointing,
    samurai_edge,
    swords,
    top_type,
)
from rules.bushi.words import (
    ARROW,
    FACING_WORD,
    MOVE_NAME,
    SEAT_NAME,
    SEAT_TITLE,
    reason_text,
)
from rules.core.outcome import Outcome, Seat
from rules.core.text import Locale, Text

BLACK: Seat = 0
WHITE: Seat = 1
REPETITION_LIMIT = 4


@dataclass(frozen=True, slots=True)
class BushiView:
    """Everything on the table. Bushi Shogi has no secrets, so every viewer sees the same."""

    viewer: Seat | None
    cube: CubeReading
    #: Each seat's orientation in its owner's frame, ``None`` before its drop.
    cubes: tuple[Orientation | None, Orientation | None]
    #: The seat to act, ``None`` once the game is over.
    to_move: Seat | None
    ply: int
    #: The moves the rules allow the side to move (empty during drops and after the game).
    allowed_moves: tuple[MoveKind, ...]
    #: How often the current position has occurred (0 before both cubes are placed).
    repetitions: int
    outcome: Outcome | None
    draw_offer: Seat | None
    #: Whether the player to move may claim a dead draw (``rules.bushi.dead_draw``).
    may_claim_draw: bool = False

    @property
    def pointing(self) -> tuple[bool, bool]:
        return (self._pointing(BLACK), self._pointing(WHITE))

    def _pointing(self, seat: Seat) -> bool:
        orientation = self.cubes[seat]
        return orientation is not None and is_pointing(orientation, self.cube)

    @property
    def forced(self) -> MoveKind | None:
        """The only legal move when the rules force one."""
        return self.allowed_moves[0] if len(self.allowed_moves) == 1 else None

    @property
    def is_mate(self) -> bool:
        black, white = self.cubes
        return black is not None and white is not None and is_mate(black, white, self.cube)


# --- pictures ------------------------------------------------------------------------------

_BLANK = "\u3000"  # ideographic space: as wide as a kanji
_CENTRE = "・"
# Grid cells (row, column) of the four edges, by screen direction (F = up the screen).
_EDGE_CELL = {Facing.F: (0, 1), Facing.R: (1, 2), Facing.B: (2, 1), Facing.L: (1, 0)}


def _on_screen(direction: Facing, seat: Seat) -> Facing:
    """A direction in ``seat``'s frame as a screen direction: Black looks up, White down."""
    return direction if seat == BLACK else direction.turned(2)


def face_picture(orientation: Orientation, cube: CubeReading, seat: Seat = BLACK) -> list[str]:
    """The top face as a 3×3 picture: 武 at the samurai's edge, 刀 at each sword edge."""
    grid = [[_BLANK] * 3 for _ in range(3)]
    grid[1][1] = _CENTRE
    row, col = _EDGE_CELL[_on_screen(samurai_edge(orientation), seat)]
    grid[row][col] = "武"
    for edge in swords(orientation, cube):
        row, col = _EDGE_CELL[_on_screen(edge, seat)]
        grid[row][col] = "刀"
    return ["".join(cells) for cells in grid]


_POINTING = Text("刀を向けている", "pointing at {opponent}")
_NOT_POINTING = Text("刀は向けていない", "not pointing")


def _face_lines(
    orientation: Orientation, cube: CubeReading, seat: Seat, locale: Locale, opponent: str
) -> list[str]:
    kind = top_type(orientation, cube).text
    arrow = ARROW[_on_screen(orientation.facing, seat)]
    if is_pointing(orientation, cube):
        pointing = _POINTING.format(opponent=opponent)(locale)
    else:
        pointing = _NOT_POINTING(locale)
    notes = [
        f"{kind.ja} {kind.en}",
        f"{arrow} {FACING_WORD[orientation.facing](locale)}",
        pointing,
    ]
    pictures = face_picture(orientation, cube, seat)
    return [f"{cells}  {note}" for cells, note in zip(pictures, notes, strict=True)]


def render_orientation(orientation: Orientation, cube: CubeReading, locale: Locale) -> str:
    """One orientation as its owner sees it (forward = up), for drop menus and help."""
    opponent = Text("相手", "the opponent")(locale)
    return "\n".join(_face_lines(orientation, cube, BLACK, locale, opponent))


# --- the board -----------------------------------------------------------------------------

_NOT_PLACED = Text("（まだ置いていない）", "(not placed yet)")
_TO_MOVE_MARK = Text("◀ 手番", "◀ to move")
_DROP_TURN = Text("{seat}が駒を置く番です。", "{seat} to place a cube")
_MOVE_TURN = Text("{seat}の手番です。", "{seat} to move")
_FORCED = Text("（{move}のみ）", " (must {move})")
_REPEATED = Text(
    "同一局面{n}回目（{limit}回目で引き分け）", "Position seen {n} times ({limit} = draw)"
)
_DRAW_OFFERED = Text("{seat}が引き分けを提案しています。", "{seat} offers a draw")
CLAIMABLE = Text(
    "打ち切り：どちらも勝ちを強制できない局面が続いています。手番の側は引き分けを宣言できます。",
    "Dead draw: neither side can force a win, so the player to move may claim a draw.",
)
_WINS = Text("{reason}で{seat}の勝ち", "{seat} wins by {reason}")
_DRAW = Text("引き分け（{reason}）", "Draw by {reason}")
_AGREED_DRAW = Text("合意により引き分け", "Draw by agreement")
_SEPARATOR = " ".join("-" * 11)
_CUBE_NOTE = Text("駒：別解釈（左右の面の種類が逆）", "Cube: alternate reading")
#: Japanese readers need no key to 武 and 刀.
_LEGEND_EN = "武 = samurai, 刀 = sword"


def _forced_name(move: MoveKind) -> Text:
    # The move's name, without its arrow: the arrows are in the mover's frame, and White's
    # cube is drawn upside down.
    name = MOVE_NAME[move]
    return Text(name.ja, name.en.lower())


def _seat_block(view: BushiView, seat: Seat, locale: Locale) -> list[str]:
    orientation = view.cubes[seat]
    if orientation is None:
        return [_NOT_PLACED(locale)]
    return _face_lines(orientation, view.cube, seat, locale, SEAT_NAME[1 - seat](locale))


def _header(view: BushiView, seat: Seat, locale: Locale) -> str:
    title = SEAT_TITLE[seat](locale)
    return f"{title}  {_TO_MOVE_MARK(locale)}" if view.to_move == seat else title


def result_line(outcome: Outcome, locale: Locale) -> str:
    reason = reason_text(outcome.reason)(locale)
    winner = outcome.winner
    if winner is None:
        if outcome.reason == "agreement":
            return _AGREED_DRAW(locale)
        return _DRAW.format(reason=reason)(locale)
    return _WINS.format(seat=SEAT_NAME[winner](locale), reason=reason)(locale)


def _status(view: BushiView, locale: Locale) -> list[str]:
    if view.outcome is not None:
        return [result_line(view.outcome, locale)]
    assert view.to_move is not None
    seat = SEAT_NAME[view.to_move](locale)
    if view.cubes[view.to_move] is None:
        lines = [_DROP_TURN.format(seat=seat)(locale)]
    else:
        turn = _MOVE_TURN.format(seat=seat)(locale)
        if view.forced is not None:
            turn += _FORCED.format(move=_forced_name(view.forced)(locale))(locale)
        lines = [turn]
    if view.repetitions >= 2:
        lines.append(_REPEATED.format(n=view.repetitions, limit=REPETITION_LIMIT)(locale))
    if view.draw_offer is not None:
        lines.append(_DRAW_OFFERED.format(seat=SEAT_NAME[view.draw_offer](locale))(locale))
    if view.may_claim_draw:
        lines.append(CLAIMABLE(locale))
    return lines


def render_board(view: BushiView, locale: Locale, result: bool = True) -> str:
    """White's cube at the top, Black's at the bottom, each as its top face seen from above;
    the result under them unless ``result`` is off (a board card says it in its own line)."""
    lines = [_header(view, WHITE, locale)]
    lines += _seat_block(view, WHITE, locale)
    lines.append(_SEPARATOR)
    lines += _seat_block(view, BLACK, locale)
    lines.append(_header(view, BLACK, locale))
    lines.append("")
    if result or view.outcome is None:
        lines += _status(view, locale)
    if view.cube is CubeReading.ALTERNATE:
        lines.append(_CUBE_NOTE(locale))
    if locale == "en":
        lines.append(_LEGEND_EN)
    return "\n".join(lines)

"""The samurai cube (武士駒): one data table, its geometry, and what a top face means.

Everything about the cube is derived from :data:`CUBE_TABLE` (spec §3) and the four moves as
3-D rotations (spec §4.3). Vectors are in the owner's frame: x = right, y = forward (toward the
opponent), z = up. A face is described by its outward normal and by its *samurai vector*: the
direction, within the face, from the face centre to the edge that holds 武士. On top, the
facing (the samurai's gaze) is the opposite of the samurai vector.

An :class:`Orientation` is what a player sees: the face on top and its facing. Each of the 24
orientations is one rotation of the cube, so the moves are exact bijections on them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from rules.core.text import Text

Vec = tuple[int, int, int]
#: A rotation as a 3×3 integer matrix (rows).
Matrix = tuple[Vec, Vec, Vec]

UP: Final[Vec] = (0, 0, 1)


class Facing(StrEnum):
    """Where the samurai on the top face looks, in the owner's frame."""

    F = "F"
    R = "R"
    B = "B"
    L = "L"

    def turned(self, quarter_turns: int) -> Facing:
        """This facing turned clockwise (seen from above) by ``quarter_turns``."""
        order = _FACING_ORDER
        return order[(order.index(self) + quarter_turns) % 4]

    @property
    def vector(self) -> Vec:
        return _FACING_VECTOR[self]


_FACING_ORDER: Final = (Facing.F, Facing.R, Facing.B, Facing.L)
_FACING_VECTOR: Final = MappingProxyType(
    {Facing.F: (0, 1, 0), Facing.R: (1, 0, 0), Facing.B: (0, -1, 0), Facing.L: (-1, 0, 0)}
)
_FACING_OF_VECTOR: Final = MappingProxyType({v: f for f, v in _FACING_VECTOR.items()})


class FaceType(StrEnum):
    """The four kinds of face (§2), by where the swords are relative to the samurai's gaze."""

    FRONT = "front"  # 正面打ち: sword straight ahead
    LEFT = "left"  # 左構え: sword on the samurai's left
    RIGHT = "right"  # 右構え: sword on the samurai's right
    THREE = "three"  # 三方払い: ahead and both sides

    @property
    def text(self) -> Text:
        """Kanji name and a short English gloss."""
        return FACE_TYPE_TEXT[self]


FACE_TYPE_TEXT: Final = MappingProxyType(
    {
        FaceType.FRONT: Text("正面打ち", "front strike"),
        FaceType.LEFT: Text("左構え", "left guard"),
        FaceType.RIGHT: Text("右構え", "right guard"),
        FaceType.THREE: Text("三方払い", "three swords"),
    }
)

#: Sword edges as quarter turns (clockwise) from the facing.
_SWORD_TURNS: Final = MappingProxyType(
    {
        FaceType.FRONT: (0,),
        FaceType.LEFT: (-1,),
        FaceType.RIGHT: (1,),
        FaceType.THREE: (0, 1, -1),
    }
)


class Face(StrEnum):
    """A face, named by where it sits in the canonical orientation (三方払い on top, facing F)."""

    T0 = "T0"
    F1 = "F1"
    R2 = "R2"
    L3 = "L3"
    F4 = "F4"
    R5 = "R5"


class MoveKind(StrEnum):
    """The four moves (§4.3); there is no anticlockwise turn and no roll toward the owner."""

    ROT = "ROT"  # 向きを変える: turn 90° clockwise seen from above
    FWD = "FWD"  # 前方回転: tip away from the owner, the near face comes up
    LEFT = "LEFT"  # 左回転: tip to the owner's left, the right face comes up
    RIGHT = "RIGHT"  # 右回転: tip to the owner's right, the left face comes up


class CubeReading(StrEnum):
    """Which cube to play with: the seed's reading (default) or the alternative (§3)."""

    SEED = "seed"
    ALTERNATE = "alternate"


# Spec §4.3, written exactly as there.
_ROTATIONS: Final[dict[MoveKind, Callable[[Vec], Vec]]] = {
    MoveKind.ROT: lambda v: (v[1], -v[0], v[2]),
    MoveKind.FWD: lambda v: (v[0], v[2], -v[1]),
    MoveKind.LEFT: lambda v: (-v[2], v[1], v[0]),
    MoveKind.RIGHT: lambda v: (v[2], v[1], -v[0]),
}


def _transpose(rows: tuple[Vec, Vec, Vec]) -> Matrix:
    return (
        (rows[0][0], rows[1][0], rows[2][0]),
        (rows[0][1], rows[1][1], rows[2][1]),
        (rows[0][2], rows[1][2], rows[2][2]),
    )


def _matrix_of(turn: Callable[[Vec], Vec]) -> Matrix:
    # The columns of a linear map's matrix are the images of the unit vectors.
    return _transpose((turn((1, 0, 0)), turn((0, 1, 0)), turn((0, 0, 1))))


MOVE_MATRIX: Final = MappingProxyType({m: _matrix_of(t) for m, t in _ROTATIONS.items()})
IDENTITY: Final[Matrix] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def rotate(matrix: Matrix, v: Vec) -> Vec:
    r0, r1, r2 = matrix
    return (
        r0[0] * v[0] + r0[1] * v[1] + r0[2] * v[2],
        r1[0] * v[0] + r1[1] * v[1] + r1[2] * v[2],
        r2[0] * v[0] + r2[1] * v[1] + r2[2] * v[2],
    )


def compose(after: Matrix, before: Matrix) -> Matrix:
    """The rotation ``before`` followed by ``after``."""
    columns = _transpose(before)
    return _transpose(
        (rotate(after, columns[0]), rotate(after, columns[1]), rotate(after, columns[2]))
    )


def _inverse(matrix: Matrix) -> Matrix:
    # A rotation's inverse is its transpose.
    return _transpose(matrix)


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


# --- the cube: spec §3 as one table ------------------------------------------------------------


class CubeSide(StrEnum):
    """Where a face sits on the cube, in the owner's frame."""

    TOP = "top"
    NEAR = "near"  # toward the owner
    FAR = "far"  # toward the opponent
    LEFT = "left"
    RIGHT = "right"
    BOTTOM = "bottom"


SIDE_NORMAL: Final = MappingProxyType(
    {
        CubeSide.TOP: (0, 0, 1),
        CubeSide.NEAR: (0, -1, 0),
        CubeSide.FAR: (0, 1, 0),
        CubeSide.LEFT: (-1, 0, 0),
        CubeSide.RIGHT: (1, 0, 0),
        CubeSide.BOTTOM: (0, 0, -1),
    }
)
_SIDE_OF_NORMAL: Final = MappingProxyType({v: s for s, v in SIDE_NORMAL.items()})


@dataclass(frozen=True, slots=True)
class FaceRow:
    """One row of the cube table: where the face sits in the canonical orientation, its type
    under the seed's reading, and how it shows on top after ``brought_up_by`` from canonical."""

    face: Face
    side: CubeSide
    seed_type: FaceType
    shows_facing: Facing
    brought_up_by: tuple[MoveKind, ...]


CUBE_TABLE: Final[tuple[FaceRow, ...]] = (
    FaceRow(Face.T0, CubeSide.TOP, FaceType.THREE, Facing.F, ()),
    FaceRow(Face.F1, CubeSide.NEAR, FaceType.FRONT, Facing.B, (MoveKind.FWD,)),
    FaceRow(Face.R2, CubeSide.RIGHT, FaceType.RIGHT, Facing.L, (MoveKind.LEFT,)),
    FaceRow(Face.L3, CubeSide.LEFT, FaceType.LEFT, Facing.L, (MoveKind.RIGHT,)),
    FaceRow(Face.F4, CubeSide.FAR, FaceType.FRONT, Facing.R, (MoveKind.FWD,) * 3),
    FaceRow(Face.R5, CubeSide.BOTTOM, FaceType.RIGHT, Facing.B, (MoveKind.FWD,) * 2),
)
FACES: Final[tuple[Face, ...]] = tuple(row.face for row in CUBE_TABLE)
_ROW: Final = MappingProxyType({row.face: row for row in CUBE_TABLE})


def face_type(face: Face, cube: CubeReading = CubeReading.SEED) -> FaceType:
    """The type of ``face``; the alternative reading swaps the right and left faces' types."""
    seed = _ROW[face].seed_type
    if cube is CubeReading.ALTERNATE and face in (Face.R2, Face.L3):
        other = Face.L3 if face is Face.R2 else Face.R2
        return _ROW[other].seed_type
    return seed


def _canonical_geometry() -> dict[Face, tuple[Vec, Vec]]:
    """Each face's (normal, samurai vector) in the canonical orientation, from the table.

    The "shows as" column gives the samurai vector once the face is on top; undoing the moves
    that brought it up gives it in the canonical orientation.
    """
    geometry: dict[Face, tuple[Vec, Vec]] = {}
    for row in CUBE_TABLE:
        normal = SIDE_NORMAL[row.side]
        turned = IDENTITY
        for move in row.brought_up_by:
            turned = compose(MOVE_MATRIX[move], turned)
        if rotate(turned, normal) != UP:
            raise AssertionError(f"{row.face}: {row.brought_up_by} does not bring it to the top")
        samurai = rotate(_inverse(turned), _neg(row.shows_facing.vector))
        geometry[row.face] = (normal, samurai)
    return geometry


CANONICAL_GEOMETRY: Final = MappingProxyType(_canonical_geometry())


# --- orientations --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Orientation:
    """A cube as its owner sees it: the face on top and that face's facing."""

    face: Face
    facing: Facing

    @property
    def code(self) -> str:
        """Short ASCII code, e.g. ``F1-B``."""
        return f"{self.face}-{self.facing}"

    @classmethod
    def parse(cls, code: str) -> Orientation:
        """The orientation spelled ``code`` (``F1-B``) or :class:`ValueError`."""
        if not isinstance(code, str):
            raise ValueError(f"not an orientation: {code!r}")
        face, sep, facing = code.partition("-")
        if not sep:
            raise ValueError(f"not an orientation: {code!r}")
        return cls(Face(face), Facing(facing))

    @property
    def index(self) -> int:
        """0…23, faces in table order, facings F, R, B, L."""
        return FACES.index(self.face) * 4 + _FACING_ORDER.index(self.facing)

    def after(self, move: MoveKind) -> Orientation:
        return _MOVE_TABLE[self][move]

    def __str__(self) -> str:
        return self.code


ORIENTATIONS: Final[tuple[Orientation, ...]] = tuple(
    Orientation(face, facing) for face in FACES for facing in _FACING_ORDER
)


def _orientation_of(rotation: Matrix) -> Orientation:
    """What is on top after ``rotation`` from the canonical orientation."""
    for face, (normal, samurai) in CANONICAL_GEOMETRY.items():
        if rotate(rotation, normal) == UP:
            return Orientation(face, _FACING_OF_VECTOR[_neg(rotate(rotation, samurai))])
    raise AssertionError("no face on top")


def _rotations() -> dict[Orientation, Matrix]:
    """The rotation behind each orientation: every cube rotation, reached by moves."""
    found: dict[Orientation, Matrix] = {Orientation(Face.T0, Facing.F): IDENTITY}
    frontier = [IDENTITY]
    while frontier:
        current = frontier.pop()
        for matrix in MOVE_MATRIX.values():
            turned = compose(matrix, current)
            orientation = _orientation_of(turned)
            if orientation not in found:
                found[orientation] = turned
                frontier.append(turned)
    if len(found) != 24:
        raise AssertionError(f"expected 24 orientations, found {len(found)}")
    return found


ROTATION_OF: Final = MappingProxyType(_rotations())

_MOVE_TABLE: Final = MappingProxyType(
    {
        orientation: MappingProxyType(
            {
                move: _orientation_of(compose(MOVE_MATRIX[move], ROTATION_OF[orientation]))
                for move in MoveKind
            }
        )
        for orientation in ORIENTATIONS
    }
)


@dataclass(frozen=True, slots=True)
class FaceSpot:
    """One face of a cube in some orientation: where it is and where its samurai edge points."""

    side: CubeSide
    face: Face
    samurai: Vec


def layout(orientation: Orientation) -> tuple[FaceSpot, ...]:
    """Every face of the cube in ``orientation``, in the order top, near, far, left, right,
    bottom."""
    rotation = ROTATION_OF[orientation]
    spots: dict[CubeSide, FaceSpot] = {}
    for face, (normal, samurai) in CANONICAL_GEOMETRY.items():
        side = _SIDE_OF_NORMAL[rotate(rotation, normal)]
        spots[side] = FaceSpot(side, face, rotate(rotation, samurai))
    return tuple(spots[side] for side in CubeSide)


# --- what a top face means -----------------------------------------------------------------


def sword_edges(kind: FaceType, facing: Facing) -> frozenset[Facing]:
    """The edges of a top face that carry a sword, in the owner's frame (§2)."""
    return frozenset(facing.turned(t) for t in _SWORD_TURNS[kind])


def top_type(orientation: Orientation, cube: CubeReading) -> FaceType:
    return face_type(orientation.face, cube)


def swords(orientation: Orientation, cube: CubeReading) -> frozenset[Facing]:
    return sword_edges(top_type(orientation, cube), orientation.facing)


def samurai_edge(orientation: Orientation) -> Facing:
    """The edge that holds 武士: behind the gaze."""
    return orientation.facing.turned(2)


def is_pointing(orientation: Orientation, cube: CubeReading) -> bool:
    """刀を向けている: a sword on the owner's forward edge (§2)."""
    return Facing.F in swords(orientation, cube)


def is_mate(a: Orientation, b: Orientation, cube: CubeReading) -> bool:
    """詰み (§5): both tops are 正面打ち or 三方払い and both face forward."""
    return all(
        o.facing is Facing.F and top_type(o, cube) in (FaceType.FRONT, FaceType.THREE)
        for o in (a, b)
    )


def legal_drops(cube: CubeReading) -> tuple[Orientation, ...]:
    """First placements: anything that does not point at the opponent (§4.2), in table order."""
    return tuple(o for o in ORIENTATIONS if not is_pointing(o, cube))


ROLL_TOWARD: Final = MappingProxyType(
    {Facing.F: MoveKind.FWD, Facing.L: MoveKind.LEFT, Facing.R: MoveKind.RIGHT}
)


def allowed_moves(
    mover: Orientation, opponent: Orientation, cube: CubeReading
) -> tuple[MoveKind, ...]:
    """The moves the rules allow (§4.4), in the order ROT, FWD, LEFT, RIGHT.

    Pointed at and not pointing: only ROT. Both pointing: only the roll toward the mover's own
    facing (which exists, since no pointing face looks back). Otherwise all four.
    """
    if is_pointing(opponent, cube):
        if is_pointing(mover, cube):
            return (ROLL_TOWARD[mover.facing],)
        return (MoveKind.ROT,)
    return tuple(MoveKind)

"""The cube (spec §2, §3, §4.2, §4.3, §5): table, geometry, swords, pointing, drops, mate."""

from __future__ import annotations

import itertools

import pytest

from rules.bushi.cube import (
    CANONICAL_GEOMETRY,
    CUBE_TABLE,
    FACES,
    MOVE_MATRIX,
    ORIENTATIONS,
    ROTATION_OF,
    SIDE_NORMAL,
    CubeReading,
    CubeSide,
    Face,
    FaceType,
    Facing,
    MoveKind,
    Orientation,
    face_type,
    is_mate,
    is_pointing,
    layout,
    legal_drops,
    rotate,
    samurai_edge,
    sword_edges,
    swords,
    top_type,
)

SEED = CubeReading.SEED
ALTERNATE = CubeReading.ALTERNATE
CANONICAL = Orientation(Face.T0, Facing.F)
F, R, B, L = Facing.F, Facing.R, Facing.B, Facing.L


def o(code: str) -> Orientation:
    return Orientation.parse(code)


def find(kind: FaceType, facing: Facing, cube: CubeReading = SEED) -> list[Orientation]:
    return [x for x in ORIENTATIONS if x.facing is facing and top_type(x, cube) is kind]


# --- §5 worked examples: the moves -----------------------------------------------------------


def test_example_front_strike_facing_forward_rot_faces_right() -> None:
    for start in find(FaceType.FRONT, F):
        after = start.after(MoveKind.ROT)
        assert (top_type(after, SEED), after.facing) == (FaceType.FRONT, R)


def test_example_three_swords_forward_fwd_is_front_strike_facing_back() -> None:
    assert CANONICAL.after(MoveKind.FWD) == Orientation(Face.F1, B)
    assert top_type(Orientation(Face.F1, B), SEED) is FaceType.FRONT


def test_example_three_swords_forward_left_is_right_guard_facing_left() -> None:
    assert CANONICAL.after(MoveKind.LEFT) == Orientation(Face.R2, L)
    assert top_type(Orientation(Face.R2, L), SEED) is FaceType.RIGHT


def test_example_three_swords_forward_right_is_left_guard_facing_left() -> None:
    assert CANONICAL.after(MoveKind.RIGHT) == Orientation(Face.L3, L)
    assert top_type(Orientation(Face.L3, L), SEED) is FaceType.LEFT


def test_example_drops_front_strike_forward_and_left_guard_right_are_illegal() -> None:
    for cube in CubeReading:
        drops = legal_drops(cube)
        assert not set(find(FaceType.FRONT, F, cube)) & set(drops)
        assert not set(find(FaceType.LEFT, R, cube)) & set(drops)


def test_example_three_swords_may_only_be_dropped_facing_back() -> None:
    for cube in CubeReading:
        assert [x for x in legal_drops(cube) if x.face is Face.T0] == [Orientation(Face.T0, B)]


def test_example_mate() -> None:
    fronts = find(FaceType.FRONT, F)
    three = Orientation(Face.T0, F)
    for a, b in itertools.product([*fronts, three], repeat=2):
        assert is_mate(a, b, SEED)


# --- §3 the table ----------------------------------------------------------------------------


def test_table_is_the_spec() -> None:
    rows = [(r.face, r.side, r.seed_type, r.shows_facing, r.brought_up_by) for r in CUBE_TABLE]
    assert rows == [
        (Face.T0, CubeSide.TOP, FaceType.THREE, F, ()),
        (Face.F1, CubeSide.NEAR, FaceType.FRONT, B, (MoveKind.FWD,)),
        (Face.R2, CubeSide.RIGHT, FaceType.RIGHT, L, (MoveKind.LEFT,)),
        (Face.L3, CubeSide.LEFT, FaceType.LEFT, L, (MoveKind.RIGHT,)),
        (Face.F4, CubeSide.FAR, FaceType.FRONT, R, (MoveKind.FWD,) * 3),
        (Face.R5, CubeSide.BOTTOM, FaceType.RIGHT, B, (MoveKind.FWD,) * 2),
    ]


@pytest.mark.parametrize("row", CUBE_TABLE, ids=lambda r: str(r.face))
def test_each_face_shows_as_the_table_says(row: object) -> None:
    from rules.bushi.cube import FaceRow

    assert isinstance(row, FaceRow)
    current = CANONICAL
    for move in row.brought_up_by:
        current = current.after(move)
    assert current == Orientation(row.face, row.shows_facing)
    for cube in CubeReading:
        swapped = cube is ALTERNATE and row.face in (Face.R2, Face.L3)
        expected = {FaceType.LEFT: FaceType.RIGHT, FaceType.RIGHT: FaceType.LEFT}.get(
            row.seed_type, row.seed_type
        )
        assert face_type(row.face, cube) is (expected if swapped else row.seed_type)


def test_alternate_reading_swaps_only_the_right_and_left_faces() -> None:
    assert face_type(Face.R2, ALTERNATE) is FaceType.LEFT
    assert face_type(Face.L3, ALTERNATE) is FaceType.RIGHT
    for face in (Face.T0, Face.F1, Face.F4, Face.R5):
        assert face_type(face, ALTERNATE) is face_type(face, SEED)
    # Alternate: rolling LEFT from canonical shows 左構え facing L.
    assert top_type(CANONICAL.after(MoveKind.LEFT), ALTERNATE) is FaceType.LEFT


def test_faces_in_canonical_orientation_sit_where_the_table_says() -> None:
    assert {s.side: s.face for s in layout(CANONICAL)} == {r.side: r.face for r in CUBE_TABLE}


def test_samurai_edges_lie_in_their_faces() -> None:
    for normal, samurai in CANONICAL_GEOMETRY.values():
        assert sum(a * b for a, b in zip(normal, samurai, strict=True)) == 0
        assert sorted(map(abs, samurai)) == [0, 0, 1]


# --- §4.3 the moves as rotations -------------------------------------------------------------


def test_there_are_24_orientations_each_one_rotation() -> None:
    assert len(ORIENTATIONS) == len(set(ORIENTATIONS)) == 24
    assert len(set(ROTATION_OF.values())) == 24
    assert [x.index for x in ORIENTATIONS] == list(range(24))


@pytest.mark.parametrize("move", list(MoveKind))
def test_every_move_is_a_bijection(move: MoveKind) -> None:
    assert sorted(x.after(move).index for x in ORIENTATIONS) == list(range(24))


@pytest.mark.parametrize("move", list(MoveKind))
def test_four_times_any_move_is_the_identity(move: MoveKind) -> None:
    for start in ORIENTATIONS:
        current = start
        for _ in range(4):
            current = current.after(move)
        assert current == start
        assert start.after(move) != start


def test_rot_turns_clockwise_and_keeps_the_face() -> None:
    for start in ORIENTATIONS:
        after = start.after(MoveKind.ROT)
        assert after.face is start.face
        assert after.facing is start.facing.turned(1)
    assert [F.turned(n) for n in range(4)] == [F, R, B, L]


def test_move_matrices_are_the_spec_formulas() -> None:
    x, y, z = 2, 3, 5
    assert rotate(MOVE_MATRIX[MoveKind.ROT], (x, y, z)) == (y, -x, z)
    assert rotate(MOVE_MATRIX[MoveKind.FWD], (x, y, z)) == (x, z, -y)
    assert rotate(MOVE_MATRIX[MoveKind.LEFT], (x, y, z)) == (-z, y, x)
    assert rotate(MOVE_MATRIX[MoveKind.RIGHT], (x, y, z)) == (z, y, -x)


@pytest.mark.parametrize(
    ("move", "comes_up", "top_goes"),
    [
        (MoveKind.FWD, CubeSide.NEAR, CubeSide.FAR),
        (MoveKind.LEFT, CubeSide.RIGHT, CubeSide.LEFT),
        (MoveKind.RIGHT, CubeSide.LEFT, CubeSide.RIGHT),
        (MoveKind.ROT, CubeSide.TOP, CubeSide.TOP),
    ],
)
def test_rolls_bring_up_the_named_side_in_every_orientation(
    move: MoveKind, comes_up: CubeSide, top_goes: CubeSide
) -> None:
    for start in ORIENTATIONS:
        before = {s.side: s.face for s in layout(start)}
        after = {s.side: s.face for s in layout(start.after(move))}
        assert after[CubeSide.TOP] == before[comes_up]
        assert after[top_goes] == before[CubeSide.TOP]


def test_layout_is_a_whole_cube_with_the_top_face_and_facing() -> None:
    for orientation in ORIENTATIONS:
        spots = layout(orientation)
        assert [s.side for s in spots] == list(CubeSide)
        assert sorted(s.face for s in spots) == sorted(FACES)
        top = spots[0]
        assert top.face is orientation.face
        assert top.samurai == samurai_edge(orientation).vector
        for spot in spots:
            normal = SIDE_NORMAL[spot.side]
            assert sum(a * b for a, b in zip(normal, spot.samurai, strict=True)) == 0


def test_no_roll_toward_the_owner_and_no_anticlockwise_turn() -> None:
    assert [m.value for m in MoveKind] == ["ROT", "FWD", "LEFT", "RIGHT"]
    # Nothing brings the far face up in one move.
    for start in ORIENTATIONS:
        far = next(s.face for s in layout(start) if s.side is CubeSide.FAR)
        assert all(start.after(m).face is not far for m in MoveKind)


# --- §2 swords and pointing ------------------------------------------------------------------


def test_sword_edges_by_type() -> None:
    for facing in Facing:
        assert sword_edges(FaceType.FRONT, facing) == {facing}
        assert sword_edges(FaceType.LEFT, facing) == {facing.turned(-1)}
        assert sword_edges(FaceType.RIGHT, facing) == {facing.turned(1)}
        assert sword_edges(FaceType.THREE, facing) == {facing, facing.turned(1), facing.turned(-1)}
    assert sword_edges(FaceType.LEFT, F) == {L}
    assert sword_edges(FaceType.RIGHT, F) == {R}


def test_samurai_edge_is_behind_the_gaze_and_never_a_sword() -> None:
    for x in ORIENTATIONS:
        assert samurai_edge(x) is x.facing.turned(2)
        for cube in CubeReading:
            assert samurai_edge(x) not in swords(x, cube)


@pytest.mark.parametrize("cube", list(CubeReading))
def test_pointing_is_exactly_the_six_listed_type_facings(cube: CubeReading) -> None:
    pointing = {(top_type(x, cube), x.facing) for x in ORIENTATIONS if is_pointing(x, cube)}
    assert pointing == {
        (FaceType.FRONT, F),
        (FaceType.LEFT, R),
        (FaceType.RIGHT, L),
        (FaceType.THREE, F),
        (FaceType.THREE, L),
        (FaceType.THREE, R),
    }
    assert not any(x.facing is B for x in ORIENTATIONS if is_pointing(x, cube))


@pytest.mark.parametrize("cube", list(CubeReading))
def test_sixteen_legal_drops_none_pointing(cube: CubeReading) -> None:
    drops = legal_drops(cube)
    assert len(drops) == 16
    assert set(drops) == {x for x in ORIENTATIONS if not is_pointing(x, cube)}
    assert list(drops) == sorted(drops, key=lambda x: x.index)


@pytest.mark.parametrize("cube", list(CubeReading))
def test_mate_is_exactly_both_front_or_three_facing_forward(cube: CubeReading) -> None:
    def striking(x: Orientation) -> bool:
        return x.facing is F and top_type(x, cube) in (FaceType.FRONT, FaceType.THREE)

    for a, b in itertools.product(ORIENTATIONS, repeat=2):
        assert is_mate(a, b, cube) == (striking(a) and striking(b))
    assert sum(striking(x) for x in ORIENTATIONS) == 3


def test_a_guard_facing_forward_is_never_mate() -> None:
    guard = find(FaceType.RIGHT, F)[0]
    assert not is_mate(guard, Orientation(Face.T0, F), SEED)
    assert not is_mate(Orientation(Face.F1, R), Orientation(Face.T0, F), SEED)


def test_orientation_codes_round_trip_and_reject_garbage() -> None:
    for x in ORIENTATIONS:
        assert Orientation.parse(x.code) == x
        assert str(x) == x.code
    for bad in ["", "T0", "T0-", "X9-F", "T0-Q", "t0-f", "T0-F-B"]:
        with pytest.raises(ValueError):
            Orientation.parse(bad)

"""The game (spec §4, §5): phases, drops, forced moves, mate, repetition, meta actions, errors."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

from rules.bushi import (
    ORIENTATIONS,
    BushiRules,
    BushiSettings,
    BushiState,
    CubeReading,
    Drop,
    Face,
    FaceType,
    Facing,
    Move,
    MoveKind,
    Orientation,
)
from rules.bushi.cube import top_type
from rules.bushi.game import BushiAction
from rules.core import (
    AcceptDraw,
    CodecError,
    DeclineDraw,
    Event,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidSettingsError,
    MetaAction,
    NotYourTurnError,
    OfferDraw,
    Outcome,
    Resign,
)

RULES = BushiRules()
BLACK, WHITE = 0, 1
F, R, B, L = Facing.F, Facing.R, Facing.B, Facing.L
ROT, FWD, LEFT, RIGHT = (Move(k) for k in MoveKind)

#: Spec §2, written out independently of the implementation.
POINTING = {
    (FaceType.FRONT, F),
    (FaceType.LEFT, R),
    (FaceType.RIGHT, L),
    (FaceType.THREE, F),
    (FaceType.THREE, L),
    (FaceType.THREE, R),
}


def o(code: str) -> Orientation:
    return Orientation.parse(code)


def placed(black: str, white: str, to_move: int = BLACK, cube: str = "seed") -> BushiState:
    """A move-phase state, as if both cubes had just been dropped there."""
    position = (o(black), o(white), to_move)
    settings = BushiSettings(CubeReading(cube))
    return BushiState(settings, (o(black), o(white)), to_move, 2, ((position, 1),))


def play(state: BushiState, *codes: str) -> BushiState:
    for code in codes:
        state = RULES.apply(state, state.to_move, RULES.parse(code)).state
    return state


def points(x: Orientation, cube: CubeReading = CubeReading.SEED) -> bool:
    return (top_type(x, cube), x.facing) in POINTING


def orientations_of(kind: FaceType, facing: Facing) -> list[str]:
    return [
        x.code for x in ORIENTATIONS if top_type(x, CubeReading.SEED) is kind and x.facing is facing
    ]


# --- identity ----------------------------------------------------------------------------------


def test_game_identity() -> None:
    assert RULES.name == "bushi"
    assert RULES.seats == 2
    assert RULES.allows_draw_offers
    assert (RULES.title.ja, RULES.title.en) == ("武士将棋", "Bushi Shogi")
    assert (RULES.rules_version, RULES.schema_version) == (2, 2)
    assert [RULES.seat_name(s, "ja") for s in (0, 1)] == ["先手", "後手"]
    assert [RULES.seat_name(s, "en") for s in (0, 1)] == ["Black", "White"]


def test_settings() -> None:
    assert RULES.normalize_settings(None) == {"cube": "seed"}
    assert RULES.normalize_settings({"cube": "alternate"}) == {"cube": "alternate"}
    assert RULES.new_game(None, 1).cube is CubeReading.SEED
    assert RULES.new_game({"cube": "alternate"}, 1).cube is CubeReading.ALTERNATE
    for bad in ({"cube": "other"}, {"cube": 1}, {"colour": "black"}):
        with pytest.raises(InvalidSettingsError):
            RULES.normalize_settings(bad)


# --- phases and drops (§4.1, §4.2) -------------------------------------------------------------


def test_black_drops_then_white_then_black_moves() -> None:
    state = RULES.new_game(None, 0)
    assert RULES.to_act(state) == (BLACK,)
    assert RULES.legal_actions(state, WHITE) == ()
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, WHITE, RULES.parse("D-T0-B"))
    state = play(state, "D-T0-B")
    assert state.cubes == (o("T0-B"), None)
    assert RULES.to_act(state) == (WHITE,)
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, BLACK, RULES.parse("D-F1-B"))
    state = play(state, "D-F1-B")
    assert state.cubes == (o("T0-B"), o("F1-B"))
    assert RULES.to_act(state) == (BLACK,)
    assert all(isinstance(a, Move) for a in RULES.legal_actions(state, BLACK))
    assert state.ply == 2


@pytest.mark.parametrize("cube", ["seed", "alternate"])
def test_sixteen_drops_in_a_stable_order_for_both_players(cube: str) -> None:
    state = RULES.new_game({"cube": cube}, 0)
    drops = RULES.legal_actions(state, BLACK)
    assert len(drops) == 16
    codes = [RULES.format(a) for a in drops]
    expected = [f"D-{x.code}" for x in ORIENTATIONS if not points(x, CubeReading(cube))]
    assert codes == expected
    state = play(state, codes[0])
    assert [RULES.format(a) for a in RULES.legal_actions(state, WHITE)] == codes


def test_seed_drop_list() -> None:
    codes = [RULES.format(a) for a in RULES.legal_actions(RULES.new_game(None, 0), BLACK)]
    assert codes == [
        "D-T0-B",
        "D-F1-R", "D-F1-B", "D-F1-L",
        "D-R2-F", "D-R2-R", "D-R2-B",
        "D-L3-F", "D-L3-B", "D-L3-L",
        "D-F4-R", "D-F4-B", "D-F4-L",
        "D-R5-F", "D-R5-R", "D-R5-B",
    ]  # fmt: skip


@pytest.mark.parametrize("seat", [BLACK, WHITE])
def test_a_drop_that_points_is_refused_with_its_reason(seat: int) -> None:
    state = RULES.new_game(None, 0)
    if seat == WHITE:
        state = play(state, "D-T0-B")
    for x in ORIENTATIONS:
        if not points(x):
            continue
        with pytest.raises(IllegalActionError) as info:
            RULES.apply(state, seat, Drop(x.face, x.facing))
        assert "points at the opponent" in info.value.message("en")
        assert "刀を向けて" in info.value.message("ja")


def test_pointing_is_allowed_after_the_drops() -> None:
    # The drop restriction is for the first placement only: rolling into a pointing face is fine.
    state = play(placed("T0-B", "F1-B"), "ROT")
    assert state.cubes[BLACK] == o("T0-L")
    assert points(o("T0-L"))


def test_moves_are_refused_before_both_cubes_are_placed() -> None:
    state = RULES.new_game(None, 0)
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, BLACK, ROT)
    assert "before both cubes are placed" in info.value.message("en")
    assert "置かれるまで" in info.value.message("ja")
    state = play(state, "D-T0-B")
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, WHITE, FWD)
    assert "before both cubes are placed" in info.value.message("en")


def test_a_second_drop_is_refused() -> None:
    state = placed("T0-B", "F1-B")
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, BLACK, Drop(Face.F1, B))
    assert "already placed" in info.value.message("en")


# --- §5 worked examples: forced moves ----------------------------------------------------------


@pytest.mark.parametrize(
    ("black", "white"),
    list(itertools.product(orientations_of(FaceType.RIGHT, L), orientations_of(FaceType.RIGHT, R))),
)
def test_example_white_pointed_at_must_turn(black: str, white: str) -> None:
    state = placed(black, white, to_move=WHITE)
    assert RULES.legal_actions(state, WHITE) == (ROT,)
    after = play(state, "ROT").cubes[WHITE]
    assert after is not None
    assert (top_type(after, CubeReading.SEED), after.facing) == (FaceType.RIGHT, B)
    for move in (FWD, LEFT, RIGHT):
        with pytest.raises(IllegalActionError) as info:
            RULES.apply(state, WHITE, move)
        assert info.value.message("en") == (
            "You are being pointed at and are not pointing back, so your only move is Turn ↻."
        )


@pytest.mark.parametrize("black", orientations_of(FaceType.RIGHT, L))
def test_example_both_pointing_black_must_roll_left(black: str) -> None:
    white = orientations_of(FaceType.LEFT, R)
    assert white == ["L3-R"]
    state = placed(black, white[0], to_move=BLACK)
    assert RULES.legal_actions(state, BLACK) == (LEFT,)
    with pytest.raises(IllegalActionError) as info:
        RULES.apply(state, BLACK, ROT)
    assert info.value.message("en") == (
        "Both swords are pointed, so your only move is the roll toward your facing"
        " (facing left): Roll left ←."
    )
    assert info.value.message("ja") == (
        "互いに刀を向けているので、自分の向き（左向き）の方へ転がす「左に転がす ←」しかできません。"
    )
    # The old top goes to the left side, the right side comes up.
    assert play(state, "LEFT").cubes[BLACK] == o(black).after(MoveKind.LEFT)


@pytest.mark.parametrize("cube", ["seed", "alternate"])
def test_forced_moves_in_every_position(cube: str) -> None:
    reading = CubeReading(cube)
    for mover, other in itertools.product(ORIENTATIONS, repeat=2):
        for seat in (BLACK, WHITE):
            black, white = (mover, other) if seat == BLACK else (other, mover)
            state = placed(black.code, white.code, seat, cube)
            legal = RULES.legal_actions(state, seat)
            if points(other, reading) and not points(mover, reading):
                assert legal == (ROT,)
            elif points(other, reading):
                roll = {F: FWD, L: LEFT, R: RIGHT}[mover.facing]
                assert legal == (roll,)
            else:
                assert legal == (ROT, FWD, LEFT, RIGHT)


def test_no_passing() -> None:
    with pytest.raises(InvalidActionError):
        RULES.parse("PASS")
    for mover, other in itertools.product(ORIENTATIONS, repeat=2):
        assert RULES.legal_actions(placed(mover.code, other.code), BLACK)


# --- §5 mate ---------------------------------------------------------------------------------


def test_black_mates_with_a_forced_turn() -> None:
    # White points (正面打ち/F); Black, not pointing, must turn — into mate.
    state = placed("F4-L", "F1-F", to_move=BLACK)
    assert RULES.legal_actions(state, BLACK) == (ROT,)
    after, events = RULES.apply(state, BLACK, ROT)
    assert after.outcome == Outcome.win(BLACK, 2, "mate")
    assert [e.kind for e in events] == ["move", "mate", "game_over"]
    assert events[1].seat == BLACK
    assert RULES.to_act(after) == ()
    assert RULES.legal_actions(after, WHITE) == ()


def test_white_mates_too() -> None:
    state = placed("T0-F", "F1-L", to_move=WHITE)
    after, _ = RULES.apply(state, WHITE, ROT)
    assert after.outcome == Outcome.win(WHITE, 2, "mate")
    assert after.outcome.winner == WHITE


def test_example_mate_with_three_swords_on_either_side() -> None:
    # A three-swords cube facing forward mates like a front strike (§5).
    state = placed("T0-L", "F1-F", to_move=BLACK)  # both point: Black must roll LEFT
    assert RULES.legal_actions(state, BLACK) == (LEFT,)
    state = placed("F1-L", "T0-F", to_move=BLACK)
    assert play(state, "ROT").outcome == Outcome.win(BLACK, 2, "mate")


def test_front_strike_facing_forward_against_a_guard_is_no_mate() -> None:
    # White 右構え facing L points at Black; Black 正面打ち/L must turn to 正面打ち/F: no mate.
    state = play(placed("F1-L", "R2-L", to_move=BLACK), "ROT")
    assert state.outcome is None
    assert state.cubes[BLACK] == o("F1-F")


def test_acting_after_the_game_is_over() -> None:
    over = play(placed("F4-L", "F1-F"), "ROT")
    attempts: list[tuple[int, BushiAction | MetaAction]] = [
        (WHITE, ROT),
        (BLACK, ROT),
        (WHITE, Resign()),
        (BLACK, OfferDraw()),
    ]
    for seat, action in attempts:
        with pytest.raises(GameOverError):
            RULES.apply(over, seat, action)
    assert RULES.meta_actions(over, WHITE) == ()


# --- (addition) repetition ------------------------------------------------------------------

CYCLE = ("LEFT", "LEFT", "RIGHT", "RIGHT")  # back to the start after four plies


def test_repetition_counts_from_both_cubes_placed_and_draws_on_the_fourth() -> None:
    state = play(RULES.new_game(None, 0), "D-F1-B", "D-F1-B")
    start = state.position
    assert start is not None
    assert state.times_seen() == 1
    state = play(state, *CYCLE)
    assert state.position == start and state.times_seen() == 2
    state = play(state, *CYCLE)
    assert state.times_seen() == 3
    assert state.outcome is None  # the third occurrence is not yet a draw
    view = RULES.view_for(state, None)
    assert view.repetitions == 3
    state = play(state, *CYCLE[:3])
    assert state.outcome is None
    last = RULES.apply(state, WHITE, RULES.parse(CYCLE[3]))
    assert last.state.outcome == Outcome.draw(2, "repetition")
    assert last.state.times_seen(start) == 4
    assert [e.kind for e in last.events] == ["move", "repetition", "game_over"]
    assert last.state.ply == 2 + 12


def test_side_to_move_is_part_of_the_position() -> None:
    state = placed("F1-B", "F1-B")
    other_side = (o("F1-B"), o("F1-B"), WHITE)
    assert state.times_seen(other_side) == 0


# --- meta actions ----------------------------------------------------------------------------


def test_draw_offer_accepted() -> None:
    state = placed("T0-B", "F1-B")
    state, events = RULES.apply(state, BLACK, OfferDraw())
    assert state.draw_offer == BLACK
    assert RULES.meta_actions(state, WHITE) == (Resign(), AcceptDraw(), DeclineDraw())
    with pytest.raises(IllegalActionError):
        RULES.apply(state, BLACK, AcceptDraw())
    state, events = RULES.apply(state, WHITE, AcceptDraw())
    assert state.outcome == Outcome.draw(2, "agreement")
    assert RULES.describe_event(events[0], "en") == "White accepted the draw."


def test_draw_offer_declined_or_answered_by_a_move() -> None:
    state = RULES.apply(placed("T0-B", "F1-B"), BLACK, OfferDraw()).state
    declined = RULES.apply(state, WHITE, DeclineDraw()).state
    assert declined.draw_offer is None and declined.outcome is None
    offered_by_white = RULES.apply(placed("T0-B", "F1-B"), WHITE, OfferDraw()).state
    moved = RULES.apply(offered_by_white, BLACK, ROT).state
    assert moved.draw_offer is None


def test_draw_offer_during_the_drops() -> None:
    state = RULES.apply(RULES.new_game(None, 0), WHITE, OfferDraw()).state
    state = RULES.apply(state, BLACK, AcceptDraw()).state
    assert state.outcome == Outcome.draw(2, "agreement")


@pytest.mark.parametrize("seat", [BLACK, WHITE])
def test_resignation(seat: int) -> None:
    state, events = RULES.apply(placed("T0-B", "F1-B"), seat, Resign())
    assert state.outcome == Outcome.loss(seat, 2, "resign")
    assert RULES.describe_event(events[0], "ja") == f"{RULES.seat_name(seat, 'ja')}が投了しました。"


# --- errors --------------------------------------------------------------------------------


def test_out_of_turn_moves() -> None:
    state = placed("T0-B", "F1-B", to_move=BLACK)
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, WHITE, ROT)
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, None, ROT)
    with pytest.raises(NotYourTurnError):
        RULES.apply(state, 2, ROT)


@pytest.mark.parametrize(
    "code",
    ["", "rot", "Rot", "PASS", "D", "D-", "D-T0", "D-T0-", "D-X9-F", "D-T0-Q", "D-T0-F-B",
     "d-T0-F", "T0-F", "FWD ", " ROT", "ROTATE", "D-t0-f", "forfeit:x", "-".join(["D"] * 3)],
)  # fmt: skip
def test_garbage_codes(code: str) -> None:
    with pytest.raises(InvalidActionError):
        RULES.parse(code)


def test_action_codes_round_trip() -> None:
    codes = ["ROT", "FWD", "LEFT", "RIGHT"] + [f"D-{x.code}" for x in ORIENTATIONS]
    for code in codes:
        assert RULES.format(RULES.parse(code)) == code
    assert RULES.parse("D-F1-B") == Drop(Face.F1, B)
    assert RULES.parse("ROT") == ROT
    assert all(len(c) <= 8 and c.isascii() for c in codes)


def test_old_state_untouched_after_apply() -> None:
    state = placed("T0-B", "F1-B")
    before = RULES.dump(state)
    copy = dataclasses.replace(state)
    for action in RULES.legal_actions(state, BLACK):
        RULES.apply(state, BLACK, action)
    RULES.apply(state, BLACK, OfferDraw())
    RULES.apply(state, WHITE, Resign())
    assert state == copy
    assert RULES.dump(state) == before


# --- labels, events and codec ---------------------------------------------------------------


def test_action_labels() -> None:
    assert [RULES.action_label(m, "ja") for m in (ROT, FWD, LEFT, RIGHT)] == [
        "旋回 ↻", "前に転がす ↑", "左に転がす ←", "右に転がす →",
    ]  # fmt: skip
    assert [RULES.action_label(m, "en") for m in (ROT, FWD, LEFT, RIGHT)] == [
        "Turn ↻", "Roll forward ↑", "Roll left ←", "Roll right →",
    ]  # fmt: skip
    seed = RULES.legal_actions(RULES.new_game(None, 0), BLACK)
    alternate = RULES.legal_actions(RULES.new_game({"cube": "alternate"}, 0), BLACK)
    assert RULES.action_label(seed[0], "ja") == "三方払いが上・後ろ向き ↓"
    assert RULES.action_label(seed[0], "en") == "三方払い up, facing ↓"
    # Two 右構え faces under the seed's reading: where the 三方払い is tells them apart.
    assert RULES.action_label(seed[4], "en") == ("右構え up, facing ↑ (三方払い far)")
    assert RULES.action_label(seed[4], "ja") == ("右構えが上・前向き ↑・三方払いは向こうの面")
    # The alternate reading's right face is its only 左構え: no need to say more.
    assert RULES.action_label(alternate[4], "en") == "左構え up, facing ↑"
    # A parsed drop does not know the cube reading: the state does.
    parsed = RULES.parse_action("D-R2-F")
    assert RULES.action_label(parsed, "en") == ("右構え/左構え up, facing ↑ (三方払い far)")
    assert isinstance(parsed, Drop)
    assert RULES.drop_label(RULES.new_game(None, 0), parsed, "en") == RULES.action_label(
        seed[4], "en"
    )
    assert RULES.drop_label(
        RULES.new_game({"cube": "alternate"}, 0), parsed, "ja"
    ) == RULES.action_label(alternate[4], "ja")
    assert RULES.action_label(RULES.parse_action("D-F1-L"), "ja") == (
        "正面打ちが上・左向き ←・三方払いは右の面"
    )


def test_events_and_their_text() -> None:
    state = RULES.new_game(None, 0)
    state, events = RULES.apply(state, BLACK, RULES.parse("D-T0-B"))
    (drop,) = events
    assert drop == Event("drop", BLACK, {"orientation": "T0-B", "type": "three"})
    assert RULES.describe_event(drop, "ja") == (
        "先手が駒を置いた：三方払い（前と左右に刀）が上・武士は後ろ向き — 刀は向けていない。"
    )
    assert RULES.describe_event(drop, "en") == (
        "Black placed the cube: now 三方払い three swords up, samurai facing back — not pointing."
    )
    state = play(state, "D-F1-B")
    state, events = RULES.apply(state, BLACK, ROT)
    (move,) = events
    assert move.kind == "move" and move.seat == BLACK
    assert dict(move.data) == {
        "move": "ROT", "before": "T0-B", "after": "T0-L", "type": "three", "forced": False,
    }  # fmt: skip
    assert RULES.describe_event(move, "ja") == (
        "先手が旋回した ↻：三方払い（前と左右に刀）が上・武士は左向き — 後手に刀を向けている。"
    )
    assert RULES.describe_event(move, "en") == (
        "Black turned ↻: now 三方払い three swords up, samurai facing left — pointing at White."
    )
    _, events = RULES.apply(placed("F4-L", "F1-F"), BLACK, ROT)
    assert [RULES.describe_event(e, "en") for e in events] == [
        "Black turned ↻ (the only move): now 正面打ち front strike up, samurai facing forward"
        " — pointing at White.",
        "Mate! White cannot escape the sword.",
        "Black wins by mate",
    ]
    assert [RULES.describe_event(e, "ja") for e in events] == [
        "先手が旋回した ↻（これしかない手）：正面打ち（前に刀）が上・武士は前向き"
        " — 後手に刀を向けている。",
        "詰み！後手は刀から逃れられない。",
        "詰みで先手の勝ち",
    ]
    assert events[0].data["forced"] is True
    repetition = Event("repetition", None, {"count": 4})
    assert RULES.describe_event(repetition, "ja") == "同一局面が4回目になりました（千日手）。"
    over = Event("game_over", None, Outcome.draw(2, "repetition").dump())
    assert RULES.describe_event(over, "en") == "Draw by repetition"
    assert RULES.describe_event(over, "ja") == "引き分け（千日手）"
    for event in (drop, move, *events, repetition, over):
        json.dumps(event.dump())


def test_codec_round_trips() -> None:
    states = [
        RULES.new_game(None, 0),
        RULES.new_game({"cube": "alternate"}, 5),
        play(RULES.new_game(None, 0), "D-T0-B"),
        play(RULES.new_game(None, 0), "D-F1-B", "D-F1-B", *CYCLE, "LEFT"),
        play(placed("F4-L", "F1-F"), "ROT"),
        RULES.apply(placed("T0-B", "F1-B"), WHITE, OfferDraw()).state,
    ]
    for state in states:
        dumped = RULES.dump(state)
        assert RULES.load(json.loads(json.dumps(dumped))) == state


@pytest.mark.parametrize(
    "change",
    [
        {"game": "yosukou"},
        {"schema_version": 1},
        {"state": {}},
    ],
)
def test_codec_refuses_other_games_and_versions(change: dict[str, object]) -> None:
    dumped = RULES.dump(placed("T0-B", "F1-B")) | change
    with pytest.raises(CodecError):
        RULES.load(dumped)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("cubes", ["T0-X", None]),
        ("cubes", [None, "T0-B"]),
        ("cubes", [1, 2]),
        ("cubes", ["T0-B"]),
        ("to_move", 2),
        ("to_move", True),
        ("ply", -1),
        ("ply", "3"),
        ("seen", [["T0-B", "F1-B", 0, 0]]),
        ("seen", [["T0-B", "F1-B", 0]]),
        ("settings", {"cube": "cubist"}),
        ("draw_offer", 5),
        ("outcome", "won"),
    ],
)
def test_codec_refuses_corrupt_states(key: str, value: object) -> None:
    dumped = RULES.dump(placed("T0-B", "F1-B"))
    dumped["state"] = dumped["state"] | {key: value}
    with pytest.raises(CodecError):
        RULES.load(dumped)


def test_replay_rebuilds_a_game() -> None:
    moves = [(BLACK, "D-F1-B"), (WHITE, "D-F1-B"), (BLACK, "LEFT"), (WHITE, "draw-offer")]
    state = RULES.replay({"cube": "seed"}, 0, moves)
    assert state.cubes == (o("R2-F"), o("F1-B"))
    assert state.draw_offer == WHITE

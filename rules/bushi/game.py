"""武士将棋 (Bushi Shogi): state, actions and the rules, on the shared protocol.

Seat 0 is Black (先手) and moves first, seat 1 is White (後手). Black drops a cube, White drops
a cube, then they alternate moves, Black first. Action codes (short ASCII, for custom_ids):

- a drop: ``D-<face>-<facing>``, e.g. ``D-F1-B`` (face ids of the cube table, facing F/R/B/L);
- a move: ``ROT``, ``FWD``, ``LEFT`` or ``RIGHT``;
- a claim of a dead draw (our addition, ``rules.bushi.dead_draw``): ``CLAIM``.

Legal actions come in a stable order: drops by face in table order (T0 F1 R2 L3 F4 R5), then
facing F R B L; moves in the order ROT FWD LEFT RIGHT, then the claim where it is allowed.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rules.bushi.cube import (
    FACE_TYPE_TEXT,
    CubeReading,
    Face,
    FaceType,
    Facing,
    MoveKind,
    Orientation,
    allowed_moves,
    is_mate,
    is_pointing,
    legal_drops,
    top_type,
)
from rules.bushi.dead_draw import DEAD_DRAW_RUN, is_drawn, may_claim, next_run
from rules.bushi.render import REPETITION_LIMIT, BushiView, render_board, result_line
from rules.bushi.words import (
    ALREADY_PLACED,
    CLAIM_DESCRIPTION,
    CLAIM_LABEL,
    CLAIM_TOO_EARLY,
    DROP_DESCRIPTION,
    DROP_POINTS,
    FACING_WORD,
    MOVE_BEFORE_PLACED,
    MOVE_LABEL,
    MUST_ROLL,
    MUST_TURN,
    REASONS,
    SEAT_NAME,
    drop_label,
    fill,
    move_sentence,
    sword_words,
)
from rules.core.errors import CodecError, InvalidActionError, InvalidSettingsError
from rules.core.levels import split_level
from rules.core.outcome import Outcome, Seat
from rules.core.protocol import Event, GameRules, Transition
from rules.core.text import Locale, Text

JSON = Any

BLACK: Seat = 0
WHITE: Seat = 1


# --- settings, actions, state --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BushiSettings:
    cube: CubeReading = CubeReading.SEED

    def dump(self) -> dict[str, JSON]:
        return {"cube": self.cube.value}


@dataclass(frozen=True, slots=True)
class Drop:
    """The first placement of one's cube: ``face`` on top, looking ``facing``.

    ``cube`` is the game's cube reading, filled in for the actions
    :meth:`BushiRules.legal_actions` offers so that :meth:`BushiRules.action_label` can name
    the face's type; it is not part of the action (two drops of the same face and facing are
    equal), and parsed codes lack it (:meth:`BushiRules.drop_label` takes it from the state).
    """

    face: Face
    facing: Facing
    cube: CubeReading | None = field(default=None, compare=False)

    @property
    def orientation(self) -> Orientation:
        return Orientation(self.face, self.facing)


@dataclass(frozen=True, slots=True)
class Move:
    kind: MoveKind


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of a draw under the dead-draw rule (``rules.bushi.dead_draw``): legal on one's
    turn once the last :data:`~rules.bushi.dead_draw.DEAD_DRAW_RUN` plies all left drawn
    positions. It ends the game; it is not a move of the cube."""


CLAIM_CODE = "CLAIM"

BushiAction = Drop | Move | Claim

#: The bot's levels (``rules.bushi.levels``), weakest first: a game against the bot may name one.
LEVEL_KEYS = ("beginner", "novice", "strong", "perfect")

#: (Black's orientation, White's orientation, side to move): what repetition compares.
Position = tuple[Orientation, Orientation, Seat]


def _position_key(item: tuple[Position, int]) -> tuple[int, int, int]:
    (black, white, side), _ = item
    return (black.index, white.index, side)


@dataclass(frozen=True, slots=True)
class BushiState:
    settings: BushiSettings
    #: Each seat's orientation in its own frame; ``None`` before that seat's drop.
    cubes: tuple[Orientation | None, Orientation | None]
    to_move: Seat
    #: Actions played so far, drops included.
    ply: int
    #: How often each position has occurred since both cubes were placed, sorted.
    seen: tuple[tuple[Position, int], ...]
    outcome: Outcome | None = None
    draw_offer: Seat | None = None
    #: Drawn plies in a row up to now (``rules.bushi.dead_draw``): plies since both cubes are
    #: on the board, each of which left a position neither side can force mate from.
    drawn_run: int = 0

    @property
    def may_claim_draw(self) -> bool:
        """Whether the player to move may claim a dead draw now."""
        return self.outcome is None and self.placed and may_claim(self.drawn_run)

    @property
    def cube(self) -> CubeReading:
        return self.settings.cube

    @property
    def placed(self) -> bool:
        """Both cubes are on the board: the move phase (or its end)."""
        return self.cubes[BLACK] is not None and self.cubes[WHITE] is not None

    @property
    def position(self) -> Position | None:
        black, white = self.cubes
        if black is None or white is None:
            return None
        return (black, white, self.to_move)

    def times_seen(self, position: Position | None = None) -> int:
        """How often ``position`` (default: the current one) has occurred."""
        key = self.position if position is None else position
        return next((n for p, n in self.seen if p == key), 0)

    def mover_and_opponent(self) -> tuple[Orientation, Orientation]:
        """The side to move's orientation and the other's; only once both are placed."""
        mover, opponent = self.cubes[self.to_move], self.cubes[1 - self.to_move]
        if mover is None or opponent is None:
            raise ValueError("both cubes must be placed")
        return mover, opponent


def _count(
    seen: tuple[tuple[Position, int], ...], position: Position
) -> tuple[tuple[tuple[Position, int], ...], int]:
    """``seen`` with one more occurrence of ``position``, and the new count. ``seen`` stays
    sorted, so the position is found by bisection (a move costs log n, not a sort of n)."""
    at = bisect_left(seen, _position_key((position, 0)), key=_position_key)
    if at < len(seen) and seen[at][0] == position:
        count = seen[at][1] + 1
        return (*seen[:at], (position, count), *seen[at + 1 :]), count
    return (*seen[:at], (position, 1), *seen[at:]), 1


# --- the rules -----------------------------------------------------------------------------


# rules.core's MatchState declares ``outcome`` and ``draw_offer`` as settable attributes, which a
# frozen dataclass's fields are not, so mypy refuses BushiState as its ``S`` (the framework
# only ever uses ``dataclasses.replace``). These three ignores go once MatchState declares them
# as read-only properties; mypy's unused-ignore check will point them out.
BushiTransition = Transition[BushiState]


def _transition(state: BushiState, events: tuple[Event, ...]) -> BushiTransition:
    return Transition(state, events)


class BushiRules(GameRules[BushiState, BushiAction, BushiView]):
    name: ClassVar[str] = "bushi"
    title: ClassVar[Text] = Text("武士将棋", "Bushi Shogi")
    seats: ClassVar[int] = 2
    rules_version: ClassVar[int] = 2  # 2: the dead-draw claim
    schema_version: ClassVar[int] = 2  # 2: the run of drawn plies is remembered
    allows_draw_offers: ClassVar[bool] = True
    reason_texts: ClassVar[dict[str, Text]] = {
        "mate": REASONS["mate"],
        "repetition": REASONS["repetition"],
        "dead_draw": REASONS["dead_draw"],
    }

    # --- setup -----------------------------------------------------------------------------

    def normalize_settings(self, settings: Mapping[str, JSON] | None) -> dict[str, JSON]:
        """``{"cube": "seed" | "alternate"}``, default ``seed``; a bot level if one is given."""
        raw, level = split_level(settings, LEVEL_KEYS)
        unknown = set(raw) - {"cube"}
        if unknown:
            raise InvalidSettingsError(
                Text("不明な設定：{keys}", "Unknown setting: {keys}").format(
                    keys=", ".join(sorted(map(str, unknown)))
                )
            )
        cube = raw.get("cube", CubeReading.SEED.value)
        if cube not in {c.value for c in CubeReading}:
            raise InvalidSettingsError(
                Text("cube は seed か alternate です。", "cube must be seed or alternate.")
            )
        return {"cube": str(cube), **level}

    def settings_of(self, settings: Mapping[str, JSON] | None) -> BushiSettings:
        return BushiSettings(CubeReading(self.normalize_settings(settings)["cube"]))

    def new_game(self, settings: Mapping[str, JSON] | None, seed: int) -> BushiState:
        # Nothing is random in Bushi Shogi; colours are decided before the game starts.
        return BushiState(self.settings_of(settings), (None, None), BLACK, 0, ())

    def seat_name(self, seat: Seat, locale: Locale) -> str:
        return SEAT_NAME[seat](locale)

    # --- turns and legality ----------------------------------------------------------------

    def _to_act(self, state: BushiState) -> tuple[Seat, ...]:
        return (state.to_move,)

    def _legal_actions(self, state: BushiState, seat: Seat) -> tuple[BushiAction, ...]:
        if state.cubes[seat] is None:
            return tuple(Drop(o.face, o.facing, state.cube) for o in legal_drops(state.cube))
        mover, opponent = state.mover_and_opponent()
        moves: tuple[BushiAction, ...] = tuple(
            Move(kind) for kind in allowed_moves(mover, opponent, state.cube)
        )
        return (*moves, Claim()) if state.may_claim_draw else moves

    def _illegal_reason(self, state: BushiState, seat: Seat, action: BushiAction) -> Text | None:
        if isinstance(action, Claim):
            return CLAIM_TOO_EARLY.format(n=DEAD_DRAW_RUN // 2)
        if isinstance(action, Drop):
            if state.cubes[seat] is not None:
                return ALREADY_PLACED
            return DROP_POINTS if is_pointing(action.orientation, state.cube) else None
        if state.cubes[seat] is None or not state.placed:
            return MOVE_BEFORE_PLACED
        mover, opponent = state.mover_and_opponent()
        allowed = allowed_moves(mover, opponent, state.cube)
        if allowed == (MoveKind.ROT,):
            return MUST_TURN
        if len(allowed) == 1:
            return fill(MUST_ROLL, facing=FACING_WORD[mover.facing], move=MOVE_LABEL[allowed[0]])
        return None

    # --- playing ---------------------------------------------------------------------------

    def _apply(self, state: BushiState, seat: Seat, action: BushiAction) -> BushiTransition:
        if isinstance(action, Drop):
            return self._drop(state, seat, action)
        if isinstance(action, Claim):
            return self._claim(state, seat)
        return self._move(state, seat, action)

    def _drop(self, state: BushiState, seat: Seat, drop: Drop) -> BushiTransition:
        orientation = drop.orientation
        cubes = _with(state.cubes, seat, orientation)
        new = dataclasses.replace(state, cubes=cubes, to_move=1 - seat, ply=state.ply + 1)
        if new.position is not None:
            # Repetition and the dead-draw run count from the moment both cubes are placed.
            new = dataclasses.replace(
                new, seen=_count(new.seen, new.position)[0], drawn_run=_run_after(state, new)
            )
        data = {
            "orientation": orientation.code,
            "type": top_type(orientation, state.cube).value,
        }
        return _transition(new, (Event("drop", seat, data),))

    def _move(self, state: BushiState, seat: Seat, move: Move) -> BushiTransition:
        before, opponent = state.mover_and_opponent()
        after = before.after(move.kind)
        forced = len(allowed_moves(before, opponent, state.cube)) == 1
        new = dataclasses.replace(
            state, cubes=_with(state.cubes, seat, after), to_move=1 - seat, ply=state.ply + 1
        )
        events = [
            Event(
                "move",
                seat,
                {
                    "move": move.kind.value,
                    "before": before.code,
                    "after": after.code,
                    "type": top_type(after, state.cube).value,
                    "forced": forced,
                },
            )
        ]
        if is_mate(after, opponent, state.cube):
            # The move that creates mate wins for its maker.
            outcome = Outcome.win(seat, self.seats, "mate")
            events.append(Event("mate", seat))
        else:
            assert new.position is not None
            seen, count = _count(new.seen, new.position)
            new = dataclasses.replace(new, seen=seen, drawn_run=_run_after(state, new))
            if count < REPETITION_LIMIT:
                return _transition(new, tuple(events))
            outcome = Outcome.draw(self.seats, "repetition")
            events.append(Event("repetition", None, {"count": count}))
        new = dataclasses.replace(new, outcome=outcome, draw_offer=None)
        events.append(Event("game_over", None, outcome.dump()))
        return _transition(new, tuple(events))

    def _claim(self, state: BushiState, seat: Seat) -> BushiTransition:
        outcome = Outcome.draw(self.seats, "dead_draw")
        new = dataclasses.replace(state, ply=state.ply + 1, outcome=outcome, draw_offer=None)
        events = (
            Event("dead_draw", seat, {"run": state.drawn_run}),
            Event("game_over", None, outcome.dump()),
        )
        return _transition(new, events)

    # --- action codes ----------------------------------------------------------------------

    def parse_action(self, code: str) -> BushiAction:
        if not isinstance(code, str):
            raise InvalidActionError()
        if code in MoveKind.__members__:
            return Move(MoveKind(code))
        if code == CLAIM_CODE:
            return Claim()
        parts = code.split("-")
        if len(parts) == 3 and parts[0] == "D":
            try:
                return Drop(Face(parts[1]), Facing(parts[2]))
            except ValueError:
                pass
        raise InvalidActionError()

    def format_action(self, action: BushiAction) -> str:
        if isinstance(action, Drop):
            return f"D-{action.face}-{action.facing}"
        if isinstance(action, Claim):
            return CLAIM_CODE
        return action.kind.value

    def action_label(self, action: BushiAction, locale: Locale) -> str:
        """``旋回 ↻`` / ``Turn ↻``; a drop as :func:`~rules.bushi.words.drop_label` words it,
        e.g. ``三方払い up, facing ↓``."""
        if isinstance(action, Move):
            return MOVE_LABEL[action.kind](locale)
        if isinstance(action, Claim):
            return CLAIM_LABEL(locale)
        return drop_label(action.orientation, action.cube, locale)

    def drop_label(self, state: BushiState, drop: Drop, locale: Locale) -> str:
        """``drop``'s label under ``state``'s cube reading, whether or not ``drop`` carries it."""
        return drop_label(drop.orientation, state.cube, locale)

    def action_description(self, state: BushiState, action: BushiAction, locale: Locale) -> str:
        """A second line for a menu option: where the swords end up, in the actor's frame,
        and whether one points at the opponent, e.g. ``swords on the back, left, right edges
        · not pointing``; a drop's says the samurai's facing in words first (its label has
        the arrow)."""
        if isinstance(action, Drop):
            orientation, cube = action.orientation, state.cube
            return fill(
                DROP_DESCRIPTION,
                face=FACE_TYPE_TEXT[top_type(orientation, cube)],
                facing=FACING_WORD[action.facing],
                swords=sword_words(orientation, cube),
            )(locale)
        if isinstance(action, Claim):
            return CLAIM_DESCRIPTION.format(n=DEAD_DRAW_RUN // 2)(locale)
        after = state.mover_and_opponent()[0].after(action.kind)
        return sword_words(after, state.cube)(locale)

    # --- views and text --------------------------------------------------------------------

    def view_for(self, state: BushiState, viewer: Seat | None) -> BushiView:
        over = state.outcome is not None
        allowed: tuple[MoveKind, ...] = ()
        if not over and state.placed:
            allowed = allowed_moves(*state.mover_and_opponent(), state.cube)
        return BushiView(
            viewer=viewer,
            cube=state.cube,
            cubes=state.cubes,
            to_move=None if over else state.to_move,
            ply=state.ply,
            allowed_moves=allowed,
            repetitions=state.times_seen(),
            outcome=state.outcome,
            draw_offer=state.draw_offer,
            may_claim_draw=state.may_claim_draw,
        )

    def render(self, view: BushiView, locale: Locale) -> str:
        return render_board(view, locale)

    def render_compact(self, view: BushiView, locale: Locale) -> str:
        return render_board(view, locale, result=False)

    def describe_event(self, event: Event, locale: Locale) -> str:
        common = self.describe_common_event(event, locale)
        if common is not None:
            return common
        data = event.data
        if event.kind in ("drop", "move") and event.seat is not None:
            moved = event.kind == "move"
            after = Orientation.parse(str(data["after" if moved else "orientation"]))
            return move_sentence(
                event.seat,
                MoveKind(str(data["move"])) if moved else None,
                FaceType(str(data["type"])),
                after.facing,
                forced=bool(data.get("forced")),
            )(locale)
        if event.kind == "mate" and event.seat is not None:
            # The result is said once, by the game's end; this says what mate means here.
            return _MATE.format(seat=SEAT_NAME[1 - event.seat](locale))(locale)
        if event.kind == "repetition":
            return _REPETITION.format(n=data.get("count", REPETITION_LIMIT))(locale)
        if event.kind == "dead_draw" and event.seat is not None:
            seat = SEAT_NAME[event.seat](locale)
            return _DEAD_DRAW.format(seat=seat, n=DEAD_DRAW_RUN // 2)(locale)
        if event.kind == "game_over":
            return result_line(Outcome.load(dict(data)), locale)
        return event.kind

    # --- codec -----------------------------------------------------------------------------

    def _dump_state(self, state: BushiState) -> dict[str, JSON]:
        return {
            "settings": state.settings.dump(),
            "cubes": [None if o is None else o.code for o in state.cubes],
            "to_move": state.to_move,
            "ply": state.ply,
            "seen": [[b.code, w.code, side, n] for (b, w, side), n in state.seen],
            "outcome": None if state.outcome is None else state.outcome.dump(),
            "draw_offer": state.draw_offer,
            "drawn_run": state.drawn_run,
        }

    def _load_state(self, data: Mapping[str, JSON]) -> BushiState:
        try:
            settings = self.settings_of(data["settings"])
        except InvalidSettingsError as exc:
            raise CodecError() from exc
        black, white = (None if c is None else Orientation.parse(c) for c in data["cubes"])
        if black is None and white is not None:
            raise CodecError()
        seen: list[tuple[Position, int]] = []
        for b, w, side, n in data["seen"]:
            seen.append(((Orientation.parse(b), Orientation.parse(w), _seat(side)), _count_of(n)))
        raw_outcome = data["outcome"]
        draw_offer = data["draw_offer"]
        ply, drawn_run = data["ply"], data["drawn_run"]
        if type(ply) is not int or ply < 0 or type(drawn_run) is not int or drawn_run < 0:
            raise CodecError()
        return BushiState(
            settings=settings,
            cubes=(black, white),
            to_move=_seat(data["to_move"]),
            ply=ply,
            seen=tuple(sorted(seen, key=_position_key)),
            outcome=None if raw_outcome is None else Outcome.load(raw_outcome),
            draw_offer=None if draw_offer is None else _seat(draw_offer),
            drawn_run=drawn_run,
        )


_MATE = Text("詰み！{seat}は刀から逃れられない。", "Mate! {seat} cannot escape the sword.")
_REPETITION = Text(
    "同一局面が{n}回目になりました（千日手）。",
    "The same position occurred for the {n}th time (repetition).",
)


_DEAD_DRAW = Text(
    "{seat}が打ち切りによる引き分けを宣言しました（どちらも勝ちを強制できない局面が各{n}手続いた）。",
    "{seat} claimed a dead draw (neither side could force a win for {n} moves each).",
)


def _run_after(before: BushiState, after: BushiState) -> int:
    """The run of drawn plies once ``after``'s position (both cubes placed) is reached."""
    mover, other = after.mover_and_opponent()
    return next_run(before.drawn_run, is_drawn(mover, other, after.cube))


def _with(
    cubes: tuple[Orientation | None, Orientation | None], seat: Seat, orientation: Orientation
) -> tuple[Orientation | None, Orientation | None]:
    return (orientation, cubes[1]) if seat == BLACK else (cubes[0], orientation)


def _seat(value: JSON) -> Seat:
    if value not in (BLACK, WHITE) or type(value) is not int:
        raise CodecError()
    return int(value)


def _count_of(value: JSON) -> int:
    if type(value) is not int or value < 1:
        raise CodecError()
    return value

"""One vocabulary (issue 8): the drop menu, the move buttons, the board, the log, refusals and
the rules help name faces, facings and moves with the same words."""

from __future__ import annotations

import itertools
import re

import pytest

from rules.bushi import (
    BushiRules,
    BushiSettings,
    BushiState,
    CubeReading,
    Drop,
    Move,
    MoveKind,
    Orientation,
    legal_drops,
    render_orientation,
)
from rules.bushi.cube import FACE_TYPE_TEXT, is_pointing, top_type
from rules.bushi.help import RULES_HELP
from rules.bushi.words import FACING_WORD, MOVE_LABEL, MOVE_NAME
from rules.core import LOCALES, IllegalActionError, Locale

RULES = BushiRules()
BLACK, WHITE = 0, 1
#: A face id as the cube table spells it, or a move code: neither belongs in a player's text.
CODE = re.compile(r"\b(T0|F1|R2|L3|F4|R5|ROT|FWD|LEFT|RIGHT)\b")
SELECT_LABEL_LIMIT = 100  # Discord's limit for a select option's label and description


def o(code: str) -> Orientation:
    return Orientation.parse(code)


def placed(black: str, white: str, to_move: int = BLACK, cube: str = "seed") -> BushiState:
    position = (o(black), o(white), to_move)
    settings = BushiSettings(CubeReading(cube))
    return BushiState(settings, (o(black), o(white)), to_move, 2, ((position, 1),))


def drop_states(cube: CubeReading) -> list[BushiState]:
    """Black about to drop, and White about to drop after each of Black's drops."""
    empty = RULES.new_game({"cube": cube.value}, 0)
    whites = [RULES.apply(empty, BLACK, Drop(x.face, x.facing)).state for x in legal_drops(cube)]
    return [empty, *whites]


@pytest.mark.parametrize(("cube", "locale"), list(itertools.product(CubeReading, LOCALES)))
def test_drop_labels_are_unique_short_and_free_of_codes(cube: CubeReading, locale: Locale) -> None:
    for state in drop_states(cube):
        drops = RULES.legal_actions(state, state.to_move)
        assert len(drops) == 16
        labels = [RULES.action_label(drop, locale) for drop in drops]
        # A phone cuts a menu label near 40 characters: what differs comes first.
        for cut in (25, 40, None):
            assert len({label[:cut] for label in labels}) == len(labels), labels
        for drop, label in zip(drops, labels, strict=True):
            assert isinstance(drop, Drop)
            assert len(label) <= SELECT_LABEL_LIMIT
            assert not CODE.search(label), label
            # The menu's own action and a parsed code label the same under the state's reading.
            parsed = RULES.parse_action(RULES.format(drop))
            assert isinstance(parsed, Drop)
            assert RULES.drop_label(state, parsed, locale) == label
            description = RULES.action_description(state, drop, locale)
            assert len(description) <= SELECT_LABEL_LIMIT
            assert not CODE.search(description)


def test_parsed_drops_without_a_reading_still_have_short_code_free_labels() -> None:
    for orientation, locale in itertools.product(legal_drops(CubeReading.SEED), LOCALES):
        label = RULES.action_label(RULES.parse_action(f"D-{orientation.code}"), locale)
        assert len(label) <= SELECT_LABEL_LIMIT and not CODE.search(label)


@pytest.mark.parametrize(("cube", "locale"), list(itertools.product(CubeReading, LOCALES)))
def test_drop_labels_use_the_boards_words(cube: CubeReading, locale: Locale) -> None:
    """The face's kanji name and the facing's arrow in the label, and the facing word exactly
    as the board prints it next to the picture in the description (forward = up for the
    dropper, as in the menu's arrows); English adds the kanji name's gloss there."""
    state = RULES.new_game({"cube": cube.value}, 0)
    for orientation in legal_drops(cube):
        drop = Drop(orientation.face, orientation.facing, cube)
        label = RULES.action_label(drop, locale)
        description = RULES.action_description(state, drop, locale)
        board_type, board_facing, _ = (
            line.split("  ", 1)[1]
            for line in render_orientation(orientation, cube, locale).splitlines()
        )
        kind = top_type(orientation, cube)
        assert label.startswith(FACE_TYPE_TEXT[kind].ja)
        if locale == "en":
            assert board_type == f"{FACE_TYPE_TEXT[kind].ja} {FACE_TYPE_TEXT[kind].en}"
            assert description.startswith(FACE_TYPE_TEXT[kind].en)  # "three swords"
        arrow, facing_word = board_facing.split(" ", 1)
        assert facing_word == FACING_WORD[orientation.facing](locale)
        assert arrow in label and facing_word in description


def test_example_drop_labels() -> None:
    seed = {RULES.format(d): d for d in RULES.legal_actions(RULES.new_game(None, 0), BLACK)}
    assert RULES.action_label(seed["D-T0-B"], "en") == ("三方払い up, facing ↓")
    assert RULES.action_label(seed["D-L3-L"], "ja") == "左構えが上・左向き ←"
    # 正面打ち has two faces: the same top, told apart by where 三方払い is.
    assert RULES.action_label(seed["D-F1-B"], "en") == ("正面打ち up, facing ↓ (三方払い far)")
    assert RULES.action_label(seed["D-F4-B"], "en") == ("正面打ち up, facing ↓ (三方払い left)")
    assert RULES.action_label(seed["D-R5-R"], "ja") == ("右構えが上・右向き →・三方払いは下の面")
    state = RULES.new_game(None, 0)
    assert RULES.action_description(state, seed["D-T0-B"], "en") == (
        "three swords · samurai facing back · swords on the back, left, right edges · not pointing"
    )
    assert RULES.action_description(state, seed["D-R5-R"], "ja") == (
        "武士は右向き・後ろの辺に刀・刀は向けていない"
    )


def test_move_descriptions_say_what_the_move_leads_to() -> None:
    state = placed("F4-L", "F1-F")  # Black must turn, into 正面打ち facing forward: mate
    assert RULES.action_description(state, Move(MoveKind.ROT), "en") == (
        "sword on the forward edge · pointing at the opponent"
    )
    assert RULES.action_description(state, Move(MoveKind.ROT), "ja") == "前の辺に刀・刀を向けている"


@pytest.mark.parametrize("locale", LOCALES)
def test_help_uses_the_buttons_and_boards_words(locale: Locale) -> None:
    help_text = RULES_HELP(locale)
    for label in MOVE_LABEL.values():
        assert label(locale) in help_text
    for word in FACING_WORD.values():
        assert word(locale) in help_text
    for kind in FACE_TYPE_TEXT.values():
        assert kind.ja in help_text
    assert "**" not in help_text  # plain text: the console may show it too


@pytest.mark.parametrize("locale", LOCALES)
def test_log_lines_name_moves_as_the_buttons_do(locale: Locale) -> None:
    state = placed("T0-B", "F1-B")
    for kind in MoveKind:
        (event,) = RULES.apply(state, BLACK, Move(kind)).events
        line = RULES.describe_event(event, locale)
        # "Roll left" → "rolled left", 前に転がす → 前に転がした: the same words, as verbs.
        stem = MOVE_NAME[kind](locale).lower().replace("roll", "rolled").replace("turn", "turned")
        stem = stem.removesuffix("す")
        assert stem in line.lower(), line
        assert not CODE.search(line), line
        after = state.cubes[BLACK]
        assert after is not None
        assert FACING_WORD[after.after(kind).facing](locale) in line


@pytest.mark.parametrize("locale", LOCALES)
def test_board_and_refusals_name_forced_moves_as_the_buttons_do(locale: Locale) -> None:
    both_pointing = placed("R2-L", "L3-R")  # Black must roll left
    pointed_at = placed("R2-L", "R2-R", to_move=WHITE)  # White must turn
    for state, forced in ((both_pointing, MoveKind.LEFT), (pointed_at, MoveKind.ROT)):
        seat = state.to_move
        assert RULES.legal_actions(state, seat) == (Move(forced),)
        status = RULES.render(RULES.view_for(state, None), locale).splitlines()
        assert MOVE_NAME[forced](locale).lower() in status[-1 if locale == "ja" else -2].lower()
        other = next(k for k in MoveKind if k is not forced)
        with pytest.raises(IllegalActionError) as info:
            RULES.apply(state, seat, Move(other))
        message = info.value.message(locale)
        assert MOVE_LABEL[forced](locale) in message
        assert not CODE.search(message), message


def test_help_keeps_the_console_codes_only_in_brackets() -> None:
    for locale in LOCALES:
        for kind in MoveKind:
            assert re.search(rf"[（(]{kind.value}[）)]", RULES_HELP(locale))


ROLLS = [
    (
        MoveKind.RIGHT,
        "Black rolled right: now 右構え right guard up, samurai facing right — not pointing.",
        "先手が右に転がした：右構え（右に刀）が上・武士は右向き — 刀は向けていない。",
    ),
    (
        MoveKind.LEFT,
        "Black rolled left: now 左構え left guard up, samurai facing right — pointing at White.",
        "先手が左に転がした：左構え（左に刀）が上・武士は右向き — 後手に刀を向けている。",
    ),
    (
        MoveKind.FWD,
        "Black rolled forward: now 正面打ち front strike up, samurai facing left — not pointing.",
        "先手が前に転がした：正面打ち（前に刀）が上・武士は左向き — 刀は向けていない。",
    ),
]


@pytest.mark.parametrize(("kind", "en", "ja"), ROLLS)
def test_moves_read_as_sentences_in_the_boards_words(kind: MoveKind, en: str, ja: str) -> None:
    (event,) = RULES.apply(placed("T0-B", "F1-B"), BLACK, Move(kind)).events
    assert RULES.describe_event(event, "en") == en
    assert RULES.describe_event(event, "ja") == ja
    after = Orientation.parse(str(event.data["after"]))
    # The board says the same about the cube: its face name, facing and whether it points.
    for locale in LOCALES:
        line = RULES.describe_event(event, locale)
        assert FACING_WORD[after.facing](locale) in line
        pointing = "pointing at White" in line or "後手に刀を向けている" in line
        assert pointing == is_pointing(after, CubeReading.SEED)

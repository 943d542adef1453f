"""武士将棋's lesson says true things about its own positions: the faces step does not show the
first drop's answer, the roll step names what each roll brings up as the rules compute it, and
the last step's position is one where a dead draw may be claimed."""

from __future__ import annotations

from rules.bushi import BushiRules, MoveKind
from rules.bushi.cube import FACE_TYPE_TEXT, top_type
from rules.bushi.lesson import LESSON
from rules.bushi.words import FACING_WORD
from rules.core.lesson import LessonStep

R = BushiRules()


def step(title_en: str) -> LessonStep:
    return next(s for s in LESSON.steps if s.title.en == title_en)


def test_the_faces_picture_does_not_give_away_the_first_drop() -> None:
    faces, first_drop = LESSON.steps[0], LESSON.steps[1]
    shown = faces.position.build(R)
    assert not any(shown.cubes[0] == R.parse(code).orientation for code in first_drop.taught)


def test_the_roll_step_names_what_each_roll_brings_up() -> None:
    rolls = step("What a roll brings up")
    state = rolls.position.build(R)
    mine = state.cubes[rolls.seat]
    assert mine is not None
    for locale in ("ja", "en"):
        body = rolls.body(locale)
        said = body[body.index(FACING_WORD[mine.facing](locale)) :]
        for kind in (MoveKind.FWD, MoveKind.LEFT, MoveKind.RIGHT):
            after = mine.after(kind)
            face = FACE_TYPE_TEXT[top_type(after, state.cube)].ja
            facing = FACING_WORD[after.facing](locale)
            at = said.index(face)
            assert said[at:].index(facing) < 12, (locale, kind)
            said = said[at + len(face) :]


def test_the_last_step_claims_a_dead_draw() -> None:
    last = LESSON.steps[-1]
    state = last.position.build(R)
    assert state.may_claim_draw and state.to_move == last.seat
    after = R.apply(state, last.seat, R.parse(last.taught[0])).state
    assert after.outcome is not None and after.outcome.reason == "dead_draw"

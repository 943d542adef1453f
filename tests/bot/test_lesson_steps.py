"""Every step of every lesson, replayed through the rules engine: its position is reached by
legal moves, the move it teaches is legal and offered as the game offers it, and the moves it
shows as forbidden are refused by the rules. A rules change breaks this, not a lesson."""

from __future__ import annotations

import re

import pytest

from bot.games.lessons import all_lessons, lesson_for
from bot.games.spec import AnySpec
from bot.pictures import canvas
from bot.ui.lesson_cards import offered_choices, paint, position_of
from rules.core import LOCALES, IllegalActionError
from rules.core.lesson import Lesson, LessonStep
from rules.core.lesson_time import LIMIT_MINUTES, lesson_minutes
from rules.core.text import Locale, Text

LESSONS = all_lessons()
STEPS = [
    pytest.param(spec, lesson, index, step, id=f"{lesson.key}-{index}")
    for spec, lesson in LESSONS
    for index, step in enumerate(lesson.steps)
]


def test_every_game_has_a_lesson_and_keys_are_unique() -> None:
    keys = [lesson.key for _, lesson in LESSONS]
    assert len(keys) == len(set(keys))
    games = {spec.game_type for spec, _ in LESSONS}
    assert {"bushi", "senretsu", "yosukou"} <= games
    assert lesson_for("yosukou:simplified") is not None
    for _, lesson in LESSONS:
        assert 3 <= len(lesson.steps) <= 16, lesson.key  # a lesson of minutes, not an hour


def offered_codes(spec: AnySpec, step: LessonStep, state: object) -> set[str]:
    """Every move the step's controls can make: buttons and menus, at every sub-step, and
    the prefix of a move that asks for a number."""
    top = offered_choices(spec, step, state, "en")
    codes: set[str] = set()
    for sub_step in [None, *(c.step for c in top if c.step)]:
        for choice in offered_choices(spec, step, state, "en", sub_step):
            if choice.code:
                codes.add(choice.code)
            if choice.number is not None:
                codes.add(choice.number.prefix + "#")
    return codes


def is_offered(code: str, codes: set[str]) -> bool:
    return code in codes or any(
        c.endswith("#") and code.startswith(c[:-1]) and code[len(c) - 1 :].isdigit() for c in codes
    )


@pytest.mark.parametrize(("spec", "lesson", "index", "step"), STEPS)
def test_step_replays_through_the_rules(
    spec: AnySpec, lesson: Lesson, index: int, step: LessonStep
) -> None:
    rules = spec.rules
    state = position_of(spec, step).state  # raises if a move on the way is no longer legal
    for text in (step.title, step.body, step.hint, step.done):
        for locale in LOCALES:
            assert text is None or text(locale).strip(), (lesson.key, index)
    if not step.teaches_move:
        assert not step.tempting and step.hint is None
        return
    assert step.hint is not None, "a step that teaches a move says what to look for"
    assert step.seat in rules.to_act(state)
    legal = {rules.format(a) for a in rules.legal_actions(state, step.seat)}
    codes = offered_codes(spec, step, state)
    for code in step.taught:
        assert code in legal, f"{lesson.key} step {index + 1}: {code} is not legal"
        assert is_offered(code, codes), f"{lesson.key} step {index + 1}: {code} is not offered"
    for code in step.tempting:
        assert code not in legal
        with pytest.raises(IllegalActionError):
            rules.apply(state, step.seat, rules.parse(code))
        assert code in codes  # the forbidden move is offered, so the rules can refuse it


def test_a_card_says_when_the_board_changed_under_the_learner() -> None:
    bushi = lesson_for("bushi")
    assert bushi is not None
    steps = bushi[1].steps
    drop = next(i for i, s in enumerate(steps) if s.tempting and s.taught[0].startswith("D-"))
    assert bushi[1].jump(drop + 1) == "later"  # White dropped meanwhile
    assert bushi[1].jump(0) is None
    forced = next(i for i, s in enumerate(steps) if s.tempting and s.seat == 1)
    assert bushi[1].jump(forced) is None  # the position the step before showed


@pytest.mark.parametrize("locale", LOCALES)
def test_every_lesson_takes_at_most_ten_minutes_by_the_estimate(locale: Locale) -> None:
    for _, lesson in LESSONS:
        minutes = lesson_minutes(lesson, locale)
        assert 2 < minutes <= LIMIT_MINUTES, (lesson.key, locale, round(minutes, 1))


def test_the_estimate_counts_reading_looking_and_moves() -> None:
    [(_, bushi)] = [(s, lesson) for s, lesson in LESSONS if lesson.key == "bushi"]
    shown = bushi.steps[0]
    assert not shown.teaches_move
    page = LessonStep(Text("あ" * 450, "a" * 1000), Text("", ""), shown.position)
    longer = Lesson(bushi.key, bushi.title, (*bushi.steps, page))
    # 450 Japanese characters are a minute, and the picture 10 s more.
    added = lesson_minutes(longer, "ja") - lesson_minutes(bushi, "ja")
    assert abs(added - (1 + 10 / 60)) < 1e-9
    moving = bushi.steps[next(i for i, s in enumerate(bushi.steps) if s.teaches_move)]
    with_move = Lesson(bushi.key, bushi.title, (*bushi.steps, moving))
    assert lesson_minutes(with_move, "en") - lesson_minutes(bushi, "en") > (10 + 10) / 60


PANEL_STEPS = [
    pytest.param(spec, step, id=f"{lesson.key}-{index}")
    for spec, lesson in LESSONS
    if spec.panel_picture is not None
    for index, step in enumerate(lesson.steps)
]


@pytest.mark.parametrize(("spec", "step"), PANEL_STEPS)
def test_a_step_drawn_from_a_hand_shows_the_field_too(spec: AnySpec, step: LessonStep) -> None:
    """A lesson of a game played from a hand (戦列札) draws the learner's panel: every step's
    picture shows both sides' lines about the front — janken's the two decks, a hit on the
    deck the field it hit (issue 31: those were a hand alone, or nearly nothing)."""
    position = position_of(spec, step)
    for locale, front in (("en", "front"), ("ja", "前線")):
        with canvas.watching() as canvases:
            assert paint(spec, step, position, locale) is not None
        lines = [drawn.text for made in canvases for drawn in made.texts]
        assert front in lines
        decks = [line for line in lines if line.startswith(("deck ", "山札 "))]
        assert len(decks) == 2, lines
        # The card says "Player 1": so does the picture, not P1.
        seat = spec.rules.seat_name(step.seat, locale)
        assert any(seat in line for line in lines)
        assert not [line for line in lines if re.search(r"(?<![A-Za-z0-9])P[12](?![0-9])", line)]


def test_a_solitaire_s_lesson_names_no_challenge_and_options_as_its_command_does() -> None:
    """A game played alone has no challenge nor opponent (issue 31: 易双六's lesson said the
    戦乱置換 count came from "a challenge's war option"), and an option is named as the reader's
    own client shows it: never the English name inside the Japanese text."""
    solitaires = [(spec, lesson) for spec, lesson in LESSONS if spec.solitaire]
    assert solitaires
    for spec, lesson in solitaires:
        english_only = [
            re.compile(rf"(?<![A-Za-z_]){re.escape(o.name.en)}(?![A-Za-z_])")
            for o in spec.options
            if o.name.en != o.name.ja
        ]
        for step in lesson.steps:
            english, japanese = step.body("en").lower(), step.body("ja")
            assert "challenge" not in english and "opponent" not in english
            assert "挑戦" not in japanese and "対戦相手" not in japanese
            assert not [p.pattern for p in english_only if p.search(japanese)], step.body("ja")


def test_an_english_lesson_calls_its_game_by_its_english_name() -> None:
    """The English lesson is titled Youscout: its steps say Youscout too, not 易双六 (issue
    31's read-through: "What differs from 易双六" under "Simplified Youscout")."""
    for spec, lesson in LESSONS:
        japanese = spec.title.ja
        if japanese == spec.title.en:
            continue
        for step in lesson.steps:
            assert japanese not in step.title("en") + step.body("en"), step.title("en")

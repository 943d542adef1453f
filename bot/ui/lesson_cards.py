"""A lesson's step as one card: its picture (the game's own painter) or text board, the step's
words, and the position's moves offered as the game offers them — plus, where a step shows a
rule that forbids something, the forbidden moves, so the rules can refuse them. Its controls
carry the lesson and the step they belong to, so a click (``bot/cogs/learn.py``) needs nothing
remembered in the process.

custom_id layouts (≤ 100 characters):

- ``lm:<lesson>:<step>:<choice>``  a move button: a move code, ``~step`` or ``#number-prefix``
- ``lms:<lesson>:<step>:<n>``      select menu ``n``; its values are choices as above
- ``ln:<lesson>:<step>``           Next (after a step that only shows)
- ``lnum:<lesson>:<step>:<prefix>`` the form asking for a number (a joker's range)
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.games.offers import Choice, Offer, default_offers
from bot.games.spec import AnySpec
from bot.i18n import tr
from bot.ui.boards import Board
from bot.ui.components import (
    CHOICE,
    CODE,
    DrawnButton,
    DrawnSelect,
    NumberInputForm,
    choice_value,
    submitted_number,
)
from bot.ui.layout import BUTTONS_PER_ROW, STYLES, Card, Row, menu_options
from rules.core import Event, Locale
from rules.core.lesson import Lesson, LessonStep

#: A lesson's key: a game's registry key, or ``<game>:<variant>``.
LESSON_KEY = r"[a-z0-9_]{1,24}(?::[a-z0-9_]{1,20})?"
NUMBER_FORM = re.compile(
    rf"lnum:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<prefix>{CODE})"
)


class LessonMoveButton(DrawnButton):
    template = rf"lm:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<code>{CHOICE})"

    def __init__(
        self,
        lesson: str,
        step: int,
        code: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(label=label[:80], style=style, custom_id=f"lm:{lesson}:{step}:{code}")


class LessonMoveSelect(DrawnSelect):
    template = rf"lms:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<n>[0-9])"

    def __init__(
        self,
        lesson: str,
        step: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"lms:{lesson}:{step}:{number}", options, placeholder)


class LessonNextButton(DrawnButton):
    template = rf"ln:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}})"

    def __init__(self, lesson: str, step: int, label: str = "…") -> None:
        super().__init__(
            label=label, style=discord.ButtonStyle.success, custom_id=f"ln:{lesson}:{step}"
        )


class LessonNumberForm(NumberInputForm):
    """Asks a lesson's learner for a number (a joker's range); answered from its custom_id by
    the client's interaction listener (``lesson_number_answer``), so it survives a restart."""

    def __init__(
        self, lesson: str, step: int, prefix: str, title: str, label: str, high: int
    ) -> None:
        super().__init__(f"lnum:{lesson}:{step}:{prefix}", title, label, high)


def lesson_number_answer(interaction: discord.Interaction) -> tuple[str, int, str, str] | None:
    """(lesson, step, prefix, typed text) of a submitted lesson number form, else ``None``."""
    submitted = submitted_number(interaction, NUMBER_FORM)
    if submitted is None:
        return None
    match, typed = submitted
    return match["lesson"], int(match["step"]), match["prefix"], typed


PICTURE = "lesson.png"
#: A lesson's accent: the colour of a page in a book.
ACCENT = 0x3B82F6


@dataclass(frozen=True, slots=True)
class StepPosition:
    """A step's position as the engine made it: the state and its last move's events."""

    state: Any
    events: tuple[Event, ...]


def position_of(spec: AnySpec, step: LessonStep) -> StepPosition:
    state, events = step.position.build_with_events(spec.rules)
    return StepPosition(state, tuple(e for e in events if e.visible_for(step.seat)))


def step_offers(
    spec: AnySpec, step: LessonStep, state: Any, locale: Locale, sub_step: str | None = None
) -> list[Offer]:
    """The position's moves as the game offers them (its panel's, or its board's), with the
    step's forbidden moves among the first offer's choices."""
    rules = spec.rules
    if spec.panel is not None:
        offers = list(spec.panel(rules, state, step.seat, locale, sub_step).offers)
    else:
        legal = rules.legal_actions(state, step.seat)
        offer = spec.board_offers or default_offers
        offers = list(offer(rules, state, step.seat, legal, locale))
    if step.tempting:
        tempting = tuple(
            Choice(rules.action_label(rules.parse(code), locale), code) for code in step.tempting
        )
        if offers:
            offers[0] = replace(offers[0], choices=offers[0].choices + tempting)
        else:
            offers.append(Offer(tempting))
    return offers


def offered_choices(
    spec: AnySpec, step: LessonStep, state: Any, locale: Locale, sub_step: str | None = None
) -> list[Choice]:
    return [c for o in step_offers(spec, step, state, locale, sub_step) for c in o.choices]


def lesson_rows(lesson: Lesson, index: int, offers: Sequence[Offer]) -> list[Row]:
    """``offers`` as rows of lesson controls: a menu alone on its row, buttons five a row."""
    rows: list[Row] = []
    for number, offer in enumerate(offers):
        if offer.as_select:
            options = menu_options(offer)
            rows.append(
                [LessonMoveSelect(lesson.key, index, number, options, offer.placeholder or None)]
            )
            continue
        for start in range(0, len(offer.choices), BUTTONS_PER_ROW):
            rows.append(
                [
                    LessonMoveButton(
                        lesson.key, index, choice_value(c), c.label, STYLES[offer.style]
                    )
                    for c in offer.choices[start : start + BUTTONS_PER_ROW]
                ]
            )
    return rows[:5]


def board_words(spec: AnySpec, step: LessonStep, state: Any, locale: Locale) -> str:
    """The position in words: the seat's panel for a game played from one, else its board —
    in full before the first move (as the game's own board: choosing needs every value),
    short after it."""
    rules = spec.rules
    if spec.panel is not None:
        return spec.panel(rules, state, step.seat, locale, None).text
    render = rules.render if not step.position.moves else rules.render_compact
    return render(rules.view_for(state, step.seat), locale)


def paint(spec: AnySpec, step: LessonStep, position: StepPosition, locale: Locale) -> bytes | None:
    """The game's own picture of the position, as ``step.seat`` sees it; none for a game
    without one."""
    view = spec.rules.view_for(position.state, step.seat)
    # No one is named in a lesson: where the pictures would write a seat's short tag (P1),
    # they write the seat as the card's words do (Player 1).
    rules = spec.rules
    names = [rules.seat_name(s, locale) for s in range(rules.seats)] if spec.seat_labels else []
    if spec.panel is not None and spec.panel_picture is not None:
        return spec.panel_picture(view, locale, names)
    if spec.board_picture is not None:
        return spec.board_picture(view, locale, position.events, names)
    return None


async def step_board(
    spec: AnySpec,
    lesson: Lesson,
    index: int,
    locale: Locale,
    *,
    pictures: bool,
    note: str = "",
    sub_step: str | None = None,
) -> Board:
    """Step ``index`` of ``lesson`` as a card, with ``note`` (how the last try went) on top."""
    step = lesson.steps[index]
    position = position_of(spec, step)
    words = board_words(spec, step, position.state, locale)
    drawn = await asyncio.to_thread(paint, spec, step, position, locale) if pictures else None
    status = [note] if note else []
    jump = lesson.jump(index)
    status.append((tr(f"lesson.{jump}", locale) + "\n" if jump else "") + step.body(locale))
    if spec.rules.seats > 1:
        status.append(tr("lesson.you_play", locale, seat=spec.rules.seat_name(step.seat, locale)))
    if step.teaches_move:
        if spec.panel is not None:
            status.append(spec.panel(spec.rules, position.state, step.seat, locale, None).prompt)
        status.append(tr("lesson.your_move", locale))
        offers = step_offers(spec, step, position.state, locale, sub_step)
        rows = lesson_rows(lesson, index, offers)
    else:
        last = index + 1 == len(lesson.steps)
        label = tr("lesson.finish" if last else "lesson.next", locale)
        rows = [[LessonNextButton(lesson.key, index, label)]]
    card = Card(
        heading=tr(
            "lesson.heading",
            locale,
            lesson=lesson.title(locale),
            step=index + 1,
            steps=len(lesson.steps),
            title=step.title(locale),
        ),
        status="\n\n".join(status),
        picture=PICTURE if drawn is not None else None,
        picture_alt=words,
        text_board=None if drawn is not None else words,
        rows=rows,
        accent=ACCENT,
    )
    return Board(card.view(), drawn, PICTURE)


def finished_board(lesson: Lesson, locale: Locale, note: str = "") -> Board:
    card = Card(
        heading=tr("lesson.done_title", locale, lesson=lesson.title(locale)),
        status="\n\n".join(filter(None, [note, tr("lesson.done", locale)])),
        accent=ACCENT,
    )
    return Board(card.view())

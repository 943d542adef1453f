"""``/learn``: a lesson in one private message that redraws itself step by step. A move is
played through the rules; the taught move leads on, any other is refused with why (the rules'
own words when they forbid it, the step's hint when it is legal but not the lesson) and the
step stays for another try. Where the learner is, is stored at every step, so ``/learn``
resumes there — after a restart too, since every control carries its lesson and step."""

from __future__ import annotations

import discord

from bot.errors import FriendlyError
from bot.games.lessons import lesson_for
from bot.games.offers import NumberPrompt
from bot.games.spec import AnySpec
from bot.i18n import tr
from bot.text.lessons import UNKNOWN_LESSON
from bot.ui.boards import Board
from bot.ui.common import refuse_number, user_locale
from bot.ui.context import Services
from bot.ui.lesson_cards import (
    LessonNumberForm,
    finished_board,
    offered_choices,
    position_of,
    step_board,
)
from rules.core import Locale, RulesError
from rules.core.lesson import Lesson


def _find(key: str, index: int | None = None) -> tuple[AnySpec, Lesson]:
    found = lesson_for(key)
    if found is None or (index is not None and not 0 <= index < len(found[1].steps)):
        raise FriendlyError(UNKNOWN_LESSON)
    return found


class Lessons:
    def __init__(self, services: Services) -> None:
        self.services = services

    async def _board(
        self,
        interaction: discord.Interaction,
        found: tuple[AnySpec, Lesson],
        index: int,
        note: str = "",
        sub_step: str | None = None,
    ) -> Board:
        spec, lesson = found
        locale = user_locale(interaction)
        if index >= len(lesson.steps):
            return finished_board(lesson, locale, note)
        pictures = (await self.services.standings.prefs(interaction.user.id)).pictures
        return await step_board(
            spec, lesson, index, locale, pictures=pictures, note=note, sub_step=sub_step
        )

    async def open_lesson(self, interaction: discord.Interaction, key: str) -> None:
        """Start the lesson, or resume it where the learner left it (a finished one starts
        afresh)."""
        found = _find(key)
        lessons = self.services.lessons
        progress = await lessons.progress(interaction.user.id, key)
        index, note = 0, ""
        if not progress.finished and 0 < progress.step < len(found[1].steps):
            index = progress.step
            note = tr(
                "lesson.resumed",
                user_locale(interaction),
                step=index + 1,
                steps=len(found[1].steps),
            )
        else:
            await lessons.reach(interaction.user.id, key, 0)
        board = await self._board(interaction, found, index, note)
        await interaction.response.send_message(view=board.view, files=board.files, ephemeral=True)

    async def _show(
        self,
        interaction: discord.Interaction,
        found: tuple[AnySpec, Lesson],
        index: int,
        note: str = "",
        sub_step: str | None = None,
    ) -> None:
        if not interaction.response.is_done():
            await interaction.response.defer()
        board = await self._board(interaction, found, index, note, sub_step)
        await board.replace_response(interaction)

    async def _advance(
        self, interaction: discord.Interaction, found: tuple[AnySpec, Lesson], index: int, note: str
    ) -> None:
        """On to step ``index`` (past the last: the lesson is done), remembered first."""
        await interaction.response.defer()
        finished = index >= len(found[1].steps)
        await self.services.lessons.reach(
            interaction.user.id, found[1].key, index, finished=finished
        )
        await self._show(interaction, found, index, note)

    async def next_step(self, interaction: discord.Interaction, key: str, index: int) -> None:
        await self._advance(interaction, _find(key, index), index + 1, "")

    async def answer_choice(
        self, interaction: discord.Interaction, key: str, index: int, value: str
    ) -> None:
        """A move, a step of a longer choice (``~step``) or a number to ask for (``#prefix``)."""
        found = _find(key, index)
        if value.startswith("~"):
            await self._show(interaction, found, index, sub_step=value[1:])
        elif value.startswith("#"):
            await self._ask_number(interaction, found, index, value[1:])
        else:
            await self._try(interaction, found, index, value)

    async def answer_number(
        self, interaction: discord.Interaction, key: str, index: int, prefix: str, typed: str
    ) -> None:
        found = _find(key, index)
        prompt = self._number_prompt(found, index, prefix, user_locale(interaction))
        move = prompt.move(typed)
        if move is None:
            await refuse_number(interaction, prompt)
            return
        await self._try(interaction, found, index, move)

    def _number_prompt(
        self, found: tuple[AnySpec, Lesson], index: int, prefix: str, locale: Locale
    ) -> NumberPrompt:
        spec, lesson = found
        step = lesson.steps[index]
        state = position_of(spec, step).state
        top = offered_choices(spec, step, state, locale)
        for sub_step in [None, *(c.step for c in top if c.step)]:
            for choice in offered_choices(spec, step, state, locale, sub_step):
                if choice.number is not None and choice.number.prefix == prefix:
                    return choice.number
        raise FriendlyError(UNKNOWN_LESSON)

    async def _ask_number(
        self,
        interaction: discord.Interaction,
        found: tuple[AnySpec, Lesson],
        index: int,
        prefix: str,
    ) -> None:
        prompt = self._number_prompt(found, index, prefix, user_locale(interaction))
        await interaction.response.send_modal(
            LessonNumberForm(found[1].key, index, prefix, prompt.title, prompt.label, prompt.high)
        )

    async def _try(
        self, interaction: discord.Interaction, found: tuple[AnySpec, Lesson], index: int, code: str
    ) -> None:
        """Play ``code`` in the step's position: the taught move leads on, anything else is
        refused with why and the step stays."""
        spec, lesson = found
        step = lesson.steps[index]
        locale = user_locale(interaction)
        rules = spec.rules
        position = position_of(spec, step)
        hint = tr("lesson.hint", locale, hint=step.hint(locale)) if step.hint else ""
        try:
            _, events = rules.apply(position.state, step.seat, rules.parse(code))
        except RulesError as error:
            why = tr("lesson.refused", locale, why=error.message(locale))
            await self._show(
                interaction, found, index, _lines(why, hint, tr("lesson.try_again", locale))
            )
            return
        if code not in step.taught:
            wrong = tr("lesson.wrong", locale)
            await self._show(
                interaction, found, index, _lines(wrong, hint, tr("lesson.try_again", locale))
            )
            return
        # What the move did, with its working where the game explains one (易双六's sums).
        said = [
            line
            for e in events
            if e.visible_for(step.seat)
            for line in rules.explain_in_words(e, locale) or [rules.describe_event(e, locale)]
        ]
        done = step.done(locale) if step.done else ""
        note = _lines(tr("lesson.right", locale) + (" " + done if done else ""), *said)
        await self._advance(interaction, found, index + 1, note)


def _lines(*lines: str) -> str:
    return "\n".join(line for line in lines if line)

"""Puzzle cards in Discord: a private card with the position (the game's own picture, or its
text board), the question and a menu of the legal answers; an answer is judged with why, then
the next puzzle. Cards are ephemeral, so they never fill a channel ("Receiving and Responding
— Interaction Callback Data": flag EPHEMERAL), and each click edits the clicker's own card
(the clicks: ``bot/cogs/puzzles.py``).

The custom_ids of its controls (≤ 100 characters; a game key, a puzzle id and a day only):

- ``pza:<game key>:<puzzle id>:<day>``  the answer menu; its values are action codes
- ``pzv:<game key>:<puzzle id>:<day>:<t|p>``  show the position as text or as a picture
- ``pzn:<game key>``  the next puzzle near the player's rating

``<day>`` is ``YYYYMMDD`` on a daily puzzle's card (the day it is the server's daily puzzle),
``-`` on any other.
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.i18n import tr
from bot.services.puzzles import PuzzleRef, Verdict
from bot.ui.common import (
    MAX_CONTENT,
    NO_PINGS,
    answer_verdict,
    clip,
    installed_guild_id,
    user_locale,
)
from bot.ui.components import DrawnButton, DrawnSelect
from bot.ui.context import Services
from bot.ui.easel import EASEL
from bot.ui.mistakes import offer
from rules.core import Locale

GAME_KEY = r"[a-z_]+(?::[a-z_]+)?"
PUZZLE_ID = r"[A-Za-z0-9_\-]{1,32}"
DAY = r"[0-9]{8}|-"
#: How the position is shown.
TEXT, PICTURE = "t", "p"


def day_token(day: str | None) -> str:
    return "-" if day is None else day.replace("-", "")


def day_of(token: str) -> str | None:
    return None if token == "-" else f"{token[:4]}-{token[4:6]}-{token[6:]}"


class PuzzleAnswerSelect(DrawnSelect):
    template = rf"pza:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY})"

    def __init__(
        self,
        game_key: str,
        puzzle_id: str,
        day: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"pza:{game_key}:{puzzle_id}:{day}", options, placeholder)


class PuzzleShowButton(DrawnButton):
    template = rf"pzv:(?P<game>{GAME_KEY}):(?P<id>{PUZZLE_ID}):(?P<day>{DAY}):(?P<mode>[tp])"

    def __init__(
        self, game_key: str, puzzle_id: str, day: str, mode: str, label: str = "…"
    ) -> None:
        super().__init__(
            label=label[:80],
            style=discord.ButtonStyle.secondary,
            custom_id=f"pzv:{game_key}:{puzzle_id}:{day}:{mode}",
        )


class PuzzleNextButton(DrawnButton):
    template = rf"pzn:(?P<game>{GAME_KEY})"

    def __init__(self, game_key: str, label: str = "…") -> None:
        super().__init__(
            label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"pzn:{game_key}"
        )


#: Discord's limits on a select menu's options and their labels ("Component Reference").
MAX_OPTIONS = 25
MAX_LABEL = 100
PUZZLE_COMMAND = "</puzzle>"


def _stars(difficulty: int) -> str:
    return "★" * difficulty + "☆" * (5 - difficulty)


def _title(ref: PuzzleRef, locale: Locale) -> str:
    game = ref.spec.variant(ref.game_key)
    name = game.title(locale) if game is not None else ref.spec.title(locale)
    if ref.daily is not None:
        return tr(
            "puzzle.daily_title",
            locale,
            day=ref.daily,
            game=name,
            stars=_stars(ref.puzzle.difficulty),
        )
    return tr(
        "puzzle.title",
        locale,
        game=name,
        stars=_stars(ref.puzzle.difficulty),
        rating=round(ref.rating),
    )


async def _picture(ref: PuzzleRef, state: Any, locale: Locale) -> bytes | None:
    """The position as the game's painter draws it for the answering seat (its own panel
    where the game keeps hands secret: the puzzle shows the hands anyway)."""
    spec = ref.spec
    view = spec.rules.view_for(state, ref.puzzle.seat)
    if spec.panel_picture is not None:
        return await EASEL.draw(spec.panel_picture, view, locale)
    if spec.board_picture is not None:
        return await EASEL.draw(spec.board_picture, view, locale, ())
    return None


def answer_menu(ref: PuzzleRef, state: Any, locale: Locale) -> PuzzleAnswerSelect:
    rules = ref.spec.rules
    options = []
    for code in ref.book.choices(ref.puzzle, state)[:MAX_OPTIONS]:
        action = rules.parse(code)
        label = rules.action_label(action, locale)
        described = rules.action_description(state, action, locale)
        options.append(
            discord.SelectOption(
                label=label[:MAX_LABEL],
                value=code,
                description=described[:MAX_LABEL] if described else None,
            )
        )
    return PuzzleAnswerSelect(
        ref.game_key, ref.puzzle.id, day_token(ref.daily), options, tr("puzzle.choose", locale)
    )


async def puzzle_card(
    ref: PuzzleRef, locale: Locale, mode: str, verdict_text: str = "", *, paint: bool = True
) -> tuple[str, discord.ui.View, list[discord.File]]:
    """The card's words, controls and picture (``paint=False``: the card keeps the picture it
    has, and none is drawn)."""
    state = ref.puzzle.position(ref.spec.rules)
    parts = [f"**{_title(ref, locale)}**"]
    files: list[discord.File] = []
    picture = await _picture(ref, state, locale) if mode == PICTURE and paint else None
    if mode == TEXT or (paint and picture is None):
        board = ref.spec.rules.render(ref.spec.rules.view_for(state, ref.puzzle.seat), locale)
        parts.append(f"```\n{board}\n```")
    elif picture is not None:
        files.append(discord.File(io.BytesIO(picture), filename="puzzle.png"))
    parts.append(ref.book.question(ref.puzzle, locale))
    if verdict_text:
        parts.append(verdict_text)
    view = discord.ui.View(timeout=None)
    view.add_item(answer_menu(ref, state, locale))
    other = TEXT if mode == PICTURE else PICTURE
    view.add_item(
        PuzzleShowButton(
            ref.game_key,
            ref.puzzle.id,
            day_token(ref.daily),
            other,
            tr("puzzle.as_text" if other == TEXT else "puzzle.as_picture", locale),
        )
    )
    if verdict_text:
        view.add_item(PuzzleNextButton(ref.game_key, tr("puzzle.next", locale)))
    return clip("\n\n".join(parts), MAX_CONTENT), view, files


def verdict_words(ref: PuzzleRef, code: str, verdict: Verdict, locale: Locale) -> str:
    """Right or wrong, why (the proof in words), and what it counted."""
    lines = answer_verdict(
        ref.spec.rules,
        code,
        ref.puzzle.answers,
        verdict.correct,
        ("puzzle.right", "puzzle.wrong", "puzzle.why"),
        ref.book.explain(ref.puzzle, locale),
        locale,
    )
    if not verdict.counted:
        lines.append("-# " + tr("puzzle.practice", locale))
    elif verdict.rating_before is not None and verdict.rating_after is not None:
        lines.append(
            tr(
                "puzzle.rating",
                locale,
                before=round(verdict.rating_before),
                after=round(verdict.rating_after),
            )
        )
    if verdict.streak:
        lines.append(tr("puzzle.streak", locale, streak=verdict.streak, best=verdict.best_streak))
    elif verdict.streak == 0 and verdict.streak_lost:
        lines.append(
            tr("puzzle.streak_broken", locale, days=verdict.streak_lost, command=PUZZLE_COMMAND)
        )
    return "\n".join(lines)


def answered_part(content: str, question: str) -> str:
    """What a card says after its question: the verdict and the why once answered, else
    nothing. (The verdict's rating and streak were counted once, when answered: the card's own
    words are the only record of them to show again.)"""
    _, found, after = content.partition(question)
    return after.strip() if found else ""


class PuzzleCards:
    """The flows of /puzzle and its card's controls."""

    def __init__(self, services: Services) -> None:
        self.puzzles = services.puzzles
        self.mistakes = services.mistakes

    async def show_new(self, interaction: discord.Interaction, game_key: str, daily: bool) -> None:
        """A fresh private card: today's puzzle of this server, or one near the player's rating."""
        if daily:
            ref = await self.puzzles.daily(installed_guild_id(interaction), game_key)
        else:
            ref = await self.puzzles.next_for(interaction.user.id, game_key)
        locale = user_locale(interaction)
        content, view, files = await puzzle_card(ref, locale, PICTURE)
        # The player's own mistakes due for review come first, with a button to them.
        due = offer(await self.mistakes.due_count(interaction.user.id), locale)
        if due is not None:
            line, button = due
            content = clip(f"{line}\n\n{content}", MAX_CONTENT)
            view.add_item(button)
        await interaction.response.send_message(
            content, view=view, files=files, ephemeral=True, allowed_mentions=NO_PINGS
        )

    async def show_next(self, interaction: discord.Interaction, game_key: str) -> None:
        """The next puzzle near the player's rating, in place of the answered card."""
        ref = await self.puzzles.next_for(interaction.user.id, game_key)
        content, view, files = await puzzle_card(ref, user_locale(interaction), PICTURE)
        await interaction.response.edit_message(content=content, view=view, attachments=files)

    async def show_as(
        self,
        interaction: discord.Interaction,
        game_key: str,
        puzzle_id: str,
        day: str | None,
        mode: str,
    ) -> None:
        """The same card with the position as text, or as a picture again — an answered card
        keeps its verdict, the why and Next."""
        ref = await self.puzzles.find(game_key, puzzle_id, day)
        locale = user_locale(interaction)
        before = interaction.message.content if interaction.message is not None else ""
        verdict = answered_part(before, ref.book.question(ref.puzzle, locale))
        content, view, files = await puzzle_card(ref, locale, mode, verdict)
        await interaction.response.edit_message(content=content, view=view, attachments=files)

    async def answer(
        self,
        interaction: discord.Interaction,
        game_key: str,
        puzzle_id: str,
        day: str | None,
        code: str,
    ) -> None:
        """Judge the chosen answer and say why, on the same card (its picture stays)."""
        ref = await self.puzzles.find(game_key, puzzle_id, day)
        verdict = await self.puzzles.answer(
            interaction.user.id, installed_guild_id(interaction), ref, code
        )
        locale = user_locale(interaction)
        shown = interaction.message is not None and bool(interaction.message.attachments)
        words = verdict_words(ref, code, verdict, locale)
        content, view, _ = await puzzle_card(
            ref, locale, PICTURE if shown else TEXT, words, paint=False
        )
        await interaction.response.edit_message(content=content, view=view)

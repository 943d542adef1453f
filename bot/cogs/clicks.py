"""What every click does around its own work: it is counted as activity, acknowledged in time
as its first answer will come (:mod:`bot.ui.answering`), checked, run, and any error is said
the one way. A click is the discord.py ``DynamicItem`` registered for the template
of a control that ``bot/ui`` draws; it stands above the flows it runs, as a command does, so
that the flows draw their controls and nothing below them reaches back up."""

from __future__ import annotations

import re
from typing import Any, ClassVar, cast

import discord

from bot.i18n import tr
from bot.ui.answering import FirstAnswer, answering
from bot.ui.common import handle_error, is_panel, selected_values, send_ephemeral, user_locale
from bot.ui.context import context_of
from bot.ui.flows import GameFlows
from bot.ui.reach import OlderCopy, check_game


def flows_of(interaction: discord.Interaction) -> GameFlows:
    """The flows of the client that received ``interaction`` (it composed them)."""
    return cast(GameFlows, context_of(interaction).flows)


def panel_answer(interaction: discord.Interaction) -> FirstAnswer:
    """A private panel opens beside the message clicked, or is redrawn in place when the click
    was inside one (or on a private board, whose panel the handler acknowledges at once)."""
    return FirstAnswer.UPDATE if is_panel(interaction) else FirstAnswer.PRIVATE


def choice_answer(interaction: discord.Interaction, value: str) -> FirstAnswer:
    """A move changes the message clicked; a step shows the panel; a number opens its form."""
    if value.startswith("#"):
        return FirstAnswer.FORM
    if value.startswith("~"):
        return panel_answer(interaction)
    return FirstAnswer.UPDATE


def menu_answer(interaction: discord.Interaction) -> FirstAnswer:
    """:func:`choice_answer` of a menu's one chosen value (a move, if it is not one value)."""
    values = selected_values(interaction)
    return choice_answer(interaction, values[0] if len(values) == 1 else "")


class Guarded:
    """Every click goes through ``check``, then ``run``; errors take the one error path. A
    click on an older copy of a game's board closes that copy first. Each click says how its
    first answer comes (``answer_kind``, or ``first_answer`` where that depends on the click),
    so that a slow one is acknowledged as it will be answered."""

    answer_kind: ClassVar[FirstAnswer]

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return self.answer_kind

    async def callback(self, interaction: discord.Interaction) -> None:
        first = self.first_answer(interaction)
        context = context_of(interaction)
        async with context.activity.handling(interaction), answering(interaction, first):
            try:
                try:
                    await self.check(interaction)
                    await self.run(interaction)
                except OlderCopy as copy:
                    await flows_of(interaction).playing.close_copy(interaction, copy.game_id)
                    raise
            except Exception as error:  # the one error path decides what to say
                await handle_error(interaction, error)

    async def check(self, interaction: discord.Interaction) -> None:
        """Refuse (raise) if the custom_id names what ``interaction`` may not reach from where
        it happened (see :mod:`bot.ui.reach`); nothing to check by default."""

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class GameClick(Guarded):
    """A click naming a game: run only where that game can be reached (its channel, a
    player's DM with the bot, a private board; a finished game's views also from /history)."""

    game_id: int
    #: Only looks at a finished game (its log, replay, share or seal): also from /history.
    viewing = False

    async def check(self, interaction: discord.Interaction) -> None:
        await check_game(interaction, self.game_id, viewing=self.viewing)


class GameIdClick(GameClick):
    """The click of a :class:`bot.ui.components.GameButton` (``<prefix>:<game>``)."""

    #: Most say something to the clicker alone.
    answer_kind = FirstAnswer.PRIVATE

    def __init__(self, item: discord.ui.Item[Any], game_id: int) -> None:
        self.game_id = game_id
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem's, after the mixins

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Any:
        return cls(item, int(match["game"]))


async def the_one_choice(interaction: discord.Interaction, valid: str = r".+") -> str | None:
    """The one value chosen in a menu, if it has the shape ``valid``; otherwise the chooser is
    told the menu is out of date or broken, and ``None`` comes back."""
    values = selected_values(interaction)
    if len(values) != 1 or not re.fullmatch(valid, values[0]):
        await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
        return None
    return values[0]

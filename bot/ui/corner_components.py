"""The components of a player's corner (their private note and planned moves). Restart-proof
like every component; custom_ids hold ids, positions and public move codes only — a planned
move is named only in the planner's own ephemeral corner, never on a shared message.

- ``cn:<game>``                       open the clicker's corner (on the board)
- ``nt:<game>``                       open the note form; ``ntf:<game>`` is the form
- ``pt:<game>:<seen>:<k>:<n>``        menu ``n`` of the opponent's moves after ``k`` planned codes
- ``pm:<game>:<seen>:<k>:<code>``     the planner's answer to ``code``
- ``pc:<game>``                       cancel the plan
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.i18n import tr
from bot.services.asides import NOTE_LIMIT
from bot.services.freshness import SEEN_TOKEN, Seen
from bot.ui.answering import FirstAnswer
from bot.ui.components import CODE, GameButton, GameItem, one_choice_menu, submitted_number
from bot.ui.components import the_one_choice as one_choice
from bot.ui.context import context_of

NOTE_FORM = re.compile(r"ntf:(?P<game>[0-9]+)")


class CornerButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cn:(?P<game>[0-9]+)",
):
    """On a board being played: the clicking player's own note and plans, privately."""

    prefix, emoji = "cn", "🗒️"

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.corner.show(interaction, self.game_id)


class NoteButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"nt:(?P<game>[0-9]+)",
):
    prefix, emoji = "nt", "📝"
    answer_kind = FirstAnswer.FORM  # the note's form, filled with the note

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.corner.open_note_form(interaction, self.game_id)


class CancelPlanButton(
    GameButton,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pc:(?P<game>[0-9]+)",
):
    prefix, emoji = "pc", "✖️"
    style = discord.ButtonStyle.danger
    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.corner.cancel_plan(interaction, self.game_id)


class TheirMoveSelect(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pt:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<k>[0-9]):(?P<n>[0-9])",
):
    """The opponent's possible moves after the first ``k`` codes of the plan."""

    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        kept: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.game_id, self.seen, self.kept = game_id, seen, kept
        custom_id = f"pt:{game_id}:{seen.token}:{kept}:{number}"
        super().__init__(one_choice_menu(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TheirMoveSelect:
        seen = Seen.parse(match["seen"])
        return cls(int(match["game"]), seen, int(match["k"]), int(match["n"]))

    async def run(self, interaction: discord.Interaction) -> None:
        code = await one_choice(interaction, CODE)
        if code is not None:
            await context_of(interaction).flows.corner.pick_theirs(
                interaction, self.game_id, self.seen, self.kept, code
            )


class MyAnswerSelect(
    GameItem,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"pm:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<k>[0-9]):(?P<theirs>{CODE})",
):
    """The planner's answers to the opponent's move ``theirs``."""

    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        kept: int,
        theirs: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.game_id, self.seen, self.kept, self.theirs = game_id, seen, kept, theirs
        custom_id = f"pm:{game_id}:{seen.token}:{kept}:{theirs}"
        super().__init__(one_choice_menu(custom_id, options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MyAnswerSelect:
        seen = Seen.parse(match["seen"])
        return cls(int(match["game"]), seen, int(match["k"]), match["theirs"])

    async def run(self, interaction: discord.Interaction) -> None:
        code = await one_choice(interaction, CODE)
        if code is not None:
            await context_of(interaction).flows.corner.pick_mine(
                interaction, self.game_id, self.seen, self.kept, self.theirs, code
            )


class NoteForm(discord.ui.Modal):
    """The note, typed. Answered from its custom_id alone by the client's interaction listener
    (:func:`note_form_answer`), so a form opened before a restart is still kept after it."""

    #: Opened from the corner, which shows the note kept.
    answer_kind: ClassVar[FirstAnswer] = FirstAnswer.UPDATE

    def __init__(self, game_id: int, note: str | None, locale: str) -> None:
        super().__init__(title=tr("corner.note_form", locale)[:45], custom_id=f"ntf:{game_id}")
        self.add_item(
            discord.ui.Label(
                text=tr("corner.note_label", locale)[:45],
                component=discord.ui.TextInput(
                    style=discord.TextStyle.paragraph,
                    default=note or None,
                    required=False,
                    max_length=NOTE_LIMIT,
                ),
            )
        )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Answered by the client's interaction listener instead (restart-proof)."""


def note_form_answer(interaction: discord.Interaction) -> tuple[int, str] | None:
    """(game, the typed note) of a submitted note form, else ``None``."""
    submitted = submitted_number(interaction, NOTE_FORM)
    if submitted is None:
        return None
    match, typed = submitted
    return int(match["game"]), typed


CORNER_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    CornerButton,
    NoteButton,
    CancelPlanButton,
    TheirMoveSelect,
    MyAnswerSelect,
)

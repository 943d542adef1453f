"""The controls of a player's corner (their private note and planned moves), as drawn; like
every control they are answered by their click (``bot/cogs/corner.py``). custom_ids hold ids,
positions and public move codes only — a planned move is named only in the planner's own
ephemeral corner, never on a shared message.

- ``cn:<game>``                       open the clicker's corner (on the board)
- ``nt:<game>``                       open the note form; ``ntf:<game>`` is the form
- ``pt:<game>:<seen>:<k>:<n>``        menu ``n`` of the opponent's moves after ``k`` planned codes
- ``pm:<game>:<seen>:<k>:<code>``     the planner's answer to ``code``
- ``pc:<game>``                       cancel the plan
"""

from __future__ import annotations

import re
from typing import ClassVar

import discord

from bot.i18n import tr
from bot.services.asides import NOTE_LIMIT
from bot.services.freshness import SEEN_TOKEN, Seen
from bot.ui.answering import FirstAnswer
from bot.ui.components import CODE, DrawnSelect, GameButton, submitted_number

NOTE_FORM = re.compile(r"ntf:(?P<game>[0-9]+)")


class CornerButton(GameButton):
    """On a board being played: the clicking player's own note and plans, privately."""

    prefix, icon = "cn", "🗒️"


class NoteButton(GameButton):
    prefix, icon = "nt", "📝"


class CancelPlanButton(GameButton):
    prefix, icon = "pc", "✖️"
    look = discord.ButtonStyle.danger


class TheirMoveSelect(DrawnSelect):
    """The opponent's possible moves after the first ``k`` codes of the plan."""

    template = rf"pt:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<k>[0-9]):(?P<n>[0-9])"

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        kept: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"pt:{game_id}:{seen.token}:{kept}:{number}", options, placeholder)


class MyAnswerSelect(DrawnSelect):
    """The planner's answers to the opponent's move ``theirs``."""

    template = rf"pm:(?P<game>[0-9]+):(?P<seen>{SEEN_TOKEN}):(?P<k>[0-9]):(?P<theirs>{CODE})"

    def __init__(
        self,
        game_id: int,
        seen: Seen,
        kept: int,
        theirs: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"pm:{game_id}:{seen.token}:{kept}:{theirs}", options, placeholder)


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

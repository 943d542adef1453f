"""Your mistakes in Discord: /puzzle's line "your mistakes: N due" with a button, and a private
card posing a due mistake — the position as the game's picture for the player's seat (only what
they could see then), the question and a menu of answers; an answer is judged with why and when
the card comes back, then the next due one.

The custom_ids of its controls (≤ 100 characters):

- ``mka:<card id>:<reviews>``  the answer menu (values are action codes); ``reviews`` is how
  many answers the card had when shown, so a stale or doubled click reviews nothing
- ``mkn:<n|e>``  the player's next due mistake: in a new private card (``n``, from /puzzle's
  card, which stays) or in place of the answered one (``e``)
"""

from __future__ import annotations

import io

import discord

from bot.i18n import tr
from bot.services.mistake_reviews import MistakeCard, MistakeReviews, Review
from bot.ui.common import MAX_CONTENT, NO_PINGS, answer_verdict, clip, user_locale
from bot.ui.components import DrawnButton, DrawnSelect
from bot.ui.context import Services
from bot.ui.easel import EASEL
from rules.core import Locale

#: Discord's limit on a menu option's label and description.
MAX_LABEL = 100


class MistakeAnswerSelect(DrawnSelect):
    template = r"mka:(?P<card>[0-9]{1,18}):(?P<reviews>[0-9]{1,6})"

    def __init__(
        self,
        card_id: int,
        reviews: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"mka:{card_id}:{reviews}", options, placeholder)


#: Where the next due mistake goes: a new private card, or in place of the card clicked.
NEW, EDIT = "n", "e"


class MistakeNextButton(DrawnButton):
    template = r"mkn:(?P<how>[ne])"

    def __init__(self, how: str, label: str = "…") -> None:
        super().__init__(
            label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"mkn:{how}"
        )


def offer(due: int, locale: Locale) -> tuple[str, MistakeNextButton] | None:
    """What /puzzle adds while the player has mistakes due: the line and its button."""
    if due <= 0:
        return None
    return tr("mistake.due_line", locale, n=due), MistakeNextButton(
        NEW, tr("mistake.review", locale)
    )


async def _picture(card: MistakeCard, locale: Locale) -> bytes | None:
    """The position as the player saw it: their own panel where hands are secret, else the
    board, both drawn from the rules' view for their seat."""
    spec = card.spec
    view = spec.rules.view_for(card.state, card.mistake.seat)
    if spec.panel_picture is not None:
        return await EASEL.draw(spec.panel_picture, view, locale)
    if spec.board_picture is not None:
        return await EASEL.draw(spec.board_picture, view, locale, ())
    return None


def answer_menu(card: MistakeCard, locale: Locale) -> MistakeAnswerSelect:
    rules = card.spec.rules
    state = card.state
    options = []
    for code in card.offered():
        action = rules.parse(code)
        described = rules.action_description(state, action, locale)
        options.append(
            discord.SelectOption(
                label=rules.action_label(action, locale)[:MAX_LABEL],
                value=code,
                description=described[:MAX_LABEL] if described else None,
            )
        )
    return MistakeAnswerSelect(card.id, card.reviews, options, tr("mistake.choose", locale))


def _title(card: MistakeCard, locale: Locale) -> str:
    variant = card.spec.variant(card.game_key)
    name = (variant.title if variant is not None else card.spec.title)(locale)
    return tr("mistake.title", locale, game=name, game_id=card.game_id)


async def mistake_card(
    card: MistakeCard, locale: Locale, verdict: str = "", *, paint: bool = True
) -> tuple[str, discord.ui.View, list[discord.File]]:
    """The card's words, controls and picture (``paint=False``: the card keeps its picture)."""
    m = card.mistake
    parts = [f"**{_title(card, locale)}**"]
    files: list[discord.File] = []
    picture = await _picture(card, locale) if paint else None
    if paint and picture is None:
        board = card.spec.rules.render(card.spec.rules.view_for(card.state, m.seat), locale)
        parts.append(f"```\n{board}\n```")
    elif picture is not None:
        files.append(discord.File(io.BytesIO(picture), filename="mistake.png"))
    parts.append(card.finder.question(m.kind, card.state, m.seat, m.played, locale))
    if verdict:
        parts.append(verdict)
    view = discord.ui.View(timeout=None)
    view.add_item(answer_menu(card, locale))
    return clip("\n\n".join(parts), MAX_CONTENT), view, files


def verdict_words(card: MistakeCard, code: str, review: Review, locale: Locale) -> str:
    """Right or wrong, why (the proof in words), and when the card comes back."""
    lines = answer_verdict(
        card.spec.rules,
        code,
        card.mistake.answers,
        review.right,
        ("mistake.right", "mistake.wrong", "mistake.why"),
        card.finder.explain(card.mistake, locale),
        locale,
    )
    stamp = int(review.due_at.timestamp())
    lines.append(tr("mistake.next_review", locale, day=f"<t:{stamp}:D>", when=f"<t:{stamp}:R>"))
    if not review.counted:
        lines.append("-# " + tr("mistake.already", locale))
    return "\n".join(lines)


class MistakeCards:
    """The flows of a player's mistake cards."""

    def __init__(self, services: Services) -> None:
        self.reviews: MistakeReviews = services.mistakes

    async def show_next(self, interaction: discord.Interaction, how: str) -> None:
        """The player's next due mistake, in a new private card or in place of the card
        clicked (:data:`NEW`, :data:`EDIT`); or a word that none is due."""
        locale = user_locale(interaction)
        card = await self.reviews.next_due(interaction.user.id)
        if card is None:
            if how == EDIT:
                await interaction.response.edit_message(
                    content=tr("mistake.none_due", locale), view=None, attachments=[]
                )
            else:
                await interaction.response.send_message(
                    tr("mistake.none_due", locale), ephemeral=True, allowed_mentions=NO_PINGS
                )
            return
        content, view, files = await mistake_card(card, locale)
        if how == EDIT:
            await interaction.response.edit_message(content=content, view=view, attachments=files)
        else:
            await interaction.response.send_message(
                content, view=view, files=files, ephemeral=True, allowed_mentions=NO_PINGS
            )

    async def answer(
        self, interaction: discord.Interaction, card_id: int, reviews: int, code: str
    ) -> None:
        """Judge and review the answer, on the same card (its picture stays), with the next
        due mistake's button while any is due."""
        locale = user_locale(interaction)
        review = await self.reviews.answer(interaction.user.id, card_id, reviews, code)
        card = await self.reviews.card(interaction.user.id, card_id)
        words = verdict_words(card, code, review, locale)
        content, view, _ = await mistake_card(card, locale, words, paint=False)
        view.clear_items()  # answered: its menu would only judge again
        if review.due_now:
            view.add_item(MistakeNextButton(EDIT, tr("mistake.next", locale, n=review.due_now)))
        await interaction.response.edit_message(content=content, view=view)

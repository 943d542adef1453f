"""Follow-ups that carry files beside a Components V2 card: a shared game, a board posted
afresh in a place the bot is not in, a private panel or board beside another.

Discord's pages disagree on whether such a follow-up is accepted. Execute Webhook, which a
follow-up "functions the same as", says "When the flag `IS_COMPONENTS_V2` is set, the webhook
message can only contain `components`. Providing `content`, `embeds`, `files[n]` or `poll` will
fail with a 400 BAD REQUEST response" (developers/resources/webhook.mdx). The components
reference has V2 cards show uploaded files ("Attachments won't show by default - they must be
exposed through components"; the File component "only supports attachment references using the
`attachment://<filename>` syntax"), and Create Message's same footnote lost `files[n]` in
"files can be included in components v2 messages" (discord-api-docs #8301, April 2026). So the
card goes with its files; should Discord answer 400, the same card goes as a classic message
(its words and pictures in embeds, its buttons and menus in action rows), and every later such
follow-up of this process goes that way at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.ui.common import NO_PINGS

log = logging.getLogger(__name__)

#: A classic message's limits: action rows, embeds, an embed's description.
MAX_ROWS = 5
MAX_EMBEDS = 10
MAX_DESCRIPTION = 4096
#: "This interaction has hit the maximum number of follow up messages": a 400 of another kind.
FOLLOWUP_LIMIT_REACHED = 40094


def classic_form(view: discord.ui.LayoutView) -> tuple[list[discord.Embed], discord.ui.View]:
    """A V2 card as a classic message shows it: its text displays, top to bottom, as the first
    embed's description (in the card's accent colour) with the first picture, each further
    picture in an embed of its own; its buttons and menus row by row (a section's button on a
    row of its own), as many rows as a classic message holds."""
    texts: list[str] = []
    pictures: list[str] = []
    rows: list[list[discord.ui.Item[Any]]] = []
    colour: discord.Colour | int | None = None

    def walk(items: list[discord.ui.Item[Any]]) -> None:
        nonlocal colour
        for item in items:
            if isinstance(item, discord.ui.Container):
                colour = colour if colour is not None else item.accent_colour
                walk(item.children)
            elif isinstance(item, discord.ui.Section):
                walk(item.children)
                if isinstance(item.accessory, discord.ui.Thumbnail):
                    pictures.append(item.accessory.media.url)
                else:
                    rows.append([item.accessory])  # a button beside the words
            elif isinstance(item, discord.ui.TextDisplay):
                texts.append(item.content)
            elif isinstance(item, discord.ui.MediaGallery):
                pictures.extend(entry.media.url for entry in item.items)
            elif isinstance(item, discord.ui.ActionRow):
                rows.append(list(item.children))

    walk(view.children)
    description = "\n\n".join(t for t in texts if t)
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1] + "…"
    embeds = [discord.Embed(description=description or None, colour=colour)]
    for n, url in enumerate(pictures[:MAX_EMBEDS]):
        if n:
            embeds.append(discord.Embed(colour=colour))
        embeds[-1].set_image(url=url)
    if not description and not pictures:
        embeds = []
    classic = discord.ui.View(timeout=None)
    for number, row in enumerate([row for row in rows if row][:MAX_ROWS]):
        for item in row:
            item.row = number
            classic.add_item(item)
    return embeds, classic


class CardFollowups:
    """Sends a V2 card with its files as a follow-up in the form Discord takes, and remembers
    (in this process) whether it takes the card itself."""

    def __init__(self) -> None:
        #: None until Discord has answered a V2 follow-up with files; then whether it took it.
        self.v2_with_files: bool | None = None

    async def send(
        self,
        interaction: discord.Interaction,
        view: discord.ui.LayoutView,
        files: Callable[[], list[discord.File]],
        *,
        ephemeral: bool = False,
        allowed_mentions: discord.AllowedMentions = NO_PINGS,
    ) -> discord.WebhookMessage:
        """Send ``view`` with ``files()`` (called again for a second attempt: a file is read
        once) as a follow-up of ``interaction``; the message sent. Raises what Discord
        answers to anything but the card itself being refused."""
        attached = files()
        if attached and self.v2_with_files is False:
            return await self._send_classic(
                interaction, view, attached, ephemeral, allowed_mentions
            )
        try:
            message = await interaction.followup.send(
                view=view,
                files=attached,
                ephemeral=ephemeral,
                allowed_mentions=allowed_mentions,
                wait=True,
            )
        except discord.HTTPException as error:
            if not attached or self.v2_with_files or not _refused_card(error):
                raise
            message = await self._send_classic(
                interaction, view, files(), ephemeral, allowed_mentions
            )
            log.warning(
                "Discord refused a Components V2 follow-up with files (%s %s) and took it as a "
                "classic message: such follow-ups go that way until the bot restarts",
                error.status,
                error.text,
            )
            self.v2_with_files = False
            return message
        if attached:
            self.v2_with_files = True
        return message

    @staticmethod
    async def _send_classic(
        interaction: discord.Interaction,
        view: discord.ui.LayoutView,
        files: list[discord.File],
        ephemeral: bool,
        allowed_mentions: discord.AllowedMentions,
    ) -> discord.WebhookMessage:
        embeds, classic = classic_form(view)
        return await interaction.followup.send(
            embeds=embeds,
            view=classic,
            files=files,
            ephemeral=ephemeral,
            allowed_mentions=allowed_mentions,
            wait=True,
        )


def _refused_card(error: discord.HTTPException) -> bool:
    """Whether Discord refused the message itself (400), not the follow-up (the interaction's
    follow-ups used up, an expired token, a missing permission)."""
    return error.status == 400 and error.code != FOLLOWUP_LIMIT_REACHED

"""Private panels: each player's own view of a secret-hand game, in a message only they see.

A panel follows the game: when anything happens, every open panel of that game is drawn again
for its own player while Discord still lets it be edited (an interaction's token lasts 15
minutes). Panels are remembered in this process only; a panel older than that, or from before
a restart, is refreshed the moment it is clicked.
"""

from __future__ import annotations

import logging
import time

import discord

from bot.games.offers import NumberPrompt
from bot.i18n import tr
from bot.services.errors import NotAParticipant, StaleVersion
from bot.services.freshness import Seen, check_fresh
from bot.services.queries import GameQueries
from bot.services.snapshots import GameSnapshot
from bot.ui.boards import Board
from bot.ui.common import is_panel, seat_namer, seat_names, user_locale
from bot.ui.components import NumberForm
from bot.ui.context import Services
from bot.ui.easel import EASEL
from bot.ui.followups import CardFollowups
from bot.ui.layout import Card, offer_rows
from rules.core import Locale, Seat

log = logging.getLogger(__name__)

#: Discord lets an interaction's replies be edited for 15 minutes; stop a little before.
PANEL_EDITABLE_SECONDS = 14 * 60
HAND_PICTURE = "hand.png"


def panel_card(
    game: GameSnapshot, seat: Seat, locale: Locale, step: str | None = None, picture: bool = False
) -> Card:
    """The panel as one card: title, the hand (as a picture, or as text), prompt, choices."""
    spec = game.spec
    assert spec.panel is not None
    panel = spec.panel(game.rules, game.state, seat, locale, step)
    return Card(
        heading=f"### {tr('panel.title', locale)}",
        status=seat_namer(game, locale)(panel.prompt),
        picture=HAND_PICTURE if picture else None,
        picture_alt=panel.text,
        text_board=None if picture else panel.text,
        rows=offer_rows(game.id, Seen.at(game), panel.offers, max_rows=5),
    )


class Panels:
    """Opens, redraws and follows the private panels of this process."""

    def __init__(self, services: Services, followups: CardFollowups) -> None:
        self.services = services
        self.followups = followups
        self.queries: GameQueries = services.games.queries
        #: (game, user) → the newest interaction that can edit that user's open panel.
        self._panels: dict[tuple[int, int], tuple[discord.Interaction, float]] = {}

    async def _panel_for(
        self, game: GameSnapshot, seat: Seat, user_id: int, locale: Locale, step: str | None = None
    ) -> Board:
        """The panel as its player wants it: their hand as a picture (the default), or text.
        The picture is drawn from that seat's own view only."""
        paint = game.spec.panel_picture
        wants = paint is not None and (await self.services.standings.prefs(user_id)).pictures
        if not wants or paint is None:
            return Board(panel_card(game, seat, locale, step).view())
        own_view = game.rules.view_for(game.state, seat)
        names = seat_names(game, locale)
        drawn = await EASEL.draw(paint, own_view, locale, names)
        card = panel_card(game, seat, locale, step, picture=True)
        return Board(card.view(), drawn, HAND_PICTURE)

    def _remember(self, game_id: int, interaction: discord.Interaction) -> None:
        self._panels[(game_id, interaction.user.id)] = (interaction, time.monotonic())

    async def show_panel(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        step: str | None = None,
        seen: Seen | None = None,
    ) -> None:
        """Open (from the board or a ping) or redraw (inside itself) a player's panel."""
        from_panel = is_panel(interaction)
        if from_panel:
            await interaction.response.defer()
        game = await self.queries.get(game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None or game.spec.panel is None:
            raise NotAParticipant()
        if seen is not None and not seen.fresh(game):
            step = None  # the hand may have changed: start the choice again
        panel = await self._panel_for(
            game, seat, interaction.user.id, user_locale(interaction), step
        )
        if (
            from_panel
            and interaction.message is not None
            and interaction.message.id == game.message_id
        ):
            # A private board (a daily deal's) is not a panel: the hand opens beside it, and
            # redraws itself from its own clicks.
            await self.followups.send(interaction, panel.view, lambda: panel.files, ephemeral=True)
            return
        if from_panel:
            await panel.replace_response(interaction)
        else:
            await interaction.response.send_message(
                view=panel.view, files=panel.files, ephemeral=True
            )
        self._remember(game_id, interaction)

    async def refresh_panels(
        self, game: GameSnapshot, acting: discord.Interaction | None = None
    ) -> None:
        """Draw every open panel of ``game`` again for its own player. The acting player's
        panel is redrawn through ``acting`` (the click that just happened)."""
        if game.spec.panel is None:
            return
        now = time.monotonic()
        for (game_id, user_id), (interaction, opened) in list(self._panels.items()):
            if game_id != game.id:
                continue
            if now - opened > PANEL_EDITABLE_SECONDS or game.seat_of(user_id) is None:
                del self._panels[(game_id, user_id)]
                continue
            if acting is not None and user_id == acting.user.id and is_panel(acting):
                continue  # redrawn through the click itself
            seat = game.seat_of(user_id)
            assert seat is not None
            panel = await self._panel_for(game, seat, user_id, user_locale(interaction))
            try:
                await panel.replace_response(interaction)
            except discord.HTTPException:
                del self._panels[(game_id, user_id)]
                log.info("panel of user %s in game %s could not be edited", user_id, game_id)

    async def redraw_own_panel(self, interaction: discord.Interaction, game: GameSnapshot) -> None:
        seat = game.seat_of(interaction.user.id)
        if seat is None or game.spec.panel is None:
            return
        panel = await self._panel_for(game, seat, interaction.user.id, user_locale(interaction))
        await panel.replace_response(interaction)
        self._remember(game.id, interaction)

    async def number_prompt(
        self, game_id: int, user_id: int, seen: Seen, prefix: str, locale: Locale
    ) -> NumberPrompt:
        """The number the panel asks for under ``prefix``, as the panel is now, in the
        player's words."""
        game = await self.queries.get(game_id)
        seat = game.seat_of(user_id)
        if seat is None or game.spec.panel is None:
            raise NotAParticipant()
        check_fresh(game, seen)
        panel = game.spec.panel(game.rules, game.state, seat, locale, None)
        steps = [None, *(c.step for o in panel.offers for c in o.choices if c.step)]
        for step in steps:
            offers = game.spec.panel(game.rules, game.state, seat, locale, step).offers
            for choice in (c for o in offers for c in o.choices):
                if choice.number is not None and choice.number.prefix == prefix:
                    return choice.number
        raise StaleVersion()

    async def ask_number(
        self, interaction: discord.Interaction, game_id: int, seen: Seen, prefix: str
    ) -> None:
        prompt = await self.number_prompt(
            game_id, interaction.user.id, seen, prefix, user_locale(interaction)
        )
        await interaction.response.send_modal(
            NumberForm(game_id, seen, prefix, prompt.title, prompt.label, prompt.high)
        )

"""Share: a finished game posted for everyone as an animation of every move and a result card,
from its board or from its replay (/history).

Only its players may share a game (onlookers have the replay), only once it is over, and a deal
others are dealt only once anyone may see it. One Share per game at a time and per few
minutes: a double click, or both players clicking at once, posts it once and the others are
told where it is (remembered by this process: a restart forgets it).
"""

from __future__ import annotations

import time
from typing import Final

import discord

from bot.i18n import tr
from bot.services.queries import GameQueries
from bot.ui.board_posts import BoardPosts
from bot.ui.boards import game_locale
from bot.ui.common import send_ephemeral, think, user_locale
from bot.ui.context import Services
from bot.ui.films import draw_film, share_view

#: How long after a Share the same game is not posted again (seconds).
COOLDOWN: Final = 600.0


class Sharing:
    def __init__(self, services: Services, posts: BoardPosts) -> None:
        self.queries: GameQueries = services.games.queries
        self.posts = posts
        #: game id → when it was shared and where (None while it is being drawn).
        self._shared: dict[int, tuple[float, str | None]] = {}

    def _recent(self, game_id: int) -> tuple[float, str | None] | None:
        shared = self._shared.get(game_id)
        if shared is not None and time.monotonic() - shared[0] < COOLDOWN:
            return shared
        self._shared.pop(game_id, None)
        return None

    async def share(self, interaction: discord.Interaction, game_id: int) -> None:
        locale = user_locale(interaction)
        await think(interaction, privately=True)
        # Refusals (not over, not a player, a deal still kept) before anything is drawn.
        film = await self.queries.film(game_id, interaction.user.id)
        game = film.game
        recent = self._recent(game_id)
        if recent is not None:
            when, link = recent
            if link is None:
                await send_ephemeral(interaction, tr("share.busy", locale))
                return
            minutes = max(1, round((COOLDOWN - (time.monotonic() - when)) / 60))
            await send_ephemeral(interaction, tr("share.again", locale, link=link, minutes=minutes))
            return
        self._shared[game_id] = (time.monotonic(), None)  # taken before the next await
        try:
            # The post speaks the game's language, as its board does.
            shared = await draw_film(film, game_locale(game))
            if shared is None:
                self._shared.pop(game_id, None)
                await send_ephemeral(interaction, tr("share.no_picture", locale))
                return
            view = share_view(game, shared, game_locale(game), interaction.user.id)
            # The private "thinking…" is answered first: a follow-up would otherwise fill it.
            await send_ephemeral(interaction, tr("share.posting", locale))
            link = await self.posts.post_shared(game, interaction, view, lambda: shared.files)
        except BaseException:
            self._shared.pop(game_id, None)
            raise
        if link is None:
            self._shared.pop(game_id, None)
            await interaction.edit_original_response(content=tr("share.failed", locale))
            return
        self._shared[game_id] = (time.monotonic(), link)
        await interaction.edit_original_response(content=tr("share.done", locale, link=link))

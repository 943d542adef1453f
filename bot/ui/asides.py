"""Private answers about one game, beside the play: a hint, why the last move went as it did,
a replay from the start, the log as a file, the check of a sealed deal, and the review of a
game against the bot."""

from __future__ import annotations

import io

import discord

from bot.i18n import tr
from bot.services.queries import GameQueries
from bot.ui.common import clip, send_ephemeral, think, user_locale
from bot.ui.context import Services
from bot.ui.game_log import log_text
from bot.ui.replay import replay_message


class Asides:
    def __init__(self, services: Services) -> None:
        self.games = services.games
        self.queries: GameQueries = services.games.queries
        self.web = services.web

    async def show_hint(self, interaction: discord.Interaction, game_id: int) -> None:
        await think(interaction, privately=True)
        text = await self.queries.hint(game_id, user_locale(interaction), interaction.user.id)
        await send_ephemeral(interaction, text)

    async def start_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        await think(interaction, privately=True)
        content, view = await replay_message(
            self.games,
            game_id,
            0,
            user_locale(interaction),
            interaction.user.id,
            await self.web.links(),
        )
        await send_ephemeral(interaction, content, view)

    async def review(self, interaction: discord.Interaction, game_id: int) -> None:
        """Where a finished game against the bot turned, for the clicker who played it."""
        await think(interaction, privately=True)
        locale = user_locale(interaction)
        text = await self.queries.review(game_id, locale, interaction.user.id)
        await send_ephemeral(interaction, clip(text))

    async def explain(self, interaction: discord.Interaction, game_id: int) -> None:
        """Why the last move went as it did (its numbers, in words), with the board, privately."""
        await think(interaction, privately=True)
        locale = user_locale(interaction)
        game = await self.queries.shown_game(game_id, interaction.user.id)
        rules = game.rules
        reasons = [
            line
            for event in await self.queries.last_public_events(game_id)
            for line in rules.explain_in_words(event, locale)
        ]
        # The short board: the reasons are the point, the board only where they happened.
        board = rules.render_compact(rules.view_for(game.state, None), locale)
        lines = [tr("why.title", locale), *reasons, "```", board, "```"]
        await send_ephemeral(interaction, clip("\n".join(lines)))

    async def verify(self, interaction: discord.Interaction, game_id: int) -> None:
        """Check the revealed seed against the seal shown from the start and the replay against
        the end, and hand over the record for ``python -m rules.verify``."""
        await think(interaction, privately=True)
        locale = user_locale(interaction)
        checked = await self.queries.verification(game_id, interaction.user.id)
        name = f"asobiba-game-{game_id}-verify.json"
        record = checked.record.to_json().encode()
        record_file = discord.File(io.BytesIO(record), filename=name)
        if checked.ok:
            seal, moves = checked.record.commitment[:16], len(checked.record.actions)
            text = tr("fair.ok", locale, seal=seal, seed=checked.game.seed, moves=moves, file=name)
        else:
            text = tr("fair.bad", locale)
        await send_ephemeral(interaction, text, file=record_file)

    async def send_log(self, interaction: discord.Interaction, game_id: int) -> None:
        """The whole log as a file (a message would cut a long game short)."""
        await think(interaction, privately=True)
        locale = user_locale(interaction)
        # Refused while it runs, and to others while its deal may still be played.
        game, entries = await self.queries.log_download(game_id, interaction.user.id)
        text = log_text(game, entries, locale, self.games.clock().date())
        log_file = discord.File(io.BytesIO(text.encode()), filename=f"asobiba-game-{game_id}.txt")
        lines = text.count("\n")
        await send_ephemeral(
            interaction, tr("log.attached", locale, id=game_id, lines=lines), file=log_file
        )

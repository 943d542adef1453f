"""Where a component may be used. A custom_id is the clicking client's word: Discord sends what
the client says was clicked and asks apps to check that it came from the message ("ensuring
that the ``custom_id`` originates from the received message", Message Components), and a
button racing an edit of its message is run from its custom_id alone (``bot.client``). So what
a custom_id names — a game, a server's table, a tournament — is checked against what Discord
itself vouches for: the channel, server and user of the interaction.

- A game is played (and looked into while it is on) where it lives: in its board's channel; in
  the bot's DM by one of its players (turn pings, the panels opened from them); anywhere for a
  private board (an ephemeral deal, shown to its player alone).
- A finished game's replay, log, share and check may also be opened from ``/history``: in its
  own server, or anywhere away from servers that added the bot (as ``/history`` lists them).

Anything else is refused as an out-of-date or broken button, and nothing changes.
"""

from __future__ import annotations

import discord

from bot.errors import FriendlyError
from bot.services.snapshots import GameSummary
from bot.statuses import OPEN_GAME_STATUSES, BoardReach
from bot.text.errors import BAD_BUTTON
from bot.ui.common import installed_guild_id
from bot.ui.context import context_of


class BadButton(FriendlyError):
    """A component naming what cannot be reached from where it was used (forged, or older
    than a board that moved): nothing was changed."""

    default = BAD_BUTTON


def playable_here(interaction: discord.Interaction, game: GameSummary) -> bool:
    """Whether ``game`` may be played, or looked into while it is on, from ``interaction``."""
    if game.board_reach == BoardReach.PRIVATE or game.channel_id is None:
        return True  # an ephemeral board, or one never posted: its panels and pings only
    if game.channel_id == interaction.channel_id:
        return True
    return bool(interaction.context.dm_channel) and game.seat_of(interaction.user.id) is not None


def viewable_here(interaction: discord.Interaction, game: GameSummary) -> bool:
    """Whether ``game``'s replay, log or share may be opened from ``interaction``."""
    if playable_here(interaction, game):
        return True
    if game.status in OPEN_GAME_STATUSES:
        return False
    server = installed_guild_id(interaction)
    return server is None or game.guild_id == server


def refuse_unless_reachable(
    interaction: discord.Interaction, game: GameSummary, *, viewing: bool = False
) -> None:
    """Raise :class:`BadButton` unless ``game`` may be played (or, ``viewing``, viewed) from
    ``interaction``."""
    allowed = viewable_here if viewing else playable_here
    if not allowed(interaction, game):
        raise BadButton()


async def check_game(
    interaction: discord.Interaction, game_id: int, *, viewing: bool = False
) -> None:
    """:func:`refuse_unless_reachable` for the game ``game_id`` (one read, nothing decoded)."""
    game = await context_of(interaction).services.games.queries.summary(game_id)
    refuse_unless_reachable(interaction, game, viewing=viewing)

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
- A game is played on its newest board only: a click on an older copy of it (one posted again
  since, by ``/games`` or as a follow-up where the bot cannot edit the board) is refused as
  :class:`OlderCopy`, and the copy is closed where it was clicked.

Anything else is refused as an out-of-date or broken button, and nothing changes.
"""

from __future__ import annotations

import re

import discord

from bot.services.errors import Misplaced
from bot.services.snapshots import GameSummary
from bot.statuses import OPEN_GAME_STATUSES, BoardReach
from bot.text.errors import BAD_BUTTON, OLDER_COPY
from bot.ui.common import custom_ids_on, installed_guild_id, jump_url
from bot.ui.context import context_of
from rules.core import Text

#: The controls that act on a game and live only on its board (a move or menu, resign,
#: adjourn, a challenge's answers): a message other than the game's board that carries one of
#: them is an older copy of that board (turn pings carry only the hand button).
BOARD_CONTROL = re.compile(r"(?:g|gs|rs|adj|ch):(?P<game>[0-9]+):")


class BadButton(Misplaced):
    """A component naming what cannot be reached from where it was used (forged, or older
    than a board that moved): nothing was changed."""

    default = BAD_BUTTON


class OlderCopy(Misplaced):
    """A click on an older copy of a game's board: nothing was played; the copy is to be
    closed where it was clicked (:meth:`bot.ui.playing.Playing.close_copy`), and the clicker
    told where the newest board is."""

    default = OLDER_COPY

    def __init__(self, game: GameSummary, link: str) -> None:
        self.game_id = game.id
        super().__init__(Text(OLDER_COPY.ja.format(link=link), OLDER_COPY.en.format(link=link)))


def newest_board_link(interaction: discord.Interaction, game: GameSummary) -> str:
    """A link to the game's board, from where ``interaction`` happened (a server that did not
    add the bot is known from the interaction alone)."""
    same_place = interaction.channel_id == game.channel_id
    guild_id = game.guild_id or (interaction.guild_id if same_place else None)
    return jump_url(guild_id, game.channel_id, game.message_id)


def is_older_copy(interaction: discord.Interaction, game: GameSummary) -> bool:
    """Whether ``interaction`` was made on an older copy of ``game``'s board: a message everyone
    sees (an ephemeral one is a panel or a private board's), not the board, carrying controls
    of the game's board."""
    message = interaction.message
    if message is None or message.flags.ephemeral or game.message_id in (None, message.id):
        return False
    return any(
        found is not None and int(found["game"]) == game.id
        for found in map(BOARD_CONTROL.match, custom_ids_on(message))
    )


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
    ``interaction``; :class:`OlderCopy` where it was played on an older copy of its board
    (wherever that copy is: the message, which Discord vouches for, carries its controls)."""
    if not viewing and is_older_copy(interaction, game):
        raise OlderCopy(game, newest_board_link(interaction, game))
    allowed = viewable_here if viewing else playable_here
    if not allowed(interaction, game):
        raise BadButton()


async def check_game(
    interaction: discord.Interaction, game_id: int, *, viewing: bool = False
) -> None:
    """:func:`refuse_unless_reachable` for the game ``game_id`` (one read, nothing decoded)."""
    game = await context_of(interaction).services.games.queries.summary(game_id)
    refuse_unless_reachable(interaction, game, viewing=viewing)

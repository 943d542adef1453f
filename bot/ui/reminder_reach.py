"""Telling each player, in words and once, where their move-clock reminders reach them when
that is not beside the board.

A board in a place the bot is not in (a group DM of user installs, a server without the bot)
is reached only through clicks, and a clock has no click: its reminders and timeouts go by DM
(:meth:`bot.ui.notices.Pings._deliver`), and only where Discord will take the DM
(:class:`DmGate`). So when a player starts such a game with a clock, or acts in one, they are
told privately where those reminders go — by DM, or nowhere (and then what would change it:
the home server to join, ``/games`` to look, the app to add for ``/games`` anywhere). Said
once per player, and again only when the answer changes (remembered in ``dm_reach.told``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.errors import FriendlyError
from bot.i18n import tr
from bot.services.dm_reach import DmReach
from bot.services.snapshots import GameSummary
from bot.statuses import BoardReach, GameStatus
from bot.ui.board_posts import take_followup
from bot.ui.boards import game_title
from bot.ui.clock_words import clock_label, discord_time
from bot.ui.common import NO_PINGS, user_locale
from bot.ui.context import Services
from bot.ui.dm_gate import DmGate
from rules.core import Locale

log = logging.getLogger(__name__)

#: What a player is told of their reminders: by DM, or (why) nowhere.
BY_DM = "dm"
NOWHERE = "nowhere"
#: Why a DM can't go, in words.
WHY_NOT = {
    DmReach.DMS_CLOSED: "reach.dms_closed",
    DmReach.NO_SHARED_SERVER: "reach.no_server",
    DmReach.UNKNOWN: "reach.unknown",
}


def install_link(application_id: int) -> str:
    """The link that adds the app to the user's own account ("When set to 1 (USER_INSTALL) the
    application will be authorized for installation to a user", developers/topics/oauth2.mdx;
    ``integration_type`` "is only relevant when ``scope`` contains applications.commands")."""
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        "&scope=applications.commands&integration_type=1"
    )


class ReminderReach:
    def __init__(self, client: discord.Client, services: Services, gate: DmGate) -> None:
        self.client = client
        self.services = services
        self.gate = gate

    async def tell_once(
        self,
        interaction: discord.Interaction,
        game: GameSummary,
        reach: BoardReach | None = None,
    ) -> None:
        """Tell the player of ``interaction`` where ``game``'s reminders reach them, unless
        beside the board, or they were told so already (``reach``: where the board lives, if
        not yet stored). A courtesy: a failure to say it is logged, not raised."""
        user_id = interaction.user.id
        try:
            found = await self._where(interaction, game, reach or game.board_reach)
            if found is None:
                return
            where, why = found
            if where == await self.services.dm_reach.told(user_id) or not take_followup(
                interaction
            ):
                return
            locale = user_locale(interaction)
            installed = interaction.is_user_integration()
            view = None if installed or where == BY_DM else self._install_view(locale)
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await interaction.followup.send(
                self._words(game, where, why, locale, installed),
                ephemeral=True,
                allowed_mentions=NO_PINGS,
                **extra,
            )
            await self.services.dm_reach.tell(user_id, where)
        except (discord.HTTPException, FriendlyError) as error:  # the database, unavailable
            log.info("could not tell user %s where reminders go: %s", user_id, error)

    async def _where(
        self, interaction: discord.Interaction, game: GameSummary, reach: BoardReach
    ) -> tuple[str, DmReach] | None:
        """Where the clock's reminders go for the player of ``interaction`` when they can't go
        beside the board and that is worth saying: by DM to one who would look for them beside
        the board, nowhere to anyone who wants them."""
        if not game.move_seconds or game.status not in (GameStatus.CHALLENGE, GameStatus.ACTIVE):
            return None
        if reach == BoardReach.CHANNEL:
            return None  # beside the board, or by DM as asked (a server in common: it goes)
        user_id = interaction.user.id
        notify = (await self.services.standings.prefs(user_id)).notify
        if notify == "none":
            return None  # as they asked
        await self.gate.seen(interaction)  # this very click may vouch for them
        dm = await self.gate.reach(user_id)
        if dm is DmReach.REACHABLE:
            return None if notify == "dm" else (BY_DM, dm)
        return NOWHERE, dm

    def _words(
        self, game: GameSummary, where: str, why: DmReach, locale: Locale, installed: bool
    ) -> str:
        title = game_title(game, locale)
        per_move = clock_label(game.move_seconds, locale)
        if game.deadline_at is not None and game.held_since is None:
            deadline = discord_time(game.deadline_at)
            lines = [tr("clock.deadline", locale, per_move=per_move, deadline=deadline)]
        else:
            lines = [tr("clock.per_move", locale, per_move=per_move)]
        if where == BY_DM:
            lines.append(tr("reach.dm", locale, game=title, id=game.id))
            return "\n".join(lines)
        lines.append(tr(WHY_NOT[why], locale, game=title, id=game.id))
        if self.gate.home_invite is not None and why is not DmReach.DMS_CLOSED:
            lines.append(tr("reach.home", locale, invite=self.gate.home_invite))
        lines.append(tr("reach.games" if installed else "reach.install", locale))
        return "\n".join(lines)

    def _install_view(self, locale: Locale) -> discord.ui.View | None:
        application_id = self.client.application_id
        if application_id is None:
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                label=tr("reach.install_button", locale), url=install_link(application_id)
            )
        )
        return view

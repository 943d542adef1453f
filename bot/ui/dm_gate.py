"""Which DMs go: only to users Discord has vouched for (:mod:`bot.services.dm_reach`), so the
bot never spends a request Discord would refuse with a 403 (its allowance of invalid requests
is 10,000 per 10 minutes per address, rate-limits.mdx).

What Discord vouches for is learned from the interactions themselves (:func:`shares_a_server`),
from the home server's member list when the operator names one (``HOME_SERVER_INVITE``: "Get
Guild Member" needs no privileged intent, and a user who is not a member is a 404, which is no
invalid request), and from Discord's refusals, which are remembered.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta

import discord

from bot.config import invite_code
from bot.metrics import METRICS
from bot.services.dm_reach import DMS_CLOSED, NO_SHARED_SERVER, DmReach, DmReachBook
from bot.ui.common import shares_a_server
from bot.ui.delivery_faults import DISCORD_FAILURES

log = logging.getLogger(__name__)

#: ``Interaction.extras`` key: this interaction says nothing to keep (the click that deleted
#: its user's data must not write some of it again).
NOT_NOTED = "asobiba.not_noted"
#: How long a user found not to be in the home server is not looked up there again.
HOME_LOOKUP_AGAIN = timedelta(hours=1)
#: How long an invite Discord could not resolve (or a home server the bot is not in) is let be.
HOME_RESOLVE_AGAIN_SECONDS = 3600.0


class DmGate:
    def __init__(
        self, client: discord.Client, book: DmReachBook, home_invite: str | None = None
    ) -> None:
        self.client = client
        self.book = book
        self.home_invite = home_invite
        self._home_guild_id: int | None = None
        self._home_resolved_at: float | None = None
        #: Users found not to be in the home server, and when (the bot's clock).
        self._not_home: dict[int, datetime] = {}
        self._said_not_in_home = False

    async def seen(self, interaction: discord.Interaction) -> None:
        """Note what ``interaction`` says of its user: in a server that added the bot (or its
        DM under that install) they share a server with it."""
        if shares_a_server(interaction) and not interaction.extras.get(NOT_NOTED):
            await self.book.vouched(interaction.user.id)

    async def reach(self, user_id: int) -> DmReach:
        """What a DM to ``user_id`` would meet. A user not known to share a server with the bot
        is looked up in the home server, if there is one."""
        reach = (await self.book.reach([user_id]))[user_id]
        if reach in (DmReach.UNKNOWN, DmReach.NO_SHARED_SERVER) and await self._in_home(user_id):
            return DmReach.REACHABLE
        return reach

    async def may_dm(self, user_id: int) -> bool:
        """Whether a DM to ``user_id`` goes; one that does not is counted, and no request is
        made."""
        reach = await self.reach(user_id)
        if reach is DmReach.REACHABLE:
            return True
        METRICS.dms_skipped.labels(reach.value).inc()
        log.debug("no DM to user %s: %s", user_id, reach.value)
        return False

    async def refused(self, user_id: int, error: BaseException) -> None:
        """Discord refused a DM to ``user_id`` for good: remembered where it says why."""
        code = getattr(error, "code", 0)
        METRICS.dms_refused.labels(str(code)).inc()
        if code in (DMS_CLOSED, NO_SHARED_SERVER):
            await self.book.refused(user_id, code)

    async def _in_home(self, user_id: int) -> bool:
        guild_id = await self._home()
        if guild_id is None:
            return False
        looked = self._not_home.get(user_id)
        if looked is not None and self.book.clock() - looked < HOME_LOOKUP_AGAIN:
            return False
        try:
            await self.client.http.get_member(guild_id, user_id)
        except discord.NotFound:
            self._not_home[user_id] = self.book.clock()
            return False
        except DISCORD_FAILURES as error:
            log.info("could not look user %s up in the home server: %s", user_id, error)
            return False
        await self.book.vouched(user_id)
        return True

    async def _home(self) -> int | None:
        """The home server's id, from its invite (resolved once), while the bot is in it: the
        bot looks up only members of a server it is in (anything else would be a 403)."""
        if self.home_invite is None:
            return None
        if self._home_guild_id is None:
            now, last = time.monotonic(), self._home_resolved_at
            if last is not None and now - last < HOME_RESOLVE_AGAIN_SECONDS:
                return None
            self._home_resolved_at = now
            try:
                invite = await self.client.http.get_invite(
                    invite_code(self.home_invite), with_counts=False
                )
            except DISCORD_FAILURES as error:
                log.warning("HOME_SERVER_INVITE %s: Discord answered %s", self.home_invite, error)
                return None
            guild = invite.get("guild")
            if guild is None:
                log.warning("HOME_SERVER_INVITE %s names no server", self.home_invite)
                return None
            self._home_guild_id = int(guild["id"])
        if self.client.get_guild(self._home_guild_id) is None:
            if not self._said_not_in_home:
                self._said_not_in_home = True
                log.warning(
                    "the bot is not in the server HOME_SERVER_INVITE names (%s): joining it "
                    "brings nobody reminders by DM",
                    self._home_guild_id,
                )
            return None
        return self._home_guild_id

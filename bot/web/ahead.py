"""Painting ahead: a game's pictures and pages made when it changes, before anyone asks.

Drawing a board and its link preview takes tens of milliseconds each; fifty readers opening
fifty games nobody opened yet would queue behind the drawer for seconds. So the web process
watches the games (each ``INTERVAL``, every running game's version, one read on the status
index, and any game newer than the newest seen, one on the primary key), and when one moves,
starts or ends it makes that version's page, board and preview in both languages — the
pictures by the spare painter at nice 19, which takes only CPU the bot and the readers leave
— and when one ends, reads its players' records and its table again for their pages. At start
it does the same for the ``RECENT`` newest games. A reader then finds them made; one who comes
first waits for that one making, as before."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.games.registry import spec_for
from bot.statuses import GameStatus
from bot.web.pages import Pages
from bot.web.reading import EVERYWHERE, SHOWN_STATUSES, Kept, is_person
from rules.core import LOCALES

log = logging.getLogger(__name__)

#: How often the running games' versions are read (one small read on the status index).
INTERVAL = 1.0
#: The share of the time it makes things ahead at most: after each game it rests three times
#: as long as that game took (wall time, so on a busy machine, where its nice-19 painter waits
#: long for a core, it slows down on its own). Games moving faster than it keeps up with are
#: made at their latest version when their turn comes; a reader never waits for it.
SHARE = 0.25
#: The newest games made at start (their pictures: a few MB, within the shelves' room).
RECENT = 200
#: How often the pictures kept on disk are swept against their games' versions (a game moved
#: on by a privacy deletion: its old pictures gone from disk within this).
SWEEP = 60.0
#: Readers come first: before each game it waits while readers are being answered, this long
#: at most (under readers that never stop, it still goes on, a game at a time).
READERS_FIRST = 2.0
#: How often it looks again whether the readers have been answered.
READERS_GLANCE = 0.02


class Ahead:
    """Makes each game's current page and pictures as it changes (see the module)."""

    def __init__(
        self,
        pages: Pages,
        interval: float = INTERVAL,
        recent: int = RECENT,
        share: float = SHARE,
        sweep: float = SWEEP,
    ) -> None:
        self.pages = pages
        self.sweep_every = sweep
        self.interval = interval
        self.recent = recent
        self.share = share
        self.clock: Callable[[], float] = time.monotonic
        self.rest: Callable[[float], Awaitable[None]] = asyncio.sleep
        #: The running games' versions at the last look.
        self.watched: dict[int, int] = {}
        #: Games made ahead so far (a game made again at a new version counts again).
        self.prepared = 0
        #: Whether the last look found games to make (the next that finds none says so).
        self.behind = False
        #: The newest game looked at: any newer one is new (begun, perhaps over, since).
        self.newest = 0

    async def prepare(self, game_id: int, renew: bool = True) -> None:
        """``game_id``'s page, board and preview at its current version, in every language
        (nothing for a game no page shows, or a deal others may still be playing);
        ``renew``: a finished game's players' records and table read again (they changed)."""
        try:
            game = await self.pages.reader.current(game_id)
        except Kept:
            return
        if game is None or game.status not in SHOWN_STATUSES:
            return
        for locale in LOCALES:
            await self.pages.game_page(game, None, locale)
            await self.pages.preview(game, locale, ahead=True)  # the board, then the preview
        if game.status == GameStatus.FINISHED:
            # Its players' records and its table changed: read them again now.
            publications = await self.pages.reader.publications()
            for seat in game.seats:
                if is_person(seat.user_id) and not seat.is_bot:
                    # The mark read again (``renew``), then their page in every language.
                    await self.pages.player_version(seat.user_id, publications, renew)
                    for locale in LOCALES:
                        await self.pages.player_page(seat.user_id, publications, locale)
            variant = spec_for(game.game_type).variant_of(game.settings).key
            await self.pages.table_shown(EVERYWHERE, variant, 0, renew=renew)
            if game.guild_id is not None and game.guild_id in dict(publications):
                await self.pages.table_shown(game.guild_id, variant, 0, renew=renew)
        self.prepared += 1

    async def warm(self) -> None:
        """The reads a page makes, done once before the site answers (as its templates are
        compiled): a fresh process's first read of a player's record compiles its SQL
        (0.3 s, ten times the next), and fifty readers arriving at once would each wait for
        it. The newest game, its first player and its table (kept, as any reader's); and the
        marks of the players of the ``recent`` newest games, in one read, so their pages
        kept on disk by the run before answer without a read of their own."""
        try:
            newest = await self.pages.reader.latest_games(1)
            game = await self.pages.reader.current(newest[0]) if newest else None
            if game is None:
                return
            await self.pages.reader.shown(game)
            publications = await self.pages.reader.publications()
            await self.pages.read_marks(await self.pages.reader.recent_players(self.recent))
            people = [s.user_id for s in game.seats if is_person(s.user_id) and not s.is_bot]
            version = await self.pages.player_version(people[0], publications) if people else None
            if version is not None:
                await self.pages.player_shown(people[0], version, publications)
            variant = spec_for(game.game_type).variant_of(game.settings).key
            await self.pages.table_shown(EVERYWHERE, variant, 0)
        except Exception:  # a deal still played, the database away: the readers will read
            log.warning("could not read ahead before the first reader", exc_info=True)

    async def look(self) -> None:
        """One look: every game that started, moved or ended since the last."""
        reader = self.pages.reader
        active = await reader.active_versions()
        changed = [g for g, version in active.items() if self.watched.get(g) != version]
        ended = [g for g in self.watched if g not in active]
        new = [g for g in await reader.games_after(self.newest, self.recent) if g not in active]
        self.watched = active
        self.newest = max([self.newest, *active, *new])
        due = changed + ended + new
        for game_id in due:
            await self._prepare_one(game_id)
        if due:
            self.behind = True
        elif self.behind:  # once per busy spell: what an operator (or a benchmark) waits for
            self.behind = False
            log.info("games made ahead are up to date (%d made so far)", self.prepared)

    async def _prepare_one(self, game_id: int, renew: bool = True) -> None:
        await self._readers_first()
        started = self.clock()
        try:
            await self.prepare(game_id, renew)
        except Exception:  # one game's trouble never stops the others being made
            log.warning("could not make game %s's page ahead", game_id, exc_info=True)
        # Bounded: the bot's clicks and the readers come first.
        await self.rest((self.clock() - started) * (1 / self.share - 1))

    async def _readers_first(self) -> None:
        """Waits while readers are being answered (``READERS_FIRST`` at most): a reader who
        is waiting now comes before a game someone may read later (right after a restart,
        fifty readers arriving as it makes the newest games)."""
        waited = 0.0
        while self.pages.answering and waited < READERS_FIRST:
            await self.rest(READERS_GLANCE)
            waited += READERS_GLANCE

    async def sweep(self) -> int:
        """The pictures kept on disk of a game that moved on (or is gone) deleted, and the
        pages of a player whose mark moved on (a player deleted, or hiding their results):
        how many."""
        disk = self.pages.shelf.disk
        if disk is None:
            return 0
        reader = self.pages.reader
        publications = await reader.publications()
        marks = await reader.player_marks(disk.players())
        players = {
            user_id: self.pages.version_of(mark, publications) for user_id, mark in marks.items()
        }
        return disk.sweep(await reader.versions(disk.games()), players)

    async def _sweep(self) -> None:
        try:
            gone = await self.sweep()
        except Exception:  # the database away for a while: sweep again later
            log.warning("could not sweep the pictures kept on disk", exc_info=True)
            return
        if gone:
            log.info("%d pictures of games that moved on deleted from disk", gone)

    async def run(self) -> None:
        """Until cancelled: the newest games, then every change as it comes."""
        # After the readers who arrived with the start: nothing on disk is answered unless
        # current (the sweep only frees the room), and they are waiting now.
        await self._readers_first()
        await self._sweep()
        swept = self.clock()
        try:
            newest = await self.pages.reader.latest_games(self.recent)
        except Exception:  # the database away at start: the changes will come
            log.warning("could not read the newest games", exc_info=True)
            newest = []
        for game_id in newest:
            # Nothing changed since the start: records and tables read once, not per game.
            await self._prepare_one(game_id, renew=False)
        self.newest = max(newest, default=0)
        while True:
            try:
                await self.look()
            except Exception:  # the database away for a while: look again later
                log.warning("could not look for games that moved", exc_info=True)
            if self.clock() - swept >= self.sweep_every:
                await self._sweep()
                swept = self.clock()
            await asyncio.sleep(self.interval)

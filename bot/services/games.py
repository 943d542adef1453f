"""The game use cases, with no Discord in them: every public method is one transaction, and
front ends send their messages only after it returns.

``GameService`` holds them by job, each part given only what it works with:

- ``starts`` (:class:`GameStarts`): challenges and their answers, solitaires, daily deals,
  rematches, and new games for a tournament's transaction;
- ``actions`` (:class:`ActionPipeline`): moves, the platform's forfeits and aborts, the clock's
  defaults and the bot's replies;
- ``queries`` (:class:`GameQueries`): one game, a player's lists, logs, replays, seals, hints;
- ``messages`` (:class:`BoardMessages`): where each board and turn ping is;
- ``deliveries`` (:class:`DeliveryBook`): the outbox of what changes owe people;

and what they share: ``loader`` (reading a game, through the process's cache of decoded games),
``writer`` (the one guarded write every change goes through) and ``seeds``.
"""

from __future__ import annotations

from datetime import timedelta

from bot.db import Database
from bot.services.actions import ActionPipeline
from bot.services.asides import GameAsides
from bot.services.base import GameLoader, GuardedWriter
from bot.services.clock import Clock, system_clock
from bot.services.deliveries import DeliveryBook
from bot.services.game_cache import GameCache
from bot.services.messages import BoardMessages
from bot.services.move_times import MoveTimeStats
from bot.services.pings import PingBook
from bot.services.plans import Plans
from bot.services.queries import GameQueries
from bot.services.secrets import DeploymentSecrets
from bot.services.seeds import Seeds
from bot.services.starts import GameStarts
from rules.core import Rng


class GameService:
    """Every game use case over one database, wired once per process: the parts share one
    cache of decoded games and one book of turn pings."""

    def __init__(
        self,
        db: Database,
        *,
        clock: Clock = system_clock,
        challenge_ttl: timedelta = timedelta(hours=24),
        seed_source: Rng | None = None,
        owner: str = "all",
        delivery_clock: Clock | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        #: The outbox: what each change owes people, held under this instance's ``owner``; its
        #: leases and back-offs run on ``delivery_clock`` (the game's clock unless given: a
        #: harness that stops the game's time still lets Discord's retries come due).
        self.deliveries = DeliveryBook(db, delivery_clock or clock, owner)
        # Tests inject a seeded source; production draws seeds from the OS.
        self.seeds = Seeds(seed_source)
        pings = PingBook()
        self.loader = GameLoader(db, GameCache())
        self.writer = GuardedWriter(db, clock, self.loader, pings, self.deliveries)
        self.asides = GameAsides(db, clock)
        self.actions = ActionPipeline(self.loader, self.writer, self.asides)
        self.plans = Plans(self.asides, self.loader)
        self.starts = GameStarts(
            db,
            clock,
            loader=self.loader,
            writer=self.writer,
            actions=self.actions,
            seeds=self.seeds,
            secrets=DeploymentSecrets(db, clock),
            challenge_ttl=challenge_ttl,
        )
        self.queries = GameQueries(db, clock, self.loader)
        self.messages = BoardMessages(db, pings, self.loader.cache)
        self.move_times = MoveTimeStats(db)

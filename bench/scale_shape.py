"""Who played what, where and when in :mod:`bench.scale`'s deployments: one plan per game, and
the results and settings rows that follow from them (:mod:`bench.scale_fill` writes them).

``games`` finished games over two years and :data:`LIVE` games in play (the same ones at every
size; fewer for a smoke test) between :data:`PLAYERS` players of :data:`GUILDS` servers: everyone plays people of their
own server, there or (one game in :data:`OUTSIDE`) outside servers that added the bot. The
players the measurements time are made on purpose (:class:`Measured`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.scale_templates import Template
from bot.services.stats import game_key
from bot.statuses import GameStatus

#: The time the measurements run at (the services' clock stands still there).
NOW = datetime(2027, 6, 1, 12, 0, tzinfo=UTC)
#: How far back the finished games go.
HISTORY = timedelta(days=730)
PLAYERS = 100_000
#: Discord-like ids.
FIRST_USER = 400_000_000_000_000_000
FIRST_GUILD = 900_000_000_000_000_000
GUILDS = 20
#: One game in this many is played outside servers that added the bot.
OUTSIDE = 10
LIVE = 10_000
KEEN, REGULARS = 10, 10
KEEN_LIVE = 3
#: Four full pages of /history (its measurement reads four): with 60, the small deployment's
#: third page held 10 games and its fourth none, against four full ones at a million.
KEEN_LEAST = 100
REGULAR_GAMES = 150
EXPORT_GAMES = 1000


def guild_of(user_id: int) -> int:
    """A player's own server (they play there, or outside servers)."""
    return FIRST_GUILD + (user_id - FIRST_USER) % GUILDS


@dataclass
class Measured:
    """The players whose commands are timed, and what their history holds in a deployment of
    ``games`` finished games compared with one of ``small``:

    - ``keen``: ``games // 1000`` finished games each, and at least :data:`KEEN_LEAST` (100 at
      10 000, 1 000 at a million: a history of pages, every page measured a full one of 25,
      growing to the thousand games the issue measured /history at) and :data:`KEEN_LIVE`
      games in play;
    - ``regular``: :data:`REGULAR_GAMES` each at both sizes (/profile reads a player's last
      100 games, so a player with fewer would be measured on less work);
    - ``exporter``: :data:`EXPORT_GAMES` finished games at both sizes (the export's size).

    A ``small`` under 10 000 (a smoke test) gives the last two less.
    """

    games: int
    small: int
    keen: list[int] = field(default_factory=list)
    regular: list[int] = field(default_factory=list)
    exporter: int = 0

    def __post_init__(self) -> None:
        # Ids after everyone else's: nobody else's game picks them by chance.
        first = FIRST_USER + PLAYERS
        self.keen = [first + n for n in range(KEEN)]
        self.regular = [first + KEEN + n for n in range(REGULARS)]
        self.exporter = first + KEEN + REGULARS

    @property
    def keen_games(self) -> int:
        return max(self.games // 1000, min(KEEN_LEAST, self.small // 20))

    @property
    def regular_games(self) -> int:
        return min(REGULAR_GAMES, self.small // 50)

    @property
    def export_games(self) -> int:
        return min(EXPORT_GAMES, self.small // 10)

    def owners(self) -> list[int]:
        """Who owns each measured game (one entry a game), keen, regular, then the exporter."""
        return (
            [u for u in self.keen for _ in range(self.keen_games)]
            + [u for u in self.regular for _ in range(self.regular_games)]
            + [self.exporter] * self.export_games
        )

    def live_owners(self) -> list[int]:
        return [*(u for u in self.keen for _ in range(KEEN_LIVE)), *self.regular, self.exporter]


@dataclass(frozen=True, slots=True)
class Planned:
    """One game: its template (:attr:`Shaper.finished` or :attr:`Shaper.live`), when it began,
    its server, its players in seat order, whether it keeps its whole log; a game in play
    also when it last moved and its deadline."""

    game_id: int
    template: Template
    created: datetime
    guild: int | None
    players: tuple[int, ...]
    whole_log: bool
    updated: datetime | None = None
    deadline: datetime | None = None


class Shaper:
    """The plans of a deployment of ``games`` finished games, the same for the same sizes and
    ``seed`` (the games in play are drawn apart: the same at every size)."""

    def __init__(
        self,
        finished: list[Template],
        live: list[Template],
        games: int,
        small: int,
        in_play: int = LIVE,
        seed: int = 7,
    ) -> None:
        self.finished, self.live = finished, live
        self.games = games
        self.in_play = in_play
        self.measured = Measured(games, small)
        self.rng = random.Random(seed)
        self.live_rng = random.Random(seed + 1)
        self._keys = {id(t): game_key(t.game["game_type"], t.game["settings"]) for t in finished}
        #: (guild, user, game key) → [played, won, drawn, lost, rated]
        self.stats: dict[tuple[int, int, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])

    def plans(self) -> Iterator[Planned]:
        """Every game, ids in order of creation: the finished ones, then those in play."""
        owners = self.measured.owners()
        # The measured players' games spread evenly through the history.
        places = sorted(self.rng.sample(range(self.games), len(owners)))
        owner_at = dict(zip(places, owners, strict=True))
        for n in range(self.games):
            owner = owner_at.get(n)
            template = self.finished[self.rng.randrange(len(self.finished))]
            players, guild = self._players(template, owner, self.rng)
            created = NOW - HISTORY + HISTORY * (n / self.games)
            self._count(template, players, guild)
            yield Planned(n + 1, template, created, guild, players, owner is not None)
        live_owners = self.measured.live_owners()
        rng = self.live_rng
        for n in range(self.in_play):
            template = self.live[n % len(self.live)]
            owner = live_owners[n] if n < len(live_owners) else None
            players, guild = self._players(template, owner, rng)
            created = NOW - timedelta(days=3) + timedelta(seconds=rng.randrange(2 * 86_400))
            updated = NOW - timedelta(seconds=rng.randrange(86_400))
            # Half a day to a day left of a day's move: no reminder is due yet.
            deadline = NOW + timedelta(seconds=43_200 + rng.randrange(43_200))
            has_clock = template.game["deadline_at"] is not None
            yield Planned(
                self.games + n + 1,
                template,
                created,
                guild,
                players,
                True,
                updated,
                deadline if has_clock else None,
            )

    @staticmethod
    def _players(
        template: Template, owner: int | None, rng: random.Random
    ) -> tuple[tuple[int, ...], int | None]:
        """The game's players (``owner`` among them) in seat order, and its server: the
        first player's own, or none."""
        first = owner if owner is not None else FIRST_USER + rng.randrange(PLAYERS)
        home = guild_of(first)
        players = [first]
        while len(players) < template.players:
            other = home - FIRST_GUILD + FIRST_USER + GUILDS * rng.randrange(PLAYERS // GUILDS)
            if other not in players:
                players.append(other)
        rng.shuffle(players)
        return tuple(players), None if rng.randrange(OUTSIDE) == 0 else home

    def _count(self, template: Template, players: tuple[int, ...], guild: int | None) -> None:
        game = template.game
        if game["status"] != GameStatus.FINISHED or not game["outcome"]:
            return
        points = game["outcome"]["points"]
        rated = int(bool(game["rated"]) and len(players) == 2)
        for seat, user in enumerate(players):
            stat = self.stats[(guild or 0, user, self._keys[id(template)])]
            stat[0] += 1
            mine, best = points[seat], max(points)
            if len(points) == 1:
                stat[1 if mine > 0 else 3] += 1
            elif mine == best and points.count(best) == 1:
                stat[1] += 1
            elif mine == best:
                stat[2] += 1
            else:
                stat[3] += 1
            stat[4] += rated

    def stat_rows(self) -> Iterator[dict[str, Any]]:
        """Everyone's results per server and game (after :meth:`plans` has run)."""
        for (guild, user, key), (played, won, drawn, lost, rated) in self.stats.items():
            yield {
                "guild_id": guild,
                "user_id": user,
                "game_key": key,
                "played": played,
                "won": won,
                "drawn": drawn,
                "lost": lost,
                "current_streak": 0,
                "best_streak": min(won, 3),
                "rating_mu": 1500.0 + 12.0 * (won - lost) if rated else None,
                "rating_sigma": max(60.0, 500.0 / (1 + rated) ** 0.5) if rated else None,
                "rated_games": rated,
                "updated_at": NOW,
            }

    @staticmethod
    def pref_rows() -> Iterator[dict[str, Any]]:
        """One player in ten set something; one in a hundred hides their results."""
        for n in range(0, PLAYERS, 10):
            yield {
                "user_id": FIRST_USER + n,
                "notify": ("channel", "dm", "none")[n % 3],
                "hide_stats": n % 100 == 50,
                "boards": None,
                "updated_at": NOW,
            }

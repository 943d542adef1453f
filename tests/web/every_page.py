"""One page of every kind over one database, for the checks that read every page (in a browser,
and for accessibility): a finished and a running game, a player, the "everywhere" and a server's
standings, a tournament and a closed day's deal."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.registry import spec_for
from tests.conftest import FakeClock
from tests.services.tournament_helpers import PLAYERS, create, enter
from tests.services.tournament_helpers import services as tournament_services
from tests.web.conftest import ALICE, GUILD, Site, bushi_finished, senretsu_running


@dataclass(frozen=True)
class Shown:
    """One kind of page: its address, and words a reader must see there in each language."""

    name: str
    path: str
    words: dict[str, tuple[str, ...]]
    board: bool = False


async def pages_of_every_kind(site: Site, clock: FakeClock) -> tuple[list[Shown], set[str]]:
    """A game of each state, a player, both standings, a tournament and a closed day's deal;
    and the names (both languages) of every card hidden in the running game."""
    finished = (await bushi_finished(site.games)).game
    await bushi_finished(site.games, guild_id=GUILD)
    await site.servers.update(GUILD, web_name="Tea house")
    running = (await senretsu_running(site.games)).game
    hidden: set[str] = set()
    for seat in (0, 1):
        own = running.rules.view_for(running.state, seat)
        for card in set(own.hand) - set(own.revealed[seat]):
            hidden |= {card.name("en"), card.name("ja")}
    assert hidden
    s = tournament_services(site.db, clock)
    league = await create(s, format="swiss", rounds=2)
    await enter(s, league.id, 4)
    await s.tournaments.actions.start(
        league.id, league.guild_id, PLAYERS[0].user_id, manages_server=False
    )
    daily, _ = await site.games.starts.start_daily(
        "yosukou", ALICE, {"variant": "original"}, guild_id=None, channel_id=1
    )
    day = clock().date().isoformat()
    key = spec_for("yosukou").variant_of(daily.game.settings).key
    clock.advance(days=1)  # the day is over: its deals may be shown
    bushi, senretsu = spec_for("bushi").title, spec_for("senretsu").title
    shown = [
        Shown(
            "game-finished",
            site.game(finished.id),
            {
                "en": (bushi("en"), "Alice", "won", "Moves"),
                "ja": (bushi("ja"), "Alice", "勝ち"),
            },
            board=True,
        ),
        Shown(
            "game-running",
            site.game(running.id),
            {"en": (senretsu("en"), "Alice", "bob"), "ja": (senretsu("ja"), "Alice", "bob")},
            board=True,
        ),
        Shown("player", site.player(ALICE.user_id), {"en": ("Alice", "Results"), "ja": ("Alice",)}),
        Shown("standings", "/standings/bushi", {"en": ("Alice",), "ja": ("Alice",)}),
        Shown(
            "server-standings",
            f"{site.server(GUILD)}/standings/bushi",
            {"en": ("Tea house", "Alice"), "ja": ("Tea house", "Alice")},
        ),
        Shown(
            "tournament",
            site.tournament(league.id),
            {"en": ("Autumn league", "Round 1", "player1"), "ja": ("Autumn league", "1 回戦")},
        ),
        Shown("daily", f"/daily/{key}/{day}", {"en": ("Alice",), "ja": ("Alice",)}),
    ]
    return shown, hidden

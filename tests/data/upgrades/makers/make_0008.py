"""Fixture at schema 0008, written by the release at 2f0eb3b (the first parent of a6e08f3, the merge
that brought 0009: the only commit history has with 0008 as its newest migration).

That release adds tournaments (two-player round robin and Swiss, solitaire events with their
deals; in sign-up, running, finished, cancelled; a withdrawal; who may create them per server)
to the deployment secret (made at the first daily deal, which it keys; here counted, not
drawn, so the file is reproducible), sealed seeds of hidden-random games, boards as pictures
or text (a server's choice and each user's own) to
daily deals, server settings (game channels, default clock, board language, a stuck game
aborted), preferences, ratings, rematches, move clocks, 戦列札, 易双六, 略式易双六 and 武士将棋.

Run from a checkout of that commit (this folder must be the script's own, for ``_common``):

    git worktree add --detach /tmp/rel-0008 2f0eb3b
    cd /tmp/rel-0008 && PYTHONPATH=. <repo>/.venv/bin/python \\
        <repo>/tests/data/upgrades/makers/make_0008.py <repo>/tests/data/upgrades/0008.sqlite
"""

from __future__ import annotations

from typing import Any

from _common import CHANNELS, GUILDS
from _game_service import (
    PLAYERS,
    Maker,
    daily_deals,
    every_game,
    preferences,
    run,
    server_settings,
)

from bot.services.clocks import ClockService
from bot.services.guilds import GuildService
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService

REVISION = "0008"
HOUR = 3600


async def create(
    maker: Maker, tournaments: TournamentService, name: str, game_type: str, **options: Any
) -> int:
    maker.clock.advance(minutes=13)
    info = await tournaments.create(
        guild_id=GUILDS[0],
        channel_id=CHANNELS[0],
        organiser=PLAYERS[0],
        manages_server=True,
        name=name,
        game_type=game_type,
        settings=options.pop("settings", {}),
        format=options.pop("format", None),
        rounds=options.pop("rounds", 2),
        move_seconds=options.pop("move_seconds", 24 * HOUR),
        rated=options.pop("rated", False),
        signup_seconds=24 * HOUR,
        max_players=options.pop("max_players", None),
        play_seconds=7 * 24 * HOUR,
        locale=options.pop("locale", "ja"),
    )
    assert not options, options
    return info.id


async def entered(
    maker: Maker, tournaments: TournamentService, tournament_id: int, count: int
) -> None:
    for player in PLAYERS[:count]:
        maker.clock.advance(minutes=1)
        await tournaments.join(tournament_id, GUILDS[0], player)


async def started(
    maker: Maker, tournaments: TournamentService, tournament_id: int, count: int
) -> None:
    await entered(maker, tournaments, tournament_id, count)
    await tournaments.start(tournament_id, GUILDS[0], PLAYERS[0].user_id, manages_server=True)


async def play_round(
    maker: Maker, tournaments: TournamentService, tournament_id: int, plies: int, *, end: bool
) -> None:
    """Every game of the round in progress: ``plies`` actions each, then (``end``) the player
    to move resigns."""
    standing = await tournaments.show(tournament_id)
    for pairing in standing.pairings:
        if pairing.game_id is None or pairing.result is not None:
            continue
        await maker.play(pairing.game_id, plies, prefer_win=False)
        game = await maker.service.get(pairing.game_id)
        if end and game.status == "active":
            mover = game.seats_to_act[0].user_id
            await maker.act(
                pairing.game_id, next(p for p in PLAYERS if p.user_id == mover), "resign"
            )


async def tournament_games(maker: Maker, servers: GuildService) -> None:
    tournaments = TournamentService(maker.service, servers)
    alice, bob, carol, *_rest = PLAYERS
    short = {"variant": "simplified", "rule_terminals": 1}
    # A round robin of three played to the end (a bye each round).
    league = await create(maker, tournaments, "秋の武士将棋リーグ", "bushi", format="round_robin")
    await started(maker, tournaments, league, 3)
    for _round in range(3):
        await play_round(maker, tournaments, league, 4, end=True)
        await tournaments.advance(league)
    assert (await tournaments.show(league)).tournament.status == "finished"
    # A solitaire event closed after its week: both entrants' deals played out.
    closed = await create(maker, tournaments, "略式 weekly", "yosukou", rounds=1, settings=short)
    await started(maker, tournaments, closed, 2)
    for player in (alice, bob):
        deal = await tournaments.play(closed, GUILDS[0], player)
        await maker.play(deal.result.game.id, None)
    maker.clock.advance(days=8)
    await tournaments.tick()
    assert (await tournaments.show(closed)).tournament.status == "finished"
    # A rated Swiss of 戦列札, four entrants: round one half done, a withdrawal.
    swiss = await create(
        maker, tournaments, "Senretsu Swiss", "senretsu", format="swiss", rated=True, locale="en"
    )
    await started(maker, tournaments, swiss, 4)
    await play_round(maker, tournaments, swiss, 6, end=False)
    first = (await tournaments.show(swiss)).pairings[0]
    assert first.game_id is not None and first.black is not None
    await maker.act(first.game_id, next(p for p in PLAYERS if p.user_id == first.black), "resign")
    await tournaments.advance(swiss)
    await tournaments.withdraw(swiss, GUILDS[0], first.black)
    # A solitaire event running: deals finished and in progress.
    event = await create(
        maker, tournaments, "易双六杯", "yosukou", rounds=2, settings={"rule_terminals": 1}
    )
    await started(maker, tournaments, event, 3)
    for player, plies in ((alice, None), (carol, None), (alice, 4)):
        deal = await tournaments.play(event, GUILDS[0], player)
        await maker.play(deal.result.game.id, plies)
    # Cancelled during play (its game aborted), and one still open for sign-up.
    called_off = await create(maker, tournaments, "Cancelled cup", "bushi", format="swiss")
    await started(maker, tournaments, called_off, 2)
    await play_round(maker, tournaments, called_off, 2, end=False)
    await tournaments.cancel(called_off, GUILDS[0], alice.user_id, manages_server=True)
    signup = await create(maker, tournaments, "Winter open", "bushi", format="swiss", rounds=3)
    await entered(maker, tournaments, signup, 3)
    await tournaments.leave(signup, GUILDS[0], carol.user_id)


async def make(maker: Maker) -> None:
    await every_game(maker, ClockService(maker.service))
    standings = StandingsService(maker.service.db, maker.clock)
    await preferences(maker, standings, pictures=(True, False, None, False))
    servers = GuildService(maker.service.db, maker.clock)
    await server_settings(
        maker, servers, pictures=(False, None), tournaments_by_everyone=(True, False)
    )
    await daily_deals(maker)
    await tournament_games(maker, servers)


if __name__ == "__main__":
    run(REVISION, make)

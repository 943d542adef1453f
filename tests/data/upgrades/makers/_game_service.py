"""Driving a release's ``GameService`` (every release up to schema 0008 has one, with
``challenge``/``accept``/``act``/``start_solitaire``/``get``, games named ``bushi``, ``yosukou``
and ``senretsu``), and the games every fixture holds."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from _common import (
    BOT_ID,
    CHANNELS,
    GUILDS,
    MESSAGE_BASE,
    PEOPLE,
    Chooser,
    FixedClock,
    finalize,
    fresh,
    output_path,
    report,
    reproducibly,
)

from bot.db import Database
from bot.services.errors import ChallengeExpired
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng

PLAYERS = tuple(Player(user_id, name) for user_id, name in PEOPLE)
BOT = Player(BOT_ID, "Asobiba", is_bot=True)


class Maker:
    def __init__(self, service: GameService, clock: FixedClock) -> None:
        self.service = service
        self.clock = clock
        self.choose = Chooser(1)
        self.index = 0

    def place(self) -> dict[str, Any]:
        """Games alternate between the two servers and the two languages."""
        self.index += 1
        return {
            "guild_id": GUILDS[self.index % 2],
            "channel_id": CHANNELS[self.index % 2],
            "locale": "ja" if self.index % 3 == 0 else "en",
        }

    async def challenge(self, kind: str, a: Player, b: Player, **kwargs: Any) -> int:
        self.clock.advance(minutes=7)
        result = await self.service.challenge(kind, a, b, **self.place(), **kwargs)
        return result.game.id

    async def started(self, kind: str, a: Player, b: Player, **kwargs: Any) -> int:
        game_id = await self.challenge(kind, a, b, **kwargs)
        if b.is_bot:
            return game_id
        self.clock.advance(minutes=3)
        await self.service.accept(game_id, b.user_id)
        return game_id

    async def solitaire(self, kind: str, player: Player, seed: int, **settings: Any) -> int:
        self.clock.advance(minutes=5)
        result = await self.service.start_solitaire(
            kind, player, settings=settings, seed=seed, **self.place()
        )
        return result.game.id

    async def play(self, game_id: int, plies: int | None, *, prefer_win: bool = True) -> None:
        """``plies`` actions (``None``: to the end), each by a person who is to act."""
        done = 0
        while plies is None or done < plies:
            game = await self.service.get(game_id)
            if game.status != "active":
                return
            people = [s for s in game.seats_to_act if not s.is_bot]
            if not people:
                return
            seat = people[done % len(people)]
            code = self.choose.move(
                game.rules, game.state, seat.seat, game=game_id, ply=game.ply, prefer_win=prefer_win
            )
            self.clock.advance(minutes=11)
            await self.service.act(game_id, seat.user_id, game.version, code)
            done += 1

    async def act(self, game_id: int, user: Player, code: str) -> None:
        self.clock.advance(minutes=5)
        game = await self.service.get(game_id)
        await self.service.act(game_id, user.user_id, game.version, code)

    async def status(self, game_id: int) -> tuple[str, str | None]:
        game = await self.service.get(game_id)
        return game.status, None if game.outcome is None else game.outcome.reason


async def bushi_games(maker: Maker) -> None:
    """武士将棋: mate, resignation, a draw by agreement, against the bot, declined and so on."""
    alice, bob, carol, dave, eita, yui = PLAYERS
    pairs = [(alice, bob), (carol, dave), (eita, yui)]
    game_id = await maker.started("bushi", alice, bob, rated=True, challenger_seat=0)
    await maker.play(game_id, None)
    game_id = await maker.started("bushi", carol, dave, settings={"cube": "alternate"})
    await maker.play(game_id, 4)
    await maker.act(game_id, dave, "resign")
    for a, b in pairs[:2]:
        game_id = await maker.started("bushi", a, b, rated=True)
        await maker.play(game_id, 5)
        await maker.act(game_id, b, "resign")
    game_id = await maker.started("bushi", carol, eita, challenger_seat=0)
    await maker.play(game_id, 4)
    await maker.act(game_id, carol, "draw-offer")
    await maker.act(game_id, eita, "draw-accept")
    game_id = await maker.started("bushi", bob, BOT, challenger_seat=0)
    await maker.play(game_id, 4)
    await maker.act(game_id, bob, "resign")
    await maker.service.decline(await maker.challenge("bushi", alice, dave), dave.user_id)
    await maker.service.abort(await maker.challenge("bushi", bob, eita), bob.user_id)
    game_id = await maker.started("bushi", carol, yui)
    await maker.service.abort(game_id, yui.user_id)


async def bushi_in_progress(maker: Maker, **kwargs: Any) -> None:
    """Games mid-play (one with a declined draw offer, one against the bot), one not begun."""
    alice, bob, carol, dave, eita, yui = PLAYERS
    for a, b in ((alice, bob), (carol, dave), (yui, bob)):
        game_id = await maker.started("bushi", a, b, rated=a is alice, **kwargs)
        await maker.play(game_id, 6, prefer_win=False)
    game_id = await maker.started("bushi", dave, yui, challenger_seat=0, **kwargs)
    await maker.play(game_id, 3, prefer_win=False)
    await maker.act(game_id, dave, "draw-offer")
    await maker.act(game_id, yui, "draw-decline")
    await maker.play(game_id, 1, prefer_win=False)
    await maker.service.attach_message(game_id, CHANNELS[0], MESSAGE_BASE + game_id)
    await maker.service.swap_ping(game_id, MESSAGE_BASE + 1000 + game_id)
    game_id = await maker.started("bushi", yui, BOT, challenger_seat=1, **kwargs)
    await maker.play(game_id, 2, prefer_win=False)
    await maker.started("bushi", eita, alice, **kwargs)


async def yosukou_games(maker: Maker) -> None:
    """易双六 and 略式易双六: solitaires won and lost in both variants, resigned, in progress."""
    alice, bob, carol, dave, eita, yui = PLAYERS
    people = (alice, carol, eita, yui)
    for variant in ("original", "simplified"):
        won: set[bool] = set()
        seed = 100 if variant == "original" else 200
        # Short games (one end-card appearance) until the fixture holds both a win and a loss.
        while len(won) < 2 and seed % 100 < 40:
            seed += 1
            game_id = await maker.solitaire(
                "yosukou", people[seed % 4], seed, variant=variant, rule_terminals=1
            )
            await maker.play(game_id, None)
            game = await maker.service.get(game_id)
            assert game.outcome is not None
            won.add(game.outcome.reason == "goal")
        assert len(won) == 2, variant
        game_id = await maker.solitaire(
            "yosukou", bob, seed + 50, variant=variant, rule_terminals=1
        )
        await maker.play(game_id, 2, prefer_win=False)
        await maker.act(game_id, bob, "resign")
        game_id = await maker.solitaire(
            "yosukou", dave, seed + 60, variant=variant, rule_terminals=1
        )
        await maker.play(game_id, 4, prefer_win=False)
    await maker.solitaire("yosukou", yui, 999, variant="simplified", rule_terminals=1)


async def senretsu_games(maker: Maker, **kwargs: Any) -> None:
    """戦列札: finished (played out, resigned, resigned against the bot) and in progress."""
    alice, bob, carol, _dave, eita, yui = PLAYERS
    game_id = await maker.started("senretsu", alice, carol, rated=True)
    await maker.play(game_id, None)
    game_id = await maker.started("senretsu", bob, yui)
    await maker.play(game_id, 6)
    await maker.act(game_id, yui, "resign")
    game_id = await maker.started("senretsu", carol, BOT, challenger_seat=0)
    await maker.play(game_id, 8, prefer_win=False)
    await maker.act(game_id, carol, "resign")
    game_id = await maker.started("senretsu", yui, alice, **kwargs)
    await maker.play(game_id, 7, prefer_win=False)
    game_id = await maker.started("senretsu", eita, BOT, challenger_seat=1)
    await maker.play(game_id, 3, prefer_win=False)


async def open_challenges(maker: Maker, *, senretsu: bool = False, **kwargs: Any) -> None:
    """Challenges still waiting at the fixture's last instant."""
    alice, bob, _carol, dave, eita, yui = PLAYERS
    await maker.challenge("bushi", yui, eita, settings={"cube": "alternate"}, **kwargs)
    await maker.challenge("bushi", alice, bob, rated=True)
    if senretsu:
        await maker.challenge("senretsu", bob, dave, settings={"colours": "red"}, **kwargs)


async def clocks_by_hand(maker: Maker) -> None:
    """Before move clocks (0001, 0002): a loss on time as the platform's forfeit, and a
    challenge answered too late (marked expired by the answer itself)."""
    alice, _bob, carol, dave, _eita, _yui = PLAYERS
    game_id = await maker.started("bushi", alice, carol, rated=True, challenger_seat=0)
    await maker.play(game_id, 3)
    maker.clock.advance(hours=30)
    late = (await maker.service.get(game_id)).seats_to_act[0].seat
    await maker.service.forfeit(game_id, late)
    stale = await maker.challenge("bushi", dave, carol, rated=True)
    maker.clock.advance(hours=25)
    with contextlib.suppress(ChallengeExpired):
        await maker.service.accept(stale, carol.user_id)


async def move_clocks(maker: Maker, clocks: Any) -> None:
    """Clocked games run by the release's own clock service: a loss on time, 戦列札's clock
    playing the late side's default, an expired challenge; then a game reminded at half time."""
    alice, bob, carol, dave, eita, yui = PLAYERS
    hour = {"move_seconds": 3600}
    late = await maker.started("bushi", alice, dave, rated=True, challenger_seat=0, **hour)
    await maker.play(late, 3, prefer_win=False)
    janken = await maker.started("senretsu", carol, eita, **hour)
    await maker.play(janken, 5, prefer_win=False)
    await maker.challenge("bushi", dave, carol, rated=True, **hour)
    maker.clock.advance(hours=25)
    assert len(await clocks.tick()) >= 3
    reminded = await maker.started("bushi", bob, yui, challenger_seat=1, **hour)
    await maker.play(reminded, 2, prefer_win=False)
    maker.clock.advance(minutes=35)
    assert await clocks.tick()


async def every_game(maker: Maker, clocks: Any) -> None:
    """Each game in each state a release with move clocks (0003 on) can leave it in."""
    await bushi_games(maker)
    await yosukou_games(maker)
    await senretsu_games(maker)
    await move_clocks(maker, clocks)
    await bushi_in_progress(maker, move_seconds=86400)
    await open_challenges(maker, senretsu=True, move_seconds=3600)
    if hasattr(maker.service, "rematch"):  # from 0004's release on
        await maker.service.rematch(1, PLAYERS[1].user_id)


def run(revision: str, make: Callable[[Maker], Awaitable[None]]) -> None:
    """Write ``<revision>.sqlite`` (or the path given) with ``make`` on a fresh database."""
    reproducibly()
    asyncio.run(_run(revision, make))


async def _run(revision: str, make: Callable[[Maker], Awaitable[None]]) -> None:
    path = output_path(f"{revision}.sqlite")
    fresh(path)
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    clock = FixedClock()
    service = GameService(
        db, clock=clock, challenge_ttl=timedelta(hours=24), seed_source=Rng.from_seed(16)
    )
    try:
        await make(Maker(service, clock))
        if hasattr(service, "flush_pings"):  # 0007's release keeps turn pings to write later
            await service.flush_pings()
    finally:
        await db.dispose()
    report(path, finalize(path, revision))


async def preferences(maker: Maker, standings: Any, **more: tuple[Any, ...]) -> None:
    """Four people's preferences (notify, hidden stats, and ``more`` where a release has it)."""
    notify = ("dm", "none", "channel", "dm")
    hide_stats = (False, True, False, True)
    for i, (user_id, _name) in enumerate(PEOPLE[:4]):
        maker.clock.advance(minutes=1)
        extra = {key: values[i] for key, values in more.items()}
        await standings.set_prefs(user_id, notify=notify[i], hide_stats=hide_stats[i], **extra)


async def daily_deals(maker: Maker) -> None:
    """Two days' deals (schema 0005 on): on the first one resigned, the others in progress."""
    alice, bob, carol, _dave, _eita, yui = PLAYERS
    for day, variant in enumerate(("simplified", "original")):
        maker.clock.advance(days=day)
        for person, plies in ((alice, 6), (carol, 8), (yui, 5), (bob, 0)):
            result, new = await maker.service.start_daily(
                "yosukou", person, {"variant": variant}, **maker.place()
            )
            assert new
            await maker.play(result.game.id, plies, prefer_win=False)
            if day == 0 and person is alice:
                await maker.act(result.game.id, alice, "resign")


async def server_settings(maker: Maker, servers: Any, **more: Any) -> None:
    """Both servers' settings (0005 on), and a stuck game a server manager aborted."""
    for i, guild_id in enumerate(GUILDS):
        maker.clock.advance(minutes=2)
        extra = {key: values[i] for key, values in more.items()}
        await servers.update(
            guild_id,
            allow_channel=CHANNELS[i],
            default_clock_seconds=(86400, None)[i],
            locale=("ja", None)[i],
            **extra,
        )
    alice, bob, *_rest = PLAYERS
    stuck = await maker.started("bushi", alice, bob)
    await maker.play(stuck, 3, prefer_win=False)
    game = await maker.service.get(stuck)
    await maker.service.abort_by_platform(stuck, game.version)

"""/privacy's services on a real database (SQLite, and PostgreSQL when configured): the export
holds what is the player's and nothing hidden from them; deleting leaves no trace of their id
in any column of any table (found by reading the schema, not a list), and everyone else's
games, logs, seals and tables stay whole."""

from __future__ import annotations

import gzip
import json
import random
from typing import Any

import pytest
from sqlalchemy import select

from bot.db import Database, GameRow, GameSeatRow
from bot.db.models import AwayUsedRow, Base, PlayerAwayRow
from bot.services.dm_reach import DmReachBook
from bot.services.errors import WrongStatus
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.lessons import LessonService
from bot.services.privacy import PrivacyService
from bot.services.privacy_export import game_entry
from bot.services.puzzles import PuzzleService
from bot.services.snapshots import FORMER_PLAYER_NAME, Player, is_former_player
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.statuses import GameStatus, TournamentStatus
from bot.ui.game_log import log_text
from rules import verify
from rules.core import Resign, Rng
from tests.conftest import FakeClock
from tests.test_upgrades import assert_every_game_reads

#: A distinctive id, so a scan for it cannot meet it by chance.
ALICE = Player(731_948_205_117_493_760, "alice-leaves")
BOB = Player(731_948_205_117_400_001, "bob")
CAROL = Player(731_948_205_117_400_002, "carol")
GUILD, CHANNEL = 500, 600


class World:
    def __init__(self, db: Database, clock: FakeClock) -> None:
        self.db = db
        self.games = GameService(db, clock=clock, seed_source=Rng.from_seed(11))
        self.standings = StandingsService(db, clock)
        self.tournaments = TournamentService(self.games, GuildService(db, clock))
        self.dm_reach = DmReachBook(db, clock)
        self.privacy = PrivacyService(
            db, self.games, self.tournaments, self.standings, self.dm_reach
        )
        self.lessons = LessonService(db, clock)
        self.puzzles = PuzzleService(db, clock, self.games.starts.secrets)


async def play_randomly(world: World, game_id: int, steps: int, rnd: random.Random) -> None:
    for _ in range(steps):
        game = await world.games.queries.get(game_id)
        if game.status != GameStatus.ACTIVE:
            return
        rules = game.rules
        seat = rnd.choice(rules.to_act(game.state))
        action = rnd.choice(rules.legal_actions(game.state, seat))
        user = game.player(seat).user_id
        await world.games.actions.act(game_id, user, None, rules.format(action))


async def senretsu_until_bob_stages(world: World, rnd: random.Random) -> int:
    """A 戦列札 game between Alice and Bob, stopped while Bob has placed cards only he has
    seen (private steps in the log)."""
    made = await world.games.starts.challenge("senretsu", ALICE, BOB, challenger_seat=0)
    game_id = made.game.id
    await world.games.starts.accept(game_id, BOB.user_id)
    bob_seat = 1
    for _ in range(400):
        game = await world.games.queries.get(game_id)
        assert game.status == GameStatus.ACTIVE
        rules = game.rules
        to_act = rules.to_act(game.state)
        log = await world.games.queries.event_log(game_id)
        if log and log[-1].seat == bob_seat and not log[-1].public_text_en:
            return game_id
        seat = rnd.choice(to_act)
        actions = rules.legal_actions(game.state, seat)
        placing = [a for a in actions if rules.format(a).startswith("p:")]
        action = rnd.choice(placing if seat == bob_seat and placing else actions)
        await world.games.actions.act(
            game_id, game.player(seat).user_id, None, rules.format(action)
        )
    raise AssertionError("Bob never staged a card")


async def populate(world: World) -> dict[str, int]:
    """Alice's life on the bot: settings, finished and running games of every kind, a pending
    challenge, a tournament she organised and plays in, puzzle and lesson records."""
    rnd = random.Random(5)
    games = world.games
    await world.standings.set_prefs(ALICE.user_id, notify="dm", hide_stats=True)
    await world.dm_reach.vouched(ALICE.user_id)  # seen in a server with the bot
    await world.dm_reach.tell(ALICE.user_id, "dm")
    # A rated 武士将棋 game Alice won, and one under way against Carol (rated: her rating moves).
    won = await games.starts.challenge("bushi", ALICE, BOB, challenger_seat=0, rated=True)
    await games.starts.accept(won.game.id, BOB.user_id)
    await play_randomly(world, won.game.id, 4, rnd)
    await games.actions.act(won.game.id, BOB.user_id, None, Resign.code)
    running = await games.starts.challenge("bushi", ALICE, CAROL, challenger_seat=0, rated=True)
    await games.starts.accept(running.game.id, CAROL.user_id)
    # Her private note on a game (her corner): hers alone, so it goes with her.
    await games.asides.set_note(won.game.id, ALICE.user_id, "Bob likes to turn early")
    await games.asides.set_note(won.game.id, BOB.user_id, "she rushes the drop")
    # A time off she took (/away): its days are hers.
    async with world.games.db.transaction() as session:
        now = world.games.clock()
        session.add(PlayerAwayRow(user_id=ALICE.user_id, since=now, until=now))
        session.add(AwayUsedRow(user_id=ALICE.user_id, year=now.year, days=1))
    await play_randomly(world, running.game.id, 3, rnd)
    # A finished 戦列札 game (sealed deal), and one Bob is in the middle of staging.
    sealed = await games.starts.challenge("senretsu", BOB, ALICE, challenger_seat=0)
    await games.starts.accept(sealed.game.id, ALICE.user_id)
    await play_randomly(world, sealed.game.id, 12, rnd)
    await games.actions.act(sealed.game.id, BOB.user_id, None, Resign.code)
    hidden = await senretsu_until_bob_stages(world, rnd)
    # A challenge Carol has not answered, and a 易双六 solitaire.
    pending = await games.starts.challenge("bushi", ALICE, CAROL, challenger_seat=1)
    solo = await games.starts.start_solitaire("yosukou", ALICE)
    await play_randomly(world, solo.game.id, 3, rnd)
    # A tournament Alice organised and plays in, under way.
    info = await world.tournaments.actions.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ALICE,
        manages_server=True,
        name="Winter cup",
        game_type="bushi",
        settings={},
        format="round_robin",
        rounds=1,
        move_seconds=86400,
        rated=False,
        signup_seconds=86400,
        max_players=None,
        play_seconds=None,
        locale="en",
    )
    for player in (ALICE, BOB, CAROL):
        await world.tournaments.actions.join(info.id, GUILD, player)
    await world.tournaments.actions.start(info.id, GUILD, ALICE.user_id, manages_server=True)
    # And one still taking sign-ups, organised by Carol.
    signup = await world.tournaments.actions.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=CAROL,
        manages_server=True,
        name="Spring cup",
        game_type="senretsu",
        settings={},
        format="swiss",
        rounds=3,
        move_seconds=86400,
        rated=False,
        signup_seconds=86400,
        max_players=None,
        play_seconds=None,
        locale="ja",
    )
    for player in (ALICE, BOB):
        await world.tournaments.actions.join(signup.id, GUILD, player)
    # Puzzles and lessons.
    ref = await world.puzzles.next_for(ALICE.user_id, "bushi")
    await world.puzzles.answer(ALICE.user_id, GUILD, ref, ref.puzzle.answers[0])
    await world.lessons.reach(ALICE.user_id, "bushi", 3)
    return {
        "won": won.game.id,
        "running": running.game.id,
        "sealed": sealed.game.id,
        "hidden": hidden,
        "pending": pending.game.id,
        "solo": solo.game.id,
        "tournament": info.id,
        "signup": signup.id,
    }


async def test_the_export_file_is_the_same_document_read_in_batches_past_the_cache(
    db: Database, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file holds exactly the document each game read on its own through the loader
    gives (as the export was made before), byte for byte; it is read a few games at a time,
    and the decoded-game cache is neither read nor filled (the live games stay in it)."""
    world = World(db, clock)
    await populate(world)
    records = world.privacy.records
    async with db.read() as session:
        ids = sorted(
            await session.scalars(
                select(GameSeatRow.game_id).where(GameSeatRow.user_id == ALICE.user_id)
            )
        )
    assert len(ids) > 3
    games = [
        game_entry(
            await world.games.queries.get(game_id),
            await world.games.queries.event_log(game_id),
            ALICE.user_id,
        )
        for game_id in ids
    ]
    document = {**(await records.export(ALICE.user_id)), "games": games}
    expected = json.dumps(document, ensure_ascii=False, indent=1)

    cache = world.games.loader.cache
    touched: list[str] = []
    for name in ("get", "at", "put", "drop"):
        real = getattr(cache, name)
        monkeypatch.setattr(cache, name, lambda *a, _n=name, _r=real: touched.append(_n) or _r(*a))
    monkeypatch.setattr("bot.services.privacy_export.BATCH", 2)
    async with records.file(ALICE.user_id) as path:
        assert path.name.endswith(".json") and path.read_text("utf-8") == expected
    assert not path.exists() and touched == []
    async with records.file(ALICE.user_id, gzip_over=100) as path:
        assert path.name.endswith(".json.gz")
        assert gzip.decompress(path.read_bytes()).decode() == expected
    nobody = await records.export(424242)
    async with records.file(424242) as path:
        assert path.read_text("utf-8") == json.dumps(nobody, ensure_ascii=False, indent=1)
    assert touched == []


async def every_value(db: Database) -> list[tuple[str, str, Any]]:
    """Every value of every column of every table the schema declares."""
    found = []
    async with db.read() as session:
        for table in Base.metadata.sorted_tables:
            for row in (await session.execute(select(table))).mappings():
                for column, value in row.items():
                    found.append((table.name, column, value))
    return found


def mentions(value: Any, user_id: int, name: str) -> bool:
    if isinstance(value, int) and not isinstance(value, bool):
        return value == user_id
    if isinstance(value, bytes):
        return str(user_id).encode() in value
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return str(user_id) in text or name in text


async def test_the_export_holds_everything_of_the_player_and_no_hidden_card(
    db: Database, clock: FakeClock
) -> None:
    world = World(db, clock)
    ids = await populate(world)
    export = await world.privacy.records.export(ALICE.user_id)
    notes = [row["note"] for row in export["game_notes_and_plans"]]
    assert notes == ["Bob likes to turn early"]  # her own note, never Bob's
    text = json.dumps(export, ensure_ascii=False)

    assert export["settings"]["notify"] == "dm" and export["settings"]["hide_stats"] is True
    assert export["dm_reach"]["shared_server_at"] and export["dm_reach"]["told"] == "dm"
    assert {g["id"] for g in export["games"]} >= {ids[k] for k in ("won", "sealed", "hidden")}
    assert any(s["rating_mu"] for s in export["results_and_ratings"])
    assert export["puzzle_answers"] and export["puzzle_ratings"]
    # The Glicko-2 columns (migration 0022) go with the rating.
    rated = [r for r in export["puzzle_ratings"] if r["rating_mu"] is not None]
    assert rated and all(r["rating_deviation"] < 350 for r in rated)
    assert all(0 < r["rating_volatility"] < 1 for r in rated)
    assert export["lessons"][0]["step"] == 3
    assert export["tournaments"][0]["organised_by_you"] is True
    assert export["tournament_pairings"]

    # The running 戦列札 game: Alice's own hand is there; what Bob staged privately is not.
    hidden = next(g for g in export["games"] if g["id"] == ids["hidden"])
    assert hidden["your_hand"]["en"] and hidden["your_seat"] == 0
    log = await world.games.queries.event_log(ids["hidden"])
    private = [e.action for e in log if e.seat == 1 and not e.public_text_en]
    assert private  # the game stopped mid-staging
    for action in private:
        assert action not in text
    steps = [m["step"] for m in hidden["moves"]]
    assert steps == list(range(1, len(steps) + 1))  # no gap tells how many steps Bob took
    assert all("action" not in m for m in hidden["moves"] if not m["yours"])
    game = await world.games.queries.get(ids["hidden"])
    assert str(game.seed) not in text  # a running deal's seed would deal every hidden card
    assert hidden["position"]["en"] == game.rules.render(game.rules.view_for(game.state, 0), "en")
    panel = game.spec.panel
    assert panel is not None
    assert hidden["your_hand"]["en"] == panel(game.rules, game.state, 0, "en", None).text
    bob_hand = panel(game.rules, game.state, 1, "en", None).text
    assert bob_hand != hidden["your_hand"]["en"] and bob_hand not in text
    # Someone with nothing kept gets an empty export.
    empty = await world.privacy.records.export(424242)
    assert empty["games"] == [] and empty["settings"] is None


async def test_deleting_leaves_no_trace_and_the_others_games_whole(
    db: Database, clock: FakeClock
) -> None:
    world = World(db, clock)
    ids = await populate(world)
    carol_before = await world.standings.profile(CAROL.user_id, None, viewer_id=CAROL.user_id)
    assert not any(s.rated_games for s in carol_before or [])

    sealed_before = await world.games.queries.get(ids["sealed"])
    departure, forgotten = await world.privacy.delete_everything(ALICE.user_id)

    # Running games resigned, challenges and unmoved games aborted, through the services.
    ended = {r.game.id: r.game.status for r in departure.games}
    assert ended[ids["running"]] == GameStatus.FINISHED
    assert ended[ids["hidden"]] == GameStatus.FINISHED
    assert ended[ids["pending"]] == GameStatus.ABORTED
    assert departure.tournaments_left == 2
    assert forgotten.deleted >= 5 and forgotten.former_id is not None
    assert is_former_player(forgotten.former_id)
    # Carol won a rated game by resignation: her rating moved, as for any resignation.
    carol = await world.standings.profile(CAROL.user_id, None, viewer_id=CAROL.user_id)
    assert any(s.rated_games == 1 and s.won >= 1 for s in carol or [])
    hidden = await world.games.queries.get(ids["hidden"])
    assert hidden.outcome is not None and hidden.outcome.winner == 1  # Bob won

    # No column of any table holds Alice's id or name.
    left = [
        (table, column)
        for table, column, value in await every_value(db)
        if mentions(value, ALICE.user_id, ALICE.display_name)
    ]
    assert not left, left

    # Every game still replays to its snapshot and renders for every viewer; the finished
    # 戦列札 deal's seal still verifies; her seat is a former player's.
    await assert_every_game_reads(db)
    check = await world.games.queries.verification(ids["sealed"])
    assert not check.report.reasons and check.replayed
    assert not verify.verify(check.record).reasons
    sealed = await world.games.queries.get(ids["sealed"])
    assert sealed.player(1).user_id == forgotten.former_id
    assert sealed.player(1).display_name == FORMER_PLAYER_NAME
    # A new version: another process's decoded copy, with the old seats, is read again.
    assert sealed.version > sealed_before.version
    assert sealed.player(0).user_id == BOB.user_id
    game, entries = await world.games.queries.log_download(ids["sealed"], BOB.user_id)
    today = clock().date()
    assert "a former player" in log_text(game, entries, "en", today)
    assert "元プレイヤー" in log_text(game, entries, "ja", today)
    assert "元プレイヤー" not in log_text(game, entries, "en", today)
    with pytest.raises(WrongStatus):  # no one to ask for a rematch
        await world.games.starts.rematch(ids["won"], BOB.user_id)
    # The tournament keeps its table, with her entry a former player's.
    async with db.read() as session:
        tournament_games = list(
            await session.scalars(select(GameRow).where(GameRow.tournament_id == ids["tournament"]))
        )
    assert tournament_games
    standing = await world.tournaments.queries.show(ids["tournament"], GUILD)
    assert standing.tournament.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED)
    assert standing.entrant(forgotten.former_id) is not None
    assert standing.tournament.organiser_id == forgotten.former_id
    assert len(standing.rows) == 3
    # From the one taking sign-ups she simply left.
    signup = await world.tournaments.queries.show(ids["signup"], GUILD)
    assert [e.user_id for e in signup.entrants] == [BOB.user_id]
    assert signup.tournament.entrant_count == 1

    # Bob's private note on their game is his still.
    assert await world.games.asides.note(ids["won"], BOB.user_id) == "she rushes the drop"
    # Bob's results are his still; Alice has none, nor settings.
    assert await world.standings.profile(BOB.user_id, None, viewer_id=BOB.user_id)
    assert not (await world.privacy.records.export(ALICE.user_id))["games"]
    assert (await world.standings.prefs(ALICE.user_id)).hide_stats is False

    # Again: nothing to do, nothing changes.
    before = await every_value(db)
    departure, again = await world.privacy.delete_everything(ALICE.user_id)
    assert not departure.games and again.deleted == 0 and again.former_id is None
    assert await every_value(db) == before

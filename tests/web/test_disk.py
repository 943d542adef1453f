"""Games' pictures kept on disk between runs of the web process: a restarted process answers
what the last one drew without drawing it again, never a forgotten player's name, and the
folder stays within its size."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.db import Database
from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.privacy import PrivacyService
from bot.services.standings import StandingsService
from bot.services.tournaments import TournamentService
from bot.web.addresses import Addresses, Kind
from bot.web.ahead import Ahead
from bot.web.app import kept_on_disk, make_app, templates
from bot.web.disk import DiskPictures, edition, player
from bot.web.pages import Pages
from bot.web.pictures import Easel, PictureShelf
from bot.web.reading import WebReader
from bot.web.settings import WebSettings
from rules.core import Rng
from tests.conftest import FakeClock
from tests.web.conftest import ALICE, BASE, BOB, SECRET, bushi_finished

T = TypeVar("T")


class CountingEasel(Easel):
    """Draws as the site does, counting the drawings."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0

    async def draw(self, work: Callable[..., T], *args: Any, ahead: bool = False) -> T:
        self.drawn += 1
        return await super().draw(work, *args, ahead=ahead)


class Run:
    """One run of the web process's pages over ``db``, its pictures kept under ``folder``."""

    def __init__(self, db: Database, clock: FakeClock, folder: Path) -> None:
        self.disk = DiskPictures(folder, drawn_by="this-code")
        self.disk.open()
        self.easel = CountingEasel()
        self.pages = Pages(
            WebSettings(BASE, secret=SECRET),
            Addresses(SECRET),
            WebReader(db, clock),
            templates(),
            shelf=PictureShelf(disk=self.disk),
            easel=self.easel,
            current_ttl=0,
        )
        self.client = TestClient(TestServer(make_app(self.pages)))

    async def page(self, game_id: int) -> str:
        token = Addresses(SECRET).token(Kind.GAME, game_id)
        response = await self.client.get(f"/g/{token}?lang=en")
        assert response.status == 200
        return await response.text()

    async def player(self, user_id: int, lang: str = "en", status: int = 200) -> str:
        token = Addresses(SECRET).token(Kind.PLAYER, user_id)
        response = await self.client.get(f"/p/{token}?lang={lang}")
        assert response.status == status
        return await response.text()

    async def player_preview(self, user_id: int) -> bytes:
        token = Addresses(SECRET).token(Kind.PLAYER, user_id)
        response = await self.client.get(f"/p/{token}/preview.png?lang=en")
        assert response.status == 200
        return await response.read()

    async def picture(self, game_id: int, kind: str = "board") -> bytes:
        token = Addresses(SECRET).token(Kind.GAME, game_id)
        response = await self.client.get(f"/g/{token}/{kind}.png?lang=en")
        assert response.status == 200
        return await response.read()


@asynccontextmanager
async def run(db: Database, clock: FakeClock, folder: Path) -> AsyncIterator[Run]:
    one = Run(db, clock, folder)
    await one.client.start_server()
    try:
        yield one
    finally:
        await one.client.close()


@pytest.fixture
def games(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(11))


async def test_a_restarted_process_answers_the_pictures_drawn_before_without_drawing(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    game = (await bushi_finished(games)).game
    async with run(db, clock, tmp_path) as first:
        board = await first.picture(game.id)
        preview = await first.picture(game.id, "preview")
        assert first.easel.drawn == 2  # the board (drawn once, for the preview too), the preview
        page = await first.page(game.id)
    assert len(list((tmp_path / "this-code" / str(game.id)).iterdir())) == 3
    async with run(db, clock, tmp_path) as second:
        assert await second.picture(game.id) == board
        assert await second.picture(game.id, "preview") == preview
        assert second.easel.drawn == 0
        assert second.pages.shelf.from_disk == 2

        async def not_read(*_: object) -> None:
            raise AssertionError("the game's moves read again")

        second.pages.reader.shown = not_read  # type: ignore[assignment]
        assert await second.page(game.id) == page


async def test_a_forgotten_players_pictures_never_come_back_from_disk(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    game = (await bushi_finished(games)).game
    async with run(db, clock, tmp_path) as first:
        named = await first.picture(game.id)
        assert ">bob<" in await first.page(game.id)
    kept = tmp_path / "this-code" / str(game.id)
    before = list(kept.iterdir())
    assert len(before) == 2  # the board, the page
    standings = StandingsService(db, clock)
    privacy = PrivacyService(
        db, games, TournamentService(games, GuildService(db, clock)), standings
    )
    assert await privacy.forget(BOB.user_id) is not None
    async with run(db, clock, tmp_path) as second:
        # The game moved on: the picture kept under its old version is not answered ...
        redrawn = await second.picture(game.id)
        assert redrawn != named
        assert second.easel.drawn == 1 and second.pages.shelf.from_disk == 0
        # ... and, drawn anew, it is the only one of the game left on disk.
        assert not any(path.exists() for path in before)
        assert [p.read_bytes() for p in kept.iterdir()] == [redrawn]
        html = await second.page(game.id)
        assert "bob" not in html and len(list(kept.iterdir())) == 2


async def test_the_sweep_deletes_pictures_of_games_that_moved_on_without_being_asked(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    """Nobody asks for the game again after the deletion: the sweep (at start, then every
    minute) still takes its pictures off the disk."""
    game = (await bushi_finished(games)).game
    other = (await bushi_finished(games)).game
    async with run(db, clock, tmp_path) as first:
        await first.picture(game.id)
        await first.picture(other.id)
    standings = StandingsService(db, clock)
    privacy = PrivacyService(
        db, games, TournamentService(games, GuildService(db, clock)), standings
    )
    assert await privacy.forget(BOB.user_id) is not None
    async with run(db, clock, tmp_path) as second:
        assert len(second.disk) == 2
        assert await Ahead(second.pages).sweep() == 2  # both were Bob's
        assert len(second.disk) == 0
        assert not list((tmp_path / "this-code").iterdir())


def test_the_folder_stays_within_its_size_the_least_recently_used_going_first(
    tmp_path: Path,
) -> None:
    disk = DiskPictures(tmp_path, limit=1000, drawn_by="this-code")
    disk.open()
    for game_id in range(1, 5):
        disk.write(game_id, 1, f'"tag{game_id}"', bytes(300))
        assert disk.read(1, 1, '"tag1"') is not None  # game 1's, read again and again
        assert disk.size <= 1000
    on_disk = sum(p.stat().st_size for p in tmp_path.rglob("*.png"))
    assert on_disk == disk.size <= 1000
    assert disk.read(1, 1, '"tag1"') == bytes(300)
    assert disk.read(2, 1, '"tag2"') is None  # the least recently used went
    # Read again at start, the same files in the same order of use.
    again = DiskPictures(tmp_path, limit=600, drawn_by="this-code")
    again.open()
    assert again.size <= 600
    assert again.read(1, 1, '"tag1"') == bytes(300)


def test_a_newer_version_replaces_the_older_and_other_code_s_pictures_go(tmp_path: Path) -> None:
    disk = DiskPictures(tmp_path, drawn_by="old-code")
    disk.open()
    disk.write(7, 3, '"board"', b"three")
    disk.write(7, 4, '"board"', b"four")
    assert disk.read(7, 3, '"board"') is None
    assert [p.name for p in (tmp_path / "old-code" / "7").iterdir()] == ["4-board.png"]
    (tmp_path / "old-code" / "7" / "5-cut-short.part").write_bytes(b"half")
    newer = DiskPictures(tmp_path, drawn_by="new-code")
    newer.open()
    assert [p.name for p in tmp_path.iterdir()] == ["new-code"]
    assert newer.read(7, 4, '"board"') is None


def test_the_code_that_draws_names_the_folder(tmp_path: Path) -> None:
    (tmp_path / "paint.py").write_text("one look")
    first = edition((tmp_path,))
    assert edition((tmp_path,)) == first
    (tmp_path / "paint.py").write_text("another look")
    assert edition((tmp_path,)) != first


async def test_pictures_kept_on_disk_only_where_a_folder_is_set(tmp_path: Path) -> None:
    addresses = Addresses(SECRET)
    assert await kept_on_disk(WebSettings(BASE), addresses) is None
    disk = await kept_on_disk(
        WebSettings(BASE, cache_dir=tmp_path / "cache", cache_mb=1), addresses
    )
    assert disk is not None and disk.limit == 1024 * 1024
    assert (tmp_path / "cache").is_dir()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert await kept_on_disk(WebSettings(BASE, cache_dir=blocked / "cache"), addresses) is None


def record_not_read(pages: Pages) -> None:
    """From here on, reading a player's record fails the test."""

    async def not_read(*_: object) -> None:
        raise AssertionError("the player's record read again")

    pages.reader.player = not_read  # type: ignore[assignment]


def forgetting(db: Database, clock: FakeClock, games: GameService) -> PrivacyService:
    standings = StandingsService(db, clock)
    return PrivacyService(db, games, TournamentService(games, GuildService(db, clock)), standings)


async def test_a_restarted_process_answers_a_players_page_from_disk_with_one_read(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    """A player's page is kept on disk under their mark: a restarted process reads the mark
    (one read, for the players of the newest games before it answers) and answers the page,
    and its link preview's words, without reading their record again."""
    await bushi_finished(games)
    async with run(db, clock, tmp_path) as first:
        english, japanese = (
            await first.player(ALICE.user_id),
            await first.player(ALICE.user_id, "ja"),
        )
        preview = await first.player_preview(ALICE.user_id)
        assert "Results" in english and "成績" in japanese
    kept = tmp_path / "this-code" / player(ALICE.user_id)
    assert sorted(p.suffix for p in kept.iterdir()) == [".page", ".page"]
    async with run(db, clock, tmp_path) as second:
        await Ahead(second.pages).warm()
        marks = second.pages.marks.made
        record_not_read(second.pages)
        assert await second.player(ALICE.user_id) == english
        assert await second.player(ALICE.user_id, "ja") == japanese
        assert await second.player_preview(ALICE.user_id) == preview
        assert second.disk.found["page"] == 2
        assert second.pages.marks.made == marks  # read before it answered: no read of its own


async def test_a_kept_players_page_is_never_answered_once_they_hide_their_results(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    await bushi_finished(games)
    async with run(db, clock, tmp_path) as first:
        assert "Results" in await first.player(BOB.user_id)
    kept = tmp_path / "this-code" / player(BOB.user_id)
    before = list(kept.iterdir())
    await StandingsService(db, clock).set_prefs(BOB.user_id, hide_stats=True)
    async with run(db, clock, tmp_path) as second:
        # Nobody asks again: the sweep still takes the page that showed them off the disk.
        assert await Ahead(second.pages).sweep() == 1
        assert not any(path.exists() for path in before)
        hidden = await second.player(BOB.user_id)
        assert "Results" not in hidden and "keeps their results to themselves" in hidden
        assert second.disk.found["page"] == 0
    async with run(db, clock, tmp_path) as third:
        # Shown again, it is made afresh: the hidden page kept is not what they show now.
        await StandingsService(db, clock).set_prefs(BOB.user_id, hide_stats=False)
        assert "Results" in await third.player(BOB.user_id)


async def test_a_forgotten_players_page_goes_from_disk_and_is_never_answered(
    db: Database, clock: FakeClock, games: GameService, tmp_path: Path
) -> None:
    """/privacy deletion: the page kept on disk is answered by no process, this one (once
    its mark is read again) or the next, and the sweep deletes it whether asked or not."""
    await bushi_finished(games)
    async with run(db, clock, tmp_path) as first:
        assert "bob" in await first.player(BOB.user_id)
        await first.player(BOB.user_id, "ja")
        assert await forgetting(db, clock, games).forget(BOB.user_id) is not None
        await first.pages.player_version(BOB.user_id, (), renew=True)  # the mark, a while on
        await first.player(BOB.user_id, status=404)
    kept = tmp_path / "this-code" / player(BOB.user_id)
    assert len(list(kept.iterdir())) == 2
    async with run(db, clock, tmp_path) as second:
        await Ahead(second.pages).warm()
        await second.player(BOB.user_id, status=404)
        await second.player(BOB.user_id, "ja", status=404)
        assert await Ahead(second.pages).sweep() == 2  # Bob's page in both languages
        assert not kept.exists() and second.disk.players() == []

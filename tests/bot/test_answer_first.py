"""Answer first: with the database held busy by another process, every command, click and form
that writes is acknowledged while the database is still busy — the database is let go only
once Discord has the acknowledgement, so a bot waiting on its write before answering would
hang here, whatever the machine's speed — and then answered truly: the board, or the
confirmation, where it belongs; no "thinking…" left hanging, no answer twice, a private answer
private. In the end no game is left without its board. A player reading English plays it
through on SQLite (its write lock held: reads go on), one reading Japanese on PostgreSQL (every
table locked: reads wait too)."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.client import COMPONENTS
from bot.cogs.clicks import Guarded
from bot.i18n import MESSAGES
from bot.metrics import METRICS
from bot.services.errors import ServiceError
from bot.statuses import GameStatus
from bot.text.errors import CHANNEL_NOT_ALLOWED, FORM_TOO_SLOW
from bot.ui import answering
from bot.ui.answering import FirstAnswer, declared
from bot.ui.components import DrawnButton, DrawnSelect, NumberForm
from bot.ui.corner_components import NoteForm
from bot.ui.lesson_cards import LessonNumberForm
from rules.core import normalize_locale
from tests.bot.busy_database import HOLD_AT_MOST, database_busy
from tests.bot.harness import World, make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeMessage, FakeUser, InteractionRecord
from tests.fakediscord.pace import quiet_seconds

#: The watchdog's wait, shortened: every step is acknowledged by it (or by its handler) while
#: the database is held, however long the wait; the order is what is tested, not a duration.
WAIT = 0.05


@pytest.fixture
def world(world_on_both: World) -> World:
    return world_on_both


def words_of(key: str, locale: str) -> str:
    """The longest stretch of a message's own words (between its fields), to know it by."""
    template = MESSAGES[key](normalize_locale(locale))
    return max((p.strip() for p in re.split(r"\{[^}]*\}|</[^>]*>", template)), key=len)


def ahead(first: FirstAnswer) -> float:
    """How many interactions this process acknowledged ahead of their answer, as ``first``."""
    value = METRICS.registry.get_sample_value("asobiba_answered_ahead_total", {"how": first.value})
    return value or 0.0


class Busy:
    """Runs each step with the database held until Discord has the step's first answer, then
    reads what its player sees."""

    def __init__(self, world: World, player: FakeUser) -> None:
        self.world = world
        self.player = player
        self.locale = player.locale

    async def step(
        self,
        first: FirstAnswer,
        act: Callable[[], Awaitable[InteractionRecord]],
        says: str | None = None,
    ) -> InteractionRecord:
        """``act`` while the database is busy; its answer comes as ``first`` says (and says
        ``says``)."""
        sent: list[InteractionRecord] = []
        async with database_busy(self.world, lambda: bool(sent) and sent[0].responded) as held:
            sent.append(await act())
            await sent[0].wait_response(timeout=HOLD_AT_MOST)
        record = sent[0]
        assert held.done and record.responded_at is not None
        assert record.responded_at <= held.released_at, f"{record!r} waited for the database"
        await record.wait_complete(timeout=HOLD_AT_MOST)
        assert await self.world.bot.asobiba.activity.wait_idle(quiet_seconds(HOLD_AT_MOST))
        self.read(record, first, says)
        return record

    def read(self, record: InteractionRecord, first: FirstAnswer, says: str | None) -> None:
        """What the player sees: the answer, where it belongs, once, nothing thinking."""
        assert record.complete, f"{record!r} left thinking"
        messages = record.shown
        assert all(m.text or m.components or m.attachments for m in messages), record
        if first is FirstAnswer.UPDATE:
            assert record.response_type in (6, 7), record
            assert record.message is record.source_message
            assert record.followups == [], [m.text for m in record.followups]
            text = record.source_message.text if record.source_message else ""
        else:
            if first is FirstAnswer.PUBLIC:
                assert not messages[0].ephemeral, f"{record!r}: {messages[0].text}"
            else:  # every word of it private
                assert all(m.ephemeral for m in messages), [m.text for m in messages]
            assert len(messages) == 1, [m.text for m in messages]
            text = "\n".join(m.text for m in messages)
        if says is not None:
            assert says in text, f"{says!r} not in {text!r}"

    def said(self, key: str) -> str:
        return words_of(key, self.locale)

    # --- the player's gestures -------------------------------------------------------------

    def slash(
        self, command: str, user: FakeUser | None = None, **options: Any
    ) -> Callable[[], Awaitable[InteractionRecord]]:
        world = self.world
        return lambda: world.fake.slash(
            command, user=user or self.player, channel=world.channel, options=options
        )

    def click(
        self, message: FakeMessage, pattern: str, user: FakeUser | None = None
    ) -> Callable[[], Awaitable[InteractionRecord]]:
        """The button whose custom_id matches ``pattern`` (a regex, searched)."""
        custom_id = next(c for c in message.custom_ids() if re.search(pattern, c))
        return lambda: self.world.fake.click(message, custom_id, user=user or self.player)

    def choose(
        self, message: FakeMessage, prefix: str, user: FakeUser | None = None, n: int = 0
    ) -> Callable[[], Awaitable[InteractionRecord]]:
        menu = next(s for s in message.selects() if s["custom_id"].startswith(prefix))
        value = str(menu["options"][n]["value"])
        return lambda: self.world.fake.select(
            message, menu["custom_id"], [value], user=user or self.player
        )

    def private(self, user: FakeUser | None = None) -> FakeMessage:
        return self.world.fake.ephemeral_messages(user or self.player)[-1]

    async def board(self, act: Callable[[], Awaitable[InteractionRecord]]) -> FakeMessage:
        """A new game's board, posted for everyone there."""
        record = await self.step(FirstAnswer.PUBLIC, act)
        assert record.message is not None and record.message.custom_ids(), record.text
        return record.message


def corner_note(corner: FakeMessage) -> str:
    return next(c for c in corner.custom_ids() if c.startswith("nt:"))


def rematch_id(board: FakeMessage) -> int:
    return int(next(c for c in board.custom_ids() if c.startswith("ch:")).split(":")[1])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("world", "language"),
    [("sqlite", "en"), pytest.param("postgres", "ja", marks=pytest.mark.postgres)],
    indirect=["world"],
)
async def test_every_writing_gesture_is_acknowledged_while_the_database_is_busy(
    world: World,
    language: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(answering, "ANSWER_WITHIN", WAIT)
    world.fake.response_deadline = HOLD_AT_MOST  # the order is the point, not the speed
    before = {first: ahead(first) for first in FirstAnswer}
    me = world.fake.add_user("ken", locale="ja" if language == "ja" else "en-US")
    admin = discord.Permissions.general()
    admin.manage_guild = True
    world.fake.add_member(world.guild, me, permissions=admin.value)
    them, dave = world.carol, world.fake.add_user("dave")
    busy = Busy(world, me)
    P, Q, U = FirstAnswer.PRIVATE, FirstAnswer.PUBLIC, FirstAnswer.UPDATE

    # Settings, the server's and the player's own.
    await busy.step(P, busy.slash("server settings", boards="text"), busy.said("server.now"))
    await busy.step(P, busy.slash("settings", boards="text"), busy.said("settings.now"))

    # A challenge accepted and played; one declined; an open one withdrawn.
    board = await busy.board(
        busy.slash("bushi challenge", opponent=them, colour="black", clock="3600")
    )
    await busy.step(U, busy.click(board, r"^ch:.*:accept$", them), "To move")
    await busy.step(U, busy.choose(board, "gs:"))
    declined = await busy.board(busy.slash("bushi challenge", opponent=them))
    await busy.step(U, busy.click(declined, r":decline$", them), "declined")
    withdrawn = await busy.board(busy.slash("bushi challenge"))
    await busy.step(U, busy.click(withdrawn, r":cancel$"), "called off")

    # The player's corner, on the opponent's turn: a plan left and cancelled, a note kept.
    await busy.step(P, busy.click(board, r"^cn:"), busy.said("corner.title"))
    corner = busy.private()
    await busy.step(U, busy.choose(corner, "pt:"), busy.said("corner.pick_answer"))
    await busy.step(U, busy.choose(corner, "pm:"), busy.said("corner.plan_saved"))
    await busy.step(U, busy.click(corner, r"^pc:"), busy.said("corner.plan_cancelled"))
    opened = await world.fake.click(corner, corner_note(corner), user=me)  # a form: never held
    await opened.wait_response()
    assert opened.modal is not None
    [label] = opened.modal["components"]
    note = {label["component"]["custom_id"]: "watch the left file"}
    await busy.step(
        U, lambda: world.fake.submit_modal(opened, note, user=me), busy.said("corner.note_saved")
    )

    # A draw offered and declined, an adjournment asked, accepted and resumed.
    await busy.step(U, busy.click(board, r":draw-offer$", them), "offers a draw")
    await busy.step(U, busy.click(board, r":draw-decline$"))
    await busy.step(U, busy.click(board, r"^adj:.*:ask$", them), "asks to adjourn")
    await busy.step(U, busy.click(board, r"^adj:.*:yes$"), "Adjourned")
    await busy.step(U, busy.click(board, r"^adj:.*:resume$", them))

    # A hint; resigning, asked privately; the finished game's log, replay, share, rematch.
    await busy.step(P, busy.click(board, r"^hint:"))  # whatever the hint, said privately
    await busy.step(P, busy.click(board, r"^rs:"), busy.said("confirm.resign"))
    await busy.step(U, busy.click(busy.private(), r":resign$"))
    assert "resigned" in board.text
    await busy.step(P, busy.click(board, r"^log:"), busy.said("log.attached"))
    await busy.step(P, busy.click(board, r"^rps:"))
    await busy.step(U, busy.click(busy.private(), r"^rp:.*:n$"))
    await busy.step(P, busy.click(board, r"^sh:"))
    rematch = await busy.board(busy.click(board, r"^rm:"))

    # A solitaire, the daily deal (a board only its player sees), today's results.
    await busy.board(busy.slash("yosukou start"))
    await busy.step(P, busy.slash("yosukou daily"), "📅")
    await busy.step(Q, busy.slash("yosukou today"))

    # Away, and back.
    await busy.step(P, busy.slash("away", days=3), busy.said("away.set"))
    await busy.step(P, busy.click(busy.private(), r"^away:back:"), busy.said("away.back"))

    # A tournament made, joined, left, joined again, started, withdrawn from, called off.
    await busy.step(Q, busy.slash("tournament create bushi", name="Autumn league"), "Autumn")
    await busy.step(P, busy.slash("tournament join"), busy.said("tournament.joined"))
    await busy.step(P, busy.slash("tournament join", them), "Autumn")
    await busy.step(P, busy.slash("tournament leave", them), "Autumn")
    await busy.step(P, busy.slash("tournament join", them), "Autumn")
    await busy.step(P, busy.slash("tournament start"), busy.said("tournament.started"))
    await busy.step(P, busy.slash("tournament withdraw", them))
    await busy.step(Q, busy.slash("tournament show"), "Autumn")
    await busy.step(P, busy.slash("tournament list"))
    await busy.step(P, busy.slash("tournament cancel"))
    # A solitaire event's deal, a board only its player sees.
    await busy.step(Q, busy.slash("tournament create yosukou", name="Winter deals"), "Winter")
    await busy.step(P, busy.slash("tournament join"), busy.said("tournament.joined"))
    await busy.step(P, busy.slash("tournament join", them), "Winter")
    await busy.step(P, busy.slash("tournament start"), busy.said("tournament.started"))
    await busy.step(P, busy.slash("tournament play"), "Winter")

    # The server calls a game off.
    await busy.step(P, busy.slash("server abort", game=rematch_id(rematch)))

    # Puzzles and a lesson.
    await busy.step(P, busy.slash("puzzle", game="bushi"))
    card = busy.private()
    await busy.step(U, busy.choose(card, "pza:"))
    await busy.step(U, busy.click(card, r"^pzn:"))
    await busy.step(P, busy.slash("learn", game="bushi"))
    await busy.step(U, busy.click(busy.private(), r"^ln:"))

    # A secret hand's private panel.
    hands = await busy.board(busy.slash("senretsu challenge", opponent=them))
    await busy.step(U, busy.click(hands, r"^ch:.*:accept$", them))
    await busy.step(P, busy.click(hands, r"^hand:"))

    # The player's lists: a board posted afresh, a finished game replayed.
    await busy.step(P, busy.slash("games"))
    await busy.board(busy.choose(busy.private(), "games:reopen"))
    await busy.step(P, busy.slash("history"))
    await busy.step(U, busy.choose(busy.private(), "hs:"))
    await busy.step(P, busy.slash("profile"))
    await busy.step(Q, busy.slash("standings", game="bushi"))
    await busy.step(P, busy.slash("rules", game="bushi"))

    # The player's data: exported, a deletion begun and kept from; another player's deleted.
    await busy.step(P, busy.slash("privacy"), busy.said("privacy.title"))
    card = busy.private()
    await busy.step(P, busy.click(card, r"^pv:export$"), busy.said("privacy.exported"))
    await busy.step(U, busy.click(card, r"^pv:delete$"), busy.said("privacy.confirm_first"))
    await busy.step(U, busy.click(card, r"^pv:keep$"), busy.said("privacy.kept_data"))
    await busy.step(P, busy.slash("privacy", dave))
    card = busy.private(dave)
    await busy.step(U, busy.click(card, r"^pv:delete$", dave))
    await busy.step(U, busy.click(card, r"^pv:continue:", dave))
    await busy.step(U, busy.click(card, r"^pv:now:", dave))

    # Nothing was answered twice or refused by Discord, no declaration was wrong, and every
    # game has its board.
    assert world.fake.violations == []
    wrong = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert wrong == []
    # Each way of acknowledging ahead was taken while a step waited on the database.
    assert all(ahead(first) > before[first] for first in (P, Q, U)), before
    games = [
        game
        for user in (me, them)
        for game in await world.bot.games.queries.list_games(
            user.id, statuses=tuple(GameStatus), limit=500
        )
    ]
    assert len(games) > 10 and all(g.message_id is not None for g in games), games


class Gate:
    """Holds a flow back until the test opens it: the bot's answer waits on the test alone."""

    def __init__(self) -> None:
        self.open = asyncio.Event()

    def before(self, flow: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def gated(*args: Any, **kwargs: Any) -> Any:
            await self.open.wait()
            return await flow(*args, **kwargs)

        return gated


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_a_public_thinking_gives_way_to_a_private_refusal(
    world: World, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A challenge is acknowledged with a "thinking…" everyone sees; its answer turns out to
    be a refusal, which is the challenger's alone: the "thinking…" goes, the refusal is said
    privately, and no game is left behind."""
    monkeypatch.setattr(answering, "ANSWER_WITHIN", WAIT)
    gate = Gate()

    async def refused(*args: Any, **kwargs: Any) -> None:
        raise ServiceError(CHANNEL_NOT_ALLOWED.format(channels="#games-only"))

    monkeypatch.setattr(world.bot.asobiba.services.servers, "check_channel", gate.before(refused))
    player = world.alice if language == "en" else world.bob
    record = await world.fake.slash(
        "bushi challenge", user=player, channel=world.channel, options={"opponent": world.carol}
    )
    await record.wait_response()
    assert record.response_type == 5 and not record.ephemeral  # "thinking…", for everyone
    gate.open.set()
    await world.fake.wait_until(lambda: bool(record.followups))
    assert await world.bot.asobiba.activity.wait_idle(quiet_seconds(HOLD_AT_MOST))
    assert record.message is not None and record.message.deleted
    [refusal] = record.shown
    assert refusal.ephemeral and refusal.ephemeral_for is not None
    assert refusal.ephemeral_for.id == player.id
    said = CHANNEL_NOT_ALLOWED.format(channels="#games-only")(normalize_locale(player.locale))
    assert refusal.text == said
    assert all(said not in m.text for m in world.fake.messages_in(world.channel))
    assert world.fake.violations == []
    assert await world.bot.games.queries.list_games(player.id) == []


async def test_a_thinking_left_unanswered_is_taken_away(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A handler that (wrongly) ends without a word: its "thinking…" does not hang there."""
    monkeypatch.setattr(answering, "ANSWER_WITHIN", WAIT)
    gate = Gate()

    async def silent(interaction: discord.Interaction) -> None:
        return None

    monkeypatch.setattr(world.bot.flows.privacy, "show", gate.before(silent))
    record = await world.fake.slash("privacy", user=world.alice, channel=world.channel)
    await record.wait_response()
    assert record.response_type == 5 and record.ephemeral
    gate.open.set()
    assert await world.bot.asobiba.activity.wait_idle(quiet_seconds(HOLD_AT_MOST))
    await world.fake.wait_until(lambda: record.message is not None and record.message.deleted)
    assert "ended without an answer" in caplog.text
    assert world.fake.violations == []


def drawn(base: type) -> list[type]:
    """Every control class of ``bot/ui`` made from ``base``, however far down."""
    found = []
    for sub in base.__subclasses__():
        found += [sub, *drawn(sub)]
    return found


async def test_every_command_and_control_says_how_it_answers(tmp_path: Path) -> None:
    """How each first answer comes is declared where the command or click is made — so a
    slow one is acknowledged the way it will be answered: each click (``bot/cogs``) once,
    never the control as drawn (``bot/ui``), and each form, which no click answers."""
    bot = make_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}", FakeClock())
    try:
        await bot.register_commands()
        commands = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
        assert commands
        for command in commands:  # a command's answer is a message, public or private
            assert declared(command) in (FirstAnswer.PUBLIC, FirstAnswer.PRIVATE), command.name
    finally:
        await bot.db.dispose()
    for click in COMPONENTS:
        assert issubclass(click, Guarded), click
        chooses = click.first_answer is not Guarded.first_answer
        assert chooses or isinstance(getattr(click, "answer_kind", None), FirstAnswer), click
    controls = drawn(DrawnButton) + drawn(DrawnSelect)
    assert len(controls) >= len(COMPONENTS)  # every click's control is drawn in bot/ui
    for control in controls:  # one declaration per control: its click's
        assert not hasattr(control, "answer_kind"), control
        assert not hasattr(control, "first_answer"), control
    for form in (NumberForm, LessonNumberForm, NoteForm):  # answered after the form: never one
        assert form.answer_kind in (FirstAnswer.UPDATE, FirstAnswer.PRIVATE), form


@pytest.mark.parametrize("language", ["en", "ja"])
async def test_a_form_too_slow_to_open_answers_its_click_with_words(
    world: World, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A form can only be a click's first answer, so it can't wait behind a "thinking…": when
    what it shows (the player's note) is slow to read, the click is told in words to press
    again, in time; the form ready too late is not sent, and nothing changes."""
    player = world.alice if language == "en" else world.bob
    busy = Busy(world, player)
    board = await busy.board(busy.slash("bushi challenge", opponent=world.carol))
    await busy.step(FirstAnswer.UPDATE, busy.click(board, r":accept$", world.carol), "To move")
    await busy.step(FirstAnswer.PRIVATE, busy.click(board, r"^cn:"), busy.said("corner.title"))
    corner = busy.private()
    gate = Gate()
    asides = world.bot.games.asides
    monkeypatch.setattr(asides, "note", gate.before(asides.note))
    monkeypatch.setattr(answering, "FORM_WITHIN", WAIT)
    version = (await world.bot.games.queries.get(1)).version

    record = await world.fake.click(corner, corner_note(corner), user=player)
    await record.wait_response()
    assert record.modal is None and record.ephemeral
    assert record.text == FORM_TOO_SLOW(normalize_locale(player.locale))
    gate.open.set()
    assert await world.bot.asobiba.activity.wait_idle(quiet_seconds(HOLD_AT_MOST))
    assert record.modal is None and [m.text for m in record.shown] == [record.text]
    assert (await world.bot.games.queries.get(1)).version == version
    assert world.fake.violations == []

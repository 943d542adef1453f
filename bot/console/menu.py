"""Choosing what to play, from the game registry alone: every variant of every game is an entry
(a game registered later appears by itself), then who plays — two people at one keyboard or
against the bot — and the saved games to resume."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.console.io import Stop, Terminal, pick
from bot.console.play import play_game, result_line, short
from bot.games.registry import all_specs
from bot.games.spec import AnySpec, BotLevel, Variant
from bot.services.errors import GameNotFound
from bot.services.games import GameService
from bot.services.snapshots import (
    LOCAL_USER_MAX,
    ActionResult,
    GameSnapshot,
    GameSummary,
    Player,
    is_former_player,
)
from bot.statuses import GameStatus
from bot.text.console import (
    BOT_NAME,
    CHOOSE_GAME,
    DEFAULT_NAME,
    LEVEL,
    LEVEL_TITLE,
    MODE,
    MODE_WORDS,
    NAME,
    NOT_ACTIVE,
    NOT_FOUND,
    NOT_LOCAL,
    NOT_UNDERSTOOD,
    RESUME_ENTRY,
    RESUME_WORD,
    RESUMING,
    SAME_NAME,
    SAVED_LINE,
    SAVED_NONE,
    SAVED_TITLE,
    SIDE,
    VERSUS,
    WELCOME,
    WHICH_GAME,
    YOUR_NAME,
)
from rules.core import Locale, Text
from rules.core.levels import LEVEL_SETTING

T = TypeVar("T")

#: The console's bot; local people get ids below it (see :func:`local_user_id`).
CONSOLE_BOT_ID = LOCAL_USER_MAX
#: Local ids fill 48 bits below zero: far from Discord's positive ids, and a clash between two
#: names is as likely as two people at one keyboard guessing the same 48-bit number.
LOCAL_ID_BITS = 48


def local_user_id(name: str) -> int:
    """A console player's id, the same for the same name in every session (case and outer
    spaces aside), so each person's results are kept apart."""
    digest = hashlib.sha256(name.strip().casefold().encode()).digest()
    return CONSOLE_BOT_ID - 1 - int.from_bytes(digest[: LOCAL_ID_BITS // 8], "big")


def is_local(game: GameSummary) -> bool:
    return all(
        seat.user_id <= LOCAL_USER_MAX and not is_former_player(seat.user_id) for seat in game.seats
    )


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the games menu: a game in one of its variants."""

    spec: AnySpec
    variant: Variant

    def label(self, locale: Locale) -> str:
        return self.spec.rules.title_for(self.variant.settings)(locale)

    def names(self) -> tuple[str, ...]:
        return (self.label("ja"), self.label("en"), self.variant.key)


@dataclass(frozen=True, slots=True)
class ResumeEntry:
    """The menu's last line when there are saved games."""

    count: int

    def label(self, locale: Locale) -> str:
        return RESUME_ENTRY.format(n=self.count)(locale)

    def names(self) -> tuple[str, ...]:
        return (RESUME_WORD.ja, RESUME_WORD.en)


def entries() -> list[Entry]:
    return [Entry(spec, variant) for spec in all_specs() for variant in spec.variants]


async def session(
    service: GameService,
    term: Terminal,
    *,
    resume: int | None = None,
    list_only: bool = False,
) -> GameSnapshot | None:
    """The console's whole session: list, resume, or choose and play a new game. Returns the
    game played (``None`` when nothing was played: ``--resume`` refused, or the person left
    before a game began)."""
    if list_only:
        await show_saved(service, term)
        return None
    if resume is not None:
        return await resume_game(service, term, resume)
    try:
        return await _choose_and_play(service, term)
    except Stop:  # Ctrl-C or Ctrl-D before a game began: nothing to save
        return None


async def _choose_and_play(service: GameService, term: Terminal) -> GameSnapshot | None:
    term.say(WELCOME)
    saved = await service.queries.list_local_games()
    options: list[Entry | ResumeEntry] = [*entries(), *([ResumeEntry(len(saved))] if saved else [])]
    for number, option in enumerate(options, 1):
        term.say(f"  {number}) {option.label(term.locale)}")
    chosen = _ask_pick(term, CHOOSE_GAME, options, lambda o: o.names())
    if isinstance(chosen, ResumeEntry):
        await show_saved(service, term)
        return await resume_game(service, term, _ask_game_id(term))
    return await play_game(service, term, await _start(service, term, chosen))


async def _start(service: GameService, term: Terminal, entry: Entry) -> ActionResult:
    spec, settings = entry.spec, dict(entry.variant.settings)
    if spec.solitaire:
        name = _ask_name(term, YOUR_NAME, set())
        return await service.starts.start_solitaire(
            spec.game_type, Player(local_user_id(name), name), settings=settings
        )
    modes = [False, True] if spec.bot_player is not None else [False]
    against_bot = len(modes) > 1 and _ask_pick(
        term, MODE, modes, lambda bot: _both(MODE_WORDS[int(bot)])
    )
    locale = term.locale
    if against_bot:
        name = _ask_name(term, YOUR_NAME, set())
        seat = _ask_side(term, spec)
        level = _ask_level(term, spec)
        if level is not None:
            settings[LEVEL_SETTING] = level.key
        bot = Player(CONSOLE_BOT_ID, BOT_NAME(locale), is_bot=True)
        return await service.starts.challenge(
            spec.game_type,
            Player(local_user_id(name), name),
            bot,
            settings=settings,
            challenger_seat=seat,
            locale=locale,
        )
    taken: set[int] = set()
    players = []
    for seat in range(spec.rules.seats):
        prompt = NAME.format(side=spec.rules.seat_name(seat, locale))
        name = _ask_name(term, prompt, taken, default=spec.rules.seat_name(seat, locale))
        taken.add(local_user_id(name))
        players.append(Player(local_user_id(name), name))
    challenge = await service.starts.challenge(
        spec.game_type, players[0], players[1], settings=settings, challenger_seat=0, locale=locale
    )
    return await service.starts.accept(challenge.game.id, players[1].user_id)


def _ask_name(term: Terminal, prompt: Text, taken: set[int], default: str = "") -> str:
    """A player's name; two people at one table need two different ones."""
    while True:
        name = term.ask(prompt)[:100] or default or DEFAULT_NAME(term.locale)
        if local_user_id(name) not in taken:
            return name
        term.say("⚠ " + SAME_NAME(term.locale))


def _ask_pick(
    term: Terminal, prompt: Text, options: Sequence[T], names: Callable[[T], Sequence[str]]
) -> T:
    while True:
        found = pick(term.ask(prompt), options, names)
        if found is not None:
            return found
        term.say("⚠ " + NOT_UNDERSTOOD(term.locale))


def _ask_side(term: Terminal, spec: AnySpec) -> int:
    """The person's seat against the bot. Where seats are only numbers (戦列札: janken decides
    who begins) there is nothing to choose: the challenger's seat, as on Discord."""
    if spec.seat_labels is not None:
        return 0
    sides = "  ".join(
        f"{seat + 1}) {spec.rules.seat_name(seat, term.locale)}" for seat in range(spec.rules.seats)
    )
    return _ask_pick(
        term,
        SIDE.format(sides=sides),
        list(range(spec.rules.seats)),
        lambda s: _seat_names(spec, s),
    )


def _ask_level(term: Terminal, spec: AnySpec) -> BotLevel[Any, Any, Any] | None:
    """The bot's strength, from the game's levels (the ones ``/<game> challenge`` offers); an
    empty answer takes the game's default level. ``None`` for a game with one bot."""
    levels = list(spec.levels)
    default = spec.level(str(spec.default_level))
    if not levels or default is None:
        return None
    term.say(LEVEL_TITLE)
    for number, level in enumerate(levels, 1):
        term.say(f"  {number}) {level.name(term.locale)}")
    prompt = LEVEL.format(default=short(default.name(term.locale)))
    while True:
        answer = term.ask(prompt)
        if not answer:
            return default
        found = pick(answer, levels, _level_names)
        if found is not None:
            return found
        term.say("⚠ " + NOT_UNDERSTOOD(term.locale))


def _level_names(level: BotLevel[Any, Any, Any]) -> tuple[str, ...]:
    """A level is named by its key, or its name in either language, whole or in short."""
    names = (level.name.ja, level.name.en)
    return (level.key, *names, *(short(name) for name in names))


def _ask_game_id(term: Terminal) -> int:
    while True:
        answer = term.ask(WHICH_GAME).lstrip("#")
        if answer.isdecimal():
            return int(answer)
        term.say("⚠ " + NOT_UNDERSTOOD(term.locale))


def _seat_names(spec: AnySpec, seat: int) -> tuple[str, str]:
    return spec.rules.seat_name(seat, "ja"), spec.rules.seat_name(seat, "en")


def _both(text: Text) -> tuple[str, str]:
    return text.ja, text.en


async def show_saved(service: GameService, term: Terminal) -> list[GameSummary]:
    """The console's unfinished games: id, title, players and whose turn it is."""
    games = await service.queries.list_local_games()
    if not games:
        term.say(SAVED_NONE)
        return games
    term.say(SAVED_TITLE)
    locale = term.locale
    for game in games:
        term.say(
            SAVED_LINE.format(
                id=game.id,
                title=game.rules.title_for(game.settings)(locale),
                players=VERSUS(locale).join(s.display_name for s in game.seats),
                turn="・".join(s.display_name for s in game.seats_to_act) or "—",
            )
        )
    return games


async def resume_game(service: GameService, term: Terminal, game_id: int) -> GameSnapshot | None:
    """Go on with a saved console game; a Discord game or a finished one is refused politely."""
    try:
        game = await service.queries.get(game_id)
    except GameNotFound:
        term.say(NOT_FOUND.format(id=game_id))
        return None
    if not is_local(game):
        term.say(NOT_LOCAL.format(id=game_id))
        return None
    if game.status != GameStatus.ACTIVE:
        term.say(NOT_ACTIVE.format(id=game_id, result=result_line(game, term.locale)))
        return None
    term.say(RESUMING.format(id=game_id, title=game.rules.title_for(game.settings)(term.locale)))
    return await play_game(service, term, ActionResult(game, (), game.version))

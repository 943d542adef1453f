"""What a game declares to the bot: one ``GameSpec`` per game, registered once.

Everything here is plain data and functions over the rules — no Discord, no database — so the
services, the console and the Discord layer all read the same declaration. The Discord layer
turns :class:`CommandOption` declarations into slash-command options and :class:`Offer`s into
buttons and menus; the services call the bot player, the hinter and the ranking.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Literal, Protocol, TypeVar

from bot.games.offers import Offer, Panel
from rules.core import Event, GameRules, InvalidSettingsError, Locale, OfferDraw, Rng, Seat, Text
from rules.core.adjudication import DRAW_ADJUDICATION, Adjudication
from rules.core.lesson import Lesson
from rules.core.levels import LEVEL_SETTING
from rules.core.mistakes import MistakeFinder
from rules.core.protocol import MatchState
from rules.core.puzzle import PuzzleBook

#: A game's state, its moves and a viewer's view of a state (``GameRules[S, A, V]``).
S = TypeVar("S", bound=MatchState)
A = TypeVar("A")
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)

AnyRules = GameRules[Any, Any, Any]
#: Chooses a move for ``seat``: (rules, state, seat, rng) -> (action, rng). The action may be
#: an offer of a draw (武士将棋's bot offers one in a dead draw), still the bot's turn after it.
BotPlayer = Callable[[GameRules[S, A, V], S, Seat, Rng], tuple[A | OfferDraw, Rng]]
#: One step of a finished game: the state before it, the seat that acted (``None`` for the
#: platform's own actions) and the action (a game move or a meta action such as resigning).
ReviewStep = tuple[S, Seat | None, Any]
#: Where a finished game against the bot turned for ``seat``, in plain text:
#: (rules, every step of the game in order, seat, locale) -> text.
Reviewer = Callable[[GameRules[S, A, V], Sequence[ReviewStep[S]], Seat, Locale], str]
#: Explains a position to ``seat`` in plain text: (rules, state, seat, locale) -> text.
Hinter = Callable[[GameRules[S, A, V], S, Seat, Locale], str]
#: The board's offers for the seat to act: (rules, state, seat, legal actions, locale).
BoardOffers = Callable[[GameRules[S, A, V], S, Seat, Sequence[A], Locale], list[Offer]]
#: A seat's private panel; ``step`` is where the player is in a multi-step choice.
PanelMaker = Callable[[GameRules[S, A, V], S, Seat, Locale, str | None], Panel]
#: Whether the bot, at ``seat``, accepts the draw its opponent offered: (rules, state, seat).
DrawJudge = Callable[[GameRules[S, A, V], S, Seat], bool]
#: A one-line summary of a finished or running game for lists (``ended at draw 40``).
Summary = Callable[[S, Locale], str]
#: Every way the rules' text names a seat: (rules, seat, locale) -> spellings.
SeatLabels = Callable[[GameRules[S, A, V], Seat, Locale], Sequence[str]]


class BoardPainter(Protocol[V_contra]):
    """Draws a board as a PNG from a viewer's view: (view, locale, the last action's public
    events, the players' display names by seat — none where no one is named)."""

    def __call__(
        self, view: V_contra, locale: Locale, recent: Sequence[Event], names: Sequence[str] = (), /
    ) -> bytes: ...


class PanelPainter(Protocol[V_contra]):
    """Draws a seat's private panel as a PNG from that seat's own view (and the players'
    display names by seat)."""

    def __call__(self, view: V_contra, locale: Locale, names: Sequence[str] = (), /) -> bytes: ...


@dataclass(frozen=True, slots=True)
class LazyPainter:
    """A picture painter imported when first used: the services and the console, which read
    the same specs, never load Pillow. Plain data, so a drawing worker process can be handed
    it (see ``bot.ui.easel``)."""

    module: str
    name: str

    def __call__(self, *args: Any) -> bytes:
        drawn: bytes = getattr(importlib.import_module(self.module), self.name)(*args)
        return drawn


def painter(module: str, name: str) -> LazyPainter:
    return LazyPainter(module, name)


class Ranking(StrEnum):
    """How results are ranked: two-player games by rating, solitaires by wins and streaks."""

    RATED = "rated"
    SOLITAIRE = "solitaire"


@dataclass(frozen=True, slots=True)
class Variant:
    """A form of a game that is ranked (and listed) on its own: ``yosukou:simplified``."""

    key: str
    title: Text
    #: The settings that select this variant (empty for a game with one form).
    settings: Mapping[str, Any] = field(default_factory=dict)

    def matches(self, settings: Mapping[str, Any]) -> bool:
        return all(settings.get(k) == v for k, v in self.settings.items())


@dataclass(frozen=True, slots=True)
class OptionChoice:
    name: Text
    value: str


OptionKind = Literal["choice", "integer", "boolean"]


@dataclass(frozen=True, slots=True)
class CommandOption:
    """One option of a game's start or challenge command. ``name`` is the slash option's name
    in each language (lower case, no spaces); the value reaches ``GameSpec.settings_from``."""

    key: str
    name: Text
    description: Text
    kind: OptionKind = "choice"
    choices: tuple[OptionChoice, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    #: The option picks the starter's own seat (a side, a colour) rather than a rule: it means
    #: nothing where the platform seats the players, as in tournaments.
    picks_seat: bool = False


@dataclass(frozen=True, slots=True)
class BotLevel(Generic[S, A, V]):
    """One strength the bot plays at, picked with the ``level`` option of a challenge to the
    bot; its ``key`` is kept in the game's settings (``level``) so a restart keeps it."""

    key: str
    name: Text
    player: BotPlayer[S, A, V]


@dataclass(frozen=True, slots=True)
class StartRequest:
    """What a player asked for when starting a game, turned into rules settings."""

    settings: dict[str, Any]
    #: The challenger's seat, or ``None`` for a random one.
    challenger_seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class CommandGroup:
    """The game's slash-command group: ``/bushi …`` (``/武士将棋 …`` in Japanese)."""

    name: Text
    description: Text


@dataclass(frozen=True, slots=True)
class SolitaireTally(Generic[S]):
    """What breaks ties between entrants of a solitaire tournament with as many deals won: a
    count read from each finished deal, fewer being better (易双六: the cards drawn)."""

    name: Text
    count: Callable[[S], int]


def _no_summary(state: object, locale: Locale) -> str:
    return ""


def _always(state: object) -> bool:
    return True


def _no_settings(chosen: Mapping[str, Any]) -> StartRequest:
    return StartRequest({})


@dataclass(frozen=True, slots=True)
class FaceSet:
    """A game's card or cube faces as small pictures, uploaded as the app's own emojis and
    shown beside the words that name them (which stay, for screen readers and as the
    fallback). Keys are unique across games and made of letters, digits and ``_``."""

    keys: tuple[str, ...]
    #: Draws one face as a 128×128 PNG (imported when first used, like the board painters).
    draw: Callable[[str], bytes]
    #: The face a public event leaves showing, if any: the board's last-move line puts its
    #: emoji before the words.
    of_event: Callable[[Event], str | None] | None = None


class SpecError(ValueError):
    """A game's declaration contradicts itself or its rules (found when it is built)."""


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[S, A, V]):
    """Everything the bot knows about one game, typed by its rules' state, move and view:
    the home's callbacks get the game's own rules and state, never ``Any``. Generic code
    reads only this (the registry holds ``AnySpec``).

    Facts about the game itself — whether chance hides anything, whether seats hold secret
    hands, which endings are no result — are the rules' (``GameRules``); the spec says how
    the bot presents and plays them."""

    rules: GameRules[S, A, V]
    command: CommandGroup
    #: The rules in the reader's language; further pages follow the first.
    help_pages: tuple[Text, ...]
    #: Variants ranked separately (one, the game itself, for most games).
    variants: tuple[Variant, ...]
    ranking: Ranking
    #: The options of ``/<game> challenge`` (two players) or ``/<game> start`` (solitaire),
    #: beside the platform's own (opponent, clock, rated).
    options: tuple[CommandOption, ...] = ()
    #: Turns the chosen options (by key; absent when not chosen) into settings and a seat.
    settings_from: Callable[[Mapping[str, Any]], StartRequest] = _no_settings
    board_offers: BoardOffers[S, A, V] | None = None
    #: Each player's private panel, opened from a "My hand" button: a game whose rules
    #: declare secret hands has one (and is played from it), others none.
    panel: PanelMaker[S, A, V] | None = None
    bot_player: BotPlayer[S, A, V] | None = None
    hinter: Hinter[S, A, V] | None = None
    #: How the bot answers a draw offer; without one it declines (it never leaves one hanging).
    accepts_draw: DrawJudge[S, A, V] | None = None
    #: When the hint is worth offering (易双六's hint is about choosing the start).
    hint_available: Callable[[S], bool] = _always
    #: Whether the game has a daily deal (the same deal for everyone in a server each day):
    #: a solitaire's, whose rules hide its randomness.
    daily: bool = False
    #: One line about a game for lists such as the daily results: how far it got, never a
    #: card or a choice (others may be playing the same deal).
    summary: Summary[S] = _no_summary
    #: The board as a picture (drawn from the same per-viewer view as the text board).
    board_picture: BoardPainter[V] | None = None
    #: A player's private panel as a picture.
    panel_picture: PanelPainter[V] | None = None
    #: A solitaire's tie-break in tournaments (without one, ties stay ties).
    tally: SolitaireTally[S] | None = None
    #: The game's puzzles (``/puzzle``): proven positions kept as data in its home.
    puzzles: PuzzleBook | None = None
    #: The game's interactive lessons (``/learn``), data in its rules home: one for most games,
    #: one per variant where a variant plays differently. Keys are unique across games.
    lessons: tuple[Lesson, ...] = ()
    #: The bot's strengths, weakest first, offered as a challenge's ``level`` option when the
    #: opponent is the bot; a game that names none is played by ``default_level``.
    levels: tuple[BotLevel[S, A, V], ...] = ()
    default_level: str | None = None
    #: Where a finished game against the bot turned, for the person who played it.
    reviewer: Reviewer[S, A, V] | None = None
    #: Whether a player may plan answers on the opponent's turn ("if they play X, I answer
    #: Y"): only a game of open information taken in turns, where a move can be named before
    #: it is played and nothing hidden decides what the answer may be.
    planned_moves: bool = False
    #: The game's faces as the app's emojis (menus show them beside a card's or face's name).
    faces: FaceSet | None = None
    #: For a game whose seats are only numbers (戦列札's ``Player 1``, ``P1`` on its board), how
    #: its text spells them: a front end that shows the players' text (the console) writes the
    #: players' names there instead, as the pictures do. ``None``: the seats are sides with a
    #: meaning of their own (先手/Black), shown beside the players' names.
    seat_labels: SeatLabels[S, A, V] | None = None
    #: How the game finds a player's value-losing decisions in a finished game, which come back
    #: to them as personal puzzles (``/puzzle``: "your mistakes"); none: it makes no such cards.
    mistakes: MistakeFinder | None = None
    #: How a game still running at a tournament round's deadline is decided, by a rule stated
    #: before the event (shown when it is made and joined); none: such a game is drawn.
    adjudication: Adjudication[S] | None = None

    def __post_init__(self) -> None:
        name = self.rules.name
        if self.rules.secret_hands != (self.panel is not None):
            raise SpecError(f"{name}: a private panel exactly when the rules hold secret hands")
        if self.daily and not (self.solitaire and self.rules.hidden_randomness):
            raise SpecError(f"{name}: a daily deal is a solitaire's, dealt by hidden chance")
        if self.tally is not None and not self.solitaire:
            raise SpecError(f"{name}: a tally breaks ties between solitaire deals only")
        if self.adjudication is not None and self.solitaire:
            raise SpecError(f"{name}: only a game of two players has tournament rounds to judge")
        if self.planned_moves and (self.secret_hands or self.solitaire):
            raise SpecError(f"{name}: planned moves need two players and no secret hands")
        if any(lesson.key.split(":")[0] != name for lesson in self.lessons):
            raise SpecError(f"{name}: a lesson's key is the game's, or <game>:<variant>")
        self._check_levels()

    def _check_levels(self) -> None:
        name = self.rules.name
        if not self.levels:
            return
        keys = [level.key for level in self.levels]
        if self.default_level not in keys or self.bot_player is None:
            raise SpecError(f"{name}: levels need a bot player and one of them as the default")
        for key in keys:
            try:
                self.rules.normalize_settings({LEVEL_SETTING: key})
            except InvalidSettingsError:
                raise SpecError(f"{name}: the rules refuse the level {key!r}") from None

    @property
    def round_rule(self) -> Adjudication[Any]:
        """The rule that decides a game still running at a round's deadline (a draw when the
        game names none)."""
        return self.adjudication or DRAW_ADJUDICATION

    @property
    def hidden_randomness(self) -> bool:
        """Whether chance decides what players can't see (the rules say): such a game's board
        shows a sealed commitment to its seed, revealed at the end."""
        return self.rules.hidden_randomness

    @property
    def secret_hands(self) -> bool:
        """Whether seats hold secret hands (the rules say): the game is played from each
        player's private panel, never from the shared board."""
        return self.rules.secret_hands

    @property
    def game_type(self) -> str:
        return self.rules.name

    @property
    def title(self) -> Text:
        return self.rules.title

    @property
    def solitaire(self) -> bool:
        return self.rules.seats == 1

    @property
    def tournament_options(self) -> tuple[CommandOption, ...]:
        """The options that set rules for every game of a tournament (not a starter's seat)."""
        return tuple(o for o in self.options if not o.picks_seat)

    def variant_of(self, settings: Mapping[str, Any]) -> Variant:
        """The ranked variant a game with these (normalised) settings belongs to."""
        return next((v for v in self.variants if v.matches(settings)), self.variants[0])

    def variant(self, key: str) -> Variant | None:
        return next((v for v in self.variants if v.key == key), None)

    def level(self, key: str) -> BotLevel[S, A, V] | None:
        return next((level for level in self.levels if level.key == key), None)

    def seat_namer(self, names: Mapping[Seat, str], locale: Locale) -> Callable[[str], str]:
        """Writes the players' ``names`` (by seat) where the rules' text names seats that are
        only numbers (戦列札's ``Player 1`` and ``P1``), as the game's pictures do; other games'
        text, and text with fewer than two names to write, is left as it is."""
        if self.seat_labels is None or len(names) < 2:
            return lambda text: text
        by_label = {
            label: name
            for seat, name in names.items()
            for label in self.seat_labels(self.rules, seat, locale)
        }
        # Longest first (``Player 1`` before ``P1``); ``P1`` is not ``P10`` nor part of a word.
        spelled = "|".join(re.escape(label) for label in sorted(by_label, key=len, reverse=True))
        pattern = re.compile(rf"(?<![A-Za-z0-9])(?:{spelled})(?![0-9])")
        return lambda text: pattern.sub(lambda found: by_label[found.group()], text)

    def bot_player_for(self, settings: Mapping[str, Any]) -> BotPlayer[S, A, V] | None:
        """Who plays the bot's seats in a game with these settings: the level it names, else
        the default level (or the one bot player of a game without levels)."""
        chosen = self.level(str(settings.get(LEVEL_SETTING) or self.default_level))
        return chosen.player if chosen is not None else self.bot_player


#: Any game's spec, as generic code (the registry, the services, the Discord layer) holds it.
AnySpec = GameSpec[Any, Any, Any]

"""What a game declares to the bot: one ``GameSpec`` per game, registered once.

Everything here is plain data and functions over the rules — no Discord, no database — so the
services, the console and the Discord layer all read the same declaration. The Discord layer
turns :class:`CommandOption` declarations into slash-command options and :class:`Offer`s into
buttons and menus; the services call the bot player, the hinter and the ranking.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from bot.games.offers import Offer, Panel
from rules.core import Event, GameRules, Locale, Rng, Seat, Text

AnyRules = GameRules[Any, Any, Any]
#: Chooses a move for ``seat``: (rules, state, seat, rng) -> (action, rng).
BotPlayer = Callable[[AnyRules, Any, Seat, Rng], tuple[Any, Rng]]
#: Explains a position to ``seat`` in plain text: (rules, state, seat, locale) -> text.
Hinter = Callable[[AnyRules, Any, Seat, Locale], str]
#: The board's offers for the seat to act: (rules, state, seat, legal actions, locale).
BoardOffers = Callable[[AnyRules, Any, Seat, Sequence[Any], Locale], list[Offer]]
#: A seat's private panel; ``step`` is where the player is in a multi-step choice.
PanelMaker = Callable[[AnyRules, Any, Seat, Locale, str | None], Panel]
#: Whether the bot, at ``seat``, accepts the draw its opponent offered: (rules, state, seat).
DrawJudge = Callable[[AnyRules, Any, Seat], bool]
#: A one-line summary of a finished or running game for lists (``ended at draw 40``).
Summary = Callable[[Any, Locale], str]
#: Draws a board as a PNG from a viewer's view: (view, locale, the last action's public events).
BoardPainter = Callable[[Any, Locale, Sequence[Event]], bytes]
#: Draws a seat's private panel as a PNG from that seat's own view.
PanelPainter = Callable[[Any, Locale], bytes]


def painter(module: str, name: str) -> Callable[..., bytes]:
    """A picture painter imported when first used: the services and the console, which read
    the same specs, never load Pillow."""

    def paint(*args: Any) -> bytes:
        drawn: bytes = getattr(importlib.import_module(module), name)(*args)
        return drawn

    return paint


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
class SolitaireTally:
    """What breaks ties between entrants of a solitaire tournament with as many deals won: a
    count read from each finished deal, fewer being better (易双六: the cards drawn)."""

    name: Text
    count: Callable[[Any], int]


def _no_summary(state: Any, locale: Locale) -> str:
    return ""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the bot knows about one game. Generic code reads only this."""

    rules: AnyRules
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
    settings_from: Callable[[Mapping[str, Any]], StartRequest] = lambda _: StartRequest({})
    board_offers: BoardOffers | None = None
    #: A private panel per player (secret hands): opened from a "My hand" button.
    panel: PanelMaker | None = None
    bot_player: BotPlayer | None = None
    hinter: Hinter | None = None
    #: How the bot answers a draw offer; without one it declines (it never leaves one hanging).
    accepts_draw: DrawJudge | None = None
    #: When the hint is worth offering (易双六's hint is about choosing the start).
    hint_available: Callable[[Any], bool] = lambda _: True
    #: Whether the game has a daily deal (the same deal for everyone in a server each day).
    daily: bool = False
    #: One line about a game for lists such as the daily results: how far it got, never a
    #: card or a choice (others may be playing the same deal).
    summary: Summary = _no_summary
    #: Whether chance decides what players can't see (a shuffled deck): such a game's board
    #: shows a sealed commitment to its seed, revealed at the end.
    hidden_randomness: bool = False
    #: The board as a picture (drawn from the same per-viewer view as the text board).
    board_picture: BoardPainter | None = None
    #: A player's private panel as a picture.
    panel_picture: PanelPainter | None = None
    #: A solitaire's tie-break in tournaments (without one, ties stay ties).
    tally: SolitaireTally | None = None

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

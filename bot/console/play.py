"""Playing one game at the terminal, whatever the game: the players, the board (and, for secret
hands, the player's own panel behind a pass-the-keyboard screen), the numbered choices, and the
words that never move (resign, draw, hint, rules, quit)."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.console.io import Stop, Terminal, pick
from bot.games.offers import Choice, NumberPrompt, Offer, Panel, default_offers
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, SeatInfo
from bot.statuses import GameStatus
from bot.text.console import (
    ALSO,
    ANSWER_DRAW,
    BOT_AT_LEVEL,
    BYE,
    CONFIRM_RESIGN,
    DRAW,
    DRAW_WORD,
    HOW_TO_ANSWER,
    NO_HINT,
    NO_RESULT,
    NO_SUCH_NUMBER,
    NUMBER,
    NUMBER_RANGE,
    OVER,
    RESIGN_WORD,
    SEAT_PLAYER,
    SOLO_LOST,
    SOLO_WON,
    STATUS,
    STUCK,
    THINKING,
    TO_MOVE,
    TO_MOVE_ONLY,
    VERSUS,
    WIN,
    WORD_DRAW,
    WORD_HINT,
    WORD_QUIT,
    WORD_RESIGN,
    WORD_RULES,
)
from rules.core import AcceptDraw, DeclineDraw, Event, Locale, OfferDraw, Resign, RulesError, Text
from rules.core.levels import LEVEL_SETTING

HINT_WORDS = frozenset({"?", "？", "hint", "ヒント"})
QUIT_WORDS = frozenset({"q", "quit", "exit", "中断"})
#: Words that show the game's rules and how to answer (``?`` is the hint's).
RULES_WORDS = frozenset({"rules", "help", "ルール", "ヘルプ", "遊び方"})
#: A label's number that stands alone (``Draw 3``, ``3枚引く``, ``Start on 4``), not a card's
#: rank (``♣3``) or a line's (``L2``).
ALONE_NUMBER = re.compile(r"(?:^|(?<=\s))\d+(?!\d)")
DIGITS = re.compile(r"\d+")


def result_line(game: GameSnapshot, locale: Locale) -> str:
    """How the game ended; a solitaire is won or lost, never drawn."""
    outcome = game.outcome
    if outcome is None:
        return STATUS.format(status=game.status)(locale)
    reason = game.rules.reason_text(outcome.reason)(locale)
    if not game.rules.counts(outcome):
        return NO_RESULT.format(reason=reason)(locale)
    if len(outcome.points) == 1:
        text = SOLO_WON if outcome.points[0] == 1.0 else SOLO_LOST
        return text.format(name=game.player(0).display_name, reason=reason)(locale)
    if outcome.winner is None:
        return DRAW.format(reason=reason)(locale)
    return WIN.format(name=game.player(outcome.winner).display_name, reason=reason)(locale)


def level_name(game: GameSnapshot, locale: Locale) -> str | None:
    """The bot's level in a game against it, in short (``strong``): the one its settings name,
    or the default that plays a game naming none (or a level since retired)."""
    spec = game.spec
    if not spec.levels or not any(s.is_bot for s in game.seats):
        return None
    level = spec.level(str(game.settings.get(LEVEL_SETTING))) or spec.level(str(spec.default_level))
    return None if level is None else short(level.name(locale))


def short(name: str) -> str:
    """A name without its explanation: ``strong (rarely blunders)`` → ``strong``."""
    return re.split(r" \(|（", name, maxsplit=1)[0]


def players_line(game: GameSnapshot, locale: Locale) -> str:
    """Who plays which seat, as a board's header on Discord says it: ``Black: Aki vs White:
    Asobiba bot (strong)`` — without seat names where the players' names stand in for them
    (:func:`seat_namer`)."""
    level = level_name(game, locale)
    parts = []
    for seat in game.seats:
        name = seat.display_name
        if seat.is_bot and level is not None:
            name = BOT_AT_LEVEL.format(name=name, level=level)(locale)
        if game.spec.seat_labels is None:
            name = SEAT_PLAYER.format(side=game.rules.seat_name(seat.seat, locale), name=name)(
                locale
            )
        parts.append(name)
    return VERSUS(locale).join(parts)


def seat_namer(game: GameSnapshot, locale: Locale) -> Callable[[str], str]:
    """Writes the players' names where the rules' text names seats that are only numbers (戦列札's
    ``Player 1`` and ``P1``), as the game's pictures do; other games' text is left as it is."""
    return game.spec.seat_namer({s.seat: s.display_name for s in game.seats}, locale)


def menu_keys(labels: Sequence[str]) -> list[int]:
    """What to type for each choice: its number from 1 — unless every label holds one number,
    standing alone, and no two the same (``Draw 3`` … ``Draw 6``, ``Start on 4`` …): then that
    number is its key, so that typing 3 draws three cards rather than taking the third line."""
    numbers = []
    for label in labels:
        alone = ALONE_NUMBER.findall(label)
        if len(alone) != 1 or len(DIGITS.findall(label)) != 1:
            return list(range(1, len(labels) + 1))
        numbers.append(int(alone[0]))
    return numbers if len(set(numbers)) == len(numbers) else list(range(1, len(labels) + 1))


async def play_game(service: GameService, term: Terminal, result: ActionResult) -> GameSnapshot:
    """Play ``result.game`` from where it stands until it ends or a player stops (``q``,
    Ctrl-C twice, the end of the input): then say how to go on with it."""
    game = result.game
    with term.playing(game.id):
        try:
            return await _play(service, term, result)
        except Stop:
            term.say(BYE.format(id=game.id, resume=term.resume_command(game.id)))
            return game
        except asyncio.CancelledError:  # Ctrl-C twice while busy: whatever was done is saved
            term.say(BYE.format(id=game.id, resume=term.resume_command(game.id)))
            raise


async def _play(service: GameService, term: Terminal, result: ActionResult) -> GameSnapshot:
    game = result.game
    named = seat_namer(game, term.locale)
    humans = [s for s in game.seats if not s.is_bot]
    hot_seat = len(humans) > 1
    # One person at the keyboard also reads what is private to them; two read public lines only.
    viewer = None if hot_seat else humans[0].seat
    # With secret hands, each player's panel is shown only after the keyboard changes hands.
    secret = hot_seat and game.spec.secret_hands
    shown: int | None = None
    events = result.events
    while game.status == GameStatus.ACTIVE:
        mover = next((s for s in game.seats_to_act if not s.is_bot), None)
        if secret and mover is not None and mover.seat != shown:
            term.pass_keyboard(mover.display_name)
            shown = mover.seat
        # After the pass screen, so the next player reads what just happened.
        _show_events(term, game, events, viewer, named)
        events = ()
        offered = await _answer_draw_offer(service, term, game)
        if offered is not None:
            game, events = offered.game, offered.events
            continue
        if mover is None:  # the service logged why; nothing here can move the game on
            term.say(STUCK.format(id=game.id))
            return game
        turn = await Turn(service, term, game, mover).play()
        game, events = turn.game, turn.events
    _show_events(term, game, events, viewer, named)
    term.say(named(game.rules.render(game.rules.view_for(game.state, None), term.locale)))
    term.say(OVER.format(result=result_line(game, term.locale)))
    return game


def _show_events(
    term: Terminal,
    game: GameSnapshot,
    events: Sequence[Event],
    viewer: int | None,
    named: Callable[[str], str],
) -> None:
    for event in events:
        if event.visible_for(viewer):
            line = game.rules.describe_event(event, term.locale)
            if line:
                term.say(named(line))


async def _answer_draw_offer(
    service: GameService, term: Terminal, game: GameSnapshot
) -> ActionResult | None:
    """At one keyboard the other player answers a draw offer at once (the bot's answer comes
    from the service)."""
    offerer = game.state.draw_offer
    other = next((s for s in game.seats if s.seat != offerer and not s.is_bot), None)
    if offerer is None or other is None:
        return None
    question = ANSWER_DRAW.format(
        offerer=game.player(offerer).display_name, name=other.display_name
    )
    code = AcceptDraw.code if term.confirm(question) else DeclineDraw.code
    return await service.actions.act(game.id, other.user_id, game.version, code)


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices as listed, each with the number that picks it (:func:`menu_keys`)."""

    choices: tuple[Choice, ...]
    keys: tuple[int, ...]

    def pick(self, answer: str) -> Choice | None:
        return pick(answer, self.choices, lambda c: (c.label, c.code), self.keys)

    @property
    def key_range(self) -> str:
        """The keys as a person reads them: ``1–16``, ``3–6``, or ``4, 6``."""
        keys = self.keys
        if not keys:
            return "—"
        if len(keys) > 2 and list(keys) == list(range(keys[0], keys[0] + len(keys))):
            return f"{keys[0]}–{keys[-1]}"
        return ", ".join(str(key) for key in keys)

    @property
    def only(self) -> Choice | None:
        """The one choice, when there is only one: an empty answer takes it."""
        return self.choices[0] if len(self.choices) == 1 else None


class Turn:
    """One player's turn: show the position once, then ask until a move is made. A bad answer
    only repeats the question — the board stays where it is on the screen."""

    def __init__(
        self, service: GameService, term: Terminal, game: GameSnapshot, mover: SeatInfo
    ) -> None:
        self.service, self.term, self.game, self.mover = service, term, game, mover
        self.spec = game.spec
        self.rules = game.rules
        self.named = seat_namer(game, term.locale)
        metas = self.rules.meta_actions(game.state, mover.seat)
        self.can_resign = Resign() in metas
        self.can_offer_draw = OfferDraw() in metas

    async def play(self) -> ActionResult:
        """The move made; :class:`Stop` when the player stops (``q``: the game stays saved)."""
        locale = self.term.locale
        if len(self.game.seats) > 1:
            self.term.say(players_line(self.game, locale))
        self.term.say(
            self.named(self.rules.render(self.rules.view_for(self.game.state, None), locale))
        )
        panel = self._panel(None)
        if panel is not None:
            self.term.say(self.named(panel.text))
        step: str | None = None
        menu = self._show_choices(step)
        while True:
            answer = self.term.ask(self._prompt(menu))
            word = answer.casefold()
            if word in QUIT_WORDS:
                raise Stop
            if word in HINT_WORDS:
                await self._hint()
                continue
            if word in RULES_WORDS:
                self._show_rules()
                self._show_choices(step)
                continue
            code: str | None
            if self.can_resign and word in _both(RESIGN_WORD):
                if not self.term.confirm(CONFIRM_RESIGN):
                    continue
                code = Resign.code
            elif self.can_offer_draw and word in _both(DRAW_WORD):
                code = OfferDraw.code
            else:
                choice = menu.pick(answer) if answer else menu.only
                if choice is None and answer.isdecimal():
                    self.term.say("⚠ " + NO_SUCH_NUMBER.format(keys=menu.key_range)(locale))
                    continue
                if choice is not None and choice.step is not None:
                    step = choice.step
                    menu = self._show_choices(step)
                    continue
                # Anything else is tried as an action code: the rules explain a refusal.
                code = answer if choice is None else self._code_of(choice)
            if not code:
                continue
            try:
                return await self.service.actions.act(
                    self.game.id, self.mover.user_id, self.game.version, code
                )
            except (RulesError, ServiceError) as error:
                self.term.say("⚠ " + error.message(locale))

    def _prompt(self, menu: Menu) -> Text:
        name = self.mover.display_name
        only = menu.only
        if only is None:
            return TO_MOVE.format(name=name)
        return TO_MOVE_ONLY.format(name=name, label=only.label)

    def _panel(self, step: str | None) -> Panel | None:
        if self.spec.panel is None:
            return None
        return self.spec.panel(self.rules, self.game.state, self.mover.seat, self.term.locale, step)

    def _offers(self, step: str | None) -> Sequence[Offer]:
        panel = self._panel(step)
        if panel is not None:
            return panel.offers
        seat, state = self.mover.seat, self.game.state
        actions = self.rules.legal_actions(state, seat)
        offers = self.spec.board_offers or default_offers
        return offers(self.rules, state, seat, actions, self.term.locale)

    def _show_choices(self, step: str | None) -> Menu:
        """The numbered choices (and the panel's prompt): drawn again only when a step of a
        longer choice changes them."""
        panel = self._panel(step)
        if panel is not None and panel.prompt:
            self.term.say(self.named(panel.prompt))
        offers = [
            (self.named(offer.placeholder) if offer.placeholder else "", offer.choices)
            for offer in self._offers(step)
        ]
        choices = tuple(
            dataclasses.replace(
                choice,
                label=self.named(choice.label),
                description=self.named(choice.description) if choice.description else None,
            )
            for _, listed in offers
            for choice in listed
        )
        keys = tuple(menu_keys([choice.label for choice in choices]))
        listed = iter(zip(choices, keys, strict=True))
        for placeholder, offered in offers:
            if placeholder:
                self.term.say(placeholder)
            for choice, key in itertools.islice(listed, len(offered)):
                code = f"  [{choice.code}]" if choice.code else ""
                more = f" — {choice.description}" if choice.description else ""
                self.term.say(f"  {key:>2}) {choice.label}{more}{code}")
        self.term.say(self._how_to_answer())
        return Menu(choices, keys)

    def _how_to_answer(self) -> str:
        locale = self.term.locale
        words = [WORD_RULES, WORD_QUIT]
        if self.spec.hinter is not None and self.spec.hint_available(self.game.state):
            words.insert(0, WORD_HINT)
        if self.can_offer_draw:
            words.insert(0, WORD_DRAW)
        if self.can_resign:
            words.insert(0, WORD_RESIGN)
        also = ALSO.format(words=("、" if locale == "ja" else ", ").join(w(locale) for w in words))
        return HOW_TO_ANSWER(locale) + ("" if locale == "ja" else " ") + also(locale)

    def _show_rules(self) -> None:
        """The game's rules: the pages ``/rules`` shows on Discord."""
        for page in self.spec.help_pages:
            self.term.say(page)
            self.term.say("")

    def _code_of(self, choice: Choice) -> str:
        return choice.code if choice.number is None else self._ask_number(choice.number)

    def _ask_number(self, number: NumberPrompt) -> str:
        """A choice that needs a number first (a joker's range): asked until it is one."""
        while True:
            answer = self.term.ask(NUMBER.format(title=number.title, label=number.label))
            if answer.isdecimal() and number.low <= int(answer) <= number.high:
                return f"{number.prefix}{int(answer)}"  # ３ and 03 are 3
            if answer.casefold() in QUIT_WORDS:
                return ""
            self.term.say(
                "⚠ " + NUMBER_RANGE.format(low=number.low, high=number.high)(self.term.locale)
            )

    async def _hint(self) -> None:
        if self.spec.hinter is None or not self.spec.hint_available(self.game.state):
            self.term.say(NO_HINT)
            return
        # Some hints simulate thousands of games: say so before the wait.
        self.term.say(THINKING)
        try:
            hint = await self.service.queries.hint(self.game.id, self.term.locale)
            self.term.say(self.named(hint))
        except ServiceError as error:
            self.term.say("⚠ " + error.message(self.term.locale))


def _both(word: Text) -> frozenset[str]:
    """A word is understood in either language, whatever the console speaks."""
    return frozenset({word.ja.casefold(), word.en.casefold()})

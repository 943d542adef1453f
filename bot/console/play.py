"""Playing one game at the terminal, whatever the game: the board (and, for secret hands, the
player's own panel behind a pass-the-keyboard screen), the numbered choices, and the words that
never move (resign, draw, hint, quit)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.console.io import Terminal, pick
from bot.games.offers import Choice, NumberPrompt, Offer, Panel, default_offers
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, SeatInfo
from bot.statuses import GameStatus
from bot.text.console import (
    ALSO,
    ANSWER_DRAW,
    BYE,
    CONFIRM_RESIGN,
    DRAW,
    DRAW_WORD,
    HOW_TO_ANSWER,
    NO_HINT,
    NO_RESULT,
    NUMBER,
    NUMBER_RANGE,
    OVER,
    RESIGN_WORD,
    SOLO_LOST,
    SOLO_WON,
    STATUS,
    STUCK,
    THINKING,
    TO_MOVE,
    WIN,
    WORD_DRAW,
    WORD_HINT,
    WORD_QUIT,
    WORD_RESIGN,
)
from rules.core import AcceptDraw, DeclineDraw, Event, Locale, OfferDraw, Resign, RulesError, Text

HINT_WORDS = frozenset({"?", "？", "hint", "ヒント"})
QUIT_WORDS = frozenset({"q", "quit", "exit", "中断"})


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


@dataclass(frozen=True, slots=True)
class Quit:
    """The player stopped: the game stays saved as it is."""


async def play_game(service: GameService, term: Terminal, result: ActionResult) -> GameSnapshot:
    """Play ``result.game`` from where it stands until it ends or a player stops."""
    game = result.game
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
        _show_events(term, game, events, viewer)
        events = ()
        offered = await _answer_draw_offer(service, term, game)
        if offered is not None:
            game, events = offered.game, offered.events
            continue
        if mover is None:  # the service logged why; nothing here can move the game on
            term.say(STUCK.format(id=game.id))
            return game
        turn = await Turn(service, term, game, mover).play()
        if isinstance(turn, Quit):
            term.say(BYE.format(id=game.id))
            return game
        game, events = turn.game, turn.events
    _show_events(term, game, events, viewer)
    term.say(game.rules.render(game.rules.view_for(game.state, None), term.locale))
    term.say(OVER.format(result=result_line(game, term.locale)))
    return game


def _show_events(
    term: Terminal, game: GameSnapshot, events: Sequence[Event], viewer: int | None
) -> None:
    for event in events:
        if event.visible_for(viewer):
            line = game.rules.describe_event(event, term.locale)
            if line:
                term.say(line)


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


class Turn:
    """One player's turn: show the position once, then ask until a move is made. A bad answer
    only repeats the question — the board stays where it is on the screen."""

    def __init__(
        self, service: GameService, term: Terminal, game: GameSnapshot, mover: SeatInfo
    ) -> None:
        self.service, self.term, self.game, self.mover = service, term, game, mover
        self.spec = game.spec
        self.rules = game.rules
        metas = self.rules.meta_actions(game.state, mover.seat)
        self.can_resign = Resign() in metas
        self.can_offer_draw = OfferDraw() in metas

    async def play(self) -> ActionResult | Quit:
        locale = self.term.locale
        self.term.say(self.rules.render(self.rules.view_for(self.game.state, None), locale))
        panel = self._panel(None)
        if panel is not None:
            self.term.say(panel.text)
        step: str | None = None
        choices = self._show_choices(step)
        prompt = TO_MOVE.format(name=self.mover.display_name)
        while True:
            answer = self.term.ask(prompt)
            word = answer.casefold()
            if word in QUIT_WORDS:
                return Quit()
            if word in HINT_WORDS:
                await self._hint()
                continue
            code: str | None
            if self.can_resign and word in _both(RESIGN_WORD):
                if not self.term.confirm(CONFIRM_RESIGN):
                    continue
                code = Resign.code
            elif self.can_offer_draw and word in _both(DRAW_WORD):
                code = OfferDraw.code
            else:
                choice = pick(answer, choices, lambda c: (c.label, c.code))
                if choice is not None and choice.step is not None:
                    step = choice.step
                    choices = self._show_choices(step)
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

    def _show_choices(self, step: str | None) -> list[Choice]:
        """The numbered choices (and the panel's prompt): drawn again only when a step of a
        longer choice changes them."""
        locale = self.term.locale
        panel = self._panel(step)
        if panel is not None and panel.prompt:
            self.term.say(panel.prompt)
        choices: list[Choice] = []
        for offer in self._offers(step):
            if offer.placeholder:
                self.term.say(offer.placeholder)
            for choice in offer.choices:
                choices.append(choice)
                code = f"  [{choice.code}]" if choice.code else ""
                more = f" — {choice.description}" if choice.description else ""
                self.term.say(f"  {len(choices):>2}) {choice.label}{more}{code}")
        words = [WORD_QUIT]
        if self.spec.hinter is not None and self.spec.hint_available(self.game.state):
            words.insert(0, WORD_HINT)
        if self.can_offer_draw:
            words.insert(0, WORD_DRAW)
        if self.can_resign:
            words.insert(0, WORD_RESIGN)
        also = ALSO.format(words=("、" if locale == "ja" else ", ").join(w(locale) for w in words))
        self.term.say(HOW_TO_ANSWER(locale) + " " + also(locale))
        return choices

    def _code_of(self, choice: Choice) -> str:
        return choice.code if choice.number is None else self._ask_number(choice.number)

    def _ask_number(self, number: NumberPrompt) -> str:
        """A choice that needs a number first (a joker's range): asked until it is one."""
        while True:
            answer = self.term.ask(NUMBER.format(title=number.title, label=number.label))
            if answer.isdigit() and number.low <= int(answer) <= number.high:
                return number.prefix + answer
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
            self.term.say(await self.service.queries.hint(self.game.id, self.term.locale))
        except ServiceError as error:
            self.term.say("⚠ " + error.message(self.term.locale))


def _both(word: Text) -> frozenset[str]:
    """A word is understood in either language, whatever the console speaks."""
    return frozenset({word.ja.casefold(), word.en.casefold()})

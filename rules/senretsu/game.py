"""戦列札 (Senretsu-fuda) as a :class:`GameRules`: settings, setup, and the protocol's hooks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rules.cards.playing import Card, Colour, colour_deck, parse_card
from rules.core.errors import InvalidSettingsError
from rules.core.levels import split_level
from rules.core.outcome import Seat
from rules.core.protocol import Event, GameRules, Transition
from rules.core.rng import Rng
from rules.core.text import Locale, Text
from rules.senretsu import deal as senretsu_deal
from rules.senretsu import disclosure, logic, render
from rules.senretsu.actions import Action, Casualty, Place, private_to_mover
from rules.senretsu.actions import format_action as _format_action
from rules.senretsu.actions import parse_action as _parse_action
from rules.senretsu.codec import dump_state, load_state
from rules.senretsu.state import SenretsuState, StartMethod
from rules.senretsu.view import SenretsuView, view_for

JSON = Any

DEFAULT_SETTINGS: dict[str, JSON] = {"first_player": "janken", "colours": "random"}
FIRST_PLAYER_CHOICES: tuple[JSON, ...] = ("janken", "coin", 0, 1)
COLOUR_CHOICES: tuple[str, ...] = ("random", "red", "black")
#: The bot's levels (``rules.senretsu.levels``), weakest first: a game against the bot may name
#: one.
LEVEL_KEYS = ("random", "greedy", "sharp", "sampling")
#: Levels no challenge offers any more: games stored with one still load (the default level
#: plays them).
RETIRED_LEVEL_KEYS = ("search", "deep")

BAD_SETTINGS = Text(
    "設定：first_player は janken / coin / 0 / 1、colours は random / red / black です。",
    "Settings: first_player is janken, coin, 0 or 1; colours is random, red or black.",
)
BAD_DECKS = Text(
    "山札は赤27枚と黒27枚（ジョーカー各1枚）でなければなりません。",
    "The decks must be the 27 red and the 27 black cards (one joker each).",
)


class LegalActions(tuple[Action, ...]):
    """The enumerated legal actions, whose ``in`` also accepts the legal ones not listed.

    The framework checks an action with ``action in legal_actions``; jokers are listed with a
    useful subset of ranges only (see :data:`logic.JOKER_ENUM_MIN`), yet any range 1–99 is legal.
    """

    _accepts: Callable[[Place], bool]

    def __new__(cls, items: Iterable[Action], accepts: Callable[[Place], bool]) -> LegalActions:
        self = super().__new__(cls, items)
        self._accepts = accepts
        return self

    def __contains__(self, item: object) -> bool:
        if tuple.__contains__(self, item):
            return True
        return isinstance(item, Place) and item.card.is_joker and self._accepts(item)


SenretsuTransition = Transition[SenretsuState]


class SenretsuRules(GameRules[SenretsuState, Action, SenretsuView]):
    name: ClassVar[str] = "senretsu"
    title: ClassVar[Text] = render.TITLE
    seats: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    schema_version: ClassVar[int] = 2  # 2: the turn before this one is remembered
    allows_draw_offers: ClassVar[bool] = False
    reason_texts: ClassVar[dict[str, Text]] = dict(render.OUTCOME_REASONS)
    hidden_randomness: ClassVar[bool] = True
    secret_hands: ClassVar[bool] = True

    def deal(
        self, initial: SenretsuState, steps: Sequence[tuple[SenretsuState, Sequence[Event]]]
    ) -> dict[str, JSON]:
        return senretsu_deal.deal(initial, steps)

    def describe_deal(self, deal: Mapping[str, JSON]) -> list[str]:
        return senretsu_deal.describe_deal(deal)

    # --- settings and setup ------------------------------------------------------------------

    def normalize_settings(self, settings: Mapping[str, JSON] | None) -> dict[str, JSON]:
        out = dict(DEFAULT_SETTINGS)
        given, level = split_level(settings, LEVEL_KEYS + RETIRED_LEVEL_KEYS)
        for key, value in given.items():
            if key not in out:
                raise InvalidSettingsError(BAD_SETTINGS)
            out[key] = value
        first = out["first_player"]
        if type(first) not in (str, int) or first not in FIRST_PLAYER_CHOICES:
            raise InvalidSettingsError(BAD_SETTINGS)
        if out["colours"] not in COLOUR_CHOICES:
            raise InvalidSettingsError(BAD_SETTINGS)
        return out | level

    def new_game(self, settings: Mapping[str, JSON] | None, seed: int) -> SenretsuState:
        s = self.normalize_settings(settings)
        rng = Rng.from_seed(seed)
        if s["colours"] == "random":
            pick, rng = rng.below(2)
            colour0 = (Colour.RED, Colour.BLACK)[pick]
        else:
            colour0 = Colour(s["colours"])
        deck0, rng = rng.shuffled(colour_deck(colour0))
        deck1, rng = rng.shuffled(colour_deck(colour0.other))
        return self._setup(s, (colour0, colour0.other), (deck0, deck1), None, rng)

    def new_game_from_decks(
        self,
        settings: Mapping[str, JSON] | None,
        decks: Sequence[Sequence[Card | str]],
        first_player: Seat | None = None,
        seed: int = 0,
    ) -> SenretsuState:
        """A game from explicit deck orders (top card first), for tests, replays and puzzles.

        Each seat's colour is its deck's; ``first_player`` skips the choice of the first player
        (else the settings decide it, a coin toss drawing from ``seed``).
        """
        s = self.normalize_settings(settings)
        try:
            cards = [tuple(c if isinstance(c, Card) else parse_card(c) for c in d) for d in decks]
        except ValueError:
            raise InvalidSettingsError(BAD_DECKS) from None
        if len(cards) != 2 or (first_player is not None and type(first_player) is not int):
            raise InvalidSettingsError(BAD_DECKS)
        if first_player not in (None, 0, 1):
            raise InvalidSettingsError(BAD_DECKS)
        colours = (cards[0][0].colour, cards[1][0].colour) if cards[0] and cards[1] else None
        if colours is None or colours[0] is colours[1]:
            raise InvalidSettingsError(BAD_DECKS)
        for colour, deck in zip(colours, cards, strict=True):
            if len(deck) != len(set(deck)) or set(deck) != set(colour_deck(colour)):
                raise InvalidSettingsError(BAD_DECKS)
        return self._setup(
            s, (colours[0], colours[1]), (cards[0], cards[1]), first_player, Rng.from_seed(seed)
        )

    def _setup(
        self,
        s: Mapping[str, JSON],
        colours: tuple[Colour, Colour],
        decks: tuple[tuple[Card, ...], tuple[Card, ...]],
        first_player: Seat | None,
        rng: Rng,
    ) -> SenretsuState:
        start: StartMethod = "given"
        if first_player is None:
            start = "setting"
            if s["first_player"] == "janken":
                start = "janken"
            elif s["first_player"] == "coin":
                start = "coin"
                first_player, rng = rng.below(2)
            else:
                first_player = int(s["first_player"])
        # Turn 1's automatic steps (no attack, draw 3) happen here; their events are not kept.
        return logic.setup(colours, decks, first_player, start, rng, [])

    # --- the protocol's hooks ----------------------------------------------------------------

    def _to_act(self, state: SenretsuState) -> tuple[Seat, ...]:
        if state.phase == "janken":
            return tuple(s for s in (0, 1) if state.janken[s] is None)
        if state.phase == "casualties":
            assert state.defender is not None
            return (state.defender,)
        assert state.active is not None
        return (state.active,)

    def _legal_actions(self, state: SenretsuState, seat: Seat) -> tuple[Action, ...]:
        def accepts(action: Place) -> bool:
            return logic.illegal_reason(state, seat, action) is None

        return LegalActions(logic.legal_actions(state, seat), accepts)

    def _apply(self, state: SenretsuState, seat: Seat, action: Action) -> SenretsuTransition:
        events: list[Event] = []
        new = logic.apply(state, seat, action, events)
        return Transition(new, tuple(events))

    def _illegal_reason(self, state: SenretsuState, seat: Seat, action: Action) -> Text | None:
        return logic.illegal_reason(state, seat, action)

    def parse_action(self, code: str) -> Action:
        return _parse_action(code)

    def format_action(self, action: Action) -> str:
        return _format_action(action)

    def action_private_to(self, seat: Seat, action: Action) -> Seat | None:
        """The only seat that may see this action's code in a log, or ``None`` if public."""
        return seat if private_to_mover(action) else None

    def disclosed_moves(
        self,
        settings: Mapping[str, JSON] | None,
        seed: int,
        moves: Sequence[tuple[Seat | None, str]],
    ) -> list[tuple[Seat | None, str]]:
        """Placements as committed (no staging or take-backs) and janken rounds once decided:
        see :mod:`rules.senretsu.disclosure`."""
        state = self.new_game(settings, seed)
        before = []
        for seat, code in moves:
            before.append(state)
            state = self.apply(state, seat, self.parse(code)).state
        return disclosure.disclosed_moves(moves, before)

    def is_simultaneous(self, state: SenretsuState) -> bool:
        # Janken picks are secret until both are in.
        return state.phase == "janken"

    def timeout_actions(self, state: SenretsuState) -> tuple[tuple[Seat, Action], ...]:
        """What the turn timer plays instead of a forfeit: the defender's default casualties,
        highest range first, ties to the earliest placed (spec §6), until the choice is done.

        Empty when a timeout is a forfeit as usual (any other phase).
        """
        out: list[tuple[Seat, Action]] = []
        while state.outcome is None and state.phase == "casualties":
            assert state.defender is not None
            action = Casualty(logic.default_casualty(state))
            out.append((state.defender, action))
            state = self.apply(state, state.defender, action).state
        return tuple(out)

    # --- views and text ----------------------------------------------------------------------

    def view_for(self, state: SenretsuState, viewer: Seat | None) -> SenretsuView:
        return view_for(state, viewer, self.to_act(state))

    def render(self, view: SenretsuView, locale: Locale) -> str:
        return render.render_board(view, locale, self.reason_text)

    def render_compact(self, view: SenretsuView, locale: Locale) -> str:
        return render.render_board(view, locale, self.reason_text, result=False)

    def render_hand(self, view: SenretsuView, locale: Locale) -> str:
        return render.render_hand(view, locale)

    def describe_event(self, event: Event, locale: Locale) -> str:
        common = self.describe_common_event(event, locale)
        if common is not None:
            return common
        return render.describe(
            event, locale, lambda seat: self.seat_name(seat, locale), self.reason_text
        )

    def action_label(self, action: Action, locale: Locale) -> str:
        return render.action_label(action, locale)

    # --- codec -------------------------------------------------------------------------------

    def _dump_state(self, state: SenretsuState) -> dict[str, JSON]:
        return dump_state(state)

    def _load_state(self, data: Mapping[str, JSON]) -> SenretsuState:
        return load_state(data)

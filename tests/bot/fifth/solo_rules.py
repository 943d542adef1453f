"""The rules of 一人石取り (Solo Take-away), the fifth game grown: a pile of stones and a deck of
take-cards shuffled from the seed (hidden chance, so sealed); the player holds a secret hand of
two and plays a card to take that many. Emptying the pile wins; a hand that no longer fits the
pile is stuck — no result, neither won nor lost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core import (
    Event,
    GameRules,
    InvalidActionError,
    InvalidSettingsError,
    Locale,
    Outcome,
    Rng,
    Seat,
    Text,
)
from rules.core.protocol import Transition

STONES = 7
DECK = (1, 1, 2, 2, 3, 3)
HAND = 2


@dataclass(frozen=True, slots=True)
class SoloState:
    stones: int
    #: Top card first.
    deck: tuple[int, ...]
    hand: tuple[int, ...]
    outcome: Outcome | None = None
    draw_offer: Seat | None = None


@dataclass(frozen=True, slots=True)
class SoloView:
    stones: int
    deck_left: int
    #: ``None`` for anyone but the player: the hand is secret.
    hand: tuple[int, ...] | None
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class Play:
    card: int


def _ended(stones: int, hand: tuple[int, ...]) -> Outcome | None:
    if stones == 0:
        return Outcome((1.0,), "emptied")
    if not any(card <= stones for card in hand):
        return Outcome((0.0,), "stuck")
    return None


class SoloRules(GameRules[SoloState, Play, SoloView]):
    name: ClassVar[str] = "solo"
    title: ClassVar[Text] = Text("一人石取り", "Solo Take-away")
    seats: ClassVar[int] = 1
    rules_version: ClassVar[int] = 1
    schema_version: ClassVar[int] = 1
    hidden_randomness: ClassVar[bool] = True
    secret_hands: ClassVar[bool] = True
    no_result_reasons: ClassVar[frozenset[str]] = frozenset({"stuck"})
    reason_texts: ClassVar[dict[str, Text]] = {
        "emptied": Text("石を取りきった", "the pile is emptied"),
        "stuck": Text("手札が合わず結果なし", "stuck: no result"),
    }

    def normalize_settings(self, settings: Mapping[str, Any] | None) -> dict[str, Any]:
        if settings:
            raise InvalidSettingsError()
        return {}

    def new_game(self, settings: Mapping[str, Any] | None, seed: int) -> SoloState:
        self.normalize_settings(settings)
        deck, _ = Rng.from_seed(seed).shuffled(DECK)
        hand = deck[:HAND]
        return SoloState(STONES, deck[HAND:], hand, _ended(STONES, hand))

    def _to_act(self, state: SoloState) -> tuple[Seat, ...]:
        return (0,)

    def _legal_actions(self, state: SoloState, seat: Seat) -> tuple[Play, ...]:
        return tuple(Play(card) for card in sorted(set(state.hand)) if card <= state.stones)

    def _apply(self, state: SoloState, seat: Seat, action: Play) -> Transition[SoloState]:
        hand = list(state.hand)
        hand.remove(action.card)
        events = [Event("play", 0, {"card": action.card})]
        deck = state.deck
        if deck:
            hand.append(deck[0])
            events.append(Event("draw", 0, {"card": deck[0]}, visible_to=0))
            deck = deck[1:]
        stones = state.stones - action.card
        outcome = _ended(stones, tuple(hand))
        return Transition(SoloState(stones, deck, tuple(hand), outcome), tuple(events))

    def parse_action(self, code: str) -> Play:
        if code not in ("play:1", "play:2", "play:3"):
            raise InvalidActionError()
        return Play(int(code[-1]))

    def format_action(self, action: Play) -> str:
        return f"play:{action.card}"

    def action_label(self, action: Play, locale: Locale) -> str:
        return Text("{n}の札で{n}個取る", "Play {n}: take {n}").format(n=action.card)(locale)

    def view_for(self, state: SoloState, viewer: Seat | None) -> SoloView:
        hand = state.hand if viewer == 0 else None
        return SoloView(state.stones, len(state.deck), hand, state.outcome)

    def render(self, view: SoloView, locale: Locale) -> str:
        pile = Text("石 {n}個・山札 {d}枚", "{n} stones, {d} cards in the deck")
        return pile.format(n=view.stones, d=view.deck_left)(locale)

    def describe_event(self, event: Event, locale: Locale) -> str:
        common = self.describe_common_event(event, locale)
        if common is not None or event.kind == "game_over":
            return common or ""
        if event.kind == "draw":
            return Text("札{n}を引いた", "drew a {n}").format(n=event.data["card"])(locale)
        return Text("{n}個取った", "took {n}").format(n=event.data["card"])(locale)

    def deal(
        self, initial: SoloState, steps: Sequence[tuple[SoloState, Sequence[Event]]]
    ) -> dict[str, Any]:
        return {"deck": list(initial.hand + initial.deck)}

    def _dump_state(self, state: SoloState) -> dict[str, Any]:
        return {
            "stones": state.stones,
            "deck": list(state.deck),
            "hand": list(state.hand),
            "outcome": state.outcome.dump() if state.outcome else None,
        }

    def _load_state(self, data: Mapping[str, Any]) -> SoloState:
        raw = data["outcome"]
        outcome = Outcome.load(raw) if raw else None
        return SoloState(data["stones"], tuple(data["deck"]), tuple(data["hand"]), outcome)

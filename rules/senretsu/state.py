"""The full state of a game of 戦列札: every card, secret or not. Never shown to a player as is;
see :mod:`rules.senretsu.view` for what each viewer may know."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from rules.cards.playing import Card, Colour, parse_card
from rules.core.outcome import Outcome, Seat
from rules.core.rng import Rng

#: ``janken``: both players pick at once. ``draw``: the second player chooses the size of their
#: first draw. ``place``: the active player places cards. ``casualties``: the defender chooses
#: which cards of the lines hit in the last attack phase are lost.
Phase = Literal["janken", "draw", "place", "casualties"]
PHASES: tuple[Phase, ...] = ("janken", "draw", "place", "casualties")

JankenHand = Literal["rock", "paper", "scissors"]
JANKEN_HANDS: tuple[JankenHand, ...] = ("rock", "paper", "scissors")
#: What each hand beats.
JANKEN_BEATS: dict[JankenHand, JankenHand] = {
    "rock": "scissors",
    "scissors": "paper",
    "paper": "rock",
}

#: How the first player was decided: by janken, a coin toss, the settings, or given explicitly.
StartMethod = Literal["janken", "coin", "setting", "given"]

DRAW_COUNT = 3
FIRST_DRAW_MIN, FIRST_DRAW_MAX = 3, 6
#: What the bot proposes for the second player's first draw (the seed's own number).
FIRST_DRAW_DEFAULT = 6
JOKER_RANGE_MIN, JOKER_RANGE_MAX = 1, 99
#: Cards of these ranks go to the defender's hand when a deck hit turns them up (jokers too).
TO_HAND_RANKS = frozenset({0, 1, 2, 3})


@dataclass(frozen=True, slots=True)
class FieldCard:
    """A card on the field with its range: the rank, or the range declared for a joker."""

    card: Card
    range: int

    def __str__(self) -> str:
        return f"{self.card.code}={self.range}" if self.card.is_joker else self.card.code


def _parse_field_card(code: str) -> FieldCard:
    name, _, declared = code.partition("=")
    card = parse_card(name)
    if card.is_joker != bool(declared):
        raise ValueError(f"a joker and only a joker takes a range: {code!r}")
    return FieldCard(card, int(declared) if declared else card.rank)


#: One card line: its cards in placement order, earliest first. Never empty.
Line = tuple[FieldCard, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """One player's lines. The deck line sits between ``front`` and ``back``.

    Lines are indexed from the front: ``front[0]`` is index 0, the deck line is index
    ``len(front)``, ``back[0]`` is the line right behind the deck. Keeping the lines before and
    behind the deck apart makes "never between two lines" a matter of the type: a new line can
    only be added before ``front`` or after ``back``.
    """

    front: tuple[Line, ...] = ()
    back: tuple[Line, ...] = ()

    @property
    def deck_index(self) -> int:
        return len(self.front)

    @property
    def size(self) -> int:
        """The number of lines, the deck line included."""
        return len(self.front) + 1 + len(self.back)

    def line(self, index: int) -> Line | None:
        """The card line at ``index``, or ``None`` for the deck line."""
        if index < len(self.front):
            return self.front[index]
        if index == len(self.front):
            return None
        return self.back[index - len(self.front) - 1]

    def lines(self) -> tuple[Line | None, ...]:
        """All lines front to back, ``None`` standing for the deck line."""
        return (*self.front, None, *self.back)

    def field_cards(self) -> Iterator[tuple[int, FieldCard]]:
        """Every field card with the index of its line."""
        for index, line in enumerate(self.lines()):
            if line is not None:
                for fc in line:
                    yield index, fc

    def cards(self) -> tuple[Card, ...]:
        return tuple(fc.card for _, fc in self.field_cards())

    def find(self, card: Card) -> int | None:
        """The index of the line holding ``card``, if it is on this side."""
        for index, fc in self.field_cards():
            if fc.card == card:
                return index
        return None

    def locate(self, card: Card) -> tuple[int, FieldCard]:
        """The index of the line holding ``card`` and its field card (``KeyError`` if absent)."""
        for index, fc in self.field_cards():
            if fc.card == card:
                return index, fc
        raise KeyError(card.code)

    def without(self, card: Card) -> Side:
        """This side without ``card``; its line vanishes if that was its last card."""
        index, _ = self.locate(card)
        line = self.line(index)
        assert line is not None
        return self.with_line(index, tuple(fc for fc in line if fc.card != card))

    @classmethod
    def parse(cls, text: str) -> Side:
        """Lines front to back separated by ``|``, ``DECK`` for the deck line, a joker with its
        range as ``JR=4``: ``Side.parse("H2 | DECK | D4 H3 JR=4")``. For tests and puzzles."""
        parts = [part.split() for part in text.split("|")]
        decks = [k for k, part in enumerate(parts) if part == ["DECK"]]
        if len(decks) != 1 or not all(parts):
            raise ValueError(f"not a side: {text!r}")
        d = decks[0]

        def lines(parts: list[list[str]]) -> tuple[Line, ...]:
            return tuple(tuple(_parse_field_card(code) for code in part) for part in parts)

        return cls(lines(parts[:d]), lines(parts[d + 1 :]))

    def __str__(self) -> str:
        return " | ".join(
            "DECK" if line is None else " ".join(str(fc) for fc in line) for line in self.lines()
        )

    def with_line(self, index: int, line: Line) -> Side:
        """This side with the card line at ``index`` replaced; an empty ``line`` vanishes."""
        d = len(self.front)
        if index < d:
            front = self.front[:index] + ((line,) if line else ()) + self.front[index + 1 :]
            return Side(front, self.back)
        k = index - d - 1
        back = self.back[:k] + ((line,) if line else ()) + self.back[k + 1 :]
        return Side(self.front, back)


@dataclass(frozen=True, slots=True)
class Staging:
    """The active player's provisional placements: private to them until they end the phase."""

    #: Their lines as they would be if the phase ended now (committed cards included).
    side: Side
    #: The cards placed this phase, in the order they were placed.
    staged: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingHits:
    """A line of the defender hit ``count`` times (fewer than its cards) whose losses matter."""

    line: int
    count: int


StrikeResult = Literal["own", "beyond", "line", "deck"]


@dataclass(frozen=True, slots=True)
class Strike:
    """One card's attack: from the attacker's line ``line`` at the defender's line ``target``.

    ``result`` is ``own`` (the target is on the attacker's side: no attack), ``beyond`` (past the
    defender's rearmost line: no attack), ``line`` (a card line was hit) or ``deck``.
    """

    card: Card
    range: int
    line: int
    target: int
    result: StrikeResult
    #: The cards lost at this hit: all of a line's cards when this hit makes it vanish.
    lost: tuple[Card, ...] = ()
    #: The card a deck hit turned up, and whether it went to the defender's hand.
    turned: Card | None = None
    to_hand: bool = False


@dataclass(frozen=True, slots=True)
class AttackLog:
    """The last attack phase, for the board: its strikes and the casualties decided after it."""

    attacker: Seat
    turn: int
    strikes: tuple[Strike, ...] = ()
    casualties: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Placement:
    """A card placed in a turn, made public when the turn's placement ended: the line it went
    to then (0-based, lines may since have moved) and its range (a joker's as declared)."""

    card: Card
    line: int
    range: int


@dataclass(frozen=True, slots=True)
class TurnLog:
    """A finished turn as both players saw it: its attack (with the casualties chosen after
    it), how many cards it drew, and what it placed. Nothing in it was ever secret."""

    seat: Seat
    turn: int
    attack: AttackLog | None
    drawn: int
    placed: tuple[Placement, ...] = ()


@dataclass(frozen=True, slots=True)
class SenretsuState:
    phase: Phase
    #: Each seat's colour.
    colours: tuple[Colour, Colour]
    #: Each seat's deck, top card first. Secret from everyone.
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Each seat's committed hand, in the order the cards arrived (staged cards still count).
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Each seat's committed lines.
    sides: tuple[Side, Side]
    #: Each seat's discard pile, oldest first.
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: The cards of each hand that both players have seen (turned up by a deck hit).
    revealed: tuple[tuple[Card, ...], tuple[Card, ...]]
    first_player: Seat | None
    #: Whose turn it is (the attacker, drawer and placer); ``None`` during janken.
    active: Seat | None
    #: 0 during janken; 1 for the first player's first turn, 2 for the second player's …
    turn: int
    start: StartMethod
    rng: Rng
    staging: Staging | None = None
    #: Casualties the defender still owes from the last attack phase.
    pending: tuple[PendingHits, ...] = ()
    #: This janken round's secret picks.
    janken: tuple[JankenHand | None, JankenHand | None] = (None, None)
    #: The last revealed janken round (a tie, or the one that decided).
    janken_last: tuple[JankenHand, JankenHand] | None = None
    janken_rounds: int = 0
    last_attack: AttackLog | None = None
    outcome: Outcome | None = None
    draw_offer: Seat | None = None
    #: How many cards the active player drew this turn (public).
    drawn: int = 0
    #: The turn before this one, the opponent's, for the player now on turn to read.
    previous_turn: TurnLog | None = None

    @property
    def defender(self) -> Seat | None:
        return None if self.active is None else 1 - self.active

    def placing_hand(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s hand without the cards it has staged this phase."""
        hand = self.hands[seat]
        if self.staging is not None and self.active == seat and self.staging.staged:
            staged = set(self.staging.staged)
            return tuple(c for c in hand if c not in staged)
        return hand

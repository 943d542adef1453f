"""The standard 54-card deck: four suits of A–K and two jokers, one red and one black.

Cards are values (frozen, hashable); every card of the deck exists once in :data:`STANDARD_DECK`
and :func:`parse_card` returns those same objects. Codes are short ASCII: the suit letter and the
rank (``SA``, ``H10``, ``DK``, ``C7``), ``JR``/``JB`` for the red and black joker.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.cards.deck import CardIndex
from rules.core.text import Locale, Text


class Colour(Enum):
    RED = "red"
    BLACK = "black"

    @property
    def text(self) -> Text:
        return _COLOUR_TEXT[self]

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.RED else Colour.RED


_COLOUR_TEXT = {Colour.RED: Text("赤", "red"), Colour.BLACK: Text("黒", "black")}


class Suit(Enum):
    """In the usual order ♠♥♦♣; the value is the letter used in codes."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def text(self) -> Text:
        return _SUIT_TEXT[self]

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_TEXT = {
    Suit.SPADES: Text("スペード", "spades"),
    Suit.HEARTS: Text("ハート", "hearts"),
    Suit.DIAMONDS: Text("ダイヤ", "diamonds"),
    Suit.CLUBS: Text("クラブ", "clubs"),
}

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
#: A joker's rank: it has none of its own.
JOKER_RANK = 0
RANKS = tuple(range(ACE, KING + 1))
_RANK_LABEL = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_NAME_EN = {ACE: "ace", JACK: "jack", QUEEN: "queen", KING: "king"}


def rank_label(rank: int) -> str:
    """``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_LABEL.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class Card:
    """A suited card (``suit`` set, ``rank`` 1–13) or a joker (``suit`` None, ``rank`` 0)."""

    suit: Suit | None
    rank: int
    colour: Colour

    def __post_init__(self) -> None:
        if self.suit is None:
            if self.rank != JOKER_RANK:
                raise ValueError("a joker has no rank")
        elif self.rank not in RANKS or self.colour is not self.suit.colour:
            raise ValueError("not a card of the standard deck")

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def code(self) -> str:
        if self.suit is None:
            return "JR" if self.colour is Colour.RED else "JB"
        return self.suit.value + rank_label(self.rank)

    @property
    def label(self) -> str:
        """Suit symbol and rank (``♠A``, ``♥10``); ``Jk`` for either joker."""
        if self.suit is None:
            return "Jk"
        return self.suit.symbol + rank_label(self.rank)

    def name(self, locale: Locale) -> str:
        if self.suit is None:
            return Text("{c}のジョーカー", "{c} joker").format(c=self.colour.text(locale))(locale)
        if locale == "ja":
            return f"{self.suit.text.ja}の{rank_label(self.rank)}"
        return f"{_RANK_NAME_EN.get(self.rank, str(self.rank))} of {self.suit.text.en}"

    def __str__(self) -> str:
        return self.code


JOKER_RED = Card(None, JOKER_RANK, Colour.RED)
JOKER_BLACK = Card(None, JOKER_RANK, Colour.BLACK)

#: The 54 cards in a fixed order: ♠A–K, ♥A–K, ♦A–K, ♣A–K, red joker, black joker.
STANDARD_DECK: tuple[Card, ...] = (
    *(Card(suit, rank, suit.colour) for suit in Suit for rank in RANKS),
    JOKER_RED,
    JOKER_BLACK,
)
_INDEX: CardIndex[Card] = CardIndex(STANDARD_DECK, "card")


def colour_deck(colour: Colour) -> tuple[Card, ...]:
    """The 27 cards of one colour (two suits and that colour's joker), in the fixed order."""
    return tuple(card for card in STANDARD_DECK if card.colour is colour)


def parse_card(code: str) -> Card:
    """The card spelled by ``code`` (case-insensitive), or :class:`ValueError`."""
    return _INDEX.parse(code)


def format_card(card: Card) -> str:
    return card.code


def sort_key(card: Card) -> int:
    """The card's place in :data:`STANDARD_DECK`, for showing cards in a familiar order."""
    return _INDEX.position(card)
